// Offers: `Game`, a player's game as the terminal player and the web page keep
// it: the position (`GamePosition`: the givens, the player's entries, the
// pencil marks of empty cells), the moves that change it (`GameMove`), one
// cell's state (`CellState`, what an event log records), and the undo and redo
// history. A move that changes nothing (a given's cell, a digit already there)
// leaves the history alone. `NextStep.find` takes the position as it is
// (`entries`, `markMasks`, `board()`).

import SudokuCore
import SudokuLogic

/// A position as the player sees it: givens, entries, and the pencil marks of
/// the empty cells.
public struct GamePosition: Sendable, Hashable {
    /// The puzzle.
    public let givens: Grid
    /// The player's digits, 0 where none; never in a given's cell.
    public private(set) var entries: Grid
    /// Each cell's pencil marks; empty for a filled cell.
    public private(set) var marks: [CandidateSet]

    /// The puzzle `givens` before any move.
    public init(givens: Grid) {
        self.givens = givens
        entries = Grid()
        marks = Array(repeating: .empty, count: 81)
    }

    /// True when `cell` holds a given.
    public func isGiven(_ cell: Cell) -> Bool { (1...9).contains(givens[cell]) }

    /// The digit in `cell`, a given or an entry; nil when it is empty.
    public func digit(at cell: Cell) -> Int? {
        if isGiven(cell) { return Int(givens[cell]) }
        return entries[cell] == 0 ? nil : Int(entries[cell])
    }

    /// True when every cell holds a digit.
    public var isFilled: Bool { Cell.all.allSatisfy { digit(at: $0) != nil } }

    /// The pencil marks as 81 masks for `NextStep.find` and `Board(marks:)`:
    /// a cell without marks allows every digit; nil when no cell has marks.
    public var markMasks: [UInt16]? {
        guard marks.contains(where: { !$0.isEmpty }) else { return nil }
        return marks.map { $0.isEmpty ? CandidateSet.all.rawValue : $0.rawValue }
    }

    /// The position for the engine: the candidates the filled cells leave,
    /// narrowed to the marks where the player wrote some.
    /// - Throws: `SudokuLogicError` when the digits clash or a cell is left without candidates.
    public func board() throws(SudokuLogicError) -> Board {
        guard let masks = markMasks else { return try Board(puzzle: givens, entries: entries) }
        return try Board(marks: masks, puzzle: givens, entries: entries)
    }

    /// The position after `move`; nil when the move changes nothing.
    func applying(_ move: GameMove) -> GamePosition? {
        var next = self
        switch move {
        case let .enter(digit, cell):
            guard (1...9).contains(digit), !isGiven(cell) else { return nil }
            next.entries[cell] = UInt8(digit)
            next.marks[cell.index] = .empty
        case let .erase(cell):
            next.entries[cell] = 0
            next.marks[cell.index] = .empty
        case let .mark(d, cell):
            guard (1...9).contains(d), digit(at: cell) == nil else { return nil }
            if next.marks[cell.index].contains(d) {
                next.marks[cell.index].remove(d)
            } else {
                next.marks[cell.index].insert(d)
            }
        case let .set(states):
            for s in states where !isGiven(s.cell) {
                next.entries[s.cell] = (1...9).contains(s.digit) ? UInt8(s.digit) : 0
                next.marks[s.cell.index] = (1...9).contains(s.digit) ? .empty : s.marks
            }
        }
        return next == self ? nil : next
    }

    /// What `cell` holds for the player: its entry (0 for none; a given's cell reads 0) and its marks.
    public func state(of cell: Cell) -> CellState {
        CellState(cell: cell, digit: Int(entries[cell]), marks: marks[cell.index])
    }

    /// The cells whose entry or marks differ between this position and `other`, as `other` has them.
    public func changes(to other: GamePosition) -> [CellState] {
        Cell.all.filter { state(of: $0) != other.state(of: $0) }.map { other.state(of: $0) }
    }
}

/// One cell as the player left it: an entry (0 for none) and, when empty, its pencil marks.
public struct CellState: Sendable, Hashable {
    public var cell: Cell
    /// The entry, 1...9, or 0 when the player wrote none.
    public var digit: Int
    /// The pencil marks; empty when the cell holds an entry.
    public var marks: CandidateSet

    public init(cell: Cell, digit: Int, marks: CandidateSet = .empty) {
        self.cell = cell
        self.digit = digit
        self.marks = (1...9).contains(digit) ? .empty : marks
    }
}

/// One change a player makes.
public enum GameMove: Sendable, Hashable {
    /// Writes `digit` in an empty or entered cell (its marks go).
    case enter(Int, Cell)
    /// Clears a cell's entry and marks.
    case erase(Cell)
    /// Adds the pencil mark `digit` to an empty cell, or takes it away.
    case mark(Int, Cell)
    /// Sets several cells at once (every candidate filled in, a merged log
    /// replayed); a given's cell is left as it is.
    case set([CellState])
}

/// A player's game: the position and the history of moves, to undo and redo.
public struct Game: Sendable {
    /// The position now.
    public private(set) var position: GamePosition
    /// The positions before each move still undoable, oldest first.
    private var past: [GamePosition] = []
    /// The positions undone, most recently undone last.
    private var undone: [GamePosition] = []

    /// A new game of `givens`.
    public init(givens: Grid) { position = GamePosition(givens: givens) }

    /// A game of `givens` starting from `start` (a photo's entries and marks);
    /// the start itself cannot be undone.
    public init(givens: Grid, start: [CellState]) {
        position = GamePosition(givens: givens)
        if let next = position.applying(.set(start)) { position = next }
    }

    public var canUndo: Bool { !past.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// Makes `move`; false, and nothing changes, when the move would change
    /// nothing. A move clears what was undone.
    @discardableResult public mutating func play(_ move: GameMove) -> Bool {
        guard let next = position.applying(move) else { return false }
        past.append(position)
        undone.removeAll()
        position = next
        return true
    }

    /// Takes back the last move; false when there is none.
    @discardableResult public mutating func undo() -> Bool {
        guard let previous = past.popLast() else { return false }
        undone.append(position)
        position = previous
        return true
    }

    /// Makes again the last move undone; false when there is none.
    @discardableResult public mutating func redo() -> Bool {
        guard let next = undone.popLast() else { return false }
        past.append(position)
        position = next
        return true
    }
}
