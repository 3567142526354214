// Offers: `ALSXYWing`.

import SudokuCore

/// ALS-XY-Wing: three almost locked sets A, B and a pivot C, with a restricted
/// common digit x between A and C and a different one y between B and C. If
/// neither A nor B held a common digit z (not x or y), both would be locked,
/// holding x and y, and C would lose both and be short of a digit. So one of
/// them holds z: cells seeing every z of A and B lose it. Smallest sets first.
public struct ALSXYWing: Rung {
    public init() {}
    public var id: String { "als-xy-wing" }
    public var techniques: [Technique] { [.alsXYWing] }

    public func step(on board: Board) -> Step? {
        let sets = ALSIndex(board, maxCells: 6).sets
        // Restricted commons between disjoint pairs, per set.
        var links = [[(other: Int, rcc: UInt16)]](repeating: [], count: sets.count)
        for i in 0..<sets.count {
            for j in (i + 1)..<sets.count {
                let a = sets[i], b = sets[j]
                guard a.mask & b.mask != 0, !a.cells.intersects(b.cells) else { continue }
                let r = ALSIndex.restricted(a, b)
                guard r != 0 else { continue }
                links[i].append((j, r))
                links[j].append((i, r))
            }
        }
        var best: (Step, Int)?
        for c in 0..<sets.count where links[c].count >= 2 {
            let pivot = sets[c]
            for p in 0..<links[c].count {
                for q in (p + 1)..<links[c].count {
                    let (ia, ra) = links[c][p], (ib, rb) = links[c][q]
                    let a = sets[ia], b = sets[ib]
                    let size = a.cells.count + b.cells.count + pivot.cells.count
                    if let best, size >= best.1 { continue }
                    guard !a.cells.intersects(b.cells) else { continue }
                    // x from A-C, y from B-C, different.
                    var xy: (Int, Int)?
                    for x in DigitMask.digits(ra) {
                        for y in DigitMask.digits(rb) where y != x { xy = (x, y); break }
                        if xy != nil { break }
                    }
                    guard let (x, y) = xy else { continue }
                    let zMask = a.mask & b.mask & ~DigitMask.bit(x) & ~DigitMask.bit(y)
                    guard zMask != 0 else { continue }
                    let exclude = a.cells | b.cells | pivot.cells
                    var eliminations: [Candidate] = []
                    var zs: [Int] = []
                    for z in DigitMask.digits(zMask) {
                        let e = ALSIndex.seeingAll(board, digit: z, [a, b], exclude: exclude)
                        if !e.isEmpty { zs.append(z) }
                        eliminations += e
                    }
                    guard !eliminations.isEmpty else { continue }
                    let step = Step(technique: .alsXYWing, eliminations: eliminations,
                                    pattern: .als(sets: [a.set(), b.set(), pivot.set()], restricted: [x, y], eliminated: zs))
                    best = (step, size)
                }
            }
        }
        return best?.0
    }
}
