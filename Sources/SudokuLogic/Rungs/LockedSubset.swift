// Offers: `LockedSubset`: locked pairs and locked triples.

import SudokuCore

/// Locked pair or triple (HoDoKu's names): `size` (2 or 3) cells of one
/// box-line intersection whose candidates together are `size` digits, a naked
/// pair or triple in the box and in the line at once. Those digits fill those
/// cells, so they leave the rest of the box and the rest of the line, in one
/// step. Only when the box outside the line and the line outside the box both
/// lose something: otherwise a plain naked pair or triple of one house does it,
/// found by its own rung. Intersections in
/// the order boxes, each with its rows then its columns. The pairs come right
/// after locked candidates (tier 4, before naked pairs) and the triples after
/// hidden pairs (tier 5, before naked triples), as the tiers follow the ladder.
public struct LockedSubset: EnumeratingRung {
    public let size: Int
    public init(size: Int) {
        precondition((2...3).contains(size))
        self.size = size
    }
    public var id: String { size == 2 ? "locked-pairs" : "locked-triples" }
    public var techniques: [Technique] { [size == 2 ? .lockedPair : .lockedTriple] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for x in Houses.intersections {
            let empty = (board.unsolved & x.cells).filter { board.masks[$0].nonzeroBitCount <= size }
            guard empty.count >= size else { continue }
            var stop = false
            Combinations.forEach(empty.count, choose: size) { pick in
                var union: UInt16 = 0
                var cells = CellSet()
                for p in pick {
                    union |= board.masks[empty[p]]
                    cells.insert(empty[p])
                }
                guard union.nonzeroBitCount == size else { return false }
                // Both the box outside the line and the line outside the box lose a digit.
                guard x.boxRest.contains(where: { board.masks[$0] & union != 0 && board.unsolved.contains($0) }),
                    x.lineRest.contains(where: { board.masks[$0] & union != 0 && board.unsolved.contains($0) })
                else { return false }
                var eliminations: [Candidate] = []
                // The rest of the box and of the line (for a pair, the intersection's third cell too).
                for i in board.unsolved & (Houses.cells[x.box] | Houses.cells[x.line]) - cells {
                    for d in DigitMask.each(board.masks[i] & union) {
                        eliminations.append(Candidate(index: i, digit: d))
                    }
                }
                stop = visit(
                    Step(
                        technique: techniques[0], eliminations: eliminations,
                        pattern: .subset(
                            house: Houses.house(x.box), cells: cells.cells, digits: DigitMask.digits(union))))
                return stop
            }
            if stop { return }
        }
    }
}
