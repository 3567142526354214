// Offers: `PlayerHint`, what `scan --hint` tells the player of a solved photo:
// the wrong entries to erase, the doubtful entries that clash (possible
// mistakes), then the next step from the position (Coaching's `NextStep`), or
// why there is none; `PlayerPosition`, the position a scan result holds.
//
// The position holds the givens and the entries read surely and right. An
// entry not read surely is left out of it, as a wrong one is, but its cell
// holds ink: no step that concludes about it or rests on it is offered, so a
// hint never calls it empty. When those cells are all the position lacks,
// the grid is full, and the note says so.

import Basics
import Coaching
import GridScanner
import SudokuCore
import SudokuLogic

/// Pencil marks read surely that leave out the digit the solution puts in
/// their cell. Not called a mistake: a reading may be wrong, and some players
/// mark only some candidates (where a digit can go in a box, say).
public struct MarksWithoutSolution: Sendable, Hashable, CustomStringConvertible {
    public var marks: CellMarks
    public var digit: Int

    /// `r4c6's marks look like 3, without the 6 the solution puts there`.
    public var description: String {
        "\(marks.cell)'s marks look like \(marks.text), without the \(digit) the solution puts there"
    }
}

/// The player's position in a solved photo: the givens, the entries read
/// surely and right, and the pencil marks read surely that hold their cell's
/// solution digit (each other empty cell has the candidates the filled cells
/// leave). Every fact of it holds in the solution, so every step found from
/// it does.
public struct PlayerPosition: Sendable {
    public var board: Board
    /// The entries left out because they are wrong (the solution contradicts them).
    public var problems: [PositionProblem]
    /// The cells whose pencil marks the position holds.
    public var marked: [Cell]
    /// Marks read surely that leave out the solution's digit: left out.
    public var marksWithout: [MarksWithoutSolution]
    /// The entries not read surely (left out, their cells holding ink).
    public var doubtful: [Cell]

    /// The position of `result`; nil unless its status is `solved`, or when it
    /// cannot be built.
    public init?(_ result: ScanResult) {
        guard result.status == .solved, let puzzle = result.puzzle, let solution = result.solution else { return nil }
        var entries = result.entries.count == 81 ? result.entries : [UInt8](repeating: 0, count: 81)
        doubtful = result.doubtfulEntries.filter { entries[$0.index] != 0 }
        for c in result.doubtfulEntries { entries[c.index] = 0 }
        problems =
            (try? Grid(cells: entries)).map {
                PositionProblem.find(puzzle: puzzle, entries: $0, marks: nil, solution: solution)
            } ?? []
        for p in problems { entries[p.cell.index] = 0 }
        var masks = [UInt16](repeating: 0x1FF, count: 81)
        marked = []
        marksWithout = []
        for i in 0..<81 {
            let filled = puzzle.cells[i] != 0 || entries[i] != 0
            if !filled, let m = result.marks.first(where: { $0.cell.index == i }), m.sure {
                if m.digits.contains(Int(solution.cells[i])) {
                    masks[i] = CandidateSet(m.digits).rawValue
                    marked.append(m.cell)
                } else {
                    marksWithout.append(MarksWithoutSolution(marks: m, digit: Int(solution.cells[i])))
                }
            }
        }
        guard let position = try? Grid(cells: entries),
            let board = try? Board(marks: masks, puzzle: puzzle, entries: position)
        else { return nil }
        self.board = board
    }
}

/// What `scan --hint` tells the player of a solved photo.
public struct PlayerHint: Sendable {
    /// The entries read surely that the solution contradicts: the step is
    /// looked for in the position without them.
    public var problems: [PositionProblem]
    /// The doubtful entries that clash with a given or another entry.
    public var doubtfulClashes: [DoubtfulClash]
    /// Pencil marks that leave out their cell's solution digit (not used).
    public var marksWithout: [MarksWithoutSolution]
    /// The cells whose pencil marks the hint's position holds.
    public var marked: [Cell]
    /// `with your marks in r1c3 and r2c5` (`4 cells` past three); nil without marks.
    public var markedText: String? {
        guard !marked.isEmpty else { return nil }
        return "with your marks in "
            + (marked.count > 3 ? "\(marked.count) cells" : ProseText.list(marked.map(\.description)))
    }
    /// The ladder's simplest step that leaves the doubtful entries' cells alone.
    public var step: Step?
    /// Why there is no step.
    public var note: String?

    /// The hint of `result`; nil unless its status is `solved`.
    public init?(_ result: ScanResult, ladder: Ladder = .standard) {
        guard result.status == .solved, let solution = result.solution else { return nil }
        doubtfulClashes = result.doubtfulClashes
        guard let position = PlayerPosition(result), let puzzle = result.puzzle else {
            (problems, marksWithout, marked) = ([], [], [])
            note = "the position cannot be built"
            return
        }
        (problems, marksWithout, marked) = (position.problems, position.marksWithout, position.marked)
        let doubtful = position.doubtful
        // The position holds no wrong entry (PlayerPosition left them out) and only marks that hold the solution's
        // digit.
        let next = NextStep.find(
            puzzle: puzzle, entries: nil, marks: nil, solution: solution, avoiding: Set(doubtful),
            ladder: ladder, board: { position.board })
        let inDoubt = Set(doubtful.map(\.index))
        let names = { (cells: [Cell]) in ProseText.list(cells.map(\.description)) }
        switch next {
        case .step(let found, _):
            step = found
        case .solved:
            note = "the puzzle is solved: no hint needed"
        case .needsTrialAndError(let board) where board.unsolved.allSatisfy({ inDoubt.contains($0) }),
            .onlyAvoided(let board) where board.unsolved.allSatisfy({ inDoubt.contains($0) }):
            let unlike = doubtful.filter { result.entries[$0.index] != solution[$0] }
            if unlike.isEmpty {
                let digits = ProseText.list(doubtful.map { String(result.entries[$0.index]) })
                note =
                    "every cell is filled: the puzzle is solved if \(names(doubtful)) "
                    + (doubtful.count == 1 ? "holds the \(digits) it seems to" : "hold the \(digits) they seem to")
                    + " (not read surely)"
            } else {
                note = "every cell is filled: check \(names(unlike)), not read surely"
            }
        case .needsTrialAndError:
            note = "no technique of the ladder applies: this position needs trial and error"
        case .onlyAvoided:
            note =
                "every step the ladder finds here concludes about or rests on \(names(doubtful)), not read surely: "
                + (doubtful.count == 1 ? "check it first" : "check them first")
        case .noSolution, .severalSolutions, .wrongPosition:
            // Not reached: the solution is known and the position checked against it.
            note = "the position cannot be built"
        }
    }
}
