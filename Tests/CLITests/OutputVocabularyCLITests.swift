// One output vocabulary, end to end with the real binary: `--format json` is one
// JSON document in every command and `jsonl` one object per line; `scan --format
// line` is the same puzzle collection on stdout as in `--out FILE`; `--json` is
// refused by every command alike; exit codes follow the rule stated once in
// ExitPolicy.swift; clash reports on stderr are notes.

import Foundation
import TestSupport
import Testing

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
private let clashing = "55" + String(repeating: ".", count: 79)

private func testImage(_ path: String) -> String { packageRoot().appendingPathComponent("TestImages/\(path)").path }

/// A fresh folder holding a newspaper photo and its truth file (for `eval`).
private func truthFolder() throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-vocabulary-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    for name in ["image1.jpg", "image1.dat"] {
        try FileManager.default.copyItem(
            atPath: testImage("newspaper/\(name)"), toPath: dir.appendingPathComponent(name).path)
    }
    return dir.path
}

/// A file holding `lines`, one per line.
private func textFile(_ lines: [String]) throws -> String {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "sudokit-vocabulary-\(UUID().uuidString).txt")
    try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
    return file.path
}

/// Commands that print one record per input, with the records they print.
private func listCommands() throws -> [(tool: String, arguments: [String], records: Int)] {
    let puzzles = try textFile([puzzle, solution])
    let user: [(arguments: [String], records: Int)] = [
        (["scan", "--quiet", testImage("newspaper/image1.jpg"), testImage("newspaper/image10.jpg")], 2),
        (["solve", puzzle, clashing], 2),
        (["hint", puzzle, solution], 2),
        (["explain", puzzle, solution], 2),
        (["grade", "--no-summary", puzzle, solution], 2),
        (["info", testImage("formats/jpeg-exif6.jpg"), testImage("newspaper/image1.jpg")], 2),
        (["generate", "--tier", "1", "--count", "2", "--seed", "3", "--quiet"], 2),
        (["drill", "show", "--technique", "x-wing", "--count", "2", "--seed", "1"], 2),
        (["drill", "list"], 75),
    ]
    let lab: [(arguments: [String], records: Int)] = [
        (["bench", "solve", "--runs", "1", puzzles], 1),
        (["bench", "decode", "--runs", "1", testImage("newspaper/image1.jpg")], 1),
        (["bench", "locate", "--runs", "1", testImage("newspaper/image1.jpg")], 2),
    ]
    return user.map { ("sudokit", $0.arguments, $0.records) } + lab.map { ("sudokit-lab", $0.arguments, $0.records) }
}

/// Commands whose output is a single report.
private func reportCommands() throws -> [[String]] {
    [
        ["eval", "--quiet", "--show", try truthFolder()],
        ["daily", "--date", "2027-01-03"],
        ["layout", "600x600"],
        ["diagnose"],
    ]
}

