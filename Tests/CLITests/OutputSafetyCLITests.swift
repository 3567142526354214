// No photo is lost, end to end with the real binary: an output path that is an
// input, or lies inside a folder being read, is refused before anything is
// written; a failed output leaves no temporary file; `--debug` folders are never
// read back as photos; `--resume` refuses a journal of other inputs; a broken
// link named like a photo becomes an error record.

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A fresh folder holding `names`, each a copy of a newspaper photo.
private func folder(with names: [String]) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-safety-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg")
    for name in names { try FileManager.default.copyItem(at: photo, to: dir.appendingPathComponent(name)) }
    return dir
}

/// Every name under `dir`, hidden ones included, as paths relative to it.
private func tree(_ dir: URL) -> [String] {
    (FileManager.default.subpaths(atPath: dir.path) ?? []).sorted()
}

@Suite(.tags(.medium)) struct OutputSafetyCLITests {
    /// `--out` naming the photo itself, a file inside the scanned folder (also
    /// through a symbolic link to it), and `--debug` inside it: exit 64, and not
    /// one byte written or created.
    @Test func anOutputOverAnInputIsRefusedBeforeAnythingIsWritten() throws {
        let dir = try folder(with: ["image1.jpg"])
        let photo = dir.appendingPathComponent("image1.jpg")
        let before = try Data(contentsOf: photo)
        let link = dir.deletingLastPathComponent().appendingPathComponent("link-\(UUID().uuidString)")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: dir)
        defer { try? FileManager.default.removeItem(at: link) }

        let cases: [[String]] = [
            ["scan", "--format", "jsonl", "--out", photo.path, photo.path],
            ["scan", "--format", "jsonl", "--out", dir.appendingPathComponent("other.jpg").path, dir.path],
            ["scan", "--format", "line", "--out", link.appendingPathComponent("puzzles.txt").path, dir.path],
            ["scan", "--out", link.appendingPathComponent("image1.jpg").path, photo.path],
            ["scan", "--debug", dir.appendingPathComponent("overlays").path, dir.path],
            ["eval", "--write-baseline", dir.appendingPathComponent("b.json").path, dir.path],
        ]
        for arguments in cases {
            let r = try runSudokit(arguments)
            #expect(r.status == 64, "\(arguments): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: --"), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("this run reads"), "\(arguments): \(r.stderr)")
            #expect(try Data(contentsOf: photo) == before, "\(arguments) changed the photo")
            #expect(tree(dir) == ["image1.jpg"], "\(arguments) wrote \(tree(dir))")
        }

        // --debug into the photo's own folder: marked as overlays, the folder's
        // photos would be passed over by the next scan.
        let debugHere = try runSudokit(["scan", "--debug", dir.path, photo.path])
        #expect(debugHere.status == 64 && debugHere.stderr.contains("holds other files"), "\(debugHere.stderr)")
        #expect(tree(dir) == ["image1.jpg"], "--debug into the photo's folder wrote \(tree(dir))")

        // explain: the pictures' folder may not be a puzzle file it reads.
        let puzzles = dir.deletingLastPathComponent().appendingPathComponent("puzzles-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: puzzles) }
        try "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
            .write(to: puzzles, atomically: true, encoding: .utf8)
        let explain = try runSudokit(["explain", "--input", puzzles.path, "--out-dir", puzzles.path])
        #expect(explain.status == 64 && explain.stderr.contains("this run reads"), "\(explain.stderr)")

        // merge: the output may not be one of the files merged.
        let records = dir.deletingLastPathComponent().appendingPathComponent("records-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: records) }
        let scanned = try runSudokit(["scan", "--format", "jsonl", "--out", records.path, photo.path])
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let kept = try Data(contentsOf: records)
        let merge = try runSudokit(["merge", "--out", records.path, records.path])
        #expect(merge.status == 64 && merge.stderr.contains("this run reads"), "\(merge.stderr)")
        #expect(try Data(contentsOf: records) == kept)
    }

    /// `--out` naming an existing folder fails (73) and leaves no `.NAME.tmp-PID`.
    @Test func anOutputThatIsAFolderLeavesNoTemporaryFile() throws {
        let dir = try folder(with: [])
        let photos = try folder(with: ["a.jpg"])
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("d"), withIntermediateDirectories: false)
        for format in ["text", "jsonl", "line"] {
            let r = try runSudokit([
                "scan", "--format", format, "--out", dir.appendingPathComponent("d").path,
                photos.appendingPathComponent("a.jpg").path,
            ])
            #expect(r.status == 73, "\(format): \(r.stderr)")
            #expect(r.stderr.contains("it is a folder"), "\(format): \(r.stderr)")
            #expect(tree(dir) == ["d"], "\(format) left \(tree(dir))")
        }
    }

    /// Overlays written by `--debug` into a subfolder of a photo folder are passed
    /// over by the next `--recursive` scan of that folder, with a note.
    @Test func debugOverlaysAreNeverReadBackAsPhotos() throws {
        let dir = try folder(with: ["a.jpg"])
        let overlays = dir.appendingPathComponent("overlays")
        let first = try runSudokit(["scan", "--debug", overlays.path, dir.appendingPathComponent("a.jpg").path])
        #expect(first.status == 0, "\(first.stderr)")
        let pictures = tree(overlays).filter { $0.hasSuffix(".png") }
        #expect(pictures.count == 3, "\(tree(overlays))")

        let again = try runSudokit(["scan", "--format", "jsonl", "--recursive", dir.path])
        #expect(again.status == 0, "\(again.stderr)")
        let files = again.stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["file"] as? String
        }
        #expect(files == [dir.appendingPathComponent("a.jpg").path], "\(files)")
        #expect(
            again.stderr.contains("note: skipping \(overlays.path): overlay pictures written by 'scan --debug'"),
            "\(again.stderr)")
    }

    /// `--resume` over records of photos that are not among the inputs is
    /// refused (64), naming one of them, and the output is left as it was.
    @Test func resumeRefusesRecordsOfOtherInputs() throws {
        let dir = try folder(with: ["a.jpg", "b.jpg"])
        let work = try folder(with: [])
        let out = work.appendingPathComponent("r.jsonl")
        let a = dir.appendingPathComponent("a.jpg").path, b = dir.appendingPathComponent("b.jpg").path
        let first = try runSudokit(["scan", "--quiet", "--format", "jsonl", "--out", out.path, a])
        #expect(first.status == 0, "\(first.stderr)")
        let kept = try Data(contentsOf: out)

        let other = try runSudokit(["scan", "--quiet", "--format", "jsonl", "--out", out.path, "--resume", b])
        #expect(other.status == 64, "\(other.stderr)")
        #expect(other.stderr.contains("holds records of 1 photo not among these inputs ('\(a)')"), "\(other.stderr)")
        #expect(try Data(contentsOf: out) == kept)
        #expect(tree(work) == ["r.jsonl"], "\(tree(work))")

        // The same inputs and more: the earlier record is kept, the new photo scanned.
        let more = try runSudokit(["scan", "--format", "jsonl", "--out", out.path, "--resume", a, b])
        #expect(more.status == 0, "\(more.stderr)")
        #expect(more.stderr.contains("resume: 1 photos already done, 1 to scan"), "\(more.stderr)")
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 2 && lines[0].contains("\"file\":\"\(a)\"") && lines[1].contains("\"file\":\"\(b)\""))
    }

    /// A broken symbolic link named like a photo, in a folder: an error record
    /// (cannot open, exit 66), not a note.
    @Test func aBrokenLinkNamedLikeAPhotoIsAnErrorRecord() throws {
        let dir = try folder(with: ["a.jpg"])
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("b.jpg").path,
            withDestinationPath: "/nonexistent/sudokit/photo.jpg")
        let r = try runSudokit(["scan", "--format", "jsonl", dir.path])
        #expect(r.status == 66, "\(r.stderr)")
        let records = try r.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(
            records.map { $0["file"] as? String } == ["a.jpg", "b.jpg"].map { dir.appendingPathComponent($0).path })
        #expect(records.last?["status"] as? String == "error")
        #expect(r.stderr.contains("1 error"), "\(r.stderr)")
        #expect(!r.stderr.contains("not a regular file"), "\(r.stderr)")
    }
}
