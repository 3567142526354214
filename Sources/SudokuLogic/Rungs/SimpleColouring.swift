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
            var neighbours: [Int: [Int]] = [:]
            for p in pairs {
                neighbours[p.a, default: []].append(p.b)
                neighbours[p.b, default: []].append(p.a)
            }
            var seen = CellSet()
            for start in neighbours.keys.sorted() where !seen.contains(start) {
                // Two-colour the cluster; an odd cycle means a broken position: leave it.
                var colour: [Int: Int] = [start: 0]
                var queue = [start]
                var consistent = true
                var k = 0
                while k < queue.count {
                    let c = queue[k]
                    k += 1
                    for n in neighbours[c] ?? [] {
                        if let existing = colour[n] {
                            if existing == colour[c] { consistent = false }
                        } else {
                            colour[n] = 1 - colour[c]!
                            queue.append(n)
                        }
                    }
                }
                for c in queue { seen.insert(c) }
                guard consistent, queue.count >= 3 else { continue }
                let sets = [0, 1].map { side in CellSet(indices: queue.filter { colour[$0] == side }) }
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
