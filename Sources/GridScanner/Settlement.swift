// Offers: what a person can do with a reading that is not proven. `BoardProblem`
// says why the board as read is no puzzle (no solution and the clash, several
// solutions, complete, empty, too full); `ScanResult.boardAsRead` is the board
// the readers saw (the repair search's changes are suggestions until a board is
// proven); `ScanResult.settling(_:)` takes the digits a person settles for some
// cells and proves the board again, honouring every other flag.

import SudokuCore

/// A cell whose content a person settled: the digit it holds, 0 for empty.
public struct SettledCell: Sendable, Hashable {
    public var cell: Cell
    public var digit: UInt8
    public init(cell: Cell, digit: UInt8) {
        self.cell = cell
        self.digit = digit
    }

    /// `r1c9=7`, `r4c2=.`.
    public var description: String { "\(cell)=" + (digit == 0 ? "." : String(digit)) }
}

/// Why a board is not a puzzle with exactly one solution.
public enum BoardProblem: Sendable, Equatable {
    /// No digit at all.
    case empty
    /// Every cell filled: a solution, not a puzzle (a printed solution?).
    case complete
    /// More digits than a printed puzzle holds (a solution printed beside it?).
    case tooManyDigits(Int)
    /// No solution; the digits that repeat in a house, if any (else the clash is deeper).
    case noSolution([Conflict])
    /// At least two solutions.
    case severalSolutions

    /// The most digits a printed puzzle holds; a fuller board with one solution
    /// is a solution printed beside the puzzle, never proven (`FramingReader`).
    public static let maxDigits = 50

    /// The board's problem, or nil when it has exactly one solution and at most
    /// `maxGivens` digits.
    public static func of(_ board: Grid, maxGivens: Int = maxDigits) -> BoardProblem? {
        let digits = board.cells.filter { $0 != 0 }.count
        if digits == 0 { return .empty }
        let conflicts = board.conflicts()
        if digits == 81 && conflicts.isEmpty { return .complete }
        if !conflicts.isEmpty { return .noSolution(conflicts) }
        switch Solver.countSolutions(board, limit: 2) {
        case 0: return .noSolution([])
        case 1: return digits > maxGivens ? .tooManyDigits(digits) : nil
        default: return .severalSolutions
        }
    }

    /// The JSON code: `empty`, `complete`, `too-many-digits`, `no-solution`, `several-solutions`.
    public var code: String {
        switch self {
        case .empty: "empty"
        case .complete: "complete"
        case .tooManyDigits: "too-many-digits"
        case .noSolution: "no-solution"
        case .severalSolutions: "several-solutions"
        }
    }

    /// One line a person can act on, about the board as read.
    public var description: String {
        switch self {
        case .empty: return "no digit was read"
        case .complete: return "the board as read is already complete (a printed solution?)"
        case .tooManyDigits(let n):
            return "the board as read holds \(n) digits, more than a printed puzzle (a printed solution?)"
        case .severalSolutions: return "the board as read has several solutions (at least 2)"
        case .noSolution(let conflicts):
            guard !conflicts.isEmpty else { return "the board as read has no solution" }
            let named = conflicts.prefix(2).map { c in
                let cells = c.cells.map(\.description)
                let joined = cells.count == 2 ? "\(cells[0]) and \(cells[1])" : cells.joined(separator: ", ")
                return "\(joined) \(cells.count == 2 ? "both" : "all") \(c.digit)"
            }
            return
                "the board as read has no solution "
                + "(\(named.joined(separator: "; "))\(conflicts.count > 2 ? "; ..." : ""))"
        }
    }
}

extension ScanResult {
    /// The board as the readers saw it. For a proven result, `puzzle` (its
    /// repairs are part of the proof); otherwise `puzzle` with the repair
    /// search's changes undone: they are suggestions, never shown as read.
    public var boardAsRead: Grid? {
        guard let puzzle else { return nil }
        guard status != .solved, !repairs.isEmpty else { return puzzle }
        var cells = puzzle.cells
        for r in repairs { cells[r.cell.index] = r.from }
        return (try? Grid(cells: cells)) ?? puzzle
    }

