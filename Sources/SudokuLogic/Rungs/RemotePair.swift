// Offers: `RemotePair`.

import SudokuCore

/// Remote pair: a chain of cells with the same two candidates {a,b}, each
/// seeing the next, of an even number of cells (four or more). The cells
/// alternate, so the two ends hold a and b between them: cells seeing both
/// ends lose a and b.
public struct RemotePair: Rung {
    public init() {}
    public var id: String { "remote-pair" }
    public var techniques: [Technique] { [.remotePair] }

    public func step(on board: Board) -> Step? {
        var counts: [UInt16: Int] = [:]
        for i in board.unsolved where board.masks[i].nonzeroBitCount == 2 { counts[board.masks[i], default: 0] += 1 }
        var best: (Step, Int)?
        for (mask, n) in counts.sorted(by: { $0.key < $1.key }) where n >= 4 {
            var search = ChainSearch(ChainGraph(board, kind: .remotePair(mask: mask)), board)
            search.allowPlacements = false
            search.sameDigitEnds = true
            guard let found = search.shortest(), found.nodes.count >= 8, !found.isLoop else { continue }
            // The ends' cells: eliminate both digits from cells that see both.
            let first = search.graph.cell[found.nodes.first!], last = search.graph.cell[found.nodes.last!]
            var eliminations: [Candidate] = []
            for d in DigitMask.each(mask) {
                eliminations += StrongLinks.seenByBoth(board, digit: d, first, last)
            }
            let step = Step(
                technique: .remotePair, eliminations: eliminations,
                pattern: .chain(links: search.links(found), isLoop: false))
            if best == nil || found.nodes.count < best!.1 { best = (step, found.nodes.count) }
        }
        return best?.0
    }
}
