// Offers: `TwoStringKite`.

import SudokuCore

/// Two-string kite: a digit with two places in a row and two in a column, one
/// end of each in the same box. One of the other ends holds the digit, so the
/// cell seeing both (where that column crosses that row) loses it.
public struct TwoStringKite: Rung {
    public init() {}
    public var id: String { "two-string-kite" }
    public var techniques: [Technique] { [.twoStringKite] }
    public func step(on board: Board) -> Step? { TwoLinkPattern.find(board, kind: .kite, technique: .twoStringKite) }
}
