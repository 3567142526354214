// Offers: `BUGPlusOne`.

import SudokuCore

/// BUG+1 (bivalue universal grave plus one): every empty cell has two
/// candidates except one with three, and without one of its three digits every
/// digit would have exactly two places in each house it is missing from. That
/// position has either no solution or two, so with a unique solution the extra
/// digit must be placed. Needs a proven unique puzzle.
public struct BUGPlusOne: Rung {
    public init() {}
    public var id: String { "bug-plus-one" }
    public var techniques: [Technique] { [.bugPlusOne] }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        var triple: Int?
        for i in board.unsolved {
            switch board.masks[i].nonzeroBitCount {
            case 2: continue
            case 3 where triple == nil: triple = i
            default: return nil
            }
        }
        guard let t = triple else { return nil }
        for d in DigitMask.each(board.masks[t]) {
            var ok = true
            for h in 0..<27 where ok {
                for e in 1...9 {
                    var places = board.planes[e - 1] & Houses.cells[h]
                    if e == d { places.remove(t) }
                    let n = places.count
                    if n != 0 && n != 2 {
                        ok = false
                        break
                    }
                }
            }
            if ok {
                return Step(
                    technique: .bugPlusOne, placements: [Candidate(index: t, digit: d)],
                    pattern: .bug(cell: Cell(index: t), digit: d))
            }
        }
        return nil
    }
}
