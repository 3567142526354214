// Offers: `EmptyRectangle`: empty rectangles, and dual empty rectangles.

import SudokuCore

/// Empty rectangle: in a box, a digit's candidates all lie in one row and one
/// column of the box (and in both). With a strong link on the digit in a
/// column outside the box, one end in the box's row: if that end holds the
/// digit, the box's digit is in its column; if not, the other end holds it.
/// Either way the cell in the box's column and the other end's row loses it.
/// The same with rows and columns swapped.
///
/// Dual empty rectangle (HoDoKu's name): two empty rectangles of the same box
/// (the same candidates there), each with its own strong link, removing
/// different candidates: one step with both, found before a single empty
/// rectangle so that the step concludes all the box gives.
public struct EmptyRectangle: Rung {
    public init() {}
    public var id: String { "empty-rectangle" }
    public var techniques: [Technique] { [.emptyRectangle, .dualEmptyRectangle] }

    public func step(on board: Board) -> Step? {
        var firstSingle: Step?
        for d in 1...9 {
            let plane = board.planes[d - 1]
            let pairs = StrongLinks.pairs(board, digit: d).filter { $0.house < 18 }
            guard !pairs.isEmpty else { continue }
            for b in 0..<9 {
                let found = Self.emptyRectangles(board, digit: d, box: b, plane: plane, pairs: pairs)
                guard let one = found.first else { continue }
                // Two with different eliminations are one dual step; otherwise the first is kept for later.
                if let other = found.first(where: { $0.target != one.target }) {
                    return Step(
                        technique: .dualEmptyRectangle,
                        eliminations: [
                            Candidate(index: one.target, digit: d), Candidate(index: other.target, digit: d),
                        ],
                        pattern: .dual(first: one.pattern, second: other.pattern))
                }
                if firstSingle == nil {
                    firstSingle = Step(
                        technique: .emptyRectangle, eliminations: [Candidate(index: one.target, digit: d)],
                        pattern: one.pattern)
                }
            }
        }
        return firstSingle
    }

    /// Every empty rectangle of box `b` on digit `d` that removes a candidate: its target cell and pattern.
    static func emptyRectangles(
        _ board: Board, digit d: Int, box b: Int, plane: CellSet, pairs: [ConjugatePair]
    ) -> [(target: Int, pattern: Pattern)] {
        let box = Houses.cells[18 + b]
        let inBox = plane & box
        guard inBox.count >= 2 else { return [] }
        var found: [(target: Int, pattern: Pattern)] = []
        for r in (b / 3) * 3..<((b / 3) * 3 + 3) {
            for c in (b % 3) * 3..<((b % 3) * 3 + 3) {
                let row = Houses.cells[r], column = Houses.cells[9 + c]
                guard inBox.isSubset(of: row | column), !inBox.isSubset(of: row), !inBox.isSubset(of: column)
                else { continue }
                for pair in pairs {
                    for (x, y) in [(pair.a, pair.b), (pair.b, pair.a)] {
                        let target: Int
                        if pair.house >= 9 {
                            // A column link outside the box's stack: x in the ER row, y outside the band.
                            guard (pair.house - 9) / 3 != b % 3, x / 9 == r, y / 9 / 3 != b / 3 else { continue }
                            target = (y / 9) * 9 + c
                        } else {
                            // A row link outside the box's band: x in the ER column, y outside the stack.
                            guard pair.house / 3 != b / 3, x % 9 == c, (y % 9) / 3 != b % 3 else { continue }
                            target = r * 9 + y % 9
                        }
                        guard plane.contains(target) else { continue }
                        let link = StrongLinks.link(x, y, digit: d, kind: .strong, house: pair.house)
                        found.append(
                            (
                                target,
                                .emptyRectangle(
                                    digit: d, box: .box(b), row: .row(r), column: .column(c), cells: inBox.cells,
                                    link: link)
                            ))
                    }
                }
            }
        }
        return found
    }
}
