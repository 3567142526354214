// `sudokit grade`, `sudokit generate` and `sudokit-lab calibrate` run as a child
// process: grades of the newspaper truth files agree with explain's hardest
// technique, in input order with any number of workers; statuses for grids
// without a grade; the tier filter, TSV and the summary; the generator's
// puzzles have the tier asked for, the same for the same seed; the
// calibration's table holds its invariants.

import Foundation
import TestSupport
import Testing

private let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

private func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }
}

private func newspaperFiles() throws -> [String] {
    try FileManager.default.contentsOfDirectory(
        atPath: packageRoot().appendingPathComponent("TestImages/newspaper").path
    )
    .filter { $0.hasSuffix(".dat") }.sorted().map {
        packageRoot().appendingPathComponent("TestImages/newspaper/" + $0).path
    }
}

@Suite struct GradeCLITests {
    @Test(.tags(.medium)) func newspaperGradesAgreeWithExplainInInputOrderWithAnyWorkers() throws {
        let files = Array(try newspaperFiles().prefix(40))
        let one = try runSudokit(["grade", "--format", "jsonl", "--jobs", "1", "--input-format", "dat"] + files)
        let two = try runSudokit(
            ["grade", "--format", "jsonl", "--jobs", "2", "--quiet", "--input-format", "dat"] + files)
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)")
        #expect(one.stdout == two.stdout)
        let grades = try jsonLines(one.stdout)
        #expect(grades.count == files.count)
        #expect(one.stderr.contains("40 puzzles, 40 graded"), "the summary goes to stderr after jsonl")
        let explained = try jsonLines(
            try runSudokit(
                ["explain", "--format", "jsonl", "--input-format", "dat"]
                    + files.flatMap { ["--input", $0] }
            ).stdout)
        for (k, (g, e)) in zip(grades, explained).enumerated() {
            #expect((g["source"] as? String)?.hasSuffix("/" + files[k].split(separator: "/").last! + ":1") == true)
            #expect(g["puzzle"] as? String == e["puzzle"] as? String)
            #expect(g["status"] as? String == "graded")
            #expect(g["hardest"] as? String == e["hardest"] as? String)
            #expect(g["steps"] as? Int == (e["steps"] as? [Any])?.count)
            let tier = try #require(g["tier"] as? Int)
            let techniqueTier = try #require(g["technique_tier"] as? Int)
            #expect((1...10).contains(tier) && tier >= techniqueTier)
            // Singles count nothing; any other step something.
            let singles = ["full-house", "hidden-single", "naked-single"]
            let onlySingles = (e["steps"] as? [[String: Any]] ?? []).allSatisfy {
                singles.contains($0["technique"] as? String ?? "")
            }
            #expect((g["score"] as? Int == 0) == onlySingles)
            let step = try #require(g["hardest_step"] as? Int)
            let steps = try #require(e["steps"] as? [[String: Any]])
            #expect(steps[step - 1]["technique"] as? String == g["hardest"] as? String)
            #expect(g["hardest_text"] as? String == steps[step - 1]["text"] as? String)
            #expect(g["techniques"] == nil, "counts only with --techniques")
        }
    }

    @Test(.tags(.small)) func textWithTechniquesAndTheSummary() throws {
        let r = try runSudokit(["grade", "--techniques", easy, easy])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("argument 1: \(easy)  tier 1 (hidden singles): hardest hidden single at step "))
        #expect(lines[1].hasPrefix("  techniques: full house ") && lines[1].contains("hidden single "))
        #expect(r.stdout.contains("2 puzzles, 2 graded\n"))
        #expect(r.stdout.contains("\ntier  1  hidden singles") && r.stdout.contains("2    100%"))
        #expect(r.stdout.contains("\ntier 11  trial and error"))
    }

    @Test(.tags(.small)) func gridsWithoutAGradeHaveAStatusAndExitOne() throws {
        let empty = String(repeating: ".", count: 81)
        let clash = "55" + String(repeating: ".", count: 79)
        let none = "12345678." + "........9" + String(repeating: ".", count: 63)
        let r = try runSudokit(["grade", "--format", "jsonl", solution, empty, clash, none, easy])
        #expect(r.status == 1)
        let g = try jsonLines(r.stdout)
        #expect(
            g.map { $0["status"] as? String } == [
                "already-solved", "several-solutions", "invalid", "no-solution", "graded",
            ])
        for x in g.prefix(4) {
            #expect(x["tier"] is NSNull && x["hardest"] is NSNull && x["score"] is NSNull && x["steps"] is NSNull)
        }
        #expect(r.stderr.contains("argument 3: digit 5 appears 2 times in row 1"))
        let text = try runSudokit(["grade", solution, empty])
        #expect(text.stdout.contains("argument 1: \(solution)  already solved: nothing to grade\n"))
        #expect(text.stdout.contains("  more than one solution: not graded\n"))
        #expect(text.stdout.contains("already-solved: 1\nseveral-solutions: 1\n"))
    }

    @Test(.tags(.medium)) func theTierFilterAndTSV() throws {
        let files = Array(try newspaperFiles().prefix(60))
        let all = try runSudokit(["grade", "--format", "tsv", "--quiet", "--input-format", "dat"] + files)
        let rows = all.stdout.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(
            rows[0] == [
                "source", "puzzle", "status", "tier", "technique_tier", "hardest", "hardest_step", "score", "steps",
                "rating", "predicted_seconds",
            ])
        #expect(rows.count == files.count + 1)
        let tiers = rows.dropFirst().map { Int($0[3])! }
        let low = tiers.filter { $0 <= 2 }.count
        #expect(low > 0 && low < files.count, "the sample has puzzles on both sides of tier 2")
        let filtered = try runSudokit(["grade", "--format", "tsv", "--tier", "1-2", "--input-format", "dat"] + files)
        let kept = filtered.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: "\t").map(String.init) }
        #expect(kept.count == low && kept.allSatisfy { Int($0[3])! <= 2 })
        #expect(filtered.stderr.contains("printed \(low) of \(files.count) (tiers 1-2)"))
        #expect(
            filtered.stderr.contains("\(files.count) puzzles, \(files.count) graded"), "the summary counts every puzzle"
        )
    }

    @Test(.tags(.medium)) func progressGoesToStandardError() throws {
        let many = Array(repeating: easy, count: 1_200).joined(separator: "\n") + "\n"
        let r = try runSudokit(["grade", "--format", "tsv", "-"], stdin: many)
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 1_201, "a header and a row per puzzle, nothing else")
        // A line every 1000 puzzles or 5 s, whichever comes first.
        #expect(
            r.stderr.split(separator: "\n").contains { $0.hasPrefix("grade: ") && $0.contains("/1200 puzzles, ") },
            "\(r.stderr)")
        #expect(r.stderr.contains("1200 puzzles, 1200 graded"))
        let quiet = try runSudokit(["grade", "--format", "tsv", "--quiet", "-"], stdin: many)
        #expect(quiet.stderr.isEmpty && quiet.stdout == r.stdout)
    }

    @Test(.tags(.small)) func helpAndUsageErrors() throws {
        let help = try runSudokit(["grade", "--help"])
        #expect(
            help.status == 0 && help.stdout.hasPrefix("OVERVIEW: ") && help.stdout.contains("EXIT STATUS:")
                && help.stdout.contains("EXAMPLES:"))
        for args in [
            ["grade", "--tier", "0-3", easy], ["grade", "--tier", "5-2", easy], ["grade", "--format", "yaml", easy],
            ["generate"], ["generate", "--tier", "12"], ["daily", "--date", "2026-02-30"],
        ] {
            let r = try runSudokit(args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.hasPrefix("Error: "), "\(args)")
        }
        let seeds = try runSudokitLab(["calibrate", "--seeds", "1,1"])
        #expect(seeds.status == 64 && seeds.stderr.hasPrefix("Error: "), "\(seeds.stderr)")
        for (tool, command) in [("sudokit", "generate"), ("sudokit-lab", "calibrate"), ("sudokit", "daily")] {
            let h = try run(tool: tool, [command, "--help"])
            #expect(h.status == 0 && h.stdout.hasPrefix("OVERVIEW: ") && h.stdout.contains("EXAMPLES:"), "\(command)")
        }
        let general = try runSudokit(["--help"])
        for command in ["grade", "generate", "daily"] { #expect(general.stdout.contains("\n  \(command) ")) }
        #expect(try runSudokitLab(["--help"]).stdout.contains("\n  calibrate "))
    }

    @Test(.tags(.medium)) func generatedPuzzlesHaveTheTierAskedForAndRepeatWithTheSeed() throws {
        let a = try runSudokit(["generate", "--tier", "3", "--count", "3", "--seed", "11", "--jobs", "1"])
        let b = try runSudokit(["generate", "--tier", "3", "--count", "3", "--seed", "11", "--jobs", "2"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout, "the same seed gives the same puzzles with any number of workers")
        #expect(a.stderr.contains("note: 3 tier-3 puzzles in "))
        let puzzles = a.stdout.split(separator: "\n").map(String.init)
        #expect(puzzles.count == 3 && Set(puzzles).count == 3)
        let other = try runSudokit(["generate", "--tier", "3", "--count", "3", "--seed", "12"])
        #expect(other.stdout != a.stdout)
        let graded = try jsonLines(try runSudokit(["grade", "--format", "jsonl"] + puzzles).stdout)
        #expect(graded.map { $0["tier"] as? Int } == [3, 3, 3])
        let count = try runSudokit(["solve", "--count"] + puzzles)
        #expect(count.stdout == "1\n1\n1\n")
        let sym = try runSudokit([
            "generate", "--tier", "2", "--symmetry", "rotational", "--format", "jsonl", "--seed", "4",
        ])
        let p = Array(try #require(try jsonLines(sym.stdout).first?["puzzle"] as? String))
        #expect(p.count == 81 && (0..<81).allSatisfy { (p[$0] == ".") == (p[80 - $0] == ".") })
    }

    @Test(.tags(.small)) func aBudgetThatRunsOutSaysSo() throws {
        // No bundled tier-11 seed is mirrored, so no tier-11 puzzle can be.
        let r = try runSudokit(["generate", "--tier", "11", "--symmetry", "mirror", "--budget", "30", "--seed", "1"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr.contains(
                "Error: no tier-11 puzzle in 30 attempts in a row (seed 1): tier 11 comes from the bundled seeds"))
    }

    @Test(.tags(.small)) func tierElevenPuzzlesAreMadeAndGradeAtTierEleven() throws {
        let r = try runSudokit(["generate", "--tier", "11", "--count", "3", "--seed", "5", "--minimal"])
        #expect(r.status == 0, "\(r.stderr)")
        let puzzles = r.stdout.split(separator: "\n").map(String.init)
        #expect(puzzles.count == 3 && Set(puzzles).count == 3)
        let graded = try runSudokit(["grade", "--format", "jsonl"] + puzzles)
        #expect(try jsonLines(graded.stdout).map { $0["tier"] as? Int } == [11, 11, 11])
        #expect(
            try runSudokit(["generate", "--tier", "11", "--count", "3", "--seed", "5", "--minimal"]).stdout == r.stdout)
    }

    @Test(.tags(.medium)) func aSmallCalibrationHoldsItsInvariants() throws {
        // 100 puzzles: 50 under each of two seeds.
        let r = try runSudokitLab(["calibrate", "--count", "50", "--seeds", "1,2", "--format", "json", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["seeds"] as? [Int] == [1, 2] && json["count"] as? Int == 50)
        let rungs = try #require(json["rungs"] as? [[String: Any]])
        #expect(rungs.count == 47)
        #expect(rungs.first?["rung"] as? String == "full-house" && rungs.last?["rung"] as? String == "forcing-nets")
        var hardest = [0, 0]
        var lastTier = 1
        for row in rungs {
            let used = try #require(row["used"] as? [Int]), moved = try #require(row["moved"] as? [Int])
            let need = try #require(row["need"] as? [Int]), h = try #require(row["hardest"] as? [Int])
            for s in 0..<2 {
                #expect(moved[s] <= used[s] && need[s] <= used[s] && h[s] <= used[s] && used[s] <= 50)
                hardest[s] += h[s]
            }
            let tier = try #require(row["tier"] as? Int)
            #expect(tier >= lastTier)
            lastTier = tier
        }
        #expect(hardest == [50, 50], "each puzzle's hardest step belongs to one rung")
        #expect((rungs[0]["used"] as? [Int]) == [50, 50])
        let tiers = try #require(json["tiers"] as? [[String: Any]])
        let perSeed = tiers.map { $0["puzzles"] as? [Int] ?? [] }
        #expect(perSeed.map { $0[0] }.reduce(0, +) == 50 && perSeed.map { $0[1] }.reduce(0, +) == 50)
        // The scores' percentiles never fall: median <= p95 <= max, per tier.
        for t in tiers {
            if let m = t["score_median"] as? Int, let p = t["score_p95"] as? Int, let x = t["score_max"] as? Int {
                #expect(m <= p && p <= x, "\(t)")
            }
        }
        let statuses = try #require(json["statuses"] as? [String: [Int]])
        #expect(statuses["graded"] == [50, 50], "carved puzzles all have one solution")
        // The tier-11 puzzles listed are as many as the tier histogram counts.
        let eleven = try #require(json["tier_11"] as? [[String: Any]])
        #expect(eleven.count == perSeed[10].reduce(0, +))
    }
}

@Suite(.tags(.medium)) struct ScanGradeCLITests {
    /// A solved newspaper photo: --grade adds the tier `grade` gives its truth file,
    /// and --explain the ladder's steps, in text after the board and in JSON.
    @Test(.tags(.medium)) func scanGradeAndExplainOfASolvedPhoto() throws {
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let truth = packageRoot().appendingPathComponent("TestImages/newspaper/image1.dat").path
        let graded = try #require(
            try jsonLines(
                try runSudokit(["grade", "--format", "jsonl", "--techniques", "--input-format", "dat", truth]).stdout
            ).first)
        let r = try runSudokit(["scan", "--grade", "--explain", "--format", "jsonl", photo])
        #expect(r.status == 0, "\(r.stderr)")
        let record = try #require(try jsonLines(r.stdout).first)
        #expect(record["status"] as? String == "solved")
        #expect(record["puzzle"] as? String == graded["puzzle"] as? String, "the photo reads as its truth file")
        let grade = try #require(record["grade"] as? [String: Any])
        for key in ["tier", "technique_tier", "hardest", "hardest_step", "score", "steps"] {
            #expect((grade[key] as? NSObject) == (graded[key] as? NSObject), "\(key)")
        }
        #expect((grade["techniques"] as? [String: Int]) == (graded["techniques"] as? [String: Int]))
        let explanation = try #require(record["explanation"] as? [String: Any])
        #expect((explanation["steps"] as? [Any])?.count == graded["steps"] as? Int)
        let text = try runSudokit(["scan", "--grade", "--explain", photo])
        let tier = try #require(graded["tier"] as? Int)
        #expect(text.stdout.contains("  status: solved (exactly one solution)\n  grade: tier \(tier) ("))
        #expect(text.stdout.contains("\n  techniques: full house "))
        #expect(text.stdout.contains("\n  explanation:\n    r") && text.stdout.contains("\n    solved in "))
        let plain = try runSudokit(["scan", "--format", "jsonl", photo])
        #expect(!plain.stdout.contains("\"grade\"") && !plain.stdout.contains("\"explanation\""))
    }
}

@Suite struct DailyCLITests {
    @Test(.tags(.small)) func theDaysPuzzleIsTheSameEveryRunAndComesFromThePool() throws {
        let pool = try #require(readTextFile("Sources/Grading/Resources/daily-pool.txt"))
        let lines = pool.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let a = try runSudokit(["daily", "--date", "2027-01-03", "--format", "json"])
        let b = try runSudokit(["daily", "--date", "2027-01-03", "--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
        #expect(json["weekday"] as? String == "Sunday" && json["tier"] as? Int == 7)
        let puzzle = try #require(json["puzzle"] as? String)
        let index = try #require(json["index"] as? Int)
        #expect(lines.filter { $0.hasPrefix("7 ") }[index] == "7 " + puzzle[...])
        let graded = try #require(try jsonLines(try runSudokit(["grade", "--format", "jsonl", puzzle]).stdout).first)
        #expect(graded["tier"] as? Int == 7 && graded["score"] as? Int == json["score"] as? Int)
        let text = try runSudokit(["daily", "--date", "2027-01-03"])
        #expect(
            text.stdout.hasPrefix(
                "2027-01-03 (Sunday): tier 7, wings, swordfish and colouring; puzzle \(index + 1) of 530\n\(puzzle)\n"))
        let monday = try runSudokit(["daily", "--date", "2027-01-04", "--format", "json"])
        #expect(monday.stdout.contains("\"weekday\":\"Monday\",\"tier\":1,"))
        let other = try runSudokit(["daily", "--date", "2027-01-03", "--tier", "3", "--format", "json"])
        #expect(other.status == 0 && other.stdout.contains("\"tier\":3,"))
        let missing = try runSudokit(["daily", "--tier", "9"])
        #expect(missing.status == 64 && missing.stderr.contains("Error: the daily pool has no tier-9 puzzle"))
        let today = try runSudokit(["daily", "--format", "json"])
        #expect(today.status == 0 && today.stdout.contains("\"puzzle\":\""))
    }
}
