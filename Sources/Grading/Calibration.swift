// Offers: `Calibration`, the measurement that justifies the ladder and its
// tiers: for each puzzle its grade, and for each rung its path used, the grade
// the puzzle gets without that rung; `CalibrationTable`, the sums per rung
// (puzzles that use it, whose hardest step it gives, whose grade moves without
// it, that fall off the ladder without it), per tier, and the score
// percentiles that set the tiers' caps, and the ratings (`Grade.rating`) per
// tier and per rung, to see how the rungs and the rating agree.
//
// Removing a rung the path never used changes nothing (each step is the first
// rung's that applies, so with that rung gone every position asks the same
// rungs in the same order and gets the same step), so only the rungs used are
// re-graded. The whole measurement is a pure function of the puzzles.

import Basics
import SudokuCore
import SudokuLogic

public enum Calibration {
    /// What one puzzle tells the calibration.
    public struct Record: Sendable {
        public var grade: Grade
        /// The rungs the path used, in ladder order, with the tier (nil: no grade) without
        /// each, and whether the ladder then stops before the end.
        public var without: [(rung: String, tier: Tier?, stopped: Bool)]
        /// The grade's rating (nil without one).
        public var rating: Double?
    }

    /// The rung of `ladder` that makes steps of `technique`.
    public static func rung(of technique: Technique, in ladder: Ladder = .standard) -> String? {
        ladder.rungs.first { $0.techniques.contains(technique) }?.id
    }

    /// Grades `puzzle`, then again without each rung its path used.
    public static func measure(_ puzzle: Grid, ladder: Ladder = .standard) -> Record {
        let grade = Grade(puzzle: puzzle, ladder: ladder, rated: true)
        let used = Set(grade.techniqueCounts.compactMap { rung(of: $0.technique, in: ladder) })
        var without: [(String, Tier?, Bool)] = []
        for id in ladder.rungIDs where used.contains(id) {
            let g = Grade(puzzle: puzzle, ladder: ladder.removing(id))
            without.append((id, g.tier, g.ladderStopped))
        }
        return Record(grade: grade, without: without, rating: grade.rating?.value)
    }
}

/// The calibration's sums over many puzzles.
public struct CalibrationTable: Sendable {
    public struct Row: Sendable, Hashable {
        public var rung: String
        /// The tier of the rung's techniques (its first technique's).
        public var tier: Int
        /// Puzzles whose path used the rung.
        public var used = 0
        /// Puzzles whose hardest step is the rung's.
        public var hardest = 0
        /// Puzzles whose tier changes without the rung.
        public var moved = 0
        /// Puzzles the ladder solves, but not without the rung (it stops before the end without it).
        public var offLadder = 0
        /// The ratings of the puzzles whose hardest step is the rung's.
        public var ratings: [Double] = []
    }

    public private(set) var rows: [Row]
    public private(set) var histogram = TierHistogram()
    /// Per tier of the hardest technique (index 1...11): the scores.
    public private(set) var scores: [[Int]] = Array(repeating: [], count: 12)
    /// Per tier (index 1...11): the ratings of its puzzles.
    public private(set) var ratings: [[Double]] = Array(repeating: [], count: 12)

    public init(ladder: Ladder = .standard) {
        rows = ladder.rungs.map { Row(rung: $0.id, tier: Tier(of: $0.techniques[0]).number) }
    }

    public init(_ records: some Sequence<Calibration.Record>, ladder: Ladder = .standard) {
        self.init(ladder: ladder)
        for r in records { add(r, ladder: ladder) }
    }

    public mutating func add(_ r: Calibration.Record, ladder: Ladder = .standard) {
        histogram.add(r.grade)
        if let t = r.grade.techniqueTier { scores[t.number].append(r.grade.score) }
        if let t = r.grade.tier, let v = r.rating { ratings[t.number].append(v) }
        let index = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.rung, $0) })
        if let h = r.grade.hardest, let id = Calibration.rung(of: h, in: ladder), let k = index[id] {
            rows[k].hardest += 1
            if let v = r.rating { rows[k].ratings.append(v) }
        }
        for (id, tier, stopped) in r.without {
            guard let k = index[id] else { continue }
            rows[k].used += 1
            if tier != r.grade.tier { rows[k].moved += 1 }
            if r.grade.status == .graded && !r.grade.ladderStopped && stopped { rows[k].offLadder += 1 }
        }
    }

    /// The median rating of the puzzles of `tier`; nil when none has a rating.
    public func ratingMedian(tier: Int) -> Double? {
        ratings[tier].isEmpty ? nil : Statistics.median(ratings[tier])
    }

    /// The `q` quantile (0...1, nearest rank) of the scores of the puzzles whose
    /// hardest technique is in `tier`; nil when there are none.
    public func scoreQuantile(tier: Int, _ q: Double) -> Int? {
        let s = scores[tier].sorted()
        guard !s.isEmpty else { return nil }
        return s[min(s.count - 1, max(0, Int((q * Double(s.count)).rounded(.up)) - 1))]
    }
}
