// Offers: `SudokuLogicError`, the one error type of the SudokuLogic module: why
// a position (givens, player entries, pencil marks) cannot be read or cannot
// hold. Every case names the cell, digit or house at fault, in players' notation.

import SudokuCore

/// Why a position could not be built.
public enum SudokuLogicError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A digit twice in one house (among givens, entries or solved cells).
    case conflict(Conflict)
    /// An empty cell that has no candidate left.
    case noCandidates(Cell)
    /// A player entry on a given cell that differs from the given.
    case entryOnGiven(cell: Cell, given: Int, entry: Int)
    /// Pencil marks that leave out the digit a solved cell holds.
    case candidatesContradictValue(cell: Cell, value: Int, candidates: CandidateSet)
    /// Candidate text that does not parse; `line` is 1-based, `column` (1-based,
    /// in characters) is nil when the problem is the whole line.
    case candidateText(line: Int, column: Int?, message: String)
    /// A puzzle or entries line that does not parse (wraps the core error).
    case puzzleText(SudokuCoreError)
    /// A line of a daily pool that is not a tier and a puzzle; `line` is 1-based.
    case poolText(line: Int, message: String)
    /// A drill answer that does not parse (`r3c5=7`, `r1c2,r1c8-4`).
    case answerText(String)

    public var description: String {
        switch self {
        case let .conflict(c):
            return "digit \(c.digit) appears \(c.cells.count) times in \(c.house): "
                + c.cells.map(\.description).joined(separator: ", ")
        case let .noCandidates(cell):
            return "\(cell) has no candidate left"
        case let .entryOnGiven(cell, given, entry):
            return "\(cell) is a given \(given); the entry there says \(entry)"
        case let .candidatesContradictValue(cell, value, candidates):
            return "\(cell) holds \(value) but its candidates are \(candidates.map(String.init).joined())"
        case let .candidateText(line, column, message):
            return "\(line)" + (column.map { ":\($0)" } ?? "") + ": " + message
        case let .puzzleText(e):
            return e.description
        case let .poolText(line, message):
            return "line \(line): " + message
        case let .answerText(message):
            return message
        }
    }
}
