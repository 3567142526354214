// Offers: `AlternatingChain`: alternating inference chains (AIC) and nice
// loops, with grouped nodes.

import SudokuCore

/// AIC: strong and weak links alternately, between any candidates (a digit in
/// a house, two digits in a cell) and groups (a digit in two or three cells of
/// a box-line intersection), from a strong link to a strong link. One end is
/// true, so candidates weakly linked to both ends go; a chain from a candidate
/// back to itself places it. A chain whose ends are also weakly linked is a
/// nice loop: every link holds both ways, and each link's common peers lose
/// its digit (a cell link: the cell's other candidates). The shortest chain
/// that is not a simpler pattern (a claiming, a two-strong-link pattern, a
/// naked or hidden pair, an XY-Wing, a remote pair) nor an X-chain or
/// XY-chain without a placement: those have rungs of their own before this
/// one and are skipped here, so the step is named for what it is
/// (`ChainSearch.isSimplerPattern`).
public struct AlternatingChain: Rung {
    public init() {}
    public var id: String { "aic" }
    public var techniques: [Technique] { [.aic, .groupedAIC, .niceLoop, .groupedNiceLoop] }

    /// The longest chain looked for, in nodes (candidates or groups): twelve
    /// strong links. Longer ones are left to the forcing rungs.
    static let maxNodes = 24

    public func step(on board: Board) -> Step? {
        var search = ChainSearch(ChainGraph(board, kind: .aic), board)
        search.maxNodes = Self.maxNodes
        search.skipping = [.named, .xAndXYChains]
        guard let found = search.shortest() else { return nil }
        let grouped = search.usesGroups(found)
        let technique: Technique =
            found.isLoop ? (grouped ? .groupedNiceLoop : .niceLoop) : (grouped ? .groupedAIC : .aic)
        return Step(
            technique: technique, placements: found.placements, eliminations: found.eliminations,
            pattern: .chain(links: search.links(found), isLoop: found.isLoop))
    }
}
