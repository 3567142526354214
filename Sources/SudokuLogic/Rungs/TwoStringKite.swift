// Offers: `TwoStringKite`: two-string kites, and dual two-string kites.

import SudokuCore

/// Two-string kite: a digit with two places in a row and two in a column, one
/// end of each in the same box. One of the other ends holds the digit, so the
/// cell seeing both (where that column crosses that row) loses it.
///
/// Dual two-string kite (HoDoKu's name): two cells p and q of a box, in
/// different rows and columns, each the end of a strong link in its row and of
/// one in its column, all four leaving the box. The kite of p's row and q's
/// column and the kite of p's column and q's row share the box part p-q, and
/// each removes a candidate the other does not: one step with both, found before a single
/// kite so that the step concludes all the pattern gives.
public struct TwoStringKite: Rung {
    public init() {}
    public var id: String { "two-string-kite" }
    public var techniques: [Technique] { [.twoStringKite, .dualTwoStringKite] }
    public func step(on board: Board) -> Step? {
        Self.dual(board) ?? TwoLinkPattern.find(board, kind: .kite, technique: .twoStringKite)
    }

    /// The first dual two-string kite on any digit (boxes in order), or nil.
    static func dual(_ board: Board) -> Step? {
        for d in 1...9 {
            let plane = board.planes[d - 1]
            /// The other place of the digit in house `h` when `c` and it are the only two.
            func partner(_ c: Int, _ h: Int) -> Int? {
                var s = plane & Houses.cells[h]
                guard s.count == 2, s.contains(c) else { return nil }
                let a = s.popFirst(), b = s.popFirst()
                return a == c ? b : a
            }
            for b in 18..<27 {
                let box = Houses.cells[b]
                let inBox = (plane & box).map { $0 }
                guard inBox.count >= 2 else { continue }
                for i in 0..<inBox.count {
                    for j in (i + 1)..<inBox.count {
                        let p = inBox[i], q = inBox[j]
                        let hp = Houses.ofCell[p], hq = Houses.ofCell[q]
                        guard hp.row != hq.row, hp.column != hq.column else { continue }
                        guard let x = partner(p, hp.row), let y = partner(q, hq.column),
                            let x2 = partner(p, hp.column), let y2 = partner(q, hq.row),
                            ![x, y, x2, y2].contains(where: { box.contains($0) })
                        else { continue }
                        let exclude = CellSet(indices: [p, q, x, y, x2, y2])
                        let first = StrongLinks.seenByBoth(board, digit: d, x, y, exclude: exclude)
                        let second = StrongLinks.seenByBoth(board, digit: d, x2, y2, exclude: exclude)
                        // Each kite removes a candidate the other does not: otherwise one kite is the step.
                        guard first.contains(where: { !second.contains($0) }),
                            second.contains(where: { !first.contains($0) })
                        else { continue }
                        func kite(_ x: Int, _ h1: Int, _ y: Int, _ h2: Int) -> Pattern {
                            .chain(
                                links: [
                                    StrongLinks.link(x, p, digit: d, kind: .strong, house: h1),
                                    StrongLinks.link(p, q, digit: d, kind: .weak, house: b),
                                    StrongLinks.link(q, y, digit: d, kind: .strong, house: h2),
                                ], isLoop: false)
                        }
                        return Step(
                            technique: .dualTwoStringKite, eliminations: Array(Set(first + second)),
                            pattern: .dual(
                                first: kite(x, hp.row, y, hq.column), second: kite(x2, hp.column, y2, hq.row)))
                    }
                }
            }
        }
        return nil
    }
}
