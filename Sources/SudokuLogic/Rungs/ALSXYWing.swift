// Offers: `ALSXYWing`.

import SudokuCore

/// ALS-XY-Wing: three almost locked sets A, B and a pivot C, with a restricted
/// common digit x between A and C and a different one y between B and C. If
/// neither A nor B held a common digit z (not x or y), both would be locked,
/// holding x and y, and C would lose both and be short of a digit. So one of
/// them holds z: cells seeing every z of A and B lose it. The three sets with
/// the fewest cells between them (up to six cells each). Three sets of one cell
/// each are an XY-Wing, found by its own earlier rung, and skipped here.
///
/// Only when no three pairwise disjoint sets give a step, sets that share
/// cells are used too, each link on a restricted digit that no shared cell of
/// its two sets holds (`ALSIndex.restrictedPairs(overlapping:)`): the digit's
/// places in the two are then different cells that all see each other, so at
/// most one of the two holds it. That, and each set's N cells with N+1 digits,
/// is all the argument uses: A and B without z are each locked and hold x and
/// y, whatever cells they share, and C, holding neither, would have N cells
/// and N-1 digits.
public struct ALSXYWing: CachingRung {
    public init() {}
    public var id: String { "als-xy-wing" }
    public var techniques: [Technique] { [.alsXYWing] }

    /// The largest set the rung uses.
    static let maxCells = 6

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        search(board, cache, overlapping: false) ?? search(board, cache, overlapping: true)
    }

    /// The wing with the fewest cells, of pairwise disjoint sets unless `overlapping`.
    private func search(_ board: Board, _ cache: PositionCache, overlapping: Bool) -> Step? {
        let index = cache.als
        let n = index.count
        // Restricted commons between disjoint sets (and, if `overlapping`, sets that share cells), per set,
        // as flat arrays: set s's links are `start[s]..<start[s + 1]`, in the order of the pairs (the
        // disjoint pairs first, then the overlapping ones).
        let lists = overlapping ? [cache.alsPairs, cache.alsOverlappingPairs] : [cache.alsPairs]
        let links = ALSLinks(index, lists, maxCells: Self.maxCells)
        let start = links.start, other = links.other, rccOf = links.rcc
        var best: (Step, Int)?
        for c in 0..<n where start[c + 1] - start[c] >= 2 && index.cells[c].count <= Self.maxCells {
            let pivotSize = index.cells[c].count
            if let best, pivotSize + 2 >= best.1 { continue }
            let lo = Int(start[c]), hi = Int(start[c + 1])
            for p in lo..<hi {
                for q in (p + 1)..<hi {
                    let a = Int(other[p]), ra = rccOf[p], b = Int(other[q]), rb = rccOf[q]
                    let size = index.cells[a].count + index.cells[b].count + pivotSize
                    if let best, size >= best.1 { continue }
                    guard index.masks[a] & index.masks[b] != 0,
                        overlapping || !index.cells[a].intersects(index.cells[b])
                    else {
                        continue
                    }
                    // x from A-C (the lowest that leaves B-C another), y from B-C, different.
                    var x = 0
                    var xs = ra
                    while xs != 0 {
                        let d = xs.trailingZeroBitCount + 1
                        xs &= xs &- 1
                        if rb & ~DigitMask.bit(d) != 0 {
                            x = d
                            break
                        }
                    }
                    guard x != 0 else { continue }
                    let y = (rb & ~DigitMask.bit(x)).trailingZeroBitCount + 1
                    let zMask = index.masks[a] & index.masks[b] & ~DigitMask.bit(x) & ~DigitMask.bit(y)
                    guard zMask != 0 else { continue }
                    let exclude = index.cells[a] | index.cells[b] | index.cells[c]
                    if index.isBivalueCells(exclude, board) { continue }
                    var eliminations: [Candidate] = []
                    var zs: [Int] = []
                    for z in DigitMask.each(zMask) {
                        let t = index.targets(board, digit: z, a, b) - exclude
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
