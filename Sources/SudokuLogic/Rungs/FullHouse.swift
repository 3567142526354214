// Offers: `FullHouse`, the last empty cell of a house takes the one digit the house lacks.

import SudokuCore

/// Full house: a house with one empty cell left. Boxes are looked at first, then rows, then columns.
public struct FullHouse: EnumeratingRung {
    public init() {}
    public var id: String { "full-house" }
    public var techniques: [Technique] { [.fullHouse] }

    /// Houses in the order a player scans them: boxes, rows, columns.
    static let scanOrder: [Int] = Array(18..<27) + Array(0..<9) + Array(9..<18)

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for h in Self.scanOrder {
            let empty = board.unsolved & Houses.cells[h]
            guard empty.count == 1, let i = empty.first else { continue }
            let mask = board.masks[i]
            guard mask.nonzeroBitCount == 1 else { continue }
            let digit = mask.trailingZeroBitCount + 1
            let cell = Cell(index: i)
            if visit(
                Step(
                    technique: .fullHouse, placements: [Candidate(cell, digit)],
                    pattern: .single(digit: digit, cell: cell, house: Houses.house(h))))
            {
                return
            }
        }
    }
}
