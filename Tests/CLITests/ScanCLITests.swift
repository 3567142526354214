// `sudokit scan` on batches, end to end with the real binary and real photos:
// folders walked by content, a corrupt photo in the middle, --jobs, --out written
// atomically, an interrupted JSONL run resumed, and a line collection read back by
// `sudokit solve --input`.

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A photo of the newspaper corpus.
private func corpusPhoto(_ name: String) -> URL {
    packageRoot().appendingPathComponent("TestImages/newspaper/\(name)")
}

/// The first `count` photos of the newspaper corpus, by name.
private func corpusPhotos(_ count: Int) throws -> [URL] {
    let dir = packageRoot().appendingPathComponent("TestImages/newspaper")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".jpg") }.sorted()
    try #require(names.count >= count, "TestImages/newspaper holds \(names.count) photos")
    return names.prefix(count).map { dir.appendingPathComponent($0) }
}

/// A fresh empty folder.
private func temporaryFolder() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-scan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// A folder with `count` corpus photos named p01.jpg, p02.jpg, ...
private func folderOfPhotos(_ count: Int) throws -> URL {
    let dir = try temporaryFolder()
    for (i, photo) in try corpusPhotos(count).enumerated() {
        try FileManager.default.copyItem(at: photo, to: dir.appendingPathComponent(String(format: "p%02d.jpg", i + 1)))
    }
    return dir
}

/// The JSON objects of JSONL text, one per line.
private func records(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not an object: \(line)")
    }
}

/// JSONL text with the timing (the one field that differs between two runs) removed.
private func withoutTiming(_ text: String) -> String {
    text.replacingOccurrences(of: #","ms":[0-9.]+,"#, with: ",", options: .regularExpression)
}

/// The names in `dir`, sorted.
private func listing(_ dir: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
}

/// Waits (polling) until `condition` holds; false after `timeout` seconds.
private func waitUntil(timeout: Double = 120, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(5_000)
    }
    return false
}

/// `sudokit` running in the background, its stderr going to a file.
private struct BackgroundRun {
    let process = Process()
    let stderrFile: URL

    init(_ arguments: [String]) throws {
        stderrFile = try temporaryFolder().appendingPathComponent("stderr.txt")
        guard FileManager.default.createFile(atPath: stderrFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        process.executableURL = sudokitBinary()
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        try process.run()
    }

    /// Sends `signal` and waits for the exit; returns the exit status and stderr.
    func stop(with signal: Int32) throws -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let reason = process.terminationReason
        #expect(reason == .exit, "the process was killed by the signal instead of exiting")
        return (process.terminationStatus, try String(contentsOf: stderrFile, encoding: .utf8))
    }
}

