// Scripts write into the repository only when that is what they are asked to
// do, and say so in their usage: a benchmark recipe never rewrites committed files.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct ScriptSideEffectTests {
    /// `make-format-fixtures --bench-images DIR` writes the two bench photos into
    /// DIR and nothing else. The script runs from a copy in a scratch tree (it finds
    /// the repository from its own path), so a script that still rewrote
    /// TestImages/formats/ would rewrite the scratch copy, never the real one.
    @Test func benchImagesAreWrittenOnlyIntoTheirFolder() throws {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("sudokit-fixtures-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let scripts = scratch.appendingPathComponent("scripts")
        let formats = scratch.appendingPathComponent("TestImages/formats")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: formats, withIntermediateDirectories: true)
        let script = scripts.appendingPathComponent("make-format-fixtures")
        try FileManager.default.copyItem(
            at: packageRoot().appendingPathComponent("scripts/make-format-fixtures"), to: script)
        let marker = formats.appendingPathComponent("committed.txt")
        try Data("a committed fixture\n".utf8).write(to: marker)
        let bench = scratch.appendingPathComponent("bench")

        let run = try runScript(script, [script.path, "--bench-images", bench.path])
        #expect(run.status == 0, "\(run.output)")
        let written = try FileManager.default.contentsOfDirectory(atPath: bench.path).sorted()
        #expect(written == ["bench-1280x960.jpg", "bench-4000x3000.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: formats.path) == ["committed.txt"])
        #expect(try String(contentsOf: marker, encoding: .utf8) == "a committed fixture\n")
    }

    /// The usage says which form writes into the repository and which does not.
    @Test func theUsageSaysWhatIsWrittenWhere() throws {
        let script = packageRoot().appendingPathComponent("scripts/make-format-fixtures")
        let run = try runScript(script, [script.path, "--no-such-option"])
        #expect(run.status != 0)
        #expect(run.output.contains("WRITES INTO THE REPOSITORY: deletes every"))
        #expect(run.output.contains("touches nothing in the repository"))
    }

    /// Runs `python3 arguments...`, returning the status and stdout and stderr together.
    func runScript(_ script: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
