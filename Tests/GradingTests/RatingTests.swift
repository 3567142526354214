// The rating: it orders clearly different puzzles as their difficulty does,
// its predicted time lies in its range, grids without a logical path have none;
// the path it reads counts the singles open at each step; Spearman's ranks
// average ties; and the committed model (RatingModel.generated.swift) is what
// the fit on the committed times (TestImages/difficulty) produces, with the
// held-out figures the docs report.

import Foundation
import SudokuCore
import TestSupport
import Testing

@testable import Grading
@testable import SudokuLogic

@Suite struct RatingTests {
    /// A newspaper's easy puzzle, tier 1; a tier-6 puzzle (empty rectangle); a tier-10 one (forcing nets).
    static let ordered = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "......83.9...5....52.831....3..2.4...7...4.1......95..2.1.6....7......4..5......2",
        "..42...35.8...67......31........5.6.67............958.2...6...........4.3..94...2",
    ]

    @Test(.tags(.small)) func theRatingOrdersClearlyDifferentPuzzles() throws {
        let ratings = try Self.ordered.map { try #require(Grade(puzzle: try Grid(line: $0)).rating) }
        for (a, b) in zip(ratings, ratings.dropFirst()) {
            #expect(a.value < b.value, "\(a.value) then \(b.value)")
            #expect(a.predictedSeconds < b.predictedSeconds)
        }
        for r in ratings {
            #expect(r.lowSeconds < r.predictedSeconds && r.predictedSeconds < r.highSeconds)
            #expect(abs(r.value - (1 + log2(r.predictedSeconds / 60))) < 1e-9)
        }
    }

    @Test(.tags(.small)) func countingOnTheWayRatesAsReplayingThePath() throws {
        for line in Self.ordered + [GradeTests.beyond] {
            let puzzle = try Grid(line: line)
            let replayed = Grade(puzzle: puzzle), counted = Grade(puzzle: puzzle, rated: true)
            #expect(counted.rating?.value == replayed.rating?.value, "\(line)")
            #expect(counted.rating?.predictedSeconds == replayed.rating?.predictedSeconds)
            #expect(counted.tier == replayed.tier && counted.score == replayed.score)
        }
    }

    @Test(.tags(.small)) func gridsWithoutALogicalPathHaveNoRating() throws {
        // The ladder stops on the forum's hardest: tier 11, no rating.
        let beyond = Grade(puzzle: try Grid(line: GradeTests.beyond))
        #expect(beyond.tier == .trialAndError && beyond.ladderStopped && beyond.rating == nil)
        let solved = Grade(puzzle: try Grid(line: String(repeating: "123456789", count: 9)))
        #expect(solved.rating == nil)
        let several = Grade(puzzle: try Grid(line: String(repeating: ".", count: 81)))
        #expect(several.status == .severalSolutions && several.rating == nil)
    }

    @Test(.tags(.small)) func thePathCountsTheSinglesOpenAtEachStep() throws {
        let puzzle = try Grid(line: Self.ordered[0])
        let e = Explanation(puzzle: puzzle)
        let path = RatingPath(puzzle: puzzle, steps: e.steps)
        #expect(path.emptyCells == 51 && path.moments.count == e.steps.count)
        for (k, m) in path.moments.enumerated() {
            #expect(m.emptyCells == 51 - k, "one placement a step")
            // The ladder's step is one of those open; a box's hidden single is taken when there is one.
            #expect(m.openSingles > 0)
            if m.boxSingles > 0 { #expect(m.technique == .fullHouse || m.technique == .hiddenSingle) }
        }
        // Every position of the three paths, counted by hand over the houses.
        for line in Self.ordered {
            let puzzle = try Grid(line: line)
            let steps = Explanation(puzzle: puzzle).steps
            let path = RatingPath(puzzle: puzzle, steps: steps)
            var board = try Board(puzzle: puzzle)
            for (k, step) in steps.enumerated() {
                let (box, line, naked) = Self.openSingles(on: board)
                let m = path.moments[k]
                #expect(
                    m.boxSingles == box && m.lineSingles == line && m.nakedSingles == naked,
                    "step \(k + 1): \(m) against \(box) \(line) \(naked)")
                board.apply(step)
            }
        }
    }

    /// The singles open on `board`, house by house: cells a box's hidden single
    /// fills, those only a row's or column's fills, and naked singles none fills.
    static func openSingles(on board: Board) -> (box: Int, line: Int, naked: Int) {
        var box = Set<Int>(), line = Set<Int>(), naked = Set<Int>()
        for (h, house) in House.all.enumerated() {
            for d in 1...9 {
                let places = house.cells.filter { board.hasCandidate(d, at: $0) }
                if places.count == 1 {
                    if h >= 18 { box.insert(places[0].index) } else { line.insert(places[0].index) }
                }
            }
        }
        for c in Cell.all where board.candidates(at: c).count == 1 { naked.insert(c.index) }
        line.subtract(box)
        naked.subtract(box.union(line))
        return (box.count, line.count, naked.count)
    }

    @Test(.tags(.small)) func spearmanAveragesTiedRanks() {
        #expect(Spearman.ranks([10, 20, 20, 5]) == [2, 3.5, 3.5, 1])
        #expect(abs(Spearman.correlation([1, 2, 3, 4], [10, 30, 20, 40]) - 0.8) < 1e-12)
        #expect(abs(Spearman.correlation([1, 2, 3], [3, 2, 1]) + 1) < 1e-12)
    }

    @Test(.tags(.small)) func aBadTimesFileNamesItsLine() {
        #expect(throws: RatingFit.ReadError.self) { try TimedPuzzle.parse(tsv: "id\tpuzzle\n") }
        do {
            _ = try TimedPuzzle.parse(tsv: "id\tpuzzle\tplayers\tmean_seconds\n1\t123\t10\t300\n")
            Issue.record("a short puzzle was read")
        } catch {
            #expect(error.line == 2)
        }
    }

    /// The fit on the committed times: the committed model is its output, and
    /// its held-out figures are those docs/design/grading.md reports.
    @Test(.tags(.large)) func theCommittedModelIsTheFitOfTheCommittedTimes() throws {
        let text = try #require(readTextFile("TestImages/difficulty/human-times.tsv"))
        let samples = try TimedPuzzle.parse(tsv: text)
        #expect(samples.count == 800)
        let fit = RatingFit(samples: samples, workers: 2)
        let committed = try #require(readTextFile("Sources/Grading/RatingModel.generated.swift"))
        #expect(fit.swiftSource == committed, "run scripts/fit-rating and commit its output")
        let all = fit.spearman(fit.heldOut), many = fit.spearman(fit.heldOut, players: 20)
        #expect(all > 0.65 && many > 0.75, "held-out Spearman \(all), \(many) with 20+ players")
        #expect(all > fit.spearman(fit.tiers.map(Double.init)) && all > fit.spearman(fit.emptyCells.map(Double.init)))
    }

    @Test(.tags(.medium)) func theGeneratorKeepsOnlyPuzzlesPredictedInTheMinutesAskedFor() {
        let request = Generator.Request(tier: Tier(1)!, minutes: 4...6)
        var made = 0
        for seed in Generator.attemptSeeds(seed: 3, count: 60) {
            guard let g = Generator.attempt(request, seed: seed) else { continue }
            made += 1
            let minutes = (g.rating?.predictedSeconds ?? 0) / 60
            #expect(g.tier == Tier(1) && (4...6).contains(minutes), "\(minutes) minutes")
        }
        #expect(made > 0, "some tier-1 puzzle of 4-6 minutes in 60 attempts")
    }
}
