// The grading: every technique in one tier and the tiers in ladder order; a
// grade is the tier of its hardest step moved up by its work, its score the
// sum of its steps' costs; grids without a grade get a status, never a tier;
// removing a rung a path did not use changes nothing (the calibration's
// shortcut); the calibration's sums hold their invariants; the generator's
// puzzles have one solution, the tier asked for, the symmetry and minimality
// asked for, and the same seed gives the same puzzles.

import Foundation
import SudokuCore
import TestSupport
import Testing

@testable import Grading
@testable import SudokuLogic

@Suite struct GradeTests {
    static let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let beyond = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

    static func newspaper() throws -> [Grid] {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot().appendingPathComponent("TestImages/newspaper").path
        )
        .filter { $0.hasSuffix(".dat") }.sorted()
        #expect(files.count == 160)
        return try files.compactMap { f in try readTextFile("TestImages/newspaper/" + f).map { try Grid(dat: $0) } }
    }

    @Test(.tags(.small)) func everyTechniqueHasOneLogicalTierAndTheTiersFollowTheLadder() {
        var last = 1
        for rung in Ladder.standard.rungs {
            for t in rung.techniques {
                let tier = Tier(of: t).number
                #expect((1...10).contains(tier))
                #expect(tier >= last, "\(t.rawValue) in tier \(tier) after a rung of tier \(last)")
                last = max(last, tier)
            }
        }
        #expect(Set(Ladder.standard.rungs.flatMap(\.techniques)) == Set(Technique.allCases))
        for tier in Tier.all {
            #expect(tier.techniques.isEmpty == (tier == .trialAndError), "\(tier)")
            #expect(!tier.name.isEmpty)
        }
        // The caps never fall from one tier to the next, and only tiers 3-10 have one.
        let caps = Tier.all.compactMap(\.cap)
        #expect(caps.count == 8 && caps == caps.sorted())
        #expect(Tier(0) == nil && Tier(12) == nil)
    }

    @Test(.tags(.small)) func aGradeIsTheHardestStepsTierWithItsScoreAndSteps() throws {
        let grid = try Grid(line: Self.easy)
        let e = Explanation(puzzle: grid)
        let g = Grade(e)
        #expect(g.status == .graded)
        #expect(g.steps == e.steps.count && g.steps == 51)
        #expect(g.score == e.steps.map(\.technique.cost).reduce(0, +))
        #expect(g.hardest == e.hardest)
        let h = try #require(g.hardest)
        #expect(g.techniqueTier == Tier(of: h))
        let k = try #require(g.hardestStep)
        #expect(e.steps[k - 1].technique == h && !e.steps[..<(k - 1)].contains { $0.technique == h })
        #expect(g.hardestLine == e.steps[k - 1].line)
        // A puzzle known to be unique grades the same without its solutions counted again.
        let u = Grade(uniquePuzzle: grid)
        #expect(u.tier == g.tier && u.score == g.score && u.steps == g.steps && u.hardest == g.hardest)
    }

    @Test(.tags(.medium)) func theNewspaperPuzzlesGradeByTheRule() throws {
        var tiers = Set<Int>()
        for p in try Self.newspaper() {
            let e = Explanation(puzzle: p)
            let g = Grade(e)
            #expect(g.status == .graded)
            let base = try #require(e.hardest.map(Tier.init(of:)))
            #expect(g.techniqueTier == base)
            #expect(g.tier == Grade.tier(base: base, score: g.score))
            #expect(g.score == e.steps.map(\.technique.cost).reduce(0, +))
            tiers.insert(try #require(g.tier).number)
        }
        #expect(tiers.count >= 3, "the newspaper puzzles are not all of one tier: \(tiers)")
    }

    @Test(.tags(.small)) func workMovesATierUpOneTierAtMost() throws {
        // The caps of tiers 3-10 (tiers 1 and 2 are singles only, which count 0).
        #expect(Tier.all.map(\.cap) == [nil, nil, 300, 520, 870, 870, 1_320, 1_610, 5_530, 13_340, nil])
        for t in [Technique.fullHouse, .hiddenSingle, .nakedSingle] { #expect(t.cost == 0) }
        #expect(Technique.allCases.filter { $0.cost == 0 } == [.fullHouse, .hiddenSingle, .nakedSingle])
        let one = try #require(Tier(1)), four = try #require(Tier(4)), nine = try #require(Tier(9))
        #expect(Grade.tier(base: one, score: 1_000_000) == one)
        #expect(Grade.tier(base: four, score: 520) == four)
        #expect(Grade.tier(base: four, score: 521).number == 5)
        // One tier at most, however far past the caps.
        #expect(Grade.tier(base: four, score: 1_000_000).number == 5)
        #expect(Grade.tier(base: nine, score: 1_000_000) == .lastLogical)
        // Forcing work past tier 10's cap is trial and error; tier 11 goes no higher.
        #expect(Grade.tier(base: .lastLogical, score: 13_340) == .lastLogical)
        #expect(Grade.tier(base: .lastLogical, score: 13_341) == .trialAndError)
        #expect(Grade.tier(base: .trialAndError, score: 1_000_000) == .trialAndError)
    }

    @Test(.tags(.small)) func gridsWithoutAGradeGetAStatusNotATier() throws {
        let solution = try #require(Solver.solve(try Grid(line: Self.easy)).solution)
        let cases: [(String, Grade.Status)] = [
            (solution.lineString(), .alreadySolved),
            (String(repeating: ".", count: 81), .severalSolutions),
            ("55" + String(repeating: ".", count: 79), .invalid),
            // Row 1 leaves r1c9 only 9, which column 9 already has: no solution, no clash.
            ("12345678." + "........9" + String(repeating: ".", count: 63), .noSolution),
        ]
        for (line, status) in cases {
            let g = Grade(puzzle: try Grid(line: line))
            #expect(g.status == status, "\(line)")
            #expect(g.tier == nil && g.techniqueTier == nil)
            #expect(g.json(techniques: false).contains("\"tier\":null"))
            #expect(g.text == g.statusText)
        }
    }

    @Test(.tags(.medium)) func aPuzzleBeyondTheLadderIsTierEleven() throws {
        let g = Grade(puzzle: try Grid(line: Self.beyond))
        #expect(g.status == .graded && g.tier == .trialAndError && g.ladderStopped)
        #expect(g.hardestID == "trial-and-error")
        #expect(g.text.contains("needs trial and error"))
    }

    @Test(.tags(.medium)) func forcingWorkPastTierTensCapIsTierEleven() throws {
        // Carved by `sudokit calibrate --count 1200 --seeds 1`: the ladder solves it,
        // with 4 forcing chains and 12 forcing nets, more work than tier 10's cap.
        let line = "2..1.7....71.8.......69......7.5....1....94....5.....2.....587..59..1.3.....4.1.."
        let g = Grade(puzzle: try Grid(line: line))
        #expect(g.status == .graded && !g.ladderStopped)
        #expect(g.techniqueTier == .lastLogical && g.tier == .trialAndError && g.movedByWork)
        let cap = try #require(Tier.lastLogical.cap)
        #expect(g.score > cap)
        #expect(g.hardestID == "digit-forcing-net")
        #expect(g.text.contains("moved up from tier 10 by the work") && !g.text.contains("needs trial and error"))
        #expect(g.json(techniques: false).contains("\"hardest\":\"digit-forcing-net\""))
    }

    @Test(.tags(.large)) func removingARungThePathDidNotUseChangesNothing() throws {
        for p in Carver.puzzles(count: 12, seed: 44) {
            let g = Grade(puzzle: p)
            let used = Set(g.techniqueCounts.compactMap { Calibration.rung(of: $0.technique) })
            for id in Ladder.standard.rungIDs where !used.contains(id) {
                let h = Grade(puzzle: p, ladder: Ladder.standard.removing(id))
                #expect(h.tier == g.tier && h.score == g.score && h.steps == g.steps, "\(id) on \(p.lineString())")
            }
        }
    }

    @Test(.tags(.medium)) func theCalibrationsSumsHoldTheirInvariants() {
        let puzzles = Carver.puzzles(count: 30, seed: 3)
        let records = puzzles.map { Calibration.measure($0) }
        let table = CalibrationTable(records)
        #expect(table.histogram.count == 30 && table.histogram.graded == 30, "carved puzzles have one solution")
        #expect(table.rows.map(\.rung) == Ladder.standard.rungIDs)
        for row in table.rows {
            #expect(row.hardest <= row.used && row.moved <= row.used && row.offLadder <= row.used, "\(row)")
        }
        #expect(table.rows.map(\.hardest).reduce(0, +) == 30, "every puzzle's hardest step is one rung's")
        #expect(table.rows[0].used == 30, "every carved puzzle ends with a full house")
        // A row's `used` is the count of records whose path used the rung.
        for row in table.rows {
            #expect(row.used == records.filter { $0.without.contains { $0.rung == row.rung } }.count)
        }
        var scores = 0
        for t in 1...11 { scores += table.scores[t].count }
        #expect(scores == 30)
    }

    @Test(.tags(.medium), arguments: [1, 3, 4, 6])
    func theGeneratorMakesTheTierAskedFor(tier: Int) throws {
        let request = Generator.Request(tier: try #require(Tier(tier)))
        var made: [Grade] = []
        for seed in Generator.attemptSeeds(seed: 5, count: 400) where made.count < 2 {
            if let g = Generator.attempt(request, seed: seed) { made.append(g) }
        }
        #expect(made.count == 2, "two tier-\(tier) puzzles in 400 attempts")
        for g in made {
            #expect(Solver.countSolutions(g.puzzle) == 1)
            #expect(Grade(puzzle: g.puzzle).tier?.number == tier)
        }
    }

    @Test(.tags(.large)) func everyTierElevenSeedGradesAtTierEleven() {
        #expect(Generator.hardSeeds.count == 375)
        for seed in Generator.hardSeeds {
            #expect(Grade(puzzle: seed).tier == .trialAndError, "\(seed.lineString())")
        }
    }

    @Test(.tags(.small)) func anIsomorphIsTheSamePuzzleRelabelledAndReordered() throws {
        var rng = SplitMix64(seed: 3)
        let puzzle = try Grid(line: Self.beyond)
        let solution = try #require(Solver.solve(puzzle).solution)
        for _ in 0..<20 {
            var twin = rng
            let p = Generator.isomorph(puzzle, using: &rng)
            // The same transformation of the solution solves the isomorph.
            let s = Generator.isomorph(solution, using: &twin)
            #expect(Solver.solve(p, limit: 2).count == 1)
            #expect(Solver.solve(p).solution == s)
            #expect(p.cells.filter { $0 != 0 }.count == puzzle.cells.filter { $0 != 0 }.count)
            // Each digit keeps its number of givens, under some relabelling.
            let counts = { (g: Grid) in (1...9).map { d in g.cells.filter { $0 == d }.count }.sorted() }
            #expect(counts(p) == counts(puzzle))
        }
    }

    @Test(.tags(.medium)) func tierElevenPuzzlesAreIsomorphsOfTheSeedsAtTierEleven() throws {
        let request = Generator.Request(tier: .trialAndError, minimal: true)
        let seeds = Generator.attemptSeeds(seed: 11, count: 20)
        let made = seeds.compactMap { Generator.attempt(request, seed: $0) }
        #expect(made.count >= 5, "minimal tier-11 puzzles in 20 attempts: \(made.count)")
        for g in made {
            #expect(g.tier == .trialAndError)
            #expect(Generator.isMinimal(g.puzzle) && Solver.countSolutions(g.puzzle, limit: 2) == 1)
        }
        #expect(Set(made.map(\.puzzle.cells)).count == made.count)
        #expect(seeds.compactMap { Generator.attempt(request, seed: $0) }.map(\.puzzle) == made.map(\.puzzle))
    }

    @Test(.tags(.medium)) func theSameSeedGivesTheSamePuzzleWithTheSymmetryAndMinimalityAskedFor() throws {
        let seeds = Generator.attemptSeeds(seed: 9, count: 300)
        #expect(seeds == Generator.attemptSeeds(seed: 9, count: 300))
        #expect(Array(seeds.dropFirst(100)) == Generator.attemptSeeds(seed: 9, skip: 100, count: 200))
        for symmetry in Symmetry.allCases {
            let request = Generator.Request(tier: try #require(Tier(2)), symmetry: symmetry)
            let first = try #require(
                seeds.lazy.compactMap { Generator.attempt(request, seed: $0) }.first, "\(symmetry)")
            #expect(symmetry.holds(for: first.puzzle), "\(symmetry): \(first.puzzle.lineString())")
            #expect(Solver.countSolutions(first.puzzle) == 1)
            let again = try #require(seeds.lazy.compactMap { Generator.attempt(request, seed: $0) }.first)
            #expect(again.puzzle == first.puzzle)
        }
        let minimal = Generator.Request(tier: try #require(Tier(1)), minimal: true)
        let m = try #require(seeds.lazy.compactMap { Generator.attempt(minimal, seed: $0) }.first)
        #expect(Generator.isMinimal(m.puzzle) && m.tier?.number == 1)
        // A puzzle with a removable given is not minimal.
        var extra = m.puzzle
        let solution = try #require(Solver.solve(m.puzzle).solution)
        let empty = try #require(extra.cells.firstIndex(of: 0))
        extra.cells[empty] = solution.cells[empty]
        #expect(!Generator.isMinimal(extra))
    }
}