@Suite(.tags(.medium)) struct OutputVocabularyCLITests {
    /// `--format json`: stdout parses as one JSON document; a command with a
    /// record per input prints one array holding every record.
    @Test func jsonIsOneDocumentInEveryCommand() throws {
        for (tool, arguments, count) in try listCommands() {
            let r = try run(tool: tool, arguments + ["--format", "json"])
            #expect(r.status == 0 || r.status == 1, "\(arguments): \(r.stderr)")
            let document = try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
            let array = document as? [[String: Any]]
            #expect(array?.count == count, "\(arguments): not one array of \(count) objects:\n\(r.stdout)")
        }
        for arguments in try reportCommands() {
            let r = try runSudokit(arguments + ["--format", "json"])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any] != nil,
                "\(arguments): not one JSON object:\n\(r.stdout)")
        }
        // eval --show puts the photos that are not exact inside the document.
        let shown = try runSudokit(["eval", "--quiet", "--show", "--format", "json", try truthFolder()])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        #expect(object["not_exact"] as? [Any] != nil, "\(shown.stdout)")
    }

    /// `--format jsonl`: every line is one JSON object, one per record.
    @Test func jsonlIsOneObjectPerLine() throws {
        for (tool, arguments, count) in try listCommands() {
            let r = try run(tool: tool, arguments + ["--format", "jsonl"])
            #expect(r.status == 0 || r.status == 1, "\(arguments): \(r.stderr)")
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count == count, "\(arguments): \(r.stdout)")
            for line in lines {
                #expect(
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] != nil,
                    "\(arguments): not an object: \(line)")
            }
        }
    }

    /// `--json` is refused by every command and subcommand of both programs, with one message
    /// (the groups aside: `bench --json` is an unknown subcommand, `drill --json` the old spelling of `drill show`).
    @Test func theRemovedJSONFlagIsRefusedAlike() throws {
        let commands =
            try commandPaths(tool: "sudokit").map { ("sudokit", $0) }
            + commandPaths(tool: "sudokit-lab").map { ("sudokit-lab", $0) }
        #expect(commands.count >= 20, "\(commands)")
        for (tool, command) in commands where command != "bench" && command != "drill" {
            let words = command.split(separator: " ").map(String.init)
            for spelling in ["--json", "--json=true"] {
                let r = try run(tool: tool, words + [spelling, puzzle])
                #expect(r.status == 64, "\(words): \(r.stderr)")
                #expect(
                    r.stderr.hasPrefix("Error: '--json' is no longer an option; use --format json\n"),
                    "\(words): \(r.stderr)")
            }
        }
    }

    /// `scan --format line` prints on stdout exactly what `--out FILE` holds: an
    /// unverified board is left out (a comment says so) unless
    /// `--include-unverified` puts it in under a comment saying it is not proven.
    @Test func lineOutputIsTheSameCollectionOnStdoutAndInAFile() throws {
        let solved = testImage("newspaper/image1.jpg"), unverified = testImage("newspaper/image1049.jpg")
        let stdout = try runSudokit(["scan", "--quiet", "--format", "line", solved, unverified])
        #expect(stdout.status == 1, "\(stdout.stderr)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sudokit-line-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = try runSudokit(["scan", "--quiet", "--format", "line", "--out", file.path, solved, unverified])
        #expect(written.status == 1 && written.stdout.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == stdout.stdout)
        let lines = stdout.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines[0] == "# \(solved)" && lines[1].count == 81, "\(lines)")
        #expect(lines[2] == "# \(unverified): unverified, not included", "\(lines)")
        // Every puzzle line in it is proven: solve reads it and finds each unique.
        let solve = try runSudokit(["solve", "--input", file.path])
        #expect(solve.status == 0, "\(solve.stdout) \(solve.stderr)")

        let included = try runSudokit([
            "scan", "--quiet", "--format", "line", "--include-unverified", solved, unverified,
        ])
        let more = included.stdout.split(separator: "\n").map(String.init)
        #expect(
            more.count == 4 && more[2] == "# \(unverified): unverified, included as read (not proven)"
                && more[3].count == 81,
            "\(more)")
        #expect(try runSudokit(["scan", "--include-unverified", solved]).status == 64)
    }

    /// The exit-code rule: a complete valid grid is a proven answer (0) in every
    /// command that takes a puzzle; `scan --locate-only` that locates is 0; a
    /// value out of range (`daily --tier` the pool lacks) is a usage error (64).
    @Test func exitCodesFollowOneRule() throws {
        for command in ["solve", "hint", "explain", "grade"] {
            let r = try runSudokit([command, solution])
            #expect(r.status == 0, "\(command): \(r.stdout) \(r.stderr)")
        }
        let located = try runSudokit(["scan", "--locate-only", "--format", "jsonl", testImage("newspaper/image1.jpg")])
        #expect(located.status == 0 && located.stdout.contains("\"status\":\"located\""), "\(located.stderr)")
        let daily = try runSudokit(["daily", "--tier", "11"])
        #expect(
            daily.status == 64 && daily.stderr.hasPrefix("Error: the daily pool has no tier-11 puzzle"),
            "\(daily.stderr)")
    }

    /// What `solve`, `explain` and `grade` say on stderr about clashing givens
    /// is a note; every line of stderr is an error or a note.
    @Test func clashReportsAreNotes() throws {
        for command in ["solve", "explain", "grade"] {
            let r = try runSudokit([command, clashing])
            #expect(r.status == 1, "\(command)")
            let lines = r.stderr.split(separator: "\n")
            #expect(
                !lines.isEmpty && lines.allSatisfy { $0.hasPrefix("Error: ") || $0.hasPrefix("note: ") },
                "\(command): \(r.stderr)")
            #expect(
                r.stderr.contains("note: argument 1: digit 5 appears 2 times in row 1: r1c1, r1c2"),
                "\(command): \(r.stderr)")
        }
    }
}
