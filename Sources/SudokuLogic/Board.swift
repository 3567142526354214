// Offers: `Board`, the state the ladder reasons about: the givens, the digits
// placed since, and the candidates (pencil marks) of every empty cell, kept
// both per cell (9-bit masks) and per digit (cell sets), so that a technique
// can look along whichever axis it needs. Reading and writing positions as text
// lives in Board+Formats.swift.

import SudokuCore

/// Whether the board's givens are known to have exactly one solution. The
/// uniqueness techniques (unique rectangles, BUG+1) apply only when `.proven`.
public enum Uniqueness: String, Sendable, Hashable {
    /// The solver counted exactly one solution of the givens.
    case proven
    /// Zero or several solutions, or not checked: uniqueness techniques stay off.
    case notProven = "not-proven"
}

/// A sudoku position: 81 cells, each either holding a digit or keeping a set of candidates.
///
/// A value type (a few hundred bytes in four arrays); copies are independent and
/// cross tasks freely. Candidates always agree with the placed digits: placing a
/// digit removes it from the candidates of the cell's peers, so no candidate of
/// a cell is a digit one of its peers holds.
public struct Board: Sendable, Hashable {
    /// The 81 values, row-major, 0 for an empty cell.
    public private(set) var values: [UInt8]
    /// For each cell, the candidates as a 9-bit mask (bit d-1 for digit d); 0 for a filled cell.
    @usableFromInline private(set) var masks: [UInt16]
    /// For each digit 1...9 (index d-1), the empty cells where it is a candidate.
    @usableFromInline private(set) var planes: [CellSet]
    /// For each digit 1...9 (index d-1), the cells that hold it.
    @usableFromInline private(set) var filled: [CellSet]
    /// The empty cells.
    public private(set) var unsolved: CellSet
    /// The cells whose digit was given with the puzzle.
    public let givens: CellSet
    /// Whether the givens have exactly one solution (checked when the board is built).
    public let uniqueness: Uniqueness

    /// The board of a puzzle: its digits are givens, every empty cell gets the
    /// digits none of its peers holds. Counts the solutions (up to 2) to set `uniqueness`.
    /// - Throws: `.conflict` when a digit repeats in a house, `.noCandidates` for
    ///   an empty cell that every digit's peer rules out.
    public init(puzzle: Grid) throws(SudokuLogicError) {
        try self.init(puzzle: puzzle, entries: nil)
    }

    /// The board of a player's position: the puzzle's givens and the digits the
    /// player entered (`entries`: 81 values, 0 where the player wrote nothing).
    /// Candidates are those the placed digits leave. `uniqueness` is about the givens.
    /// - Throws: `.entryOnGiven` for an entry over a different given; `.conflict`
    ///   when givens and entries repeat a digit in a house; `.noCandidates`.
    public init(puzzle: Grid, entries: Grid?) throws(SudokuLogicError) {
        try self.init(puzzle: puzzle, entries: entries, uniqueness: nil)
    }

    /// As `init(puzzle:entries:)`, with the givens' uniqueness already known
    /// (nil: count the solutions).
    init(puzzle: Grid, entries: Grid?, uniqueness known: Uniqueness?) throws(SudokuLogicError) {
        var values = puzzle.cells
        for i in 0..<81 where values[i] > 9 { values[i] = 0 }
        if let entries {
            for i in 0..<81 {
                let e = entries.cells[i]
                guard (1...9).contains(e) else { continue }
                if values[i] != 0 {
                    if values[i] != e {
                        throw .entryOnGiven(cell: Cell(index: i), given: Int(values[i]), entry: Int(e))
                    }
                    continue
                }
                values[i] = e
            }
        }
        let givens = CellSet(indices: (0..<81).filter { (1...9).contains(puzzle.cells[$0]) })
        try self.init(
            values: values, masks: nil, givens: givens,
            uniqueness: known ?? Board.uniqueness(of: Grid(cellsUnchecked: puzzle.cells.map { $0 <= 9 ? $0 : 0 })))
    }

    /// A board from values and, optionally, pencil marks for the empty cells
    /// (`masks[i]`, bit d-1 for digit d; ignored for filled cells). Candidates
    /// that a peer's digit rules out are dropped.
    /// - Throws: `.conflict`, `.noCandidates`.
    package init(
        values: [UInt8], masks pencil: [UInt16]?, givens: CellSet, uniqueness: Uniqueness
    ) throws(SudokuLogicError) {
        precondition(values.count == 81)
        let grid = Grid(cellsUnchecked: values)
        if let c = grid.conflicts().first { throw .conflict(c) }
        let allowed = grid.candidates()
        var masks = [UInt16](repeating: 0, count: 81)
        var planes = [CellSet](repeating: CellSet(), count: 9)
        var filled = [CellSet](repeating: CellSet(), count: 9)
        var unsolved = CellSet()
        for i in 0..<81 where values[i] != 0 { filled[Int(values[i]) - 1].insert(i) }
        for i in 0..<81 where values[i] == 0 {
            var m = allowed[i].rawValue
            if let pencil { m &= pencil[i] }
            if m == 0 { throw .noCandidates(Cell(index: i)) }
            masks[i] = m
            unsolved.insert(i)
            var bits = m
            while bits != 0 {
                planes[bits.trailingZeroBitCount].insert(i)
                bits &= bits &- 1
            }
        }
        self.values = values
        self.masks = masks
        self.planes = planes
        self.filled = filled
        self.unsolved = unsolved
        self.givens = givens
        self.uniqueness = uniqueness
    }

