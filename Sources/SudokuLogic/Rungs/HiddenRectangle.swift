// Offers: `HiddenRectangle`.

import SudokuCore

/// Hidden rectangle: a rectangle over two boxes whose corners all hold a and
/// b, one corner being exactly {a,b}. If b is confined to the rectangle in both
/// the row and the column of the opposite corner, that corner cannot be a: it
/// would force b into the two corners beside it and a into the first, a deadly
/// pattern the unique solution rules out. Needs a proven unique puzzle.
///
/// Rectangles where a corner has lost a or b are tried after the others: the
/// deadly pattern is ruled out by the givens, whatever the candidates (see
/// `UniqueRectangle`). The argument needs only the {a,b} corner, a in the
/// opposite corner, and b's places in that corner's row and column lying in
/// the rectangle: if the opposite corner were a, b would go in the two corners
/// beside it, the {a,b} corner (seeing both) would be a, and the four cells
/// would hold only a and b. So the corners beside it may lack a, and the
/// opposite corner b.
public struct HiddenRectangle: Rung {
    public init() {}
    public var id: String { "hidden-rectangle" }
    public var techniques: [Technique] { [.hiddenRectangle] }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        let rectangles = Rectangles.withBivalueCorner(board)
        for missing in [false, true] {
            for r in rectangles where r.missing == missing {
                if let found = check(board, r.rect, r.ab) { return found }
            }
        }
        return nil
    }

    func check(_ board: Board, _ rect: [Int], _ ab: UInt16) -> Step? {
        let digits = DigitMask.digits(ab)
        for (k, corner) in rect.enumerated() where board.masks[corner] == ab {
            let opposite = rect[3 - k]
            let row = opposite / 9, column = opposite % 9
            let inRow = CellSet(indices: rect.filter { $0 / 9 == row })
            let inColumn = CellSet(indices: rect.filter { $0 % 9 == column })
            let beside = rect.filter { $0 != corner && $0 != opposite }
            for (a, b) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                let plane = board.planes[b - 1]
                guard board.masks[opposite] & DigitMask.bit(a) != 0,
                    beside.allSatisfy({ board.masks[$0] & DigitMask.bit(b) != 0 }),
                    (plane & Houses.cells[row] - inRow).isEmpty, (plane & Houses.cells[9 + column] - inColumn).isEmpty
                else { continue }
                return Step(
                    technique: .hiddenRectangle, eliminations: [Candidate(index: opposite, digit: a)],
                    pattern: .rectangle(
                        type: 0, cells: rect.map(Cell.init(index:)), digits: digits,
                        roof: [Cell(index: opposite)], extra: [],
                        house: nil, subset: []))
            }
        }
        return nil
    }
}
