// `sudokit play --plain` and `sudokit games` as a person runs them: a puzzle
// finished line by line, each move said in words; a game saved, listed and
// resumed; a half-played photo's unsure cell settled before play; two copies
// of a game merged; a damaged log line reported, nothing else lost.

import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct PlayCLITests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

    /// A fresh data folder for one test.
    static func dataFolder() -> String {
        FileManager.default.temporaryDirectory.path + "/sudokit-play-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// The lines that fill every empty cell of the puzzle with the solution's digit.
    static var solvingLines: [String] {
        let p = Array(puzzle), s = Array(solution)
        return (0..<81).filter { p[$0] == "." }.map { "r\($0 / 9 + 1)c\($0 % 9 + 1) \(s[$0])" }
    }

    @Test func aPuzzleIsFinishedLineByLineAndListedAsSolved() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let lines = ["r1c3 5", "c", "?", "u", "?", "?", "?"] + Self.solvingLines
        let r = try runSudokit(["play", "--plain", "--data", data, Self.puzzle], stdin: lines.joined(separator: "\n"))
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            out.first == "sudokit play: puzzle, tier 1 (hidden singles); 51 empty cells. Type help for the commands.")
        #expect(out.contains("r1c3: 5; box 1 now has 6 digits"))
        #expect(out.contains("1 wrong entry:") && out.contains("  r1c3 is not 5 (r1c1 in row 1 holds 5 too)"))
        #expect(out.contains("first put right what the solution contradicts:"), "the hint names the wrong entry first")
        #expect(out.contains("undone: r1c3 empty"))
        #expect(out.contains { $0.hasPrefix("r9c7: 1; box 9 now has 9 digits, row 9 is full") })
        #expect(out.contains { $0.hasSuffix("; solved") })
        let summary = try #require(out.last)
        #expect(
            summary.hasPrefix("Solved in 0:0") && summary.contains("with 3 hints and 1 check. Tier 1"), "\(summary)")

        let games = try runSudokit(["games", "--data", data])
        #expect(games.status == 0 && games.stdout.contains("tier 1  solved, 0:0"), "\(games.stdout)")
        #expect(games.stdout.contains("records (solved games):\n  tier 1 (hidden singles): 1 solved, best 0:0"))
        let json = try runSudokit(["games", "--data", data, "--format", "json"])
        let records = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(records.count == 1 && records[0]["solved"] as? Bool == true && records[0]["hints"] as? Int == 3)
    }

    @Test func aDeductionIsCheckedLineByLine() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let r = try runSudokit(
            ["play", "--plain", "--data", data, Self.puzzle], stdin: "check r1c6=8\ncheck r1c3<>4\ncheck r1c3=4\ns\nq\n"
        )
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map(String.init)
        #expect(out.contains { $0.hasPrefix("r1c6=8 (r1c6 is 8): true. Proven by a hidden single: ") })
        #expect(out.contains("r1c3<>4 (r1c3 cannot be 4): false: the solution puts 4 in r1c3"))
        #expect(out.contains { $0.hasPrefix("r1c3=4 (r1c3 is 4): true, but it does not follow") })
        #expect(out.contains { $0.contains("3 checks") }, "a deduction checked counts as a check")
        let games = try runSudokit(["games", "--data", data])
        #expect(games.status == 0, "the log with deduction lines reads back: \(games.stderr)")
    }

    @Test func aSavedGameResumesWhereItStopped() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try runSudokit(
            ["play", "--plain", "--data", data, Self.puzzle], stdin: "r1c3 4\nm r1c4 2\nm r1c4 6\nq\n")
        #expect(first.status == 0 && first.stdout.hasSuffix("saved; sudokit play --resume continues\n"))
        let again = try runSudokit(
            ["play", "--plain", "--data", data, "--resume"], stdin: "cell r1c3\ncell r1c4\nu\ncell r1c4\nq\n")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stdout.contains("r1c3: your 4\nr1c4: empty, marks 2 6\nundone: r1c4 marks 2\nr1c4: empty, marks 2\n"))
        let nothing = try runSudokit(["play", "--plain", "--data", Self.dataFolder(), "--resume"])
        #expect(nothing.status == 66 && nothing.stderr.contains("no unsolved game to resume"))
    }

    @Test func aPhotosUnsureCellIsSettledBeforePlay() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let photo = "TestImages/synthetic/played/played-erased-1.jpg"
        let r = try runSudokit(
            ["play", "--plain", "--data", data, photo], stdin: "7\n.\ns\nq\n", currentDirectory: packageRoot())
        #expect(r.status == 0, "\(r.stderr)")
        let out = r.stdout.split(separator: "\n").map(String.init)
        #expect(out.first == "\(photo): 1 cell the reader was unsure of:")
        #expect(out.contains("r7c7: read as 1, printed or handwritten is not clear. Type the digit, or . for empty:"))
        #expect(out.contains("r7c7 settled; the board as settled has no solution"), "7 is refused by the proof")
        #expect(out.contains("r7c7 settled; proven"))
        // The photo's 27 handwritten entries are the starting position.
        #expect(out.contains { $0.hasPrefix("sudokit play: \(photo), tier 1 (hidden singles); 22 empty cells") })
        // Settled on the command line, as scan --assume does; a board that is not proven is not played.
        let wrong = try runSudokit(
            ["play", "--plain", "--data", data, "--assume", "r7c7=5", photo], currentDirectory: packageRoot())
        #expect(wrong.status == 1 && wrong.stderr.contains("stopped before the board was proven"), "\(wrong.stderr)")
    }

    @Test func playWithoutATerminalPlaysLineByLine() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let r = try runSudokit(["play", "--data", data, Self.puzzle], stdin: "r1c3 4\n")
        #expect(r.status == 0 && r.stderr.contains("not a terminal: playing line by line, as with --plain"))
        #expect(r.stdout.contains("r1c3: 4; box 1 now has 6 digits"))
        let several = try runSudokit([
            "play", "--plain", "--data", Self.dataFolder(), String(repeating: ".", count: 81),
        ])
        #expect(several.status == 1 && several.stderr.contains("more than one solution"))
        let both = try runSudokit(["play", "--daily", "--tier", "3"])
        #expect(both.status == 64 && both.stderr.contains("give one of"))
    }

    @Test func twoCopiesMergeAndADamagedLineIsReported() throws {
        let data = Self.dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        _ = try runSudokit(["play", "--plain", "--data", data, Self.puzzle], stdin: "r1c3 4\nq\n")
        let folder = data + "/games"
        let log = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let a = folder + "/" + log, b = data + "/laptop.jsonl"
        try FileManager.default.copyItem(atPath: a, toPath: b)
        // Played on: here r2c2, there r2c3; both moves survive the merge.
        _ = try runSudokit(["play", "--plain", "--data", data, "--resume"], stdin: "r2c2 7\nq\n")
        let moved = data + "/moved"
        try FileManager.default.createDirectory(atPath: moved + "/games", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: b, toPath: moved + "/games/" + log)
        _ = try runSudokit(["play", "--plain", "--data", moved, "--resume"], stdin: "r2c3 2\nq\n")
        let merge = try runSudokit(["games", "merge", a, moved + "/games/" + log])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("3 lines from B not in A") && merge.stdout.contains("33/81 cells filled"))
        let after = try runSudokit(["play", "--plain", "--data", data, "--resume"], stdin: "cell r2c2\ncell r2c3\nq\n")
        #expect(after.stdout.contains("r2c2: your 7\nr2c3: your 2\n"))
        // A damaged line: reported with its line number, skipped; the rest is kept.
        var text = try String(contentsOfFile: a, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "\n", with: "\n{\"event\": broken\n", options: [], range: text.range(of: "\n"))
        try text.write(toFile: a, atomically: true, encoding: .utf8)
        let listed = try runSudokit(["games", "--data", data])
        #expect(listed.status == 0 && listed.stderr.contains("1 damaged line skipped"), "\(listed.stderr)")
        let resumed = try runSudokit(["play", "--plain", "--data", data, "--resume"], stdin: "cell r2c3\nq\n")
        #expect(resumed.stderr.contains("line 2: not a game event (not JSON); skipped"), "\(resumed.stderr)")
        #expect(resumed.stdout.contains("r2c3: your 2"))
        let different = try runSudokit(["games", "merge", a, b + ".none"])
        #expect(different.status == 66)
    }
}
