// Offers: `Grade`, the difficulty of one puzzle: its tier (1-11), the hardest
// technique the ladder needed and where it first applied, the count of each
// technique, the work score and the number of steps; or, for a grid that
// cannot be graded, a status that says why (never a number).
//
// The rule, in full: the tier of the hardest step's technique (see `Tier`),
// moved up one tier when the score is past that tier's cap; tier 11 when the
// ladder stops. So tier 11 holds two kinds of puzzle: those the ladder cannot
// finish, and those it finishes only with forcing chains and nets whose work is
// past tier 10's cap (as many assumptions, each followed to its end, as trial
// and error takes). `ladderStopped` tells them apart.

import SudokuCore
import SudokuLogic

public struct Grade: Sendable {
    public enum Status: String, Sendable, CaseIterable {
        /// Graded: `tier` is 1-10 (the ladder solved it) or 11 (it needs trial and error).
        case graded
        /// Every cell is already filled, rightly: there is nothing to grade.
        case alreadySolved = "already-solved"
        /// Two givens clash (the same digit twice in a house).
        case invalid
        /// No clash, but no solution either.
        case noSolution = "no-solution"
        /// More than one solution: the ladder's logic has nothing to prove.
        case severalSolutions = "several-solutions"
    }

    public var puzzle: Grid
    public var status: Status
    /// 1...11 when graded; nil otherwise.
    public var tier: Tier?
    /// True when the ladder stopped before the end (tier 11 with no logical path);
    /// false for a tier-11 puzzle the ladder solves with more net work than tier 10's cap.
    public var ladderStopped: Bool
    /// The tier of the hardest technique alone, before the work moved it (nil unless graded).
    public var techniqueTier: Tier?
    /// The hardest technique the ladder used (latest in ladder order); nil without steps.
    /// For tier 11 it is the hardest one used before the ladder stopped.
    public var hardest: Technique?
    /// The 1-based number of the step where `hardest` first applied.
    public var hardestStep: Int?
    /// That step, as explain prints it (`r1c3,r1c7<>5  X-Wing on 5 in rows 1,6`).
    public var hardestLine: String?
    /// The sum of the steps' costs (`Technique.cost`).
    public var score: Int
    public var steps: Int
    /// Steps per technique, in ladder order.
    public var techniqueCounts: [(technique: Technique, count: Int)]
    /// The solving path, for the rating (worked out when asked: the generator grades often and rates never).
    private var path: [Step]
    /// What was open before each step, when the grading counted it on the way.
    private var moments: [RatingPath.Moment]?

    /// The rating and predicted time (`Rating`, fitted to players' times); nil
    /// unless graded, and for a puzzle the ladder cannot finish (beyond its
    /// steps there is nothing to measure).
    public var rating: Rating? {
        guard status == .graded, !ladderStopped else { return nil }
        let ratingPath =
            moments.map { RatingPath(puzzle: puzzle, moments: $0) } ?? RatingPath(puzzle: puzzle, steps: path)
        return Rating(ratingPath, score: score)
    }

    /// Grades `puzzle` with `ladder`. `rated`: the rating will be asked for,
    /// so what it reads is counted as the ladder solves (the same as
    /// replaying the path afterwards, without building every position again).
    public init(puzzle: Grid, ladder: Ladder = .standard, rated: Bool = false) {
        guard rated else {
            self.init(Explanation(puzzle: puzzle, ladder: ladder))
            return
        }
        var moments: [RatingPath.Moment] = []
        let e = Explanation(puzzle: puzzle, ladder: ladder) { board, step in
            moments.append(RatingPath.moment(step.technique, on: board))
        }
        self.init(e)
        if moments.count == e.steps.count { self.moments = moments }
    }

    /// The grade of an explanation already made.
    public init(_ e: Explanation) {
        let status: Status
        switch e.status {
        case .alreadySolved: status = .alreadySolved
        case .severalSolutions: status = .severalSolutions
        case .noSolution: status = e.puzzle.conflicts().isEmpty ? .noSolution : .invalid
        case .needsTrialAndError, .solved: status = .graded
        }
        self.init(puzzle: e.puzzle, status: status, steps: e.steps, ladderStopped: e.status == .needsTrialAndError)
    }

    /// Grades `puzzle`, which the caller knows to have exactly one solution (a
    /// carver, say), without counting its solutions again.
    public init(uniquePuzzle puzzle: Grid, ladder: Ladder = .standard) {
        guard !puzzle.isFilled, let board = try? Board(puzzle: puzzle) else {
            self.init(
                puzzle: puzzle, status: puzzle.isSolved ? .alreadySolved : .invalid, steps: [], ladderStopped: false)
            return
        }
        let path = ladder.solve(board)
        self.init(
            puzzle: puzzle, status: path.status == .contradiction ? .noSolution : .graded, steps: path.steps,
            ladderStopped: path.status == .needsTrialAndError)
    }

    private init(puzzle: Grid, status: Status, steps path: [Step], ladderStopped: Bool) {
        self.puzzle = puzzle
        self.status = status
        self.ladderStopped = status == .graded && ladderStopped
        self.path = path
        techniqueCounts = Technique.counts(of: path)
        steps = path.count
        score = path.reduce(0) { $0 + $1.technique.cost }
        hardest = path.map(\.technique).max()
        if let h = hardest, let k = path.firstIndex(where: { $0.technique == h }) {
            hardestStep = k + 1
            hardestLine = path[k].line
        }
        guard status == .graded else { return }
        if ladderStopped {
            tier = .trialAndError
            techniqueTier = .trialAndError
        } else {
            let base = hardest.map(Tier.init(of:)) ?? Tier.all[0]
            techniqueTier = base
            tier = Self.tier(base: base, score: score)
        }
    }

    /// `base`, or the tier after it when `score` is past `base`'s cap.
    public static func tier(base: Tier, score: Int) -> Tier {
        guard let cap = base.cap, score > cap, base < .trialAndError else { return base }
        return Tier.all[base.number]
    }

    /// True when the work moved the grade above its hardest technique's tier.
    public var movedByWork: Bool {
        guard let tier, let techniqueTier else { return false }
        return tier > techniqueTier
    }

    /// `trial-and-error` when the ladder stopped, else the hardest technique's identifier; nil without one.
    public var hardestID: String? { ladderStopped ? "trial-and-error" : hardest?.rawValue }
}
