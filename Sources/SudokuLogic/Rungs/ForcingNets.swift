// Offers: `ForcingNets`.

import SudokuCore

/// Forcing nets: as forcing chains, but each branch keeps its own position and
/// draws naked and hidden singles from it, so an inference may rest on several
/// earlier ones. The last logical rung: a position none of the rungs can move
/// needs trial and error.
public struct ForcingNets: Rung {
    /// The sources looked at (all three in the ladder).
    public let kinds: Set<ForcingKind>
    public init(kinds: Set<ForcingKind> = Set(ForcingKind.allCases)) { self.kinds = kinds }
    public var id: String { "forcing-nets" }
    public var techniques: [Technique] { [.digitForcingNet, .cellForcingNet, .houseForcingNet] }
    public func step(on board: Board) -> Step? { ForcingSearch(board: board, dynamic: true, kinds: kinds).step() }
}
