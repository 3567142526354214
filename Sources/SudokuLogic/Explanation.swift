// Offers: `Explanation`, what the ladder makes of a whole puzzle: whether it
// has one solution, the path of steps to the end (or to where trial and error
// is needed), a summary of the techniques used, as text (one step a line) and
// as one line of JSON.

import Basics
import SudokuCore

/// The ladder's account of one puzzle.
public struct Explanation: Sendable {
    public enum Status: String, Sendable {
        /// Solved to the end by the ladder.
        case solved
        /// The ladder stopped: the rest needs trial and error.
        case needsTrialAndError = "needs-trial-and-error"
        /// The givens have no solution (or clash).
        case noSolution = "no-solution"
        /// The givens have more than one solution: there is nothing to prove.
        case severalSolutions = "several-solutions"
        /// Every cell is already filled.
        case alreadySolved = "already-solved"
    }

    public var puzzle: Grid
    public var status: Status
    /// The steps (empty unless the puzzle has one solution).
    public var steps: [Step]
    /// The unique solution, when there is one.
    public var solution: Grid?
    /// The position where the ladder stopped (for `needsTrialAndError`).
    public var finalBoard: Board?

    /// Explains `puzzle`: counts its solutions, then solves it with `ladder`.
    /// `observe` sees each step with the position it was found in (`Ladder.solve`).
    public init(puzzle: Grid, ladder: Ladder = .standard, observe: ((Board, Step) -> Void)? = nil) {
        self.puzzle = puzzle
        steps = []
        finalBoard = nil
        let result = Solver.solve(puzzle)
        solution = result.count == 1 ? result.solution : nil
        if puzzle.isFilled {
            status = puzzle.isSolved ? .alreadySolved : .noSolution
            return
        }
        // The count above is the givens' uniqueness: the board need not count again.
        guard result.count == 1, let board = try? Board(puzzle: puzzle, entries: nil, uniqueness: .proven) else {
            status = result.count == 0 ? .noSolution : .severalSolutions
            return
        }
        let path = ladder.solve(board, observe: observe)
        steps = path.steps
        status = path.status == .solved ? .solved : .needsTrialAndError
        finalBoard = path.status == .solved ? nil : path.board
    }

    /// Steps per technique, in ladder order.
    public var techniqueCounts: [(technique: Technique, count: Int)] { Technique.counts(of: steps) }

    /// The hardest technique used (latest in ladder order).
    public var hardest: Technique? { steps.map(\.technique).max() }

    /// The summary line: `solved in 52 steps; hardest: X-Wing`.
    public var summaryLine: String {
        switch status {
        case .solved:
            return "solved in \(steps.count) step\(steps.count == 1 ? "" : "s")"
                + (hardest.map { "; hardest: \($0.name)" } ?? "")
        case .needsTrialAndError:
            return "stopped after \(steps.count) step\(steps.count == 1 ? "" : "s"): needs trial and error"
                + (hardest.map { " (hardest so far: \($0.name))" } ?? "")
        case .noSolution: return "no solution"
        case .severalSolutions: return "more than one solution: nothing to explain"
        case .alreadySolved: return "already solved: nothing to explain"
        }
    }

    /// `techniques: full house 10, hidden single 30`; empty without steps.
    public var techniquesLine: String {
        guard !steps.isEmpty else { return "" }
        return "techniques: " + techniqueCounts.map { "\($0.technique.name) \($0.count)" }.joined(separator: ", ")
    }

    /// The explanation as text: one step a line, then the summary (and where it stopped).
    public var text: String {
        var lines = steps.map(\.line)
        lines.append(summaryLine)
        if !techniquesLine.isEmpty { lines.append(techniquesLine) }
        if status == .needsTrialAndError, let b = finalBoard {
            lines.append("position where it stopped:")
            lines.append(contentsOf: b.candidateGridText().split(separator: "\n").map { "  " + $0 })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line of JSON: `puzzle`, `status`, `solution`, `steps`, `techniques`
    /// (counts by identifier), `hardest`, and `position` (the 729-character
    /// candidates where the ladder stopped, or null).
    public var json: String {
        var w = JSONWriter(capacity: 1024 + 400 * steps.count)
        w.beginObject()
        w.key("puzzle")
        w.string(puzzle.lineString())
        w.key("status")
        w.string(status.rawValue)
        w.key("solution")
        if let solution { w.string(solution.lineString()) } else { w.null() }
        w.key("steps")
        w.beginArray()
        for step in steps { step.writeJSON(to: &w) }
        w.endArray()
        w.key("techniques")
        w.beginObject()
        for (technique, count) in techniqueCounts {
            w.key(text: technique.rawValue)
            w.int(count)
        }
        w.endObject()
        w.key("hardest")
        if let hardest { w.string(hardest.rawValue) } else { w.null() }
        w.key("position")
        if status == .needsTrialAndError, let finalBoard { w.string(finalBoard.candidateLine()) } else { w.null() }
        w.endObject()
        return w.text
    }
}
