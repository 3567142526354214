// Offers: `NakedSingle`, a cell with one candidate left takes it.

import SudokuCore

/// Naked single: an empty cell whose peers rule out all digits but one.
public struct NakedSingle: EnumeratingRung {
    public init() {}
    public var id: String { "naked-single" }
    public var techniques: [Technique] { [.nakedSingle] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for i in board.unsolved where board.masks[i].nonzeroBitCount == 1 {
            let digit = board.masks[i].trailingZeroBitCount + 1
            let cell = Cell(index: i)
            if visit(
                Step(
                    technique: .nakedSingle, placements: [Candidate(cell, digit)],
                    pattern: .single(digit: digit, cell: cell, house: nil)))
            {
                return
            }
        }
    }
}
