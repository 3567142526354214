// Offers: `WWing`.

import SudokuCore

/// W-Wing: two cells with the same two candidates {x,y} that do not see each
/// other, and a strong link on x whose ends see one cell each. If the first
/// cell is not y it is x, so its end of the link is not x, the other end is,
/// and the second cell is y: one of the two cells is y, so cells seeing both lose y.
public struct WWing: Rung {
    public init() {}
    public var id: String { "w-wing" }
    public var techniques: [Technique] { [.wWing] }

    public func step(on board: Board) -> Step? {
        let bivalue = board.unsolved.filter { board.masks[$0].nonzeroBitCount == 2 }
        guard bivalue.count >= 2 else { return nil }
        var pairsByDigit: [[ConjugatePair]?] = Array(repeating: nil, count: 10)
        for i in 0..<bivalue.count {
            for j in (i + 1)..<bivalue.count {
                let a = bivalue[i], b = bivalue[j]
                let m = board.masks[a]
                guard board.masks[b] == m, !Houses.see(a, b) else { continue }
                for (x, y) in [
                    (m.trailingZeroBitCount + 1, 16 - m.leadingZeroBitCount),
                    (16 - m.leadingZeroBitCount, m.trailingZeroBitCount + 1),
                ] {
                    let eliminations = StrongLinks.seenByBoth(board, digit: y, a, b)
                    guard !eliminations.isEmpty else { continue }
                    if pairsByDigit[x] == nil { pairsByDigit[x] = StrongLinks.pairs(board, digit: x) }
                    for pair in pairsByDigit[x]! {
                        guard ![a, b].contains(pair.a), ![a, b].contains(pair.b) else { continue }
                        for (p, q) in [(pair.a, pair.b), (pair.b, pair.a)] where Houses.see(p, a) && Houses.see(q, b) {
                            let link = StrongLinks.link(p, q, digit: x, kind: .strong, house: pair.house)
                            return Step(
                                technique: .wWing, eliminations: eliminations,
                                pattern: .wing(
                                    pivot: nil, pincers: [Cell(index: a), Cell(index: b)],
                                    digits: [min(x, y), max(x, y)], eliminated: y, link: link))
                        }
                    }
                }
            }
        }
        return nil
    }
}
