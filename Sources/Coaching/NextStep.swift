// Offers: `NextStep` and `NextStep.find`, the next step from a player's
// position, after the checks every hint makes first: a unique solution, no
// wrong entry or lost pencil mark, not yet solved; then the ladder's simplest
// step, leaving alone the cells asked (a photo's entries not read surely).
// `hint`, `render --hint` and `scan --hint` all ask it, and each tells the
// outcome in its own words.

import SudokuCore
import SudokuLogic

/// What the ladder offers a player's position: its next step, or why there is none.
public enum NextStep: Sendable {
    /// The puzzle has no solution.
    case noSolution
    /// The puzzle has more than one solution: no step can be proved.
    case severalSolutions
    /// The position contradicts the solution: its wrong entries, or (when there
    /// are none) the pencil marks that lost a digit a cell needs.
    case wrongPosition([PositionProblem])
    /// Every cell of the position is filled.
    case solved(Board)
    /// The ladder's simplest step from the position.
    case step(Step, Board)
    /// No technique of the ladder applies: the position needs trial and error.
    case needsTrialAndError(Board)
    /// Every step the ladder finds concludes about or rests on a cell to avoid.
    case onlyAvoided(Board)

    /// The position, once the checks before it passed.
    public var board: Board? {
        switch self {
        case .noSolution, .severalSolutions, .wrongPosition: return nil
        case let .solved(b), let .step(_, b), let .needsTrialAndError(b), let .onlyAvoided(b): return b
        }
    }

    /// The next step from a position of `puzzle` with the player's `entries`
    /// and pencil `marks` (81 masks; nil when the player gave none). The puzzle
    /// must have one solution (`solution`, when already known, else solved
    /// here); the position must not contradict it; then `board` builds the
    /// position (only then, so a wrong position is reported, not its board's
    /// error), and the ladder looks for a step that neither concludes about nor
    /// rests on a cell of `avoiding`.
    public static func find<E: Error>(
        puzzle: Grid, entries: Grid?, marks: [UInt16]?, solution known: Grid? = nil, avoiding: Set<Cell> = [],
        ladder: Ladder = .standard, board: () throws(E) -> Board
    ) throws(E) -> NextStep {
        let solution: Grid
        if let known {
            solution = known
        } else {
            let solved = Solver.solve(puzzle)
            guard solved.count == 1, let s = solved.solution else {
                return solved.count == 0 ? .noSolution : .severalSolutions
            }
            solution = s
        }
        let problems = PositionProblem.find(puzzle: puzzle, entries: entries, marks: marks, solution: solution)
        if !problems.isEmpty { return .wrongPosition(problems) }
        let board = try board()
        if board.isSolved { return .solved(board) }
        if let step = ladder.nextStep(board, avoiding: avoiding) { return .step(step, board) }
        if avoiding.isEmpty || ladder.nextStep(board) == nil { return .needsTrialAndError(board) }
        return .onlyAvoided(board)
    }
}
