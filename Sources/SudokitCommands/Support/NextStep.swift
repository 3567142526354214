// Offers: `NextStep`, what the ladder offers a player's position (its next step,
// or why there is none), after the checks `hint` makes; `render --hint` draws it.

import SudokuCore
import SudokuLogic

/// What the ladder offers a position: its next step, or why there is none.
enum NextStep {
    case step(Step)
    case none(String)

    /// The next step from the position `board` (of `puzzle`, with the player's
    /// `entries` and pencil `marks`), after the same checks as the hint: a unique
    /// solution, no wrong entry or lost mark, not yet solved, within the ladder.
    static func find(puzzle: Grid, entries: Grid?, marks: [UInt16]?, board: Board) -> NextStep {
        let solved = Solver.solve(puzzle)
        guard solved.count == 1, let solution = solved.solution else {
            return .none(solved.count == 0 ? "the puzzle has no solution" : "the puzzle has more than one solution")
        }
        let problems = PositionProblem.find(puzzle: puzzle, entries: entries, marks: marks, solution: solution)
        if !problems.isEmpty { return .none(problems.map(\.description).joined(separator: "; ")) }
        if board.isSolved { return .none("the puzzle is solved") }
        guard let step = Ladder.standard.nextStep(board) else { return .none("this position needs trial and error") }
        return .step(step)
    }
}
