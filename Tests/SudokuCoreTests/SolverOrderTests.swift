// The configuration search against the cell-order search it replaced (the
// engine's `searchCells`, unchanged from before): the same counts and the same
// solutions on thousands of puzzles of each set, and the guess counter.

import TestSupport
import Testing

@testable import SudokuCore

/// Counts `grid`'s solutions up to `limit` with the cell-order search alone, and
/// the first solution it meets: what `Solver.solve` returned before.
func cellOrderSolve(_ grid: Grid, limit: Int) -> (count: Int, first: [UInt8]?, guesses: Int) {
    BandSolverTables.words.withUnsafeBufferPointer { tables in
        grid.cells.withUnsafeBufferPointer { cells in
            BandFrame.with { solutionWords in
                BandFrame.with { root in
                    var engine = BandSolver(tables: tables.baseAddress!, solution: solutionWords, limit: limit)
                    guard engine.load(cells, into: root) else { return (0, nil, 0) }
                    engine.searchCells(root)
                    return (engine.count, engine.count > 0 ? engine.solutionCells() : nil, engine.guesses)
                }
            }
        }
    }
}

/// Every `step`-th puzzle of a set, up to `count`.
private func sample(_ file: String, count: Int) throws -> [Grid]? {
    guard let puzzles = try loadPuzzleSet(file) else { return nil }
    let step = max(1, puzzles.count / count)
    return stride(from: 0, to: puzzles.count, by: step).prefix(count).map { puzzles[$0] }
}

@Suite struct SolverOrderTests {
    /// Thousands of puzzles of each set (2,000 spread over the 17-clue and the
    /// forum-hardest files, all of top1465): counts and solutions as before.
    @Test(
        .tags(.large),
        arguments: [
            ("puzzles2_17_clue", 2_000), ("puzzles3_magictour_top1465", 1_465),
            ("puzzles5_forum_hardest_1905_11+", 2_000),
        ])
    func sameCountsAndSolutionsAsTheCellOrder(file: String, count: Int) throws {
        guard let puzzles = try sample(file, count: count) else { return }
        #expect(puzzles.count == count)
        var differ: [String] = []
        var newGuesses = 0, oldGuesses = 0
        for p in puzzles {
            let old = cellOrderSolve(p, limit: 2)
            let new = Solver.solve(p, limit: 2)
            oldGuesses += old.guesses
            newGuesses += Solver.countSolutionsAndGuesses(p, limit: 2).guesses
            if new.count != old.count || new.solution?.cells != old.first { differ.append(p.lineString()) }
        }
        #expect(differ.isEmpty, "\(differ.count) differ, first: \(differ.prefix(3))")
        // The configuration search exists to guess less on the hard sets.
        if file != "puzzles2_17_clue" { #expect(newGuesses < oldGuesses, "guesses \(newGuesses) vs \(oldGuesses)") }
    }

    /// Puzzles with several solutions, and limits above 2: the count is the same
    /// and the solution returned is still the one the cell order met first.
    @Test(.tags(.large)) func severalSolutionsKeepTheCellOrdersFirst() throws {
        guard let puzzles = try sample("puzzles7_serg_benchmark", count: 1_000) else { return }
        var differ: [String] = []
        for (i, p) in puzzles.enumerated() {
            let limit = [1, 2, 3, 10][i % 4]
            let old = cellOrderSolve(p, limit: limit)
            let new = Solver.solve(p, limit: limit)
            if new.count != old.count || new.solution?.cells != old.first
                || Solver.countSolutions(p, limit: limit) != old.count
            {
                differ.append("\(limit) \(p.lineString())")
            }
        }
        #expect(differ.isEmpty, "\(differ.count) differ, first: \(differ.prefix(3))")
        // The empty grid and the carver's seeds (three diagonal boxes) too.
        for limit in [1, 2, 5] {
            let old = cellOrderSolve(Grid(), limit: limit)
            #expect(Solver.solve(Grid(), limit: limit).solution?.cells == old.first)
        }
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<50 {
            var cells = [UInt8](repeating: 0, count: 81)
            for b in [0, 4, 8] {
                let digits = Array(UInt8(1)...9).shuffled(using: &rng)
                for k in 0..<9 { cells[((b / 3) * 3 + k / 3) * 9 + (b % 3) * 3 + k % 3] = digits[k] }
            }
            let seed = try Grid(cells: cells)
            for limit in [1, 2] {
                #expect(Solver.solve(seed, limit: limit).solution?.cells == cellOrderSolve(seed, limit: limit).first)
            }
        }
    }

    @Test(.tags(.small)) func theGuessCounterCounts() throws {
        // Solved by propagation alone: no guess.
        let easy = try Grid(line: "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
        #expect(Solver.countSolutionsAndGuesses(easy) == (count: 1, guesses: 0))
        // The empty grid needs guesses; counting further needs more of them.
        let one = Solver.countSolutionsAndGuesses(Grid(), limit: 1)
        let ten = Solver.countSolutionsAndGuesses(Grid(), limit: 10)
        #expect(one.count == 1 && one.guesses > 0)
        #expect(ten.count == 10 && ten.guesses > one.guesses)
        // A hard puzzle guesses; a malformed or clashing one does not get that far.
        if let hard = try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first {
            let r = Solver.countSolutionsAndGuesses(hard)
            #expect(r.count == 1 && r.guesses > 0)
        }
        var bad = Grid()
        bad.cells[0] = 12
        #expect(Solver.countSolutionsAndGuesses(bad) == (count: 0, guesses: 0))
    }
}
