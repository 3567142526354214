// Offers: `NakedSingle`, a cell with one candidate left takes it.

import SudokuCore

/// Naked single: an empty cell whose peers rule out all digits but one.
public struct NakedSingle: Rung {
    public init() {}
    public var id: String { "naked-single" }
    public var techniques: [Technique] { [.nakedSingle] }

    public func step(on board: Board) -> Step? {
        var first: Step?
        forEachStep(on: board) { first = $0; return true }
        return first
    }

    public func steps(on board: Board) -> [Step] {
        var all: [Step] = []
        forEachStep(on: board) { all.append($0); return false }
        return all
    }

    /// Hands each step to `visit` in search order until it returns true.
    private func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for i in board.unsolved where board.masks[i].nonzeroBitCount == 1 {
            let digit = board.masks[i].trailingZeroBitCount + 1
            let cell = Cell(index: i)
            if visit(Step(technique: .nakedSingle, placements: [Candidate(cell, digit)],
                          pattern: .single(digit: digit, cell: cell, house: nil))) { return }
        }
    }
}
