// Offers: `Skyscraper`.

import SudokuCore

/// Skyscraper: two rows in which a digit has two places each, one of each pair
/// in the same column (the base); one of the other two ends (the tops) holds
/// the digit, so cells seeing both tops lose it. The same with rows and columns swapped.
public struct Skyscraper: Rung {
    public init() {}
    public var id: String { "skyscraper" }
    public var techniques: [Technique] { [.skyscraper] }
    public func step(on board: Board) -> Step? { TwoLinkPattern.find(board, kind: .skyscraper, technique: .skyscraper) }
}
