// Offers: `ALSXZ`.

import SudokuCore

/// ALS-XZ: two almost locked sets A and B with a restricted common digit x
/// (every x of A sees every x of B, so at most one holds x). The one without x
/// is locked, so for another common digit z one of the sets holds z: cells
/// seeing every z of both lose it. With two restricted common digits, each set
/// is locked on its other digits, and x and y too leave cells seeing all their
/// places. Smallest sets first.
public struct ALSXZ: Rung {
    public init() {}
    public var id: String { "als-xz" }
    public var techniques: [Technique] { [.alsXZ] }

    public func step(on board: Board) -> Step? {
        let sets = ALSIndex(board).sets
        var best: (Step, Int)?
        for i in 0..<sets.count {
            for j in (i + 1)..<sets.count {
                let a = sets[i], b = sets[j]
                let size = a.cells.count + b.cells.count
                if let best, size >= best.1 { continue }
                guard !a.cells.intersects(b.cells), a.mask & b.mask != 0 else { continue }
                let rcc = ALSIndex.restricted(a, b)
                guard rcc != 0 else { continue }
                let exclude = a.cells | b.cells
                var eliminations = Set<Candidate>()
                for d in DigitMask.digits(a.mask & b.mask & ~rcc) where rcc.nonzeroBitCount == 1 {
                    eliminations.formUnion(ALSIndex.seeingAll(board, digit: d, [a, b], exclude: exclude))
                }
                if rcc.nonzeroBitCount >= 2 {
                    // Doubly linked (two restricted digits; with three or more the position is broken).
                    guard rcc.nonzeroBitCount == 2 else { continue }
                    for d in DigitMask.digits(a.mask & ~rcc) {
                        eliminations.formUnion(ALSIndex.seeingAll(board, digit: d, [a], exclude: exclude))
                    }
                    for d in DigitMask.digits(b.mask & ~rcc) {
                        eliminations.formUnion(ALSIndex.seeingAll(board, digit: d, [b], exclude: exclude))
                    }
                    for d in DigitMask.digits(rcc) {
                        eliminations.formUnion(ALSIndex.seeingAll(board, digit: d, [a, b], exclude: exclude))
                    }
                }
                guard !eliminations.isEmpty else { continue }
                let zs = Set(eliminations.map(\.digit)).sorted()
                let step = Step(technique: .alsXZ, eliminations: Array(eliminations),
                                pattern: .als(sets: [a.set(), b.set()], restricted: DigitMask.digits(rcc), eliminated: zs))
                best = (step, size)
            }
        }
        return best?.0
    }
}