@Suite(.tags(.medium)) struct ScanBatchCLITests {
    /// p01, p02, a truncated JPEG, p04 and a text file: the batch goes on past the
    /// bad photo, which becomes an error record; the text file is noted and left out.
    @Test func aCorruptPhotoInTheMiddleBecomesAnErrorRecord() throws {
        let dir = try temporaryFolder()
        let photos = try corpusPhotos(3)
        try FileManager.default.copyItem(at: photos[0], to: dir.appendingPathComponent("p01.jpg"))
        try FileManager.default.copyItem(at: photos[1], to: dir.appendingPathComponent("p02.jpg"))
        let bytes = try Data(contentsOf: photos[2])
        try bytes.prefix(bytes.count / 2).write(to: dir.appendingPathComponent("p03.jpg"))
        try FileManager.default.copyItem(at: photos[2], to: dir.appendingPathComponent("p04.jpg"))
        try "not a photo\n".write(to: dir.appendingPathComponent("x.txt"), atomically: true, encoding: .utf8)

        let r = try runSudokit(["scan", "--format", "jsonl", "--jobs", "2", dir.path])
        #expect(r.status == 65, "stderr: \(r.stderr)")
        let all = try records(r.stdout)
        #expect(all.map { $0["file"] as? String } == ["p01", "p02", "p03", "p04"].map { dir.path + "/\($0).jpg" })
        let statuses = all.map { $0["status"] as? String ?? "?" }
        #expect(statuses[2] == "error")
        #expect((all[2]["error"] as? String)?.contains("truncated JPEG") == true, "\(all[2])")
        #expect(!statuses[0..<2].contains("error") && statuses[3] != "error", "\(statuses)")
        #expect(r.stderr.contains("note: skipping \(dir.path)/x.txt: not a PNG, JPEG, HEIF, AVIF or WebP\n"))
        #expect(r.stderr.contains("Error: \(dir.path)/p03.jpg: truncated JPEG"))
        let count = { (s: String) in statuses.filter { $0 == s }.count }
        let summary =
            "scan: 4 photos: \(count("solved")) solved, \(count("unverified")) unverified, "
            + "\(count("no-grid")) no-grid, 1 error\n"
        #expect(r.stderr.hasSuffix(summary), "stderr: \(r.stderr)")

        let quiet = try runSudokit(["scan", "--format", "jsonl", "--quiet", dir.path])
        #expect(quiet.status == 65)
        #expect(withoutTiming(quiet.stdout) == withoutTiming(r.stdout))
        let quietLines = quiet.stderr.split(separator: "\n")
        #expect(
            quietLines.count == 1 && quietLines[0].hasPrefix("Error: \(dir.path)/p03.jpg: truncated JPEG"),
            "only the error is shown: \(quiet.stderr)")
    }

    /// Photos are recognised by their first bytes; a file named as an image is
    /// scanned whatever it holds (a damaged one is an error record, never lost);
    /// folders are entered only with --recursive; the order is the paths' order.
    @Test func foldersAreWalkedByContentAndRecursiveDescends() throws {
        let dir = try temporaryFolder()
        let photos = try corpusPhotos(3)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: photos[0], to: dir.appendingPathComponent("b.jpg"))
        try FileManager.default.copyItem(at: photos[1], to: dir.appendingPathComponent("a-photo.bin"))
        try FileManager.default.copyItem(at: photos[2], to: dir.appendingPathComponent("sub/deeper/c.jpeg"))
        try FileManager.default.copyItem(at: photos[2], to: dir.appendingPathComponent(".hidden.jpg"))
        try "text".write(to: dir.appendingPathComponent("fake.jpg"), atomically: true, encoding: .utf8)
        try "text".write(to: dir.appendingPathComponent("sub/notes.txt"), atomically: true, encoding: .utf8)
        let png = packageRoot().appendingPathComponent("TestImages/formats/png-gray8.png")
        try FileManager.default.copyItem(at: png, to: dir.appendingPathComponent("sub/image.dat"))

        try "text".write(to: dir.appendingPathComponent("ZZ-BROKEN.PNG"), atomically: true, encoding: .utf8)
        let flat = try runSudokit(["scan", "--locate-only", "--format", "jsonl", dir.path])
        let flatRecords = try records(flat.stdout)
        #expect(
            flatRecords.map { $0["file"] as? String }
                == ["ZZ-BROKEN.PNG", "a-photo.bin", "b.jpg", "fake.jpg"].map { dir.path + "/" + $0 })
        #expect(flatRecords.map { $0["status"] as? String } == ["error", "located", "located", "error"])
        #expect((flatRecords[3]["error"] as? String)?.contains("fake.jpg: ") == true)
        #expect(flat.status == 65, "a damaged photo is a data error")
        #expect(flat.stderr.contains("scan: 4 photos: 0 solved, 0 unverified, 2 located, 0 no-grid, 2 errors\n"))
        #expect(!flat.stderr.contains("skipping \(dir.path)/fake.jpg"))
        #expect(flat.stderr.contains("note: skipping \(dir.path)/sub: a folder (use --recursive to read it)\n"))
        #expect(!flat.stderr.contains(".hidden"))

        let deep = try runSudokit(["scan", "--locate-only", "--format", "jsonl", "--recursive", dir.path + "/"])
        #expect(
            try records(deep.stdout).map { $0["file"] as? String }
                == ["ZZ-BROKEN.PNG", "a-photo.bin", "b.jpg", "fake.jpg", "sub/deeper/c.jpeg", "sub/image.dat"].map {
                    dir.path + "/" + $0
                })
        #expect(deep.stderr.contains("note: skipping \(dir.path)/sub/notes.txt: not a PNG, JPEG, HEIF, AVIF or WebP\n"))
        #expect(!deep.stderr.contains("a folder"))

        let empty = try temporaryFolder()
        let none = try runSudokit(["scan", empty.path])
        #expect(none.status == 66)
        #expect(none.stderr.hasPrefix("Error: no PNG, JPEG, HEIF, AVIF or WebP photo in '\(empty.path)'"))
    }

    @Test func oneAndTwoJobsGiveTheSameRecords() throws {
        let dir = try folderOfPhotos(6)
        let one = try runSudokit(["scan", "--format", "jsonl", "--jobs", "1", dir.path])
        let two = try runSudokit(["scan", "--format", "jsonl", "--jobs", "2", dir.path])
        #expect(one.status == two.status)
        #expect(try records(one.stdout).count == 6)
        #expect(withoutTiming(one.stdout) == withoutTiming(two.stdout))
        #expect(withoutTiming(one.stdout) != one.stdout, "the timing was removed")
    }

    /// Plain progress lines when stderr is not a terminal: every 10 photos.
    @Test func progressLinesEveryTenPhotos() throws {
        let dir = try folderOfPhotos(21)
        let r = try runSudokit(["scan", "--locate-only", "--format", "line", "--jobs", "2", dir.path])
        let progress = r.stderr.split(separator: "\n").filter { $0.contains("photos/s") }
        #expect(progress.count == 2, "stderr: \(r.stderr)")
        #expect(progress.first?.hasPrefix("scan: 10/21 photos, ") == true)
        #expect(progress.first?.hasSuffix(" s left") == true)
        #expect(progress.last?.hasPrefix("scan: 20/21 photos, ") == true)
        #expect(r.stderr.hasSuffix("scan: 21 photos: 0 solved, 0 unverified, 21 located, 0 no-grid, 0 errors\n"))
    }

    /// --out: nothing on stdout, FILE holds what stdout would have held, and no
    /// temporary file is left.
    @Test func outWritesTheWholeOutputAndLeavesNothingElse() throws {
        let dir = try folderOfPhotos(3)
        let outDir = try temporaryFolder()
        for (format, name) in [("text", "out.txt"), ("jsonl", "out.jsonl")] {
            let out = outDir.appendingPathComponent(name)
            let toFile = try runSudokit(["scan", "--format", format, "--out", out.path, dir.path])
            let toStdout = try runSudokit(["scan", "--format", format, dir.path])
            #expect(toFile.status == toStdout.status)
            #expect(toFile.stdout.isEmpty)
            let written = try String(contentsOf: out, encoding: .utf8)
            #expect(withoutTiming(written) == withoutTiming(toStdout.stdout), "\(format)")
            #expect(!written.isEmpty)
        }
        #expect(try listing(outDir) == ["out.jsonl", "out.txt"])
    }

    /// While a text batch runs, FILE keeps its old content (the records go to
    /// .FILE.tmp-PID); SIGTERM removes the temporary file and exits 143.
    @Test func outIsUntouchedUntilTheEndAndOnSIGTERM() throws {
        let dir = try folderOfPhotos(12)
        let outDir = try temporaryFolder()
        let out = outDir.appendingPathComponent("out.txt")
        try "old\n".write(to: out, atomically: true, encoding: .utf8)
        let run = try BackgroundRun(["scan", "--jobs", "1", "--out", out.path, dir.path])
        let temp = outDir.appendingPathComponent(".out.txt.tmp-\(run.process.processIdentifier)")
        let started = waitUntil {
            ((try? Data(contentsOf: temp))?.count ?? 0) > 0 || !run.process.isRunning
        }
        #expect(started && run.process.isRunning, "the batch wrote its first record to \(temp.lastPathComponent)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")
        let (status, stderr) = try run.stop(with: SIGTERM)
        #expect(status == 143, "stderr: \(stderr)")
        #expect(stderr.contains("scan: interrupted; '\(out.path)' not written"))
        #expect(try listing(outDir) == ["out.txt"])
        #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")
    }

    /// SIGINT after the first record: FILE is not written, the journal keeps the
    /// records; --resume scans only the rest (the kept records come back
    /// unchanged, timing included) and writes every record in input order.
    @Test func anInterruptedJSONLBatchResumesWithoutRescanning() throws {
        let dir = try folderOfPhotos(12)
        let outDir = try temporaryFolder()
        let out = outDir.appendingPathComponent("all.jsonl")
        let journal = outDir.appendingPathComponent("all.jsonl.partial")
        let arguments = ["scan", "--format", "jsonl", "--jobs", "1", "--out", out.path, dir.path]
        let run = try BackgroundRun(arguments)
        let started = waitUntil {
            ((try? Data(contentsOf: journal)) ?? Data()).contains(UInt8(ascii: "\n")) || !run.process.isRunning
        }
        #expect(started && run.process.isRunning, "the first record reached the journal while the batch ran")
        let (status, stderr) = try run.stop(with: SIGINT)
        #expect(status == 130, "stderr: \(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(try listing(outDir) == ["all.jsonl.partial"])
        let kept = try String(contentsOf: journal, encoding: .utf8)
        let keptLines = kept.split(separator: "\n").map(String.init)
        #expect(kept.hasSuffix("\n"))
        #expect((1..<12).contains(keptLines.count), "\(keptLines.count) records kept")
        #expect(stderr.contains("records kept in '\(journal.path)': add --resume to finish"))

        let again = try runSudokit(arguments)
        #expect(again.status == 64)
        #expect(again.stderr.contains("add --resume to finish it"))

        // A crash in the middle of a write leaves a last line cut short.
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"file":"\#(dir.path)/p12.jpg","stat"#.utf8))
        try handle.close()

        let resumed = try runSudokit(arguments + ["--resume"])
        #expect(
            resumed.stderr.contains(
                "resume: \(keptLines.count) photos already done, \(12 - keptLines.count) to scan\n"),
            "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("last line cut short"))
        let final = try String(contentsOf: out, encoding: .utf8)
        let finalLines = final.split(separator: "\n").map(String.init)
        #expect(finalLines.count == 12)
        #expect(Array(finalLines.prefix(keptLines.count)) == keptLines, "kept records are not scanned again")
        #expect(
            try records(final).map { $0["file"] as? String }
                == (1...12).map { String(format: "\(dir.path)/p%02d.jpg", $0) })
        #expect(try listing(outDir) == ["all.jsonl"])
        let statuses = try records(final).map { $0["status"] as? String }
        #expect(resumed.status == (statuses.allSatisfy { $0 == "solved" } ? 0 : 1))

        // Everything done: nothing is scanned, and FILE keeps the same records.
        let done = try runSudokit(arguments + ["--resume"])
        #expect(done.stderr.contains("resume: 12 photos already done, 0 to scan\n"))
        #expect(try String(contentsOf: out, encoding: .utf8) == final)
        #expect(done.status == resumed.status)
    }

    /// --format line --out: '# PHOTO' and the cells of each solved photo, comments
    /// for the others; `sudokit solve --input` reads the file.
    @Test func aLineCollectionIsReadBySolve() throws {
        let dir = try folderOfPhotos(5)
        let p03 = dir.appendingPathComponent("p03.jpg")
        try Data(contentsOf: p03).prefix(2000).write(to: p03)
        let collection = try temporaryFolder().appendingPathComponent("puzzles.txt")
        let r = try runSudokit([
            "scan", "--format", "line", "--out", collection.path, "--quiet", dir.path + "/p01.jpg", dir.path,
        ])
        #expect(r.status == 65, "stderr: \(r.stderr)")
        let statuses = try records(
            try runSudokit(["scan", "--format", "jsonl", "--quiet", dir.path + "/p01.jpg", dir.path]).stdout
        )
        .map { $0["status"] as? String ?? "?" }
        let solved = statuses.filter { $0 == "solved" }.count
        #expect(solved >= 1, "some photo was solved: \(statuses)")

        let lines = try String(contentsOf: collection, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let puzzles = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(puzzles.count == solved)
        #expect(lines.filter { $0.hasPrefix("# ") }.count == statuses.count)
        #expect(
            lines.contains {
                $0.hasPrefix("# \(dir.path)/p03.jpg: error, not included: \(dir.path)/p03.jpg: truncated JPEG")
            })
        for (i, line) in lines.enumerated() where !line.hasPrefix("#") && !line.isEmpty {
            #expect(line.count == 81)
            #expect(i > 0 && lines[i - 1].hasPrefix("# ") && !lines[i - 1].contains(": "), "preceded by its photo")
        }

        let solutions = try runSudokit(["solve", "--input", collection.path])
        #expect(solutions.status == 0, "stderr: \(solutions.stderr)")
        let solvedLines = solutions.stdout.split(separator: "\n")
        #expect(solvedLines.count == solved)
        for (puzzle, solution) in zip(puzzles, solvedLines) {
            #expect(solution.count == 81 && solution.allSatisfy { ("1"..."9").contains($0) })
            #expect(zip(puzzle, solution).allSatisfy { $0 == "." || $0 == $1 }, "the givens are kept")
        }
    }

    @Test func badBatchOptionsAreUsageErrors() throws {
        let photo = corpusPhoto("image1.jpg").path
        #expect(try runSudokit(["scan", "--resume", photo]).status == 64)
        #expect(try runSudokit(["scan", "--resume", "--out", "/tmp/x.txt", photo]).status == 64)
        #expect(try runSudokit(["scan", "--jobs", "0", photo]).status == 64)
        #expect(try runSudokit(["scan", "-", "-"]).status == 64)
    }
}
