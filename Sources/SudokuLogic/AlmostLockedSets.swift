// Offers: `ALSIndex`, every almost locked set of a board (N empty cells of one
// house with N+1 candidates between them), with, per set, where each of its
// digits lies, and the restricted common digits of two sets.

import SudokuCore

struct ALS {
    var cells: CellSet
    var mask: UInt16
    var house: Int
    /// Per digit (index d-1): the set's cells with that candidate.
    var places: [CellSet]

    func set() -> AlmostLockedSet {
        AlmostLockedSet(cells: cells.cells, digits: DigitMask.digits(mask), house: Houses.house(house))
    }
}

struct ALSIndex {
    private(set) var sets: [ALS] = []

    /// Every ALS of up to `maxCells` cells, each cell set once (found first in
    /// its row, then column, then box), smaller sets first.
    init(_ board: Board, maxCells: Int = 8) {
        var seen = Set<CellSet>()
        var found: [ALS] = []
        for h in 0..<27 {
            let empty = (board.unsolved & Houses.cells[h]).map { $0 }
            guard !empty.isEmpty else { continue }
            for k in 1...min(maxCells, empty.count) {
                // A set of all the empty cells has as many digits as cells: never almost locked.
                guard k < empty.count || k == 1 else { continue }
                Combinations.forEach(empty.count, choose: k) { pick in
                    var mask: UInt16 = 0
                    var cells = CellSet()
                    for p in pick {
                        mask |= board.masks[empty[p]]
                        cells.insert(empty[p])
                    }
                    guard mask.nonzeroBitCount == k + 1, !seen.contains(cells) else { return false }
                    seen.insert(cells)
                    var places = [CellSet](repeating: CellSet(), count: 9)
                    for d in DigitMask.digits(mask) { places[d - 1] = board.planes[d - 1] & cells }
                    found.append(ALS(cells: cells, mask: mask, house: h, places: places))
                    return false
                }
            }
        }
        sets = found.sorted { $0.cells.count < $1.cells.count }
    }

    /// The restricted common digits of `a` and `b` (cells disjoint): digits both
    /// hold whose places in the two sets all see each other, so at most one set holds it.
    static func restricted(_ a: ALS, _ b: ALS) -> UInt16 {
        var out: UInt16 = 0
        for d in DigitMask.digits(a.mask & b.mask) {
            let pa = a.places[d - 1], pb = b.places[d - 1]
            if pb.isSubset(of: pa.commonPeers) { out |= DigitMask.bit(d) }
        }
        return out
    }

    /// Candidates of digit `d` outside `exclude` that see every place of `d` in `sets`.
    static func seeingAll(_ board: Board, digit d: Int, _ sets: [ALS], exclude: CellSet) -> [Candidate] {
        var places = CellSet()
        for s in sets { places |= s.places[d - 1] }
        guard !places.isEmpty else { return [] }
        return (board.planes[d - 1] & places.commonPeers - exclude).map { Candidate(index: $0, digit: d) }
    }
}
