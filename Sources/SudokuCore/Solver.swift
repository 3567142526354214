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
// candidates in the stacks (the same matching table, turned by 90 degrees). When
// nothing more follows, it guesses on a bivalue cell (else one with the fewest
// candidates), copying the 256-byte state into a local of the next recursive call.

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
/// solution's cell array; its working state (256 bytes per level of guessing,
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

    private static func run(_ grid: Grid, limit: Int, solution: inout [UInt8], wantSolution: Bool) -> Int {
        guard grid.cells.count == 81 else { return 0 }
        return BandSolverTables.words.withUnsafeBufferPointer { tables in
            grid.cells.withUnsafeBufferPointer { cells in
                BandFrame.with { solutionWords in
                    BandFrame.with { root in
                        var engine = BandSolver(tables: tables.baseAddress!, solution: solutionWords, limit: max(1, limit))
                        guard engine.load(cells, into: root) else { return 0 }
                        engine.search(root)
                        if engine.count > 0 && wantSolution { solution = engine.solutionCells() }
                        return engine.count
                    }
                }
            }
        }
    }
}
