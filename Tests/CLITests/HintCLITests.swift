// `sudokit hint` run as a child process: the three levels, a player's wrong
// entries and lost pencil marks reported first, candidates from a file in both
// formats, JSON, several puzzles, and the narrator's reply accepted or
// rejected (invented cells, wrong digits, a wrong technique).

import Foundation
import TestSupport
import Testing

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

/// `entries` with `digit` written at 0-based `index`.
private func entries(_ pairs: [(Int, Character)]) -> String {
    var e = Array(repeating: Character("."), count: 81)
    for (i, d) in pairs { e[i] = d }
    return String(e)
}

private func temporaryFile(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-hint-\(UUID().uuidString).txt")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite(.tags(.medium)) struct HintCLITests {
    @Test func theThreeLevelsGiveMoreEachTime() throws {
        let one = try runSudokit(["hint", puzzle])
        #expect(one.status == 0)
        #expect(one.stdout == "Look for a hidden single in box 2.\n")
        let two = try runSudokit(["hint", "--level", "2", puzzle])
        #expect(two.stdout == "In box 2, digit 8 has only one place left.\n")
        let three = try runSudokit(["hint", "--level=3", puzzle])
        #expect(
            three.stdout
                == "Digit 8 must appear once in box 2, and r1c6 is the only cell there that can still hold it. So "
                + "r1c6 is 8.\n"
        )
        #expect(try runSudokit(["hint", "--level", "4", puzzle]).status == 64)
    }

    @Test func aWrongEntryIsReportedWithTheCellsItClashesWith() throws {
        // r1c3 = 1 is wrong (the solution has 4) but clashes with nothing; r1c4 = 7 is wrong and clashes with r1c5's 7.
        let r = try runSudokit(["hint", "--entries", entries([(2, "1"), (3, "7"), (5, "8")]), puzzle])
        #expect(r.status == 1)
        #expect(r.stdout == "r1c3 is not 1\nr1c4 is not 7 (r1c5 in row 1 holds 7 too)\n")
        // Right entries are built upon: the next hint comes from the position they make.
        let right = try runSudokit(["hint", "--level", "3", "--entries", entries([(5, "8")]), puzzle])
        #expect(right.status == 0)
        #expect(!right.stdout.contains("r1c6"), "the hint is not the entry already made: \(right.stdout)")
    }

    @Test func pencilMarksThatLostTheSolutionsDigitAreReported() throws {
        // Every digit as a mark (the peers' digits drop out), but only 1 and 2 in r1c3, whose solution is 4.
        var marks = ""
        for r in 0..<9 {
            var groups: [String] = []
            for c in 0..<9 {
                let i = r * 9 + c
                let given = Array(puzzle)[i]
                groups.append(given != "." ? String(given) : (r == 0 && c == 2 ? "12" : "123456789"))
            }
            marks += groups.joined(separator: " ") + "\n"
        }
        let file = try temporaryFile(marks)
        let r = try runSudokit(["hint", "--candidates", file, puzzle])
        #expect(r.status == 1)
        #expect(r.stdout == "r1c3 needs the candidate 4 back\n")
    }

    @Test func candidatesFromAFileInEitherFormatGiveTheSameHint() throws {
        // Full pencil marks (every digit the peers allow) in grid and 729-character form.
        var grid = "", line = ""
        let cells = Array(puzzle)
        for r in 0..<9 {
            if r == 3 || r == 6 { grid += "------+------+------\n" }
            var row: [String] = []
            for c in 0..<9 {
                let v = cells[r * 9 + c]
                let group = v != "." ? String(v) : "123456789"
                row.append(group)
                for d in 1...9 { line += group.contains(Character(String(d))) ? String(d) : "." }
                if c == 2 || c == 5 { row.append("|") }
            }
            grid += row.joined(separator: " ") + "\n"
        }
        let a = try runSudokit(["hint", "--level", "3", "--candidates", try temporaryFile(grid), puzzle])
        let b = try runSudokit(["hint", "--level", "3", "--candidates", try temporaryFile(line), puzzle])
        let plain = try runSudokit(["hint", "--level", "3", puzzle])
        #expect(a.status == 0 && b.status == 0)
        #expect(a.stdout == plain.stdout && b.stdout == plain.stdout)
        let bad = try runSudokit(["hint", "--candidates", try temporaryFile(String(line.dropLast())), puzzle])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("expected 729 characters, found 728"))
    }

    @Test func jsonHoldsTheHintAndTheWholeStep() throws {
        let r = try runSudokit(["hint", "--format", "jsonl", "--level", "2", puzzle])
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "hint")
        #expect(json["level"] as? Int == 2)
        #expect(json["technique"] as? String == "hidden-single")
        let step = try #require(json["step"] as? [String: Any])
        let placements = try #require(step["placements"] as? [[String: Int]])
        #expect(placements == [["row": 1, "col": 6, "digit": 8]])
        #expect(Array(solution)[5] == "8")
        let wrong = try runSudokit(["hint", "--format", "jsonl", "--entries", entries([(3, "7")]), puzzle])
        let w = try #require(try JSONSerialization.jsonObject(with: Data(wrong.stdout.utf8)) as? [String: Any])
        #expect(w["status"] as? String == "wrong-position")
        let problems = try #require(w["problems"] as? [[String: Any]])
        #expect(problems.first?["text"] as? String == "r1c4 is not 7 (r1c5 in row 1 holds 7 too)")
    }

    @Test func severalPuzzlesAndTheirStatuses() throws {
        let solvedGrid = solution
        let empty = String(repeating: ".", count: 81)
        let r = try runSudokit(["hint", "-"], stdin: puzzle + "\n" + solvedGrid + "\n" + empty + "\n")
        #expect(r.status == 1)
        #expect(
            r.stdout == """
                <stdin>:1: Look for a hidden single in box 2.
                <stdin>:2: the puzzle is solved: no hint needed
                <stdin>:3: the puzzle has more than one solution: no hint can be proved

                """)
        let usage = try runSudokit(["hint", "--entries", entries([]), puzzle, puzzle])
        #expect(usage.status == 64)
    }

    @Test func aTrialAndErrorPositionSaysSo() throws {
        let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
        // After the ladder's own steps the position is beyond it: hint on that position.
        let e = try runSudokit(["explain", "--format", "jsonl", hard])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(e.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "needs-trial-and-error")
        let marks = try #require(json["position"] as? String)
        // The cells the ladder filled (one mark, not a given) are the player's entries.
        let groups = Array(marks)
        let given = Array(hard)
        let filled = (0..<81).map { i -> Character in
            let group = groups[(i * 9)..<(i * 9 + 9)].filter { $0 != "." }
            return given[i] == "." && group.count == 1 ? group.first! : "."
        }
        let r = try runSudokit(["hint", "--candidates", try temporaryFile(marks), "--entries", String(filled), hard])
        #expect(r.status == 1)
        #expect(r.stdout == "no technique of the ladder applies: this position needs trial and error\n")
    }

    @Test func aFaithfulNarratorReplyIsShown() throws {
        let reply = "Box 2 has room for its 8 in just one cell: r1c6. So r1c6 is 8."
        let r = try runSudokit([
            "hint", "--level", "3", "--narrator", "cat > /dev/null; printf '%s\\n' '\(reply)'", puzzle,
        ])
        #expect(r.status == 0)
        #expect(r.stdout == reply + "\n")
        #expect(r.stderr.isEmpty)
    }

    @Test func theNarratorIsHandedThePromptWithOnlyTheHintsFacts() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-prompt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let saved = dir.appendingPathComponent("prompt.txt").path
        let r = try runSudokit([
            "hint", "--narrator", "cat > '\(saved)'; echo 'Try box 2 for a hidden single.'", puzzle,
        ])
        #expect(r.stdout == "Try box 2 for a hidden single.\n")
        let prompt = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(prompt.contains("Hint: Look for a hidden single in box 2."))
        #expect(prompt.contains("Facts you may use: houses box 2"))
        #expect(!prompt.contains("r1c6"), "a level 1 prompt does not carry the answer")
    }

    @Test(arguments: [
        ("Look at r1c9: it must be 8.", "r1c9"),  // an invented cell
        ("Box 2 has room for its 5 in just one cell, r1c6.", "digit 5"),  // a wrong digit
        ("A naked single in box 2: r1c6 is 8.", "naked single"),  // a wrong technique
        ("Row 4 settles it: r1c6 is 8.", "row 4"),  // a house the hint does not name
    ])
    func aNarratorReplyThatSaysSomethingElseIsReplacedByTheAuthoredHint(reply: String, reason: String) throws {
        let r = try runSudokit([
            "hint", "--level", "3", "--narrator", "cat > /dev/null; printf '%s\\n' '\(reply)'", puzzle,
        ])
        #expect(r.status == 0)
        #expect(
            r.stdout
                == "Digit 8 must appear once in box 2, and r1c6 is the only cell there that can still hold it. So "
                + "r1c6 is 8.\n"
        )
        #expect(r.stderr.hasPrefix("note: the narrator's reply was not used: "))
        #expect(r.stderr.contains(reason), "\(r.stderr)")
    }

    @Test func aNarratorThatFailsLeavesTheAuthoredHint() throws {
        let r = try runSudokit(["hint", "--narrator", "exit 3", puzzle])
        #expect(r.status == 0)
        #expect(r.stdout == "Look for a hidden single in box 2.\n")
        #expect(r.stderr.contains("exited with status 3"))
        let slow = try runSudokit(["hint", "--narrator", "sleep 5", "--narrator-timeout", "1", puzzle])
        #expect(slow.stdout == "Look for a hidden single in box 2.\n")
        #expect(slow.stderr.contains("stopped after 1 s"))
    }
}
