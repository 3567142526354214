// Offers: `NakedSubset`: naked pairs, triples and quads.

import SudokuCore

/// Naked subset of `size` 2...4: that many cells of one house whose candidates
/// together are that many digits. Those digits go in those cells, so they leave
/// the house's other cells. Houses in the order boxes, rows, columns.
public struct NakedSubset: EnumeratingRung {
    public let size: Int
    public init(size: Int) {
        precondition((2...4).contains(size))
        self.size = size
    }
    public var id: String { ["naked-pairs", "naked-triples", "naked-quads"][size - 2] }
    public var techniques: [Technique] { [[.nakedPair, .nakedTriple, .nakedQuad][size - 2]] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        let technique = techniques[0]
        var pool: [Int] = []
        pool.reserveCapacity(9)
        for h in FullHouse.scanOrder {
            let empty = board.unsolved & Houses.cells[h]
            guard empty.count > size else { continue }
            pool.removeAll(keepingCapacity: true)
            for i in empty where board.masks[i].nonzeroBitCount <= size { pool.append(i) }
            guard pool.count >= size else { continue }
            var stop = false
            Combinations.forEach(pool.count, choose: size) { pick in
                var union: UInt16 = 0
                var cells = CellSet()
                for p in pick {
                    union |= board.masks[pool[p]]
                    cells.insert(pool[p])
                }
                guard union.nonzeroBitCount == size else { return false }
                var eliminations: [Candidate] = []
                for i in empty - cells {
                    let hit = board.masks[i] & union
                    for d in DigitMask.each(hit) { eliminations.append(Candidate(index: i, digit: d)) }
                }
                guard !eliminations.isEmpty else { return false }
                stop = visit(
                    Step(
                        technique: technique, eliminations: eliminations,
                        pattern: .subset(house: Houses.house(h), cells: cells.cells, digits: DigitMask.digits(union))))
                return stop
            }
            if stop { return }
        }
    }
}
