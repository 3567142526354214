// Offers: `ALSXYWing`.

import SudokuCore

/// ALS-XY-Wing: three almost locked sets A, B and a pivot C, with a restricted
/// common digit x between A and C and a different one y between B and C. If
/// neither A nor B held a common digit z (not x or y), both would be locked,
/// holding x and y, and C would lose both and be short of a digit. So one of
/// them holds z: cells seeing every z of A and B lose it. The three sets with
/// the fewest cells between them (up to six cells each). Three sets of one cell
/// each are an XY-Wing, found by its own earlier rung, and skipped here.
public struct ALSXYWing: CachingRung {
    public init() {}
    public var id: String { "als-xy-wing" }
    public var techniques: [Technique] { [.alsXYWing] }

    /// The largest set the rung uses.
    static let maxCells = 6

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        let index = cache.als
        let n = index.count
        // Restricted commons between disjoint sets, per set.
        var links = [[(other: Int, rcc: UInt16)]](repeating: [], count: n)
        for (a, b, r) in cache.alsPairs
        where index.cells[a].count <= Self.maxCells && index.cells[b].count <= Self.maxCells {
            links[a].append((b, r))
            links[b].append((a, r))
        }
        var best: (Step, Int)?
        for c in 0..<n where links[c].count >= 2 && index.cells[c].count <= Self.maxCells {
            let pivotSize = index.cells[c].count
            if let best, pivotSize + 2 >= best.1 { continue }
            let ls = links[c]
            for p in 0..<ls.count {
                for q in (p + 1)..<ls.count {
                    let (a, ra) = ls[p], (b, rb) = ls[q]
                    let size = index.cells[a].count + index.cells[b].count + pivotSize
                    if let best, size >= best.1 { continue }
                    guard index.masks[a] & index.masks[b] != 0, !index.cells[a].intersects(index.cells[b]) else {
                        continue
                    }
                    // x from A-C, y from B-C, different.
                    guard let x = DigitMask.digits(ra).first(where: { x in rb & ~DigitMask.bit(x) != 0 }) else {
                        continue
                    }
                    let y = (rb & ~DigitMask.bit(x)).trailingZeroBitCount + 1
                    let zMask = index.masks[a] & index.masks[b] & ~DigitMask.bit(x) & ~DigitMask.bit(y)
                    guard zMask != 0 else { continue }
                    let exclude = index.cells[a] | index.cells[b] | index.cells[c]
                    if index.isBivalueCells(exclude, board) { continue }
                    var eliminations: [Candidate] = []
                    var zs: [Int] = []
                    for z in DigitMask.digits(zMask) {
                        let t = index.targets(board, digit: z, [a, b]) - exclude
                        if !t.isEmpty { zs.append(z) }
                        for i in t { eliminations.append(Candidate(index: i, digit: z)) }
                    }
                    guard !eliminations.isEmpty else { continue }
                    let step = Step(
                        technique: .alsXYWing, eliminations: eliminations,
                        pattern: .als(
                            sets: [index.set(a), index.set(b), index.set(c)], restricted: [x, y], eliminated: zs))
                    best = (step, size)
                }
            }
        }
        return best?.0
    }
}
