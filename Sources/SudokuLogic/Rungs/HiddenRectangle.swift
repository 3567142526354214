// Offers: `HiddenRectangle`.

import SudokuCore

/// Hidden rectangle: a rectangle over two boxes whose corners all hold a and
/// b, one corner being exactly {a,b}. If b is confined to the rectangle in both
/// the row and the column of the opposite corner, that corner cannot be a: it
/// would force b into the two corners beside it and a into the first, a deadly
/// pattern the unique solution rules out. Needs a proven unique puzzle.
public struct HiddenRectangle: Rung {
    public init() {}
    public var id: String { "hidden-rectangle" }
    public var techniques: [Technique] { [.hiddenRectangle] }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        for (rect, ab) in Rectangles.candidates(board) {
            let digits = DigitMask.digits(ab)
            for (k, corner) in rect.enumerated() where board.masks[corner] == ab {
                let opposite = rect[3 - k]
                let row = opposite / 9, column = opposite % 9
                let inRow = CellSet(indices: rect.filter { $0 / 9 == row })
                let inColumn = CellSet(indices: rect.filter { $0 % 9 == column })
                for (a, b) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                    let plane = board.planes[b - 1]
                    guard plane & Houses.cells[row] == inRow, plane & Houses.cells[9 + column] == inColumn else {
                        continue
                    }
                    return Step(
                        technique: .hiddenRectangle, eliminations: [Candidate(index: opposite, digit: a)],
                        pattern: .rectangle(
                            type: 0, cells: rect.map(Cell.init(index:)), digits: digits,
                            roof: [Cell(index: opposite)], extra: [],
                            house: nil, subset: []))
                }
            }
        }
        return nil
    }
}
