// Offers: `ForcingNets`.

import SudokuCore

/// Forcing nets: as forcing chains, but each branch keeps its own position and
/// draws naked and hidden singles from it, so an inference may rest on several
/// earlier ones. The last logical rung: a position none of the rungs can move
/// needs trial and error.
public struct ForcingNets: Rung {
    public init() {}
    public var id: String { "forcing-nets" }
    public var techniques: [Technique] { [.digitForcingNet, .cellForcingNet, .houseForcingNet] }
    public func step(on board: Board) -> Step? { ForcingSearch(board: board, dynamic: true).step() }
}
