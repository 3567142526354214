// Offers: `TurbotFish`.

import SudokuCore

/// Turbot fish: two strong links on one digit (two places in a house each),
/// one end of the first seeing one end of the second, in any other arrangement
/// than a skyscraper or a kite (a strong link in a box, or the ends meeting in
/// a line across). One of the far ends holds the digit; cells seeing both lose it.
public struct TurbotFish: Rung {
    public init() {}
    public var id: String { "turbot-fish" }
    public var techniques: [Technique] { [.turbotFish] }
    public func step(on board: Board) -> Step? { TwoLinkPattern.find(board, kind: .turbot, technique: .turbotFish) }
}
