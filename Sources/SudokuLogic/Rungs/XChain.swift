// Offers: `XChain`.

import SudokuCore

/// X-chain: an alternating chain on one digit, strong links (the only two
/// places in a house) and weak links (two places that see each other), from a
/// strong link to a strong link. One of its two ends holds the digit, so cells
/// seeing both lose it. A chain whose ends see each other closes into a loop,
/// and then every weak link's house loses the digit outside the loop. The
/// shortest chain over all digits, of three strong links or more: one strong
/// link is a claiming or pointing and two are a skyscraper, two-string kite or
/// turbot fish (an X-Wing when they close), each found by its own earlier
/// rung, so they are skipped here rather than named X-chains
/// (`ChainSearch.isSimplerPattern`).
public struct XChain: Rung {
    public init() {}
    public var id: String { "x-chain" }
    public var techniques: [Technique] { [.xChain] }

    public func step(on board: Board) -> Step? {
        // One graph for all digits: its links never leave a digit, so every chain keeps to one.
        var search = ChainSearch(ChainGraph(board, kind: .xChain(digit: nil)), board)
        search.allowPlacements = false
        search.skipping = .named
        guard let found = search.shortest() else { return nil }
        return Step(
            technique: .xChain, eliminations: found.eliminations,
            pattern: .chain(links: search.links(found), isLoop: found.isLoop))
    }
}
