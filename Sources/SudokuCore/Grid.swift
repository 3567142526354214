// Offers: `Grid`, a 9x9 sudoku as 81 values (0 for an empty cell), with
// subscripts by row/column and by `Cell`, counts, and the candidates each empty
// cell has given the filled ones. Formats live in Grid+Formats.swift and
// Grid+JSON.swift, validation in Grid+Validation.swift, solving in Solver.swift.

/// A sudoku grid: 81 values, `0` for an empty cell and `1...9` for a digit.
///
/// A value type; copies are independent and it crosses tasks freely. Index
/// `row * 9 + column`, 0-based, row-major from the top-left.
public struct Grid: Sendable, Hashable {
    /// The 81 values, row-major. Keep the count at 81 and each value in 0...9:
    /// `Solver` reports no solution and `conflicts()` reports nothing for values
    /// outside that range; `init(cells:)` checks both.
    public var cells: [UInt8]

    /// The empty grid.
    public init() { cells = Array(repeating: 0, count: 81) }

    /// A grid with these 81 values.
    /// - Throws: `SudokuCoreError.invalidCells` when the count is not 81 or a value is above 9.
    public init(cells: [UInt8]) throws(SudokuCoreError) {
        guard cells.count == 81 else { throw .invalidCells("expected 81 cells, found \(cells.count)") }
        if let i = cells.firstIndex(where: { $0 > 9 }) {
            throw .invalidCells("value \(cells[i]) at \(Cell(index: i)) is outside 0...9")
        }
        self.cells = cells
    }

    /// Builds from values known to be valid (parsers that checked every character).
    init(unchecked cells: [UInt8]) { self.cells = cells }

    /// The value at 0-based `row` and `col`; 0 when empty.
    public subscript(row row: Int, col col: Int) -> UInt8 {
        get { cells[row * 9 + col] }
        set { cells[row * 9 + col] = newValue }
    }

    /// The value at `cell`; 0 when empty.
    public subscript(cell: Cell) -> UInt8 {
        get { cells[cell.index] }
        set { cells[cell.index] = newValue }
    }

    /// How many cells hold a digit.
    public var givenCount: Int { cells.reduce(0) { $0 + ($1 != 0 ? 1 : 0) } }

    /// True when every cell holds a digit (whether or not the digits conflict).
    public var isFilled: Bool { !cells.contains(0) }

    /// True when every cell holds a digit and no house repeats one: a solution.
    public var isSolved: Bool { isFilled && cells.allSatisfy { $0 <= 9 } && conflicts().isEmpty }

    /// True when every digit of `puzzle` is at the same place in `self`.
    public func extends(_ puzzle: Grid) -> Bool {
        zip(cells, puzzle.cells).allSatisfy { $1 == 0 || $0 == $1 }
    }

    /// The digits an empty cell can still take: those not in its row, column or
    /// box. A filled cell gets the set of just its digit.
    ///
    /// O(81); the solver does not use it (it has its own representation).
    public func candidates() -> [CandidateSet] {
        var used = [UInt16](repeating: 0, count: 27)  // rows, columns, boxes
        for cell in Cell.all where (1...9).contains(cells[cell.index]) {
            let bit: UInt16 = 1 << (cells[cell.index] - 1)
            used[cell.row] |= bit
            used[9 + cell.column] |= bit
            used[18 + cell.box] |= bit
        }
        return Cell.all.map { cell in
            let v = cells[cell.index]
            if v != 0 { return (1...9).contains(v) ? CandidateSet(rawValue: 1 << (v - 1)) : .empty }
            return CandidateSet(rawValue: ~(used[cell.row] | used[9 + cell.column] | used[18 + cell.box]))
        }
    }
}
