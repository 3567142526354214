// Offers: `PositionCache`, what several rungs compute from the same position,
// computed at most once per position: the almost locked sets and their
// restricted common digits (ALS-XZ, ALS-XY-Wing and death blossom all need
// them). `Ladder.nextStep` makes one per position; a rung called on its own
// makes its own.

/// Lazily computed facts of one board. A class, used by one thread within one
/// call of `nextStep` and never shared.
final class PositionCache {
    let board: Board
    init(_ board: Board) { self.board = board }

    /// Every ALS of up to eight cells.
    private(set) lazy var als = ALSIndex(board, maxCells: 8)
    /// Their restricted pairs, by increasing total size.
    private(set) lazy var alsPairs = als.restrictedPairs()
    /// The restricted pairs of sets that share cells (the restricted digit in
    /// neither's shared cells), by increasing total size: for the ALS rungs when
    /// no pair of disjoint sets gives a step.
    private(set) lazy var alsOverlappingPairs = als.restrictedPairs(overlapping: true)
}

/// A rung that reads the position's shared facts.
protocol CachingRung: Rung {
    func step(on board: Board, cache: PositionCache) -> Step?
}
