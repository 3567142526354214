// Offers: `PlayerHint`, the player's next move from a solved photo: the wrong
// entries to erase, the doubtful entries that clash (possible mistakes), then
// the ladder's next step from the position, or why there is none.
//
// The position holds the givens and the entries read surely and right. An
// entry not read surely is left out of it, as a wrong one is, but its cell
// holds ink: no step that concludes about it or rests on it is offered, so a
// hint never calls it empty. When those cells are all the position lacks,
// the grid is full, and the note says so.

import SudokuCore
import SudokuLogic

/// What `scan --hint` tells the player of a solved photo.
public struct PlayerHint: Sendable {
    /// The entries read surely that the solution contradicts: the step is
    /// looked for in the position without them.
    public var problems: [PositionProblem]
    /// The doubtful entries that clash with a given or another entry.
    public var possibleMistakes: [PossibleMistake]
    /// The ladder's simplest step that leaves the doubtful entries' cells alone.
    public var step: Step?
    /// Why there is no step.
    public var note: String?

    /// The hint of `result`; nil unless its status is `solved`.
    public init?(_ result: ScanResult, ladder: Ladder = .standard) {
        guard result.status == .solved, let puzzle = result.puzzle, let solution = result.solution else { return nil }
        var entries = result.entries.count == 81 ? result.entries : [UInt8](repeating: 0, count: 81)
        let doubtful = result.doubtfulEntries.filter { entries[$0.index] != 0 }
        for c in result.doubtfulEntries { entries[c.index] = 0 }
        problems = (try? Grid(cells: entries)).map {
            PositionProblem.find(puzzle: puzzle, entries: $0, marks: nil, solution: solution)
        } ?? []
        possibleMistakes = result.possibleMistakes
        for p in problems { entries[p.cell.index] = 0 }
        guard let position = try? Grid(cells: entries), let board = try? Board(puzzle: puzzle, entries: position) else {
            note = "the position cannot be built"
            return
        }
        if board.isSolved {
            note = "the puzzle is solved: no hint needed"
            return
        }
        if let found = ladder.nextStep(board, avoiding: Set(doubtful)) {
            step = found
            return
        }
        let inDoubt = Set(doubtful.map(\.index))
        let names = { (cells: [Cell]) in spokenList(cells.map(\.description)) }
        if board.unsolved.allSatisfy({ inDoubt.contains($0) }) {
            let unlike = doubtful.filter { result.entries[$0.index] != solution[$0] }
            if unlike.isEmpty {
                let digits = spokenList(doubtful.map { String(result.entries[$0.index]) })
                note = "every cell is filled: the puzzle is solved if \(names(doubtful)) "
                    + (doubtful.count == 1 ? "holds the \(digits) it seems to" : "hold the \(digits) they seem to")
                    + " (not read surely)"
            } else {
                note = "every cell is filled: check \(names(unlike)), not read surely"
            }
        } else if ladder.nextStep(board) == nil {
            note = "no technique of the ladder applies: this position needs trial and error"
        } else {
            note = "every step the ladder finds here concludes about or rests on \(names(doubtful)), not read surely: "
                + (doubtful.count == 1 ? "check it first" : "check them first")
        }
    }
}
