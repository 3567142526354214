// `sudokit drill show|list|check` run as a child process: the whole bundled pool against the
// ladder (sudokit-lab bench drill --verify, the release binary); a drill's text reads back
// through `hint` to its technique; the levels reveal the hints one by one; the
// JSON answer checks right, a part of it partial, a wrong claim wrong; every
// hidden single of a shown position is right; the seed chooses the same
// drills; the list; pictures; the errors; and the spellings from before the subcommands.

import Foundation
import TestSupport
import Testing

private func json(_ text: String) throws -> [String: Any] {
    try #require(
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
}

private func temporaryPath(_ ext: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-drill-\(UUID().uuidString).\(ext)").path
}

@Suite struct DrillCLITests {
    /// Every drill of the pool: its simplest step is its technique and agrees with
    /// the unique solution. Fails when the ladder changed and the pool was not made again.
    @Test(.tags(.large)) func everyDrillOfThePoolHoldsAgainstTheLadder() throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["SUDOKIT_LAB_BIN"],
            Comment(
                rawValue:
                    "the whole pool needs the release binary: run scripts/test, or set SUDOKIT_LAB_BIN=$(swift build "
                    + "-c "
                    + "release --show-bin-path)/sudokit-lab")
        )
        try #require(
            FileManager.default.isExecutableFile(atPath: binary), "SUDOKIT_LAB_BIN=\(binary) is not an executable file")
        let r = try runSudokitLab(["bench", "drill", "--verify", "--jobs", "2", "--format", "jsonl"])
        let o = try json(r.stdout)
        #expect(r.status == 0)
        #expect(o["wrong"] as? Int == 0, "\(o["problems"] ?? "")")
        let list = try runSudokit(["drill", "list", "--format", "jsonl"])
        let counts = try list.stdout.split(separator: "\n").map { try json(String($0))["drills"] as? Int ?? -1 }
        #expect(counts.count == 75)
        #expect(o["drills"] as? Int == counts.reduce(0, +), "every drill listed was checked")
        #expect((o["drills"] as? Int ?? 0) > 1000)
    }

    @Test(.tags(.medium)) func aDrillsPositionReadsBackThroughHintToItsTechnique() throws {
        let r = try runSudokit(["drill", "show", "--technique", "X-Wing", "--seed", "5"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("drill x-wing-") && lines[0].contains(": X-Wing, drill "))
        let field = { (name: String) in
            lines.first { $0.hasPrefix(name + ":") }.map { String($0.split(separator: " ").last!) }
        }
        let puzzle = try #require(field("puzzle")), entries = try #require(field("entries"))
        let candidates = try #require(field("candidates"))
        #expect(puzzle.count == 81 && entries.count == 81 && candidates.count == 729)
        #expect(!r.stdout.contains("hint 1:"), "level 0 is the position only")
        let marks = temporaryPath("txt")
        try candidates.write(toFile: marks, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: marks) }
        let hint = try runSudokit(["hint", "--format", "jsonl", "--entries", entries, "--candidates", marks, puzzle])
        #expect(try json(hint.stdout)["technique"] as? String == "x-wing", "\(hint.stdout)")
        // The grid below the lines reads the same way.
        let grid = lines.filter { $0.hasPrefix(" ") || $0.hasPrefix("-") }.joined(separator: "\n")
        try grid.write(toFile: marks, atomically: true, encoding: .utf8)
        #expect(
            try json(
                try runSudokit(["hint", "--format", "jsonl", "--entries", entries, "--candidates", marks, puzzle])
                    .stdout)["technique"] as? String == "x-wing")
    }

    @Test(.tags(.medium)) func theLevelsRevealTheHintsOneByOne() throws {
        let id = try #require(
            try runSudokit(["drill", "show", "--technique", "skyscraper", "--seed", "2"]).stdout
                .split(separator: " ").dropFirst().first.map { String($0.dropLast()) })
        let one = try runSudokit(["drill", "show", "--id", id, "--level", "1"]).stdout
        let two = try runSudokit(["drill", "show", "--id", id, "--level", "2"]).stdout
        let three = try runSudokit(["drill", "show", "--id", id, "--level", "3"]).stdout
        #expect(one.contains("hint 1: Look for a skyscraper") && !one.contains("hint 2:"))
        #expect(two.contains("hint 1:") && two.contains("hint 2:") && !two.contains("hint 3:"))
        #expect(three.contains("hint 3:") && three.contains("answer: "))
        #expect(one.contains("--level 2") && !three.contains("--level 4"))
        #expect(try runSudokit(["drill", "show", "--id", id, "--level", "4"]).status == 64)
    }

    @Test(.tags(.medium)) func theAnswerChecksRightPartialAndWrong() throws {
        let shown = try json(try runSudokit(["drill", "show", "--id", "x-wing-1", "--format", "jsonl"]).stdout)
        #expect(shown["id"] as? String == "x-wing-1" && shown["technique"] as? String == "x-wing")
        #expect((shown["hints"] as? [String])?.count == 3)
        let answer = try #require(shown["answer"] as? String)
        let right = try runSudokit(["drill", "check", answer, "--id", "x-wing-1"])
        #expect(right.status == 0)
        #expect(right.stdout.contains("right: that is the X-Wing's whole conclusion."), "\(right.stdout)")
        // The eliminations one by one: the first alone is a part.
        let eliminations = try #require((shown["step"] as? [String: Any])?["eliminations"] as? [[String: Int]])
        if eliminations.count > 1, let e = eliminations.first {
            let partial = try runSudokit([
                "drill", "check", "r\(e["row"]!)c\(e["col"]!)-\(e["digit"]!)", "--id", "x-wing-1", "--format", "jsonl",
            ])
            #expect(partial.status == 0)
            #expect(try json(partial.stdout)["outcome"] as? String == "partial")
        }
        // A given cell cannot lose anything.
        let puzzle = Array(try #require(shown["puzzle"] as? String))
        let given = try #require(puzzle.firstIndex { $0 != "." })
        let claim = "r\(given / 9 + 1)c\(given % 9 + 1)-\(puzzle[given])"
        let wrong = try runSudokit(["drill", "check", "\(answer) \(claim)", "--id", "x-wing-1", "--format", "jsonl"])
        #expect(wrong.status == 1)
        let o = try json(wrong.stdout)
        #expect(o["outcome"] as? String == "wrong")
        let claims = try #require(o["claims"] as? [[String: Any]])
        #expect(claims.contains { $0["claim"] as? String == claim && $0["verdict"] as? String == "not-a-candidate" })
        #expect(claims.filter { $0["verdict"] as? String == "in-conclusion" }.count == claims.count - 1)
        // The same drill through --technique and --seed.
        let seeded = try runSudokit(["drill", "show", "--technique", "x-wing", "--seed", "9", "--format", "jsonl"])
        let seededAnswer = try #require(try json(seeded.stdout)["answer"] as? String)
        #expect(try runSudokit(["drill", "check", seededAnswer, "--technique", "x-wing", "--seed", "9"]).status == 0)
    }

    @Test(.tags(.medium)) func theSeedChoosesTheSameDrillsAndCountGivesDifferentOnes() throws {
        let ids = { (seed: String) throws -> [String] in
            try runSudokit([
                "drill", "show", "--technique", "hidden-pair", "--count", "3", "--seed", seed, "--format", "jsonl",
            ]).stdout
                .split(separator: "\n").map { try json(String($0))["id"] as? String ?? "" }
        }
        let a = try ids("11"), b = try ids("11"), c = try ids("12")
        #expect(a.count == 3 && Set(a).count == 3)
        #expect(a == b)
        #expect(a != c)
    }

    @Test(.tags(.medium)) func theListHasEveryTechnique() throws {
        let r = try runSudokit(["drill", "list"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("technique") == true)
        #expect(lines.count == 77, "a header, 75 techniques and the total")
        #expect(lines.contains { $0.hasPrefix("x-wing ") && $0.contains("X-Wing") })
        #expect(lines.last?.hasSuffix(" drills") == true)
        let unreached = lines.filter { $0.contains("never needed by the puzzles searched") }
        for line in unreached { #expect(line.split(separator: " ").contains("0"), "\(line)") }
    }

    @Test(.tags(.medium)) func picturesOfTheDrillAtLevelZeroAndThree() throws {
        let bare = temporaryPath("svg"), drawn = temporaryPath("svg"), png = temporaryPath("png")
        defer { for p in [bare, drawn, png] { try? FileManager.default.removeItem(atPath: p) } }
        #expect(try runSudokit(["drill", "show", "--id", "x-wing-1", "--out", bare]).status == 0)
        #expect(try runSudokit(["drill", "show", "--id", "x-wing-1", "--out", drawn, "--level", "3"]).status == 0)
        #expect(try runSudokit(["drill", "show", "--id", "x-wing-1", "--out", png]).status == 0)
        let a = try String(contentsOfFile: bare, encoding: .utf8),
            b = try String(contentsOfFile: drawn, encoding: .utf8)
        #expect(a.hasPrefix("<svg") || a.hasPrefix("<?xml"))
        #expect(b.count > a.count, "level 3 draws the pattern and the conclusion")
        let bytes = try #require(FileManager.default.contents(atPath: png))
        #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test(.tags(.medium)) func errorsAreClearWithTheirCodes() throws {
        let unknown = try runSudokit(["drill", "show", "--technique", "xwing"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("Error: unknown technique 'xwing'; close names: x-wing"), "\(unknown.stderr)")
        #expect(try runSudokit(["drill", "show"]).status == 64)
        #expect(try runSudokit(["drill", "check", "--id", "x-wing-1"]).status == 64, "the answer is missing")
        #expect(try runSudokit(["drill", "show", "--id", "x-wing"]).status == 64)
        #expect(try runSudokit(["drill", "show", "--id", "x-wing-1", "--technique", "x-wing"]).status == 64)
        let noSeed = try runSudokit(["drill", "check", "r1c1-1", "--technique", "x-wing"])
        #expect(noSeed.status == 64 && noSeed.stderr.contains("check needs the drill that was shown"))
        let badAnswer = try runSudokit(["drill", "check", "r1c1+1", "--id", "x-wing-1"])
        #expect(badAnswer.status == 65 && badAnswer.stderr.contains("'r1c1+1'"))
        let beyond = try runSudokit(["drill", "show", "--id", "x-wing-999"])
        #expect(beyond.status == 64 && beyond.stderr.contains("x-wing has"))
        #expect(try runSudokit(["drill", "show", "--id", "x-wing-1", "--out", "drill.jpg"]).status == 64)
        #expect(
            try runSudokit(["drill", "show", "--technique", "x-wing", "--count", "2", "--out", "a.png"]).status == 64)
        let help = try runSudokit(["drill", "--help"])
        #expect(help.status == 0 && help.stdout.contains("OVERVIEW:") && help.stdout.contains("\n  check "))
        #expect(try runSudokit(["drill", "check", "--help"]).stdout.contains("<answer>"))
        #expect(try runSudokit(["--help"]).stdout.contains("  drill "))
        // A technique the pool has none of is a value out of range: 64, said so.
        let list = try runSudokit(["drill", "list", "--format", "jsonl"]).stdout.split(separator: "\n")
        if let none = try list.map({ try json(String($0)) }).first(where: { $0["drills"] as? Int == 0 }) {
            let r = try runSudokit(["drill", "show", "--technique", none["technique"] as! String])
            #expect(r.status == 64 && r.stderr.contains("the pool has no"))
        }
    }

    /// `sudokit drill` alone prints the group's help; the spellings from before the
    /// subcommands (`drill --list`, `drill --check`, `drill --technique`) stop with
    /// the new one, before anything runs.
    @Test(.tags(.medium)) func theOldSpellingsNameTheSubcommands() throws {
        let bare = try runSudokit(["drill"]), help = try runSudokit(["help", "drill"])
        #expect(bare.status == 0 && bare.stdout == help.stdout && bare.stderr.isEmpty)
        #expect(bare.stdout.contains("USAGE: sudokit drill <subcommand>"))
        for (words, old, new) in [
            (["drill", "--list"], "drill --list", "drill list"),
            (["drill", "--format", "json", "--list"], "drill --list", "drill list"),
            (["drill", "--id", "x-wing-1", "--check", "r1c1=1"], "drill --check", "drill check ANSWER"),
            (["drill", "--technique", "x-wing"], "drill --technique/--id", "drill show"),
            (["drill", "--id", "x-wing-1", "--level", "2"], "drill --technique/--id", "drill show"),
        ] {
            let r = try runSudokit(words)
            #expect(r.status == 64 && r.stdout.isEmpty, "\(words)")
            #expect(
                r.stderr
                    == "Error: sudokit \(old) is now 'sudokit \(new)'\n  See 'sudokit help drill' for its "
                    + "subcommands.\n",
                "\(words)")
        }
    }

    /// A drill asks for one step of its technique: any hidden single the shown
    /// position offers is right, not only the one the drill's answer names, and
    /// is never put down to a forcing chain. The singles are found here from the
    /// drill's own candidate line (a digit with one candidate cell in a row,
    /// column or box), in hidden-single drills 30 to 39.
    @Test(.tags(.medium)) func everyHiddenSingleOfTheShownPositionIsRight() throws {
        var others = 0
        for n in 30...39 {
            let id = "hidden-single-\(n)"
            let shown = try json(try runSudokit(["drill", "show", "--id", id, "--format", "jsonl"]).stdout)
            let puzzle = Array(try #require(shown["puzzle"] as? String)),
                entries = Array(try #require(shown["entries"] as? String))
            let marks = Array(try #require(shown["candidates"] as? String))
            let answer = try #require(shown["answer"] as? String)
            let houses =
                (0..<9).map { r in (0..<9).map { r * 9 + $0 } } + (0..<9).map { c in (0..<9).map { $0 * 9 + c } }
                + (0..<9).map { b in (0..<9).map { (b / 3 * 3 + $0 / 3) * 9 + b % 3 * 3 + $0 % 3 } }
            var claims: Set<String> = []
            for house in houses {
                for d in 1...9 {
                    let places = house.filter {
                        puzzle[$0] == "." && entries[$0] == "." && marks[$0 * 9 + d - 1] != "."
                    }
                    if places.count == 1 { claims.insert("r\(places[0] / 9 + 1)c\(places[0] % 9 + 1)=\(d)") }
                }
            }
            #expect(claims.contains(answer), "\(id): the drill's own answer \(answer) is a hidden single")
            for claim in claims.sorted() {
                if claim != answer { others += 1 }
                let r = try runSudokit(["drill", "check", claim, "--id", id])
                #expect(r.status == 0, "\(id) \(claim): \(r.stdout)")
                #expect(
                    r.stdout.contains("right: that is the hidden single's whole conclusion."),
                    "\(id) \(claim): \(r.stdout)")
                #expect(!r.stdout.contains("forcing"), "\(id) \(claim): \(r.stdout)")
            }
        }
        #expect(others > 10, "the positions offer other hidden singles than the drills' answers")
    }
}
