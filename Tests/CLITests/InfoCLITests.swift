// End-to-end tests of `sudokit info` and `sudokit-lab bench decode`: output lines, JSON,
// `Error:` lines on stderr, exit codes 0 / 64 / 65 / 66, and '-' for standard input.
import Foundation
import TestSupport
import Testing

/// Runs `sudokit` with the file at `stdinPath` as its standard input, as
/// `sudokit ARGS < FILE` would.
func runSudokit(_ arguments: [String], stdinPath: String) throws -> RunResult {
    let path = stdinPath.hasPrefix("/") ? stdinPath : packageRoot().appendingPathComponent(stdinPath).path
    return try runSudokit(
        arguments, input: try Data(contentsOf: URL(fileURLWithPath: path)),
        currentDirectory: packageRoot())
}

@Suite(.tags(.medium)) struct InfoCLITests {
    let root = packageRoot()
    let exif6 = "TestImages/formats/jpeg-exif6.jpg"
    let png = "TestImages/formats/png-rgb8.png"

    func info(_ arguments: [String], stdin: String? = nil) throws -> RunResult {
        try runSudokit(["info"] + arguments, stdin: stdin, currentDirectory: root)
    }

    @Test func printsFormatSizesAndOrientation() throws {
        let r = try info([exif6, png])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                TestImages/formats/jpeg-exif6.jpg: JPEG 24x32, EXIF orientation 6, upright 32x24
                TestImages/formats/png-rgb8.png: PNG 32x24, EXIF orientation 1, upright 32x24

                """)
        #expect(r.stderr.isEmpty)
    }

    @Test func jsonIsOneObjectPerLine() throws {
        let r = try info(["--format", "jsonl", exif6, png])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
        #expect(first?["file"] as? String == exif6)
        #expect(first?["format"] as? String == "jpeg")
        #expect(first?["width"] as? Int == 24 && first?["height"] as? Int == 32)
        #expect(first?["exif_orientation"] as? Int == 6)
        #expect(first?["upright_width"] as? Int == 32 && first?["upright_height"] as? Int == 24)
        let second = try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any]
        #expect(second?["format"] as? String == "png")
    }

    @Test func missingFileExits66AndTheOthersAreStillRead() throws {
        let r = try info(["/nonexistent/photo.jpg", png])
        #expect(r.status == 66)
        #expect(r.stderr == "Error: /nonexistent/photo.jpg: cannot open: No such file or directory\n")
        #expect(r.stdout == "TestImages/formats/png-rgb8.png: PNG 32x24, EXIF orientation 1, upright 32x24\n")
    }

    @Test func directoryExits66() throws {
        let r = try info(["TestImages"])
        #expect(r.status == 66)
        #expect(r.stderr == "Error: TestImages: cannot open: is a directory\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func textFileNamedJpgExits65() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-info-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("photo.jpg"), cut = dir.appendingPathComponent("cut.jpg")
        try Data("hello\n".utf8).write(to: text)
        let whole = try Data(contentsOf: root.appendingPathComponent(exif6))
        try whole.prefix(whole.count / 2).write(to: cut)
        let r = try info([text.path, cut.path, exif6])
        #expect(r.status == 65)
        let errors = r.stderr.split(separator: "\n")
        #expect(errors.count == 2)
        #expect(
            errors.first == "Error: \(text.path): not a PNG, JPEG, HEIF, AVIF or WebP image (starts with 68 65 6c 6c)")
        #expect(errors.last?.hasPrefix("Error: \(cut.path): truncated JPEG:") == true)
        #expect(r.stdout.hasPrefix("TestImages/formats/jpeg-exif6.jpg: JPEG"))
    }

    @Test func worstExitCodeWins() throws {
        let r = try info(["-", "/nonexistent/a.png"], stdin: "not an image")
        #expect(r.status == 66)
        #expect(r.stderr.contains("Error: <stdin>: not a PNG, JPEG, HEIF, AVIF or WebP image"))
        #expect(r.stderr.contains("Error: /nonexistent/a.png: cannot open"))
    }

    @Test func dashReadsStandardInput() throws {
        let r = try runSudokit(["info", "-"], stdinPath: root.appendingPathComponent(exif6).path)
        #expect(r.status == 0)
        #expect(r.stdout == "<stdin>: JPEG 24x32, EXIF orientation 6, upright 32x24\n")
        let empty = try info(["-"], stdin: "")
        #expect(empty.status == 65)
        #expect(empty.stderr == "Error: <stdin>: empty file (0 bytes)\n")
    }

    @Test func noImageIsAUsageError() throws {
        let r = try info([])
        #expect(r.status == 64)
        #expect(
            r.stderr == """
                Error: missing <image>
                Usage: sudokit info [<options>] <image> ...
                  See 'sudokit help info' for more information.

                """)
    }

    @Test func benchDecodePrintsSizesAndTimes() throws {
        let r = try runSudokitLab(
            [
                "bench", "decode", "--runs", "3", "--min-long-side", "1000",
                "TestImages/formats/jpeg-large.jpg", exif6,
            ], currentDirectory: root)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let pattern =
            /^(.+): (\d+)x(\d+) -> (\d+)x(\d+), median \d+\.\d\d ms \(min \d+\.\d\d, max \d+\.\d\d\), CPU median \d+\.\d\d ms$/
        let large = try #require(lines.first.flatMap { try? pattern.wholeMatch(in: $0) })
        #expect(large.1 == "TestImages/formats/jpeg-large.jpg")
        #expect(large.2 == "2048" && large.3 == "1536" && large.4 == "1024" && large.5 == "768")
        let small = try #require(lines.last.flatMap { try? pattern.wholeMatch(in: $0) })
        #expect(small.2 == "24" && small.3 == "32" && small.4 == "32" && small.5 == "24")
    }

    @Test func benchDecodeReportsUnreadableFiles() throws {
        let r = try runSudokitLab(["bench", "decode", "/nonexistent/x.jpg"], currentDirectory: root)
        #expect(r.status == 66)
        #expect(r.stderr == "Error: /nonexistent/x.jpg: cannot open: No such file or directory\n")
    }
}
