// Offers: `XChain`.

import SudokuCore

/// X-chain: an alternating chain on one digit, strong links (the only two
/// places in a house) and weak links (two places that see each other), from a
/// strong link to a strong link. One of its two ends holds the digit, so cells
/// seeing both lose it. A chain whose ends see each other closes into a loop,
/// and then every weak link's house loses the digit outside the loop. The
/// shortest chain over all digits.
public struct XChain: Rung {
    public init() {}
    public var id: String { "x-chain" }
    public var techniques: [Technique] { [.xChain] }

    public func step(on board: Board) -> Step? {
        var best: (ChainSearch, ChainSearch.Found)?
        for d in 1...9 where board.planes[d - 1].count >= 4 {
            var search = ChainSearch(ChainGraph(board, kind: .xChain(digit: d)), board)
            search.allowPlacements = false
            if let best { search.maxNodes = best.1.nodes.count - 1 }
            if let found = search.shortest() { best = (search, found) }
        }
        guard let (search, found) = best else { return nil }
        return Step(technique: .xChain, eliminations: found.eliminations,
                    pattern: .chain(links: search.links(found), isLoop: found.isLoop))
    }
}
