// Offers: `SimpleColouring`.

import SudokuCore

/// Simple colouring on one digit: the cells joined by conjugate pairs (two
/// places in a house) fall into two colours, one of which is all true and the
/// other all false. Wrap: two cells of one colour see each other, so that
/// colour is false and its candidates go. Trap: a cell outside the cluster that
/// sees both colours loses the digit. Digits 1 to 9, clusters in order of their
/// first cell; a wrap is preferred to a trap in the same cluster.
public struct SimpleColouring: Rung {
    public init() {}
    public var id: String { "simple-colouring" }
    public var techniques: [Technique] { [.simpleColouring] }

    public func step(on board: Board) -> Step? {
        for d in 1...9 {
            let plane = board.planes[d - 1]
            let pairs = StrongLinks.pairs(board, digit: d)
            guard pairs.count >= 2 else { continue }
            // Two-colour each cluster; an odd cycle means a broken position: leave it.
            for cluster in StrongLinks.clusters(pairs) {
                guard cluster.consistent, cluster.cells.count >= 3 else { continue }
                let sets = cluster.colours
                let colours = sets.map(\.cells)
                for side in 0..<2 {
                    let cells = sets[side].map { $0 }
                    var clash = false
                    for i in 0..<cells.count where !clash {
                        for j in (i + 1)..<cells.count where Houses.see(cells[i], cells[j]) {
                            clash = true
                            break
                        }
                    }
                    if clash {
                        let ordered = side == 0 ? colours : [colours[1], colours[0]]
                        return Step(
                            technique: .simpleColouring, eliminations: cells.map { Candidate(index: $0, digit: d) },
                            pattern: .colouring(digit: d, colours: ordered, rule: .wrap))
                    }
                }
                var seesA = CellSet(), seesB = CellSet()
                for c in sets[0] { seesA |= Houses.peers[c] }
                for c in sets[1] { seesB |= Houses.peers[c] }
                let targets = plane & seesA & seesB - sets[0] - sets[1]
                if !targets.isEmpty {
                    return Step(
                        technique: .simpleColouring, eliminations: targets.map { Candidate(index: $0, digit: d) },
                        pattern: .colouring(digit: d, colours: colours, rule: .trap))
                }
            }
        }
        return nil
    }
}
