// Offers: `HiddenSubset`: hidden pairs, triples and quads.

import SudokuCore

/// Hidden subset of `size` 2...4: that many digits whose candidates in one
/// house lie in that many cells. Those cells must hold those digits, so their
/// other candidates go. Houses in the order boxes, rows, columns.
public struct HiddenSubset: EnumeratingRung {
    public let size: Int
    public init(size: Int) {
        precondition((2...4).contains(size))
        self.size = size
    }
    public var id: String { ["hidden-pairs", "hidden-triples", "hidden-quads"][size - 2] }
    public var techniques: [Technique] { [[.hiddenPair, .hiddenTriple, .hiddenQuad][size - 2]] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        let technique = techniques[0]
        var digits: [Int] = []
        digits.reserveCapacity(9)
        for h in FullHouse.scanOrder {
            let house = Houses.cells[h]
            guard (board.unsolved & house).count > size else { continue }
            digits.removeAll(keepingCapacity: true)
            for d in 1...9 {
                let n = (board.planes[d - 1] & house).count
                if n >= 2 && n <= size { digits.append(d) }
            }
            guard digits.count >= size else { continue }
            var stop = false
            Combinations.forEach(digits.count, choose: size) { pick in
                var cells = CellSet()
                var mask: UInt16 = 0
                for p in pick {
                    cells |= board.planes[digits[p] - 1] & house
                    mask |= DigitMask.bit(digits[p])
                }
                guard cells.count == size else { return false }
                var eliminations: [Candidate] = []
                for i in cells {
                    for d in DigitMask.each(board.masks[i] & ~mask) {
                        eliminations.append(Candidate(index: i, digit: d))
                    }
                }
                guard !eliminations.isEmpty else { return false }
                stop = visit(
                    Step(
                        technique: technique, eliminations: eliminations,
                        pattern: .subset(house: Houses.house(h), cells: cells.cells, digits: DigitMask.digits(mask))))
                return stop
            }
            if stop { return }
        }
    }
}
