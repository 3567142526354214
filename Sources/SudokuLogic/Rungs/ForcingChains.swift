// Offers: `ForcingChains`.

import SudokuCore

/// Forcing chains: assume a candidate true, or false, and follow the strong
/// and weak links of the position one inference at a time. A candidate whose
/// assumption breaks a rule is the opposite; a conclusion that follows both
/// ways (digit), from every candidate of a cell (cell), or from every place of
/// a digit in a house (house) holds. The conclusion with the shortest branches.
public struct ForcingChains: Rung {
    /// The sources looked at (all three in the ladder).
    public let kinds: Set<ForcingKind>
    public init(kinds: Set<ForcingKind> = Set(ForcingKind.allCases)) { self.kinds = kinds }
    public var id: String { "forcing-chains" }
    public var techniques: [Technique] { [.digitForcingChain, .cellForcingChain, .houseForcingChain] }
    public func step(on board: Board) -> Step? { ForcingSearch(board: board, dynamic: false, kinds: kinds).step() }
}
