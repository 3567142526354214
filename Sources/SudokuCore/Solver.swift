// Offers: `Solver.solve(_:limit:)` and `Solver.countSolutions(_:limit:)`, which
// count the solutions of a grid up to a limit and return the first one found,
// and `SolveResult`.
//
// The engine (BandSolver.swift) keeps, for each digit and each band of three
// rows, a 27-bit mask of the cells that may still hold the digit. One table
// look-up per (digit, band) applies locked candidates and the row and box
// constraints of the band; rows left with one place are solved, which clears the
// cell for the other digits and the column in the other bands. Then, bit-parallel
// across the digits: naked singles, hidden singles in columns, and locked
// candidates in the stacks (the same matching table, turned by 90 degrees); and,
// bit-sliced over the 54 mini-rows and mini-columns at once, tdoku's triads (each
// holds exactly three digits). A 27-bit mask of the band words changed since each
// step last looked keeps every step to the bands and digits that changed. When
// nothing more follows, it branches on a configuration (tdoku's choice): in the
// band or stack with the fewest ways left for its nine digits, the digit with the
// fewest ways (a way: which row, or column, it takes in each of the three boxes),
// copying the 512-byte state (128 words: the band words, and what the propagation
// keeps for the choice and the triads: the configurations each band and stack
// leaves each digit, the mini-rows and mini-columns each digit reaches and is
// locked in) into a local of the next recursive call.
//
// The first solution of a grid with several is the one the earlier engine, which
// guessed on cells (a bivalue cell, else one with the fewest candidates), found
// first: callers such as `Carver` rely on it. So when the solution is wanted and
// there are several, or `limit` is 1, the cell-order search finds it; it
// propagates without the triads, as that engine did, so it meets the solutions in
// the same order.

/// How many solutions a grid has (counted up to a limit), and the first one found.
public struct SolveResult: Sendable, Hashable {
    /// 0, 1, ... ; never more than the `limit` the solver was given. `count == limit`
    /// means "at least `limit`".
    public var count: Int
    /// The first solution the search found, nil when `count == 0`. When `count > 1`
    /// it is one of several and says nothing about the others.
    public var solution: Grid?

    public init(count: Int, solution: Grid?) {
        self.count = count
        self.solution = solution
    }

    /// True when the grid has exactly one solution (needs `limit >= 2`).
    public var isUnique: Bool { count == 1 }
}

/// A sudoku solver that counts solutions.
///
/// Pure functions without shared mutable state: call from any number of tasks
/// or threads at once. A call allocates nothing on the heap except the returned
/// solution's cell array; its working state (512 bytes per level of guessing,
/// at most 81 levels) lives on the calling thread's stack. Typical cost is a few microseconds per puzzle on one core
/// (`sudokit bench solve` measures it); contradictory givens are found in the
/// first propagation pass.
public enum Solver {
    /// Counts the solutions of `grid` up to `limit` and returns the first one found.
    ///
    /// `limit` below 1 is treated as 1. Use `limit: 2` to tell "unique" from "several";
    /// the cost grows with `limit` (counting to N visits at least N solutions).
    /// A grid whose `cells` are not 81 values in 0...9 has no solution (`count == 0`).
    public static func solve(_ grid: Grid, limit: Int = 2) -> SolveResult {
        var solution: [UInt8] = []
        let count = run(grid, limit: limit, solution: &solution, wantSolution: true)
        return SolveResult(count: count, solution: count > 0 ? Grid(unchecked: solution) : nil)
    }

    /// Counts the solutions of `grid` up to `limit`, without building the solution.
    ///
    /// Same rules as `solve(_:limit:)`; allocates nothing on the heap.
    public static func countSolutions(_ grid: Grid, limit: Int = 2) -> Int {
        var unused: [UInt8] = []
        return run(grid, limit: limit, solution: &unused, wantSolution: false)
    }

    /// Counts the solutions of `grid` up to `limit` as `countSolutions` does, and
    /// the guesses the search made: branching decisions, each configuration (or,
    /// in the cell order, each digit) tried in a child frame; the last one of a
    /// branch point, taken once the others have failed, is forced and not
    /// counted, so a choice between two costs one guess. 0 for a grid solved by
    /// propagation alone.
    public static func countSolutionsAndGuesses(_ grid: Grid, limit: Int = 2) -> (count: Int, guesses: Int) {
        var unused: [UInt8] = []
        var guesses = 0
        let count = run(grid, limit: limit, solution: &unused, wantSolution: false, guesses: &guesses)
        return (count, guesses)
    }

    /// Guesses after which the configuration search hands a grid to the cell
    /// order: six times the most any puzzle of the hard sets needed before the
    /// triads (803), reached
    /// within milliseconds on a nearly empty grid.
    static let configurationBudget = 5_000

    private static func run(_ grid: Grid, limit: Int, solution: inout [UInt8], wantSolution: Bool) -> Int {
        var guesses = 0
        return run(grid, limit: limit, solution: &solution, wantSolution: wantSolution, guesses: &guesses)
    }

    private static func run(
        _ grid: Grid, limit: Int, solution: inout [UInt8], wantSolution: Bool,
        guesses: inout Int
    ) -> Int {
        guard grid.cells.count == 81 else { return 0 }
        let limit = max(1, limit)
        return BandSolverTables.words.withUnsafeBufferPointer { tables in
            grid.cells.withUnsafeBufferPointer { cells in
                BandFrame.with { solutionWords in
                    BandFrame.with { root in
                        var engine = BandSolver(tables: tables.baseAddress!, solution: solutionWords, limit: limit)
                        guard engine.load(cells, into: root) else { return 0 }
                        if wantSolution && limit == 1 {
                            engine.searchCells(root)
                            if engine.count > 0 { solution = engine.solutionCells() }
                            guesses = engine.guesses
                            return engine.count
                        }
                        BandFrame.with { copy in
                            copy.update(from: root, count: BandFrame.size)
                            engine.budget = configurationBudget
                            engine.searchConfigurations(root)
                            if engine.gaveUp {
                                // A grid the configurations wander on: the cell order, which
                                // then also gives the solution.
                                let spent = engine.guesses
                                engine = BandSolver(tables: tables.baseAddress!, solution: solutionWords, limit: limit)
                                engine.searchCells(copy)
                                engine.guesses &+= spent
                            } else if engine.count > 1 && wantSolution {
                                // Several: the solution the cell order meets first.
                                var first = BandSolver(tables: tables.baseAddress!, solution: solutionWords, limit: 1)
                                first.searchCells(copy)
                            }
                        }
                        if engine.count > 0 && wantSolution { solution = engine.solutionCells() }
                        guesses = engine.guesses
                        return engine.count
                    }
                }
            }
        }
    }
}