    /// Why the board as read is no puzzle with one solution (nil when it is one,
    /// or when no board was read).
    public var boardProblem: BoardProblem? { boardAsRead.flatMap { BoardProblem.of($0) } }

    /// Whether the repair search's board (`puzzle`) has exactly one solution:
    /// then its repairs would make the board unique.
    public var repairsMakeItUnique: Bool {
        guard !repairs.isEmpty, let puzzle else { return false }
        return Solver.countSolutions(puzzle, limit: 2) == 1
    }

    /// The result once a person has settled `cells` (each the digit it holds, 0
    /// for empty): the board as read with those cells replaced, proven again.
    /// It is `solved` only when it has exactly one solution and no flag is left:
    /// the settled cells' flags go, every other flag stays (a clash flag only
    /// while its clash remains), and a repair the search suggested but the person
    /// did not settle flags its cell. A settled digit is a given; an entry read
    /// there is dropped. The settled cells are listed in `settled`, never among
    /// the readings. A result without a board is returned unchanged.
    public func settling(_ cells: [SettledCell]) -> ScanResult {
        guard !cells.isEmpty, status == .solved || status == .unverified, let board = boardAsRead else { return self }
        var r = self
        var values = board.cells
        let settledIndices = Set(cells.map(\.cell.index))
        for s in cells { values[s.cell.index] = s.digit }
        let suggested = status == .solved ? [] : repairs.filter { !settledIndices.contains($0.cell.index) }
        r.repairs = status == .solved ? repairs.filter { !settledIndices.contains($0.cell.index) } : []
        guard let grid = try? Grid(cells: values) else { return self }
        r.puzzle = grid
        r.settled = cells.sorted { $0.cell < $1.cell }
        let clashing = Set(grid.conflicts().flatMap { $0.cells.map(\.index) })
        var flags = flagged.filter { f in
            !settledIndices.contains(f.cell.index) && (f.reason != .conflict || clashing.contains(f.cell.index))
        }
        for s in suggested where !flags.contains(where: { $0.cell == s.cell }) {
            flags.append(FlaggedCell(cell: s.cell, reason: .lowConfidence))
        }
        r.flagged = flags.sorted { $0.cell < $1.cell }
        if entries.count == 81 {
            for i in settledIndices {
                r.entries[i] = 0
                r.kinds[i] = values[i] == 0 ? .empty : .printed
                r.kindConfidence[i] = 1
            }
        }
        r.marks = marks.filter { !settledIndices.contains($0.cell.index) }
        r.doubtfulEntries = doubtfulEntries.filter { !settledIndices.contains($0.index) }
        r.kindsSettledByPuzzle = kindsSettledByPuzzle.filter { !settledIndices.contains($0.index) }
        r.wrongEntries = []
        r.entryConflicts = []
        r.doubtfulClashes = []
        let solved = Solver.solve(grid, limit: 2)
        let digits = values.filter { $0 != 0 }.count
        guard solved.count == 1, let solution = solved.solution, r.flagged.isEmpty, digits <= BoardProblem.maxDigits
        else {
            r.status = .unverified
            r.solution = nil
            return r
        }
        r.status = .solved
        r.solution = solution
        if r.entries.count == 81 {
            let check = PlayerEntries.check(
                entries: r.entries, doubtful: Set(r.doubtfulEntries.map(\.index)),
                plausible: entryEvidence.plausible, confirmed: entryEvidence.confirmed,
                puzzle: grid.cells, solution: solution.cells)
            r.wrongEntries = check.wrong
            r.entryConflicts = check.conflicts
            r.doubtfulClashes = check.clashes
            r.doubtfulEntries = (r.doubtfulEntries.map(\.index) + check.doubtful).sorted().map { Cell(index: $0) }
        }
        return r
    }
}
