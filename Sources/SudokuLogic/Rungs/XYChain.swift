// Offers: `XYChain`.

import SudokuCore

/// XY-chain: a chain of bivalue cells, each seeing the next and sharing a digit
/// with it, that starts and ends on the same digit x. If the first cell is not
/// x, each next cell is forced in turn and the last is x: one end is x, so
/// cells seeing both lose x. The shortest such chain of four cells or more
/// that is not a remote pair: two cells are a naked pair and three an XY-Wing
/// (a naked triple when they close), each with its own earlier rung, so they
/// are skipped here rather than named XY-chains (`ChainSearch.isSimplerPattern`).
public struct XYChain: Rung {
    public init() {}
    public var id: String { "xy-chain" }
    public var techniques: [Technique] { [.xyChain] }

    public func step(on board: Board) -> Step? {
        var search = ChainSearch(ChainGraph(board, kind: .xyChain), board)
        search.allowPlacements = false
        search.sameDigitEnds = true
        search.skipping = .named
        guard let found = search.shortest() else { return nil }
        return Step(
            technique: .xyChain, eliminations: found.eliminations,
            pattern: .chain(links: search.links(found), isLoop: found.isLoop))
    }
}
