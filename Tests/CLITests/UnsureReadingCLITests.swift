// An unsure reading is not a dead end, end to end with the real binary and real
// photos: every unverified record says why; the board is shown as read, a repair
// only suggested; `--assume` settles cells and proves the board again (the record
// says which cells the person settled); `--grade`, `--explain` and `--hint` say in
// one line why they cannot answer and what to do; a second grid on the page is
// mentioned, and `--all-grids` reads it.

import Foundation
import TestSupport
import Testing

private func photo(_ path: String) -> String { packageRoot().appendingPathComponent("TestImages/\(path)").path }

private func record(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not one object: \(text)")
}

/// The digit of `row`, `column` (1-based) in a photo's truth file.
private func truthDigit(_ path: String, row: Int, column: Int) throws -> Int {
    let lines = try String(contentsOfFile: photo(path), encoding: .utf8).split(separator: "\n").dropFirst(2)
    let cells = lines[lines.startIndex + row - 1].split(separator: " ")
    return try #require(Int(cells[column - 1].trimmingCharacters(in: .whitespacesAndNewlines)))
}

@Suite(.tags(.medium)) struct UnsureReadingCLITests {
    /// An unverified photo whose flagged cells a person settles from the photo
    /// becomes solved, and says so; a wrong settlement is no proof; the settled
    /// cells are the person's, never listed as readings.
    @Test func assumeSettlesTheFlaggedCellsAndProvesTheBoardAgain() throws {
        let name = "newspaper/image87.jpg"
        let plain = try record(try runSudokit(["scan", "--format", "jsonl", photo(name)]).stdout)
        #expect(plain["status"] as? String == "unverified")
        let flagged = try #require(plain["flagged"] as? [[String: Any]])
        try #require(!flagged.isEmpty)
        let settle = try flagged.map { f -> String in
            let (row, col) = (f["row"] as! Int, f["col"] as! Int)
            let digit = try truthDigit("newspaper/image87.dat", row: row, column: col)
            return "r\(row)c\(col)=" + (digit == 0 ? "." : String(digit))
        }

        let r = try runSudokit(["scan", "--format", "jsonl"] + settle.flatMap { ["--assume", $0] } + [photo(name)])
        #expect(r.status == 0, "\(r.stderr)")
        let settled = try record(r.stdout)
        #expect(settled["status"] as? String == "solved")
        #expect((settled["flagged"] as? [Any])?.isEmpty == true)
        #expect((settled["settled"] as? [[String: Any]])?.count == flagged.count)
        #expect((settled["solution"] as? String)?.count == 81)

        let text = try runSudokit(["scan", "--hint"] + settle.flatMap { ["--assume", $0] } + [photo(name)])
        #expect(text.status == 0)
        #expect(
            text.stdout.contains(
                "status: solved (exactly one solution); settled by you: \(settle.joined(separator: ", "))"),
            "\(text.stdout)")
        #expect(text.stdout.contains("  hint: "))
        #expect(text.stdout.contains("*"), "settled cells are marked as the person's")

        // hint, grade and explain take the scan record with the same settlement.
        let record = try runSudokit(["scan", "--format", "jsonl", photo(name)]).stdout
        for command in ["hint", "grade", "explain"] {
            let unsettled = try runSudokit([command, "--input-format", "json", "-"], stdin: record)
            let settledRun = try runSudokit(
                [command, "--input-format", "json", "-"] + settle.flatMap { ["--assume", $0] },
                stdin: record)
            #expect(settledRun.status == 0, "\(command): \(settledRun.stdout) \(settledRun.stderr)")
            // Emptying the cell changes the puzzle grade and explain print: the cell is used.
            guard command != "hint" else { continue }
            let emptied = try runSudokit(
                [command, "--input-format", "json", "-", "--assume", String(settle[0].prefix(4)) + "=."],
                stdin: record)
            #expect(emptied.stdout != unsettled.stdout, "\(command): the settled cell is used")
        }

        // A digit the photo does not show: no solution, said so, not proven.
        let first = settle[0]
        let wrongDigit = first.last == "9" ? "8" : first.last == "." ? "1" : String(Int(String(first.last!))! + 1)
        let wrong = try runSudokit(["scan", "--assume", String(first.dropLast()) + wrongDigit, photo(name)])
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("status: unverified"), "\(wrong.stdout)")

        // Usage: one photo only; a value that is no cell; two digits for one cell.
        for arguments in [
            ["--assume", "r1c9=4", photo(name), photo("newspaper/image1.jpg")], ["--assume", "r0c9=4", photo(name)],
            ["--assume", "r1c9=4", "--assume", "r1c9=5", photo(name)],
        ] {
            let u = try runSudokit(["scan"] + arguments)
            #expect(u.status == 64 && u.stderr.hasPrefix("Error: "), "\(arguments): \(u.stderr)")
        }
    }

    /// Every unverified record says why: the flagged cells, or what is wrong with
    /// the board as read; a repair the search would make is a suggestion, and
    /// the digit shown is the digit read.
    @Test func everyUnverifiedSaysWhyAndShowsWhatWasRead() throws {
        let name = "newspaper/image195.jpg"
        let r = try record(try runSudokit(["scan", "--format", "jsonl", photo(name)]).stdout)
        #expect(r["status"] as? String == "unverified")
        let repairs = try #require(r["repairs"] as? [[String: Any]])
        try #require(!repairs.isEmpty, "this photo's reading has a suggested repair")
        let puzzle = Array(try #require(r["puzzle"] as? String))
        for repair in repairs {
            let (row, col, from) = (repair["row"] as! Int, repair["col"] as! Int, repair["from"] as! Int)
            #expect(
                puzzle[(row - 1) * 9 + col - 1] == (from == 0 ? "." : Character(String(from))),
                "the read digit, not the repair")
        }
        #expect(r["problem"] as? String == "several-solutions")

        let text = try runSudokit(["scan", photo(name)]).stdout
        #expect(text.contains("status: unverified: the board as read has several solutions (at least 2)"), "\(text)")
        let first = repairs[0]
        #expect(text.contains("suggested: r\(first["row"]!)c\(first["col"]!) reads \(first["from"]!)"), "\(text)")
        // Every unverified record of the photos here has a reason.
        for path in ["newspaper/image87.jpg", "newspaper/image1049.jpg", name] {
            let out = try runSudokit(["scan", photo(path)]).stdout
            let status = try #require(out.split(separator: "\n").first { $0.hasPrefix("  status: unverified") })
            #expect(status.count > "  status: unverified".count, "\(path): \(status)")
        }
    }

    /// --grade, --explain and --hint on an unverified photo: one line each way,
    /// saying why and naming --assume.
    @Test func gradeExplainAndHintSayWhyNotAndWhatToDo() throws {
        let r = try runSudokit(["scan", "--grade", "--explain", "--hint", photo("newspaper/image87.jpg")])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("  hint:") || $0.hasPrefix("  grade") }
        #expect(lines.count == 2, "\(r.stdout)")
        for line in lines {
            #expect(
                line.contains("none: the board is not proven (cells to check: r1c9") && line.contains("--assume r1c9="),
                "\(line)")
        }
    }

    /// A second puzzle on the page: the record names its corners; --all-grids
    /// reads it as well, in the same record.
    @Test func aSecondGridIsMentionedAndReadOnRequest() throws {
        let name = photo("synthetic/two-puzzles-2.jpg")
        let plain = try record(try runSudokit(["scan", "--format", "jsonl", name]).stdout)
        let others = try #require(plain["other_grids"] as? [[String: Any]])
        #expect(others.count == 1 && (others[0]["corners"] as? [[Double]])?.count == 4, "\(others)")
        #expect(others[0]["puzzle"] == nil, "not read without --all-grids")
        #expect(try runSudokit(["scan", name]).stdout.contains("note: another grid is in the photo"))

        let all = try record(try runSudokit(["scan", "--format", "jsonl", "--all-grids", name]).stdout)
        let read = try #require((all["other_grids"] as? [[String: Any]])?.first)
        let second = try #require(read["puzzle"] as? String)
        #expect(
            read["status"] as? String == "solved" && second.count == 81 && second != all["puzzle"] as? String, "\(read)"
        )
        #expect(all["puzzle"] as? String == plain["puzzle"] as? String, "the main grid is read as before")

        // A photo with one grid mentions none.
        let one = try record(try runSudokit(["scan", "--format", "jsonl", photo("newspaper/image1.jpg")]).stdout)
        #expect((one["other_grids"] as? [Any])?.isEmpty == true)
    }
}
