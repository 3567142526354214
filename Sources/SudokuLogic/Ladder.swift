// Offers: `Rung` (one step finder of the ladder), `Ladder` (the rungs in
// order, simplest first, with `nextStep` and `solve`), and `SolvePath` (the
// steps from a position to the end, and how it ended).

import SudokuCore

/// One rung of the ladder: a step finder for one technique or a few related ones.
///
/// A rung looks at a board and returns the simplest step of its kind that
/// changes something (places a digit or removes a candidate), or nil. Rungs are
/// pure functions of the board: no state, safe from any thread.
public protocol Rung: Sendable {
    /// A stable identifier: `hidden-single`, `fish-3`, `forcing-nets`.
    var id: String { get }
    /// The techniques this rung's steps can carry.
    var techniques: [Technique] { get }
    /// The simplest step of this rung on `board`, or nil when none applies.
    func step(on board: Board) -> Step?
    /// Every step of this rung on `board`, in the order the rung searches:
    /// the first is `step(on:)`'s. A rung whose search stops at its simplest
    /// find (the chains, the ALS rungs, the forcing rungs) returns that one alone.
    func steps(on board: Board) -> [Step]
}

extension Rung {
    public func steps(on board: Board) -> [Step] { step(on: board).map { [$0] } ?? [] }
}

/// A rung that can hand over every step it finds, one at a time: its first is
/// `step(on:)`, all of them `steps(on:)`.
public protocol EnumeratingRung: Rung {
    /// Hands each step to `visit` in search order until `visit` returns true.
    func forEachStep(on board: Board, _ visit: (Step) -> Bool)
}

extension EnumeratingRung {
    public func step(on board: Board) -> Step? {
        var first: Step?
        forEachStep(on: board) {
            first = $0
            return true
        }
        return first
    }

    public func steps(on board: Board) -> [Step] {
        var all: [Step] = []
        forEachStep(on: board) {
            all.append($0)
            return false
        }
        return all
    }
}

/// How a solving path ended.
public enum SolveStatus: String, Sendable, Hashable {
    /// Every cell is filled.
    case solved
    /// No rung applies: the position needs trial and error (or a technique the ladder lacks).
    case needsTrialAndError = "needs-trial-and-error"
    /// The position breaks a rule (it has no solution).
    case contradiction
}

/// The steps the ladder took, in order, and where they led.
public struct SolvePath: Sendable, Hashable {
    public var steps: [Step]
    public var status: SolveStatus
    /// The position after the last step.
    public var board: Board

    /// How many steps each technique took, in ladder order of the techniques.
    public var techniqueCounts: [(technique: Technique, count: Int)] { Technique.counts(of: steps) }

    /// The hardest technique used: the one latest in ladder order; nil for no steps.
    public var hardest: Technique? { steps.map(\.technique).max() }
}

/// The rungs, simplest first. `nextStep` asks each in turn and returns the first
/// step found, so a harder technique is offered only when no easier one applies.
public struct Ladder: Sendable {
    public let rungs: [any Rung]
    /// Per rung, the same rung as one that reads the shared position facts (nil if it does not).
    private let caching: [(any CachingRung)?]

    public init(rungs: [any Rung]) {
        self.rungs = rungs
        caching = rungs.map { $0 as? any CachingRung }
    }

    /// The standard ladder.
    public static let standard = Ladder(rungs: [
        FullHouse(),
        HiddenSingle(),
        NakedSingle(),
        LockedCandidates(),
        LockedSubset(size: 2),
        NakedSubset(size: 2),
        HiddenSubset(size: 2),
        LockedSubset(size: 3),
        NakedSubset(size: 3),
        HiddenSubset(size: 3),
        NakedSubset(size: 4),
        HiddenSubset(size: 4),
        BasicFish(size: 2),
        Skyscraper(),
        TwoStringKite(),
        TurbotFish(),
        EmptyRectangle(),
        RemotePair(),
        XYWing(),
        XYZWing(),
        WWing(),
        BasicFish(size: 3),
        FinnedFish(size: 2),
        SimpleColouring(),
        MultiColouring(),
        UniqueRectangle(),
        HiddenRectangle(),
        BUGPlusOne(),
        UniqueRectangleTypes5And6(),
        AvoidableRectangle(),
        BasicFish(size: 4),
        FinnedFish(size: 3),
        FinnedFish(size: 4),
        ComplexFish(kind: .franken, maxSize: 4),
        XChain(),
        XYChain(),
        AlternatingChain(),
        ALSXZ(),
        ALSXYWing(),
        ALSXYChain(),
        SueDeCoq(),
        DeathBlossom(),
        ALSChain(),
        ComplexFish(kind: .mutant, maxSize: 4),
        Templates(),
        ForcingChains(),
        ForcingNets(),
    ])

    /// The identifiers of the rungs, in order.
    public var rungIDs: [String] { rungs.map(\.id) }

    /// This ladder without the rung `id` (for measuring what a rung is worth).
    public func removing(_ id: String) -> Ladder { Ladder(rungs: rungs.filter { $0.id != id }) }

    /// The simplest step on `board`: the first rung's step that applies. Nil
    /// when the board is solved, broken, or beyond every rung.
    public func nextStep(_ board: Board) -> Step? {
        if board.isSolved { return nil }
        var cache: PositionCache?
        for (k, rung) in rungs.enumerated() {
            if let c = caching[k] {
                if cache == nil { cache = PositionCache(board) }
                if let step = c.step(on: board, cache: cache!) { return step }
            } else if let step = rung.step(on: board) {
                return step
            }
        }
        return nil
    }

    /// The simplest step on `board` that concludes nothing about `cells` and
    /// whose pattern leaves them out: for a position whose `cells` are empty on
    /// the board but hold something in fact (a player's digit not read surely),
    /// so a hint never calls them empty. Each rung's steps are tried in its
    /// order (`Rung.steps(on:)`), rungs in ladder order; nil when none avoids them.
    public func nextStep(_ board: Board, avoiding cells: Set<Cell>) -> Step? {
        if cells.isEmpty { return nextStep(board) }
        if board.isSolved { return nil }
        for rung in rungs {
            if let step = rung.steps(on: board).first(where: { step in
                !step.placements.contains { cells.contains($0.cell) }
                    && !step.eliminations.contains { cells.contains($0.cell) }
                    && !step.facts.patternCells.contains { cells.contains($0) }
            }) {
                return step
            }
        }
        return nil
    }

    /// Applies steps from `board` until it is solved or no rung applies.
    /// Stops on a contradiction (a position without solution can reach one).
    /// `limit` bounds the number of steps (a solve takes at most 729).
    /// `observe`, when given, sees each step with the position it was found in,
    /// before it is applied.
    public func solve(_ board: Board, limit: Int = 1000, observe: ((Board, Step) -> Void)? = nil) -> SolvePath {
        var board = board
        var steps: [Step] = []
        while !board.isSolved && steps.count < limit {
            if board.contradiction != nil { return SolvePath(steps: steps, status: .contradiction, board: board) }
            guard let step = nextStep(board) else {
                return SolvePath(steps: steps, status: .needsTrialAndError, board: board)
            }
            observe?(board, step)
            board.apply(step)
            steps.append(step)
        }
        let status: SolveStatus =
            board.isSolved
            ? (board.grid.isSolved ? .solved : .contradiction)
            : (board.contradiction != nil ? .contradiction : .needsTrialAndError)
        return SolvePath(steps: steps, status: status, board: board)
    }
}
