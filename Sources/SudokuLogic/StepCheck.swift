// Offers: `StepCheck`, a step checked against a known solution (no placement
// differs from it, no elimination removes its digit, and the step changes the
// board), and `PathCheck`, a whole solving path checked step by step with the
// count of each technique: the verification the test suite and
// `sudokit bench explain --verify` run over large puzzle sets.

import SudokuCore

public enum StepCheck {
    /// What is wrong with `step` on `board` given the puzzle's `solution`, or nil when nothing is.
    public static func problem(with step: Step, on board: Board, solution: Grid) -> String? {
        if step.placements.isEmpty && step.eliminations.isEmpty { return "the step concludes nothing" }
        for p in step.placements {
            if board.value(at: p.cell) != nil { return "places \(p.digit) at the filled \(p.cell)" }
            let s = Int(solution[p.cell])
            if s != p.digit { return "places \(p.digit) at \(p.cell), whose solution is \(s)" }
        }
        for e in step.eliminations {
            if !board.hasCandidate(e.digit, at: e.cell) { return "removes \(e.digit) from \(e.cell), not a candidate" }
            if Int(solution[e.cell]) == e.digit { return "removes \(e.digit) from \(e.cell), its solution" }
        }
        if step.reliesOnUniqueness && board.uniqueness != .proven { return "relies on uniqueness, not proven" }
        return nil
    }
}

/// A solving path checked against the solution.
public struct PathCheck: Sendable {
    /// Steps per technique.
    public var counts: [Technique: Int] = [:]
    /// Puzzles solved to the end, and those left needing trial and error.
    public var solved = 0
    public var stuck = 0
    /// Descriptions of the wrong steps found (at most `keep`), and how many in all.
    public var problems: [String] = []
    public var problemCount = 0
    public var puzzles = 0
    public var steps = 0
    /// How many problem descriptions to keep.
    public var keep = 20

    public init() {}

    /// Solves `puzzle` with `ladder`, checking each step against the unique
    /// solution before applying it. A puzzle without a unique solution is a problem.
    public mutating func check(_ puzzle: Grid, ladder: Ladder = .standard) {
        puzzles += 1
        let result = Solver.solve(puzzle)
        guard result.count == 1, let solution = result.solution else {
            record("\(puzzle.lineString()): \(result.count == 0 ? "no solution" : "several solutions")")
            return
        }
        var board: Board
        do { board = try Board(puzzle: puzzle) } catch {
            record("\(puzzle.lineString()): \(error)")
            return
        }
        var n = 0
        while !board.isSolved, n < 1000 {
            guard let step = ladder.nextStep(board) else { break }
            n += 1
            if let p = StepCheck.problem(with: step, on: board, solution: solution) {
                record("\(puzzle.lineString()) step \(n) \(step.technique.rawValue): \(p)")
                return
            }
            counts[step.technique, default: 0] += 1
            steps += 1
            board.apply(step)
        }
        if board.isSolved { solved += 1 } else { stuck += 1 }
    }

    /// Adds another check's figures (from another worker).
    public mutating func merge(_ other: PathCheck) {
        for (t, n) in other.counts { counts[t, default: 0] += n }
        solved += other.solved
        stuck += other.stuck
        puzzles += other.puzzles
        steps += other.steps
        problemCount += other.problemCount
        problems += other.problems.prefix(max(0, keep - problems.count))
    }

    private mutating func record(_ p: String) {
        problemCount += 1
        if problems.count < keep { problems.append(p) }
    }
}
