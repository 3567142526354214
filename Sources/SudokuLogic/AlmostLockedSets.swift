// Offers: `ALSIndex`, every almost locked set of a board (N empty cells of one
// house with N+1 candidates between them), with, per set and digit, where the
// digit lies and which cells see all of those places, in flat arrays; the
// restricted common digits of two sets; and the sets grouped by size, so that
// the ALS rungs can look at small combinations first.

import SudokuCore

struct ALSIndex {
    /// Per set: its cells, digits and house.
    private(set) var cells: [CellSet] = []
    private(set) var masks: [UInt16] = []
    private(set) var houses: [Int] = []
    /// Per set and digit (index set * 9 + d - 1): the set's cells with the digit,
    /// and the cells that see all of them (outside the set).
    private(set) var places: [CellSet] = []
    private(set) var seeAll: [CellSet] = []
    /// Set indices by size: `bySize[k]` lists the sets of k cells.
    private(set) var bySize = [[Int]](repeating: [], count: 10)

    var count: Int { cells.count }

    /// Every ALS of up to `maxCells` cells, each cell set once (found first in
    /// its row, then column, then box).
    init(_ board: Board, maxCells: Int = 8) {
        var seen = Set<CellSet>()
        var empty: [Int] = []
        empty.reserveCapacity(9)
        for h in 0..<27 {
            empty.removeAll(keepingCapacity: true)
            for i in board.unsolved & Houses.cells[h] { empty.append(i) }
            guard !empty.isEmpty else { continue }
            for k in 1...min(maxCells, empty.count) {
                // All of a house's empty cells hold exactly as many digits as cells: never almost locked.
                guard k < empty.count else { continue }
                Combinations.forEach(empty.count, choose: k) { pick in
                    var mask: UInt16 = 0
                    var set = CellSet()
                    for p in pick {
                        mask |= board.masks[empty[p]]
                        set.insert(empty[p])
                    }
                    guard mask.nonzeroBitCount == k + 1, seen.insert(set).inserted else { return false }
                    let id = cells.count
                    cells.append(set)
                    masks.append(mask)
                    houses.append(h)
                    for d in 0..<9 {
                        let p = board.planes[d] & set
                        places.append(p)
                        seeAll.append(p.isEmpty ? CellSet() : p.commonPeers)
                    }
                    bySize[k].append(id)
                    return false
                }
            }
        }
    }

    @inline(__always) func places(_ s: Int, _ d: Int) -> CellSet { places[s * 9 + d - 1] }

    /// True when `cells` (the cells of some sets together) are three or fewer, all
    /// bivalue: a naked pair or an XY-Wing, not a pattern of almost locked sets.
    func isBivalueCells(_ cells: CellSet, _ board: Board) -> Bool {
        cells.count <= 3 && cells.allSatisfy { board.masks[$0].nonzeroBitCount == 2 }
    }
    @inline(__always) func seeAll(_ s: Int, _ d: Int) -> CellSet { seeAll[s * 9 + d - 1] }

    /// The restricted common digits of sets `a` and `b` (cells disjoint): digits
    /// both hold whose places in the two sets all see each other, so at most one set holds it.
    @inline(__always) func restricted(_ a: Int, _ b: Int) -> UInt16 {
        var out: UInt16 = 0
        var common = masks[a] & masks[b]
        while common != 0 {
            let d = common.trailingZeroBitCount + 1
            common &= common &- 1
            if places(b, d).isSubset(of: seeAll(a, d)) { out |= DigitMask.bit(d) }
        }
        return out
    }

    /// The cells (candidates of `d`, outside the sets) that see every place of `d` in `sets`.
    @inline(__always) func targets(_ board: Board, digit d: Int, _ sets: [Int]) -> CellSet {
        var t = board.planes[d - 1]
        for s in sets {
            if places(s, d).isEmpty { continue }
            t &= seeAll(s, d)
        }
        return t
    }

    /// The same for two sets, without an array.
    @inline(__always) func targets(_ board: Board, digit d: Int, _ a: Int, _ b: Int) -> CellSet {
        var t = board.planes[d - 1]
        if !places(a, d).isEmpty { t &= seeAll(a, d) }
        if !places(b, d).isEmpty { t &= seeAll(b, d) }
        return t
    }

    func set(_ s: Int) -> AlmostLockedSet {
        AlmostLockedSet(cells: cells[s].cells, digits: DigitMask.digits(masks[s]), house: Houses.house(houses[s]))
    }