    /// `.proven` when `grid` has exactly one solution.
    package static func uniqueness(of grid: Grid) -> Uniqueness {
        Solver.countSolutions(grid, limit: 2) == 1 ? .proven : .notProven
    }

    // MARK: reading

    /// The digit at `cell`, or nil when it is empty.
    public func value(at cell: Cell) -> Int? { values[cell.index] == 0 ? nil : Int(values[cell.index]) }

    /// The candidates of `cell`; empty for a filled cell.
    public func candidates(at cell: Cell) -> CandidateSet { CandidateSet(rawValue: masks[cell.index]) }

    /// True when `digit` is a candidate of `cell`.
    public func hasCandidate(_ digit: Int, at cell: Cell) -> Bool { masks[cell.index] & DigitMask.bit(digit) != 0 }

    /// The empty cells where `digit` (1...9) is a candidate.
    public func cells(for digit: Int) -> CellSet { planes[digit - 1] }

    /// True when every cell holds a digit.
    public var isSolved: Bool { unsolved.isEmpty }

    /// The values as a grid (0 for empty cells).
    public var grid: Grid { Grid(cellsUnchecked: values) }

    /// The number of candidates left over all empty cells.
    public var candidateCount: Int { planes.reduce(0) { $0 + $1.count } }

    /// The first broken rule of the position, if any: an empty cell without
    /// candidates, or a house where a digit it lacks has no place left. A
    /// consistent step never leads there from a position that has a solution.
    public var contradiction: String? {
        // The usual answer, none, found first without naming anything.
        var anyCandidate = CellSet()
        var everyHouse = true
        for d in 0..<9 {
            anyCandidate |= planes[d]
            everyHouse = everyHouse && (planes[d] | filled[d]).meetsEveryHouse
        }
        if everyHouse && unsolved.isSubset(of: anyCandidate) { return nil }
        for i in unsolved where masks[i] == 0 { return "\(Cell(index: i)) has no candidate left" }
        let houses = Houses.cells
        return houses.withUnsafeBufferPointer { houses in
            for d in 1...9 {
                let reach = planes[d - 1] | filled[d - 1]
                for h in 0..<27 where !reach.intersects(houses[h]) {
                    return "\(Houses.house(h)) has no place left for \(d)"
                }
            }
            return nil
        }
    }

    // MARK: changing

    /// Places `digit` at the empty `cell` and removes it from the candidates of
    /// the cell's peers. - Precondition: `cell` is empty.
    public mutating func place(_ digit: Int, at cell: Cell) {
        place(digit, at: cell.index)
    }

    @usableFromInline mutating func place(_ digit: Int, at i: Int) {
        precondition(values[i] == 0, "\(Cell(index: i)) is already filled")
        values[i] = UInt8(digit)
        filled[digit - 1].insert(i)
        var bits = masks[i]
        while bits != 0 {
            planes[bits.trailingZeroBitCount].remove(i)
            bits &= bits &- 1
        }
        masks[i] = 0
        unsolved.remove(i)
        let bit = DigitMask.bit(digit)
        let hit = planes[digit - 1] & Houses.peers[i]
        for j in hit { masks[j] &= ~bit }
        planes[digit - 1] -= hit
    }

    /// Removes `digit` from the candidates of `cell`; nothing when it is not one.
    public mutating func eliminate(_ digit: Int, at cell: Cell) {
        eliminate(digit, at: cell.index)
    }

    @usableFromInline mutating func eliminate(_ digit: Int, at i: Int) {
        masks[i] &= ~DigitMask.bit(digit)
        planes[digit - 1].remove(i)
    }

    /// Applies a step's placements and eliminations. Placements on filled cells
    /// and eliminations of digits that are not candidates are skipped.
    public mutating func apply(_ step: Step) {
        for e in step.eliminations { eliminate(e.digit, at: e.cell.index) }
        for p in step.placements where values[p.cell.index] == 0 { place(p.digit, at: p.cell.index) }
    }
}

extension Grid {
    /// Builds from values known to be in 0...9 and 81 long (the board's own).
    package init(cellsUnchecked cells: [UInt8]) {
        // Grid's checked initialiser cannot fail here; the fallback keeps the type total.
        self = (try? Grid(cells: cells)) ?? Grid()
    }
}
