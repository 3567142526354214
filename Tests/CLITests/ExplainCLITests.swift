// `sudokit explain` and `sudokit-lab bench explain` run as a child process: one
// step a line and a summary, JSON with each step's placements, eliminations
// and structure, statuses of puzzles the ladder cannot or need not explain,
// and the verification of every step against the unique solution over more
// than 100,000 puzzles with the release binary.

import Foundation
import TestSupport
import Testing

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
private let hard = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

@Suite(.tags(.medium)) struct ExplainCLITests {
    @Test func oneStepALineThenTheSummary() throws {
        let r = try runSudokit(["explain", puzzle])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "r1c6=8  hidden single in box 2")
        let steps = lines.prefix { $0.contains("  ") }
        #expect(steps.count == 51, "one placement per empty cell")
        for line in steps {
            // r4c2=7  hidden single in box 4: the cell, the digit the solution has there, two spaces.
            let cell = Array(line)
            let index = (Int(String(cell[1]))! - 1) * 9 + Int(String(cell[3]))! - 1
            #expect(cell[5] == Array(solution)[index], "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("solved in 51 steps; hardest: ") })
        #expect(lines.last?.hasPrefix("techniques: full house ") == true)
    }

    @Test func jsonHasEveryStepWithItsStructure() throws {
        let r = try runSudokit(
            ["explain", "--format", "jsonl", "--input-format", "dat", "-"],
            stdin: try String(
                contentsOf: packageRoot().appendingPathComponent("TestImages/newspaper/image1.dat"), encoding: .utf8))
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["status"] as? String == "solved")
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(!steps.isEmpty)
        let sol = Array(try #require(json["solution"] as? String))
        var eliminations = 0
        for s in steps {
            #expect(s["technique"] is String && s["structure"] is [String: Any] && s["text"] is String)
            for p in try #require(s["placements"] as? [[String: Int]]) {
                #expect(String(sol[(p["row"]! - 1) * 9 + p["col"]! - 1]) == String(p["digit"]!))
            }
            for e in try #require(s["eliminations"] as? [[String: Int]]) {
                #expect(String(sol[(e["row"]! - 1) * 9 + e["col"]! - 1]) != String(e["digit"]!))
                eliminations += 1
            }
        }
        #expect(eliminations > 0, "image1 needs more than singles")
        let fish = steps.first { $0["technique"] as? String == "x-wing" }
        let structure = try #require(fish?["structure"] as? [String: Any])
        #expect(structure["kind"] as? String == "fish")
        #expect(
            (structure["base"] as? [[String: Any]])?.count == 2 && (structure["cover"] as? [[String: Any]])?.count == 2)
    }

    @Test func puzzlesItCannotOrNeedNotExplain() throws {
        let empty = String(repeating: ".", count: 81)
        let clash = "55" + String(repeating: ".", count: 79)
        let r = try runSudokit(["explain", hard, solution, empty, clash])
        #expect(r.status == 1)
        #expect(r.stdout.contains("argument 1: \(hard)\n"))
        #expect(r.stdout.contains(": needs trial and error"))
        #expect(r.stdout.contains("position where it stopped:"))
        #expect(r.stdout.contains("argument 2: \(solution)\nalready solved: nothing to explain\n"))
        #expect(r.stdout.contains("more than one solution: nothing to explain"))
        #expect(r.stdout.contains("argument 4: 55\(String(repeating: ".", count: 79))\nno solution\n"))
        #expect(r.stderr.contains("argument 4: digit 5 appears 2 times in row 1: r1c1, r1c2"))
        let solved = try runSudokit(["explain", "--format", "jsonl", solution])
        #expect(solved.status == 0)
        #expect(solved.stdout.contains("\"status\":\"already-solved\"") && solved.stdout.contains("\"steps\":[]"))
    }

    @Test func severalPuzzlesFromAFileAndStandardInput() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sudokit-explain-\(UUID().uuidString).txt")
        try "# two\n\(puzzle)\n\(puzzle)\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try runSudokit(["explain", "--format", "jsonl", "--input", file.path])
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 2)
        let s = try runSudokit(["explain"], stdin: puzzle + "\n")
        #expect(s.stdout.hasPrefix("r1c6=8  hidden single in box 2\n"))
    }

    @Test func benchExplainPrintsTheMedianAndNinetiethPercentile() throws {
        let r = try runSudokitLab(
            [
                "bench", "explain", "--runs", "1", "--format", "jsonl", "--limit", "20",
                "TestImages/puzzles/puzzles3_magictour_top1465",
            ], currentDirectory: packageRoot())
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["puzzles"] as? Int == 20)
        let median = try #require(json["median_ms"] as? Double), p90 = try #require(json["p90_ms"] as? Double)
        #expect(median > 0 && p90 >= median)
        let dat = try runSudokitLab(
            ["bench", "explain", "--runs", "1", "TestImages/newspaper/image1.dat", "TestImages/newspaper/image2.dat"],
            currentDirectory: packageRoot())
        #expect(dat.stdout.hasPrefix("TestImages/newspaper/*.dat: 2 puzzles, median "))
    }

    @Test func benchExplainVerifyCountsTheStepsPerTechnique() throws {
        let r = try runSudokitLab(
            [
                "bench", "explain", "--verify", "--format", "jsonl", "--generate", "30", "--limit", "30",
                "TestImages/puzzles/puzzles2_17_clue",
            ], currentDirectory: packageRoot())
        #expect(r.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["puzzles"] as? Int == 60 && json["wrong"] as? Int == 0)
        let counts = try #require(json["techniques"] as? [String: Int])
        #expect(counts["hidden-single"]! > 0 && counts.values.reduce(0, +) == json["steps"] as? Int)
    }
}