    /// Every pair of disjoint sets with a restricted common digit, with those
    /// digits, in increasing order of their total cells (then by index); with
    /// `overlapping`, the pairs of sets that share cells instead.
    ///
    /// Cells that all see each other lie in one house, so a restricted digit's
    /// places in both sets lie in one house: only sets whose places of a digit
    /// share a house are paired, which is far fewer than all pairs. Of two sets
    /// that share cells, a digit is restricted when its places in the two are
    /// moreover apart (no cell of the overlap holds it: a cell does not see
    /// itself), so that the two sets cannot both hold it. The ALS arguments
    /// need no more than that (each rung's comment says why).
    func restrictedPairs(overlapping: Bool = false) -> [(a: Int, b: Int, rcc: UInt16)] {
        // Buckets by (house, digit), flat: counts, then offsets, then fill.
        var bucketCount = [Int32](repeating: 0, count: 27 * 9 + 1)
        func forEachEntry(_ body: (Int, Int) -> Void) {
            for s in 0..<count {
                var m = masks[s]
                while m != 0 {
                    let d = m.trailingZeroBitCount + 1
                    m &= m &- 1
                    let p = places(s, d)
                    guard let first = p.first else { continue }
                    let h = Houses.ofCell[first]
                    if p.isSubset(of: Houses.cells[h.row]) { body(h.row * 9 + d - 1, s) }
                    if p.isSubset(of: Houses.cells[h.column]) { body(h.column * 9 + d - 1, s) }
                    if p.isSubset(of: Houses.cells[h.box]) { body(h.box * 9 + d - 1, s) }
                }
            }
        }
        forEachEntry { key, _ in bucketCount[key + 1] += 1 }
        for k in 0..<(27 * 9) { bucketCount[k + 1] += bucketCount[k] }
        var fill = bucketCount
        var entries = [Int32](repeating: 0, count: Int(bucketCount[27 * 9]))
        forEachEntry { key, s in
            entries[Int(fill[key])] = Int32(s)
            fill[key] += 1
        }
        // Every (pair, digit) found, keyed by the pair's total size, then its
        // first set, then its second; sorted, the digits of one pair merged.
        var found: [(key: UInt64, rcc: UInt16)] = []
        for key in 0..<(27 * 9) {
            let lo = Int(bucketCount[key]), hi = Int(bucketCount[key + 1])
            guard hi - lo >= 2 else { continue }
            let d = key % 9 + 1
            let bit = DigitMask.bit(d)
            for i in lo..<hi {
                for j in (i + 1)..<hi {
                    // The smaller set first (then the lower index), as the sets are listed.
                    let x = Int(entries[i]), y = Int(entries[j])
                    let xFirst = (cells[x].count, x) < (cells[y].count, y)
                    let a = xFirst ? x : y, b = xFirst ? y : x
                    if overlapping {
                        guard cells[a].intersects(cells[b]), !places(a, d).intersects(places(b, d)) else { continue }
                    } else {
                        guard !cells[a].intersects(cells[b]) else { continue }
                    }
                    let size = UInt64(cells[a].count + cells[b].count)
                    found.append((size << 48 | UInt64(a) << 24 | UInt64(b), bit))
                }
            }
        }
        found.sort { $0.key < $1.key }
        var pairs: [(a: Int, b: Int, rcc: UInt16)] = []
        pairs.reserveCapacity(found.count)
        var last: UInt64 = .max
        for (key, bit) in found {
            if key == last {
                pairs[pairs.count - 1].rcc |= bit
            } else {
                pairs.append((Int(key >> 24 & 0xFF_FFFF), Int(key & 0xFF_FFFF), bit))
                last = key
            }
        }
        return pairs
    }

    /// Calls `body` with pairs of set indices in increasing order of their total
    /// cells until it returns true (sizes a <= b, then by index).
    func forEachPairBySize(_ body: (Int, Int) -> Bool) {
        for total in 2...16 {
            for ka in 1...(total / 2) {
                let kb = total - ka
                guard ka <= 8, kb <= 8 else { continue }
                let la = bySize[ka], lb = bySize[kb]
                for x in 0..<la.count {
                    for y in (ka == kb ? x + 1 : 0)..<lb.count {
                        if body(la[x], lb[y]) { return }
                    }
                }
            }
        }
    }
}

/// The restricted commons between almost locked sets of at most `maxCells` cells, per set, as flat
/// arrays: set s's links are `start[s]..<start[s + 1]`, each the other set (`other`) and the
/// restricted digits (`rcc`), in the order of `lists` and of the pairs within each.
struct ALSLinks {
    var start: [Int32]
    var other: [Int32]
    var rcc: [UInt16]

    init(_ index: ALSIndex, _ lists: [[(a: Int, b: Int, rcc: UInt16)]], maxCells: Int) {
        let n = index.count
        start = [Int32](repeating: 0, count: n + 1)
        for pairs in lists {
            for (a, b, _) in pairs where index.cells[a].count <= maxCells && index.cells[b].count <= maxCells {
                start[a + 1] += 1
                start[b + 1] += 1
            }
        }
        for k in 0..<n { start[k + 1] += start[k] }
        var fill = start
        other = [Int32](repeating: 0, count: Int(start[n]))
        rcc = [UInt16](repeating: 0, count: Int(start[n]))
        for pairs in lists {
            for (a, b, r) in pairs where index.cells[a].count <= maxCells && index.cells[b].count <= maxCells {
                other[Int(fill[a])] = Int32(b)
                rcc[Int(fill[a])] = r
                fill[a] += 1
                other[Int(fill[b])] = Int32(a)
                rcc[Int(fill[b])] = r
                fill[b] += 1
            }
        }
    }
}
