// The solver against the puzzle sets in TestImages/puzzles, a reference
// backtracker, and from many tasks at once.

import TestSupport
import Testing

@testable import SudokuCore

@Suite struct SolverTests {
    /// Every 17-clue puzzle (all 49,158: the debug build solves them in a few
    /// seconds, so the test takes the full file, not a sample) has exactly one
    /// solution, which is a valid grid and keeps every given.
    @Test(.tags(.large)) func every17CluePuzzleHasOneSolutionThatExtendsIt() throws {
        guard let puzzles = try loadPuzzleSet("puzzles2_17_clue") else { return }
        #expect(puzzles.count == 49_158)
        var failures: [String] = []
        for p in puzzles {
            let r = Solver.solve(p)
            guard r.count == 1, let s = r.solution, isValidSolution(s.cells), s.extends(p) else {
                failures.append("\(p.lineString()): count \(r.count), solution \(r.solution?.lineString() ?? "none")")
                continue
            }
        }
        #expect(failures.isEmpty, "\(failures.count) puzzles wrong, first: \(failures.prefix(3))")
    }

    /// The hard sets too (each puzzle exactly one solution, per their source).
    @Test(.tags(.large), arguments: ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"])
    func everyHardPuzzleHasOneSolution(file: String) throws {
        guard let puzzles = try loadPuzzleSet(file) else { return }
        let wrong = puzzles.filter { p in
            let r = Solver.solve(p)
            return !(r.count == 1 && r.solution.map { isValidSolution($0.cells) && $0.extends(p) } == true)
        }
        #expect(!puzzles.isEmpty)
        #expect(wrong.isEmpty, "first wrong: \(wrong.prefix(3).map { $0.lineString() })")
    }

    /// Serg's benchmark is made of puzzles with several solutions, on purpose.
    @Test(.tags(.large)) func everySergPuzzleHasSeveralSolutions() throws {
        guard let puzzles = try loadPuzzleSet("puzzles7_serg_benchmark") else { return }
        #expect(puzzles.count == 10_000)
        let notSeveral = puzzles.filter { Solver.countSolutions($0) != 2 }
        #expect(notSeveral.isEmpty, "first: \(notSeveral.prefix(3).map { $0.lineString() })")
        // With several solutions the one returned is still a solution of the puzzle.
        for p in puzzles.prefix(200) {
            let r = Solver.solve(p)
            #expect(r.count == 2 && r.solution.map { isValidSolution($0.cells) && $0.extends(p) } == true)
        }
    }

    /// Seeded corruptions of real puzzles (a given changed, removed or added)
    /// agree with the reference backtracker: the count up to 2, and the solution
    /// when it is unique. The puzzles are 17-clue puzzles and denser ones cut
    /// from their solutions; a changed or added given is only applied to the
    /// denser ones, because proving that a corrupted 17-clue puzzle has no
    /// solution takes the plain backtracker minutes.
    @Test(.tags(.large), arguments: [UInt64(1), 2, 3, 4])
    func corruptedPuzzlesAgreeWithTheReference(seed: UInt64) throws {
        guard let puzzles = try loadPuzzleSet("puzzles2_17_clue") else { return }
        var rng = SeededGenerator(seed: seed)
        var tallies = [0, 0, 0]
        for _ in 0..<120 {
            var cells = puzzles.randomElement(using: &rng)!.cells
            let kind = Int.random(in: 0..<3, using: &rng)
            if kind != 1 || Bool.random(using: &rng) {
                // A denser puzzle: the solution with 28...45 random cells kept.
                let solution = Solver.solve(Grid(unchecked: cells)).solution!.cells
                let keep = Set((0..<81).shuffled(using: &rng).prefix(Int.random(in: 28...45, using: &rng)))
                cells = (0..<81).map { keep.contains($0) ? solution[$0] : 0 }
            }
            let givens = (0..<81).filter { cells[$0] != 0 }
            let empties = (0..<81).filter { cells[$0] == 0 }
            switch kind {
            case 0:  // change a given
                let i = givens.randomElement(using: &rng)!
                cells[i] = UInt8((Int(cells[i]) + Int.random(in: 0..<8, using: &rng)) % 9 + 1)
            case 1:  // remove a given
                cells[givens.randomElement(using: &rng)!] = 0
            default:  // add a given
                cells[empties.randomElement(using: &rng)!] = UInt8.random(in: 1...9, using: &rng)
            }
            let expected = referenceSolve(cells)
            let got = Solver.solve(try Grid(cells: cells))
            #expect(got.count == expected.count, "\(Grid(unchecked: cells).lineString())")
            if expected.count == 1 {
                #expect(got.solution?.cells == expected.first, "\(Grid(unchecked: cells).lineString())")
            }
            if got.count > 0, let s = got.solution {
                #expect(isValidSolution(s.cells) && s.extends(Grid(unchecked: cells)))
            } else {
                #expect(got.solution == nil)
            }
            tallies[min(expected.count, 2)] += 1
        }
        // The corruptions must exercise all three outcomes, or the test proves little.
        #expect(tallies.allSatisfy { $0 > 0 }, "outcomes 0/1/2+: \(tallies)")
    }

    @Test(.tags(.small)) func clashingGivensHaveNoSolution() throws {
        var g = Grid()
        g[row: 0, col: 0] = 5
        g[row: 0, col: 8] = 5  // same row
        #expect(Solver.solve(g).count == 0)
        #expect(Solver.solve(g).solution == nil)
        var h = Grid()
        h[row: 0, col: 4] = 7
        h[row: 8, col: 4] = 7  // same column, different bands
        #expect(Solver.countSolutions(h) == 0)
        var k = Grid()
        k[row: 3, col: 3] = 2
        k[row: 5, col: 5] = 2  // same box
        #expect(Solver.countSolutions(k) == 0)
    }

    /// A cell that no digit fits (without any direct clash) has no solution.
    @Test(.tags(.small)) func aCellWithoutCandidatesHasNoSolution() throws {
        var g = Grid()
        for c in 1..<9 { g[row: 0, col: c] = UInt8(c) }  // r1c1 must be 9
        g[row: 5, col: 0] = 9  // but column 1 already has 9
        #expect(g.conflicts().isEmpty)
        #expect(Solver.countSolutions(g) == 0)
    }

    @Test(.tags(.small), arguments: [1, 2, 3, 10, 100])
    func countIsCappedAtTheLimit(limit: Int) {
        #expect(Solver.solve(Grid(), limit: limit).count == limit)
        #expect(Solver.countSolutions(Grid(), limit: limit) == limit)
    }

    @Test(.tags(.small)) func limitBelowOneCountsToOne() {
        #expect(Solver.solve(Grid(), limit: 0).count == 1)
        #expect(Solver.solve(Grid(), limit: -5).count == 1)
    }

    /// A puzzle with exactly 4 solutions (a deadly pattern twice over) is counted exactly.
    @Test(.tags(.small)) func countsSolutionsExactlyBelowTheLimit() throws {
        let solution = try #require(Solver.solve(Grid()).solution)
        // Remove cells until there are between 3 and 20 solutions, then compare with the reference.
        var rng = SeededGenerator(seed: 42)
        var cells = solution.cells
        for i in (0..<81).shuffled(using: &rng) {
            let saved = cells[i]
            cells[i] = 0
            let n = referenceSolve(cells, limit: 21).count
            if n > 20 {
                cells[i] = saved
                continue
            }
            if n >= 3 { break }
        }
        let expected = referenceSolve(cells, limit: 21).count
        #expect((3...20).contains(expected))
        #expect(Solver.countSolutions(try Grid(cells: cells), limit: 100) == expected)
    }

    @Test(.tags(.small)) func aFullValidGridIsItsOwnUniqueSolution() throws {
        let solution = try #require(Solver.solve(Grid()).solution)
        #expect(isValidSolution(solution.cells))
        let again = Solver.solve(solution)
        #expect(again.count == 1 && again.solution == solution)
    }

    @Test(.tags(.small)) func malformedCellsHaveNoSolution() {
        var g = Grid()
        g.cells[3] = 12
        #expect(Solver.solve(g).count == 0)
        g.cells = [1, 2, 3]
        #expect(Solver.solve(g).count == 0)
    }

    /// Many tasks solving at once get the same answers as one task alone.
    @Test(.tags(.medium)) func concurrentCallsAgreeWithSequentialOnes() async throws {
        guard let puzzles = try loadPuzzleSet("puzzles3_magictour_top1465") else { return }
        let sample = Array(puzzles.prefix(400))
        let sequential = sample.map { Solver.solve($0) }
        let concurrent = await withTaskGroup(of: (Int, SolveResult).self) { group in
            for (i, p) in sample.enumerated() { group.addTask { (i, Solver.solve(p)) } }
            var results = [SolveResult?](repeating: nil, count: sample.count)
            for await (i, r) in group { results[i] = r }
            return results
        }
        #expect(concurrent == sequential)
    }
}