/// Every step of the ladder against the unique solution on more than 100,000
/// puzzles: every 17-clue puzzle (49,158), top1465, the forum's hardest of 2011
/// (375), the 160 newspaper truth files, the first 10,000 of the forum's
/// hardest of 2019 and 40,000 carved from random grids (seed 13). No placement
/// may differ from the solution and no elimination may remove its digit.
///
/// It runs the release binary named by SUDOKIT_LAB_BIN (scripts/test builds it and
/// sets it; about 3 minutes with two jobs). The debug build would take an hour,
/// so without SUDOKIT_LAB_BIN the test fails and says so; the debug build's sample
/// is SudokuLogicTests/VerificationTests.
@Suite(.tags(.large)) struct LadderVerificationTests {
    @Test(.tags(.large)) func noStepOfTheLadderContradictsTheSolution() throws {
        let binary = try #require(
            ProcessInfo.processInfo.environment["SUDOKIT_LAB_BIN"],
            Comment(
                rawValue:
                    "the verification needs the release binary: run scripts/test, or set SUDOKIT_LAB_BIN=$(swift "
                    + "build -c "
                    + "release --show-bin-path)/sudokit-lab")
        )
        try #require(
            FileManager.default.isExecutableFile(atPath: binary), "SUDOKIT_LAB_BIN=\(binary) is not an executable file")
        let newspaper = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot().appendingPathComponent("TestImages/newspaper").path
        )
        .filter { $0.hasSuffix(".dat") }.sorted().map { "TestImages/newspaper/" + $0 }
        let runs = [
            [
                "--generate", "40000", "--seed", "13", "TestImages/puzzles/puzzles2_17_clue",
                "TestImages/puzzles/puzzles3_magictour_top1465",
                "TestImages/puzzles/puzzles6_forum_hardest_1106",
            ] + newspaper,
            ["--limit", "10000", "TestImages/puzzles/puzzles5_forum_hardest_1905_11+"],
        ]
        var puzzles = 0, wrong = 0, steps = 0
        var counts: [String: Int] = [:]
        for words in runs {
            let r = try runSudokitLab(
                ["bench", "explain", "--verify", "--jobs", "2", "--format", "jsonl"] + words,
                currentDirectory: packageRoot())
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any],
                "no JSON; stderr: \(r.stderr)")
            puzzles += json["puzzles"] as? Int ?? 0
            wrong += json["wrong"] as? Int ?? 1
            steps += json["steps"] as? Int ?? 0
            for (k, v) in json["techniques"] as? [String: Int] ?? [:] { counts[k, default: 0] += v }
            #expect(json["wrong"] as? Int == 0, "\(json["problems"] ?? "")")
            #expect(r.status == 0)
        }
        #expect(puzzles >= 100_000)
        #expect(wrong == 0)
        #expect(counts.values.reduce(0, +) == steps)
        print(
            "ladder verification: \(puzzles) puzzles, \(steps) steps, \(wrong) wrong; "
                + counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
}
