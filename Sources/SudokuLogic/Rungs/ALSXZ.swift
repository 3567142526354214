// Offers: `ALSXZ`.

import SudokuCore

/// ALS-XZ: two almost locked sets A and B with a restricted common digit x
/// (every x of A sees every x of B, so at most one holds x). The one without x
/// is locked, so for another common digit z one of the sets holds z: cells
/// seeing every z of both lose it. With two restricted common digits, each set
/// is locked on its other digits, and x and y too leave cells seeing all their
/// places. The pair with the fewest cells. Sets of bivalue cells, three cells
/// or fewer in all, are skipped: two are a naked pair, three an XY-Wing or a
/// naked pair and a cell, each found by its own earlier rung.
///
/// Sets that share cells are paired too, but only when no pair of disjoint
/// sets gives a step, and only on a restricted digit that no shared cell
/// holds: its places in the two sets are then different cells that all see
/// each other, so at most one set holds it, which is all the argument needs
/// (each set keeps its N cells and N+1 digits; for two restricted digits, a
/// set holding neither would have N cells and N-1 digits, so each holds
/// exactly one and is locked on the rest).
public struct ALSXZ: CachingRung {
    public init() {}
    public var id: String { "als-xz" }
    public var techniques: [Technique] { [.alsXZ] }

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        for overlapping in [false, true] {
            if let step = step(on: board, index: cache.als, overlapping ? cache.alsOverlappingPairs : cache.alsPairs) {
                return step
            }
        }
        return nil
    }

    /// The first step of `pairs` (in their order).
    private func step(on board: Board, index: ALSIndex, _ pairs: [(a: Int, b: Int, rcc: UInt16)]) -> Step? {
        for (a, b, rcc) in pairs {
            let exclude = index.cells[a] | index.cells[b]
            if index.isBivalueCells(exclude, board) { continue }
            var eliminations: [Candidate] = []
            func add(_ d: Int, _ sets: [Int]) {
                for c in index.targets(board, digit: d, sets) - exclude {
                    eliminations.append(Candidate(index: c, digit: d))
                }
            }
            switch rcc.nonzeroBitCount {
            case 1:
                for z in DigitMask.each(index.masks[a] & index.masks[b] & ~rcc) { add(z, [a, b]) }
            case 2:
                // Doubly linked: each set is locked on its other digits, and x and y are placed in the two.
                for d in DigitMask.each(index.masks[a] & ~rcc) { add(d, [a]) }
                for d in DigitMask.each(index.masks[b] & ~rcc) { add(d, [b]) }
                for d in DigitMask.each(rcc) { add(d, [a, b]) }
            default:
                continue  // three restricted digits between two ALS: a broken position
            }
            guard !eliminations.isEmpty else { continue }
            let unique = Array(Set(eliminations))
            return Step(
                technique: .alsXZ, eliminations: unique,
                pattern: .als(
                    sets: [index.set(a), index.set(b)], restricted: DigitMask.digits(rcc),
                    eliminated: Set(unique.map(\.digit)).sorted()))
        }
        return nil
    }
}
