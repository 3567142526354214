// Offers: `HiddenSingle`, a digit with one place left in a house goes there.

import SudokuCore

/// Hidden single: in some house, a digit is a candidate of one cell only. Boxes
/// are looked at before rows and columns (a box is what players scan first).
public struct HiddenSingle: EnumeratingRung {
    public init() {}
    public var id: String { "hidden-single" }
    public var techniques: [Technique] { [.hiddenSingle] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for h in FullHouse.scanOrder {
            let house = Houses.cells[h]
            for d in 1...9 {
                let places = board.planes[d - 1] & house
                guard places.count == 1, let i = places.first else { continue }
                let cell = Cell(index: i)
                if visit(
                    Step(
                        technique: .hiddenSingle, placements: [Candidate(cell, d)],
                        pattern: .single(digit: d, cell: cell, house: Houses.house(h))))
                {
                    return
                }
            }
        }
    }
}
