// Offers: `RatingFit`, the fit of the rating to players' solving times: reads
// the samples (a puzzle, its players and their mean time), measures each
// puzzle's terms (`RatingModel.terms`), fits a ridge regression of the log of
// the time on them by k-fold cross-validation (the held-out folds' predictions
// and their Spearman correlation with the times), then on all samples; and
// writes the coefficients as the Swift source `RatingModel.generated.swift`
// (what `sudokit-lab fit-rating` prints, so a test can check that the committed
// model is the fit's). `Spearman`, the rank correlation with tied ranks averaged.

import Basics
import SudokuCore
import SudokuLogic

#if canImport(Glibc)
    import Glibc
#endif

/// One puzzle with the mean solving time of its players.
public struct TimedPuzzle: Sendable, Hashable {
    public var id: String
    public var puzzle: Grid
    public var players: Int
    public var meanSeconds: Double

    public init(id: String, puzzle: Grid, players: Int, meanSeconds: Double) {
        self.id = id
        self.puzzle = puzzle
        self.players = players
        self.meanSeconds = meanSeconds
    }

    /// The rows of a TSV with the header `id puzzle players mean_seconds`.
    /// - Throws: `RatingFit.ReadError` naming the first line that is not such a row.
    public static func parse(tsv text: String) throws(RatingFit.ReadError) -> [TimedPuzzle] {
        var rows: [TimedPuzzle] = []
        for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if k == 0 {
                guard fields == ["id", "puzzle", "players", "mean_seconds"] else {
                    throw RatingFit.ReadError(line: 1, message: "expected the header id, puzzle, players, mean_seconds")
                }
                continue
            }
            if line.isEmpty { continue }
            guard fields.count == 4, let grid = try? Grid(line: fields[1]), let players = Int(fields[2]),
                players > 0, let seconds = Double(fields[3]), seconds > 0
            else {
                throw RatingFit.ReadError(
                    line: k + 1, message: "expected an id, an 81-character puzzle, players and mean seconds")
            }
            rows.append(TimedPuzzle(id: fields[0], puzzle: grid, players: players, meanSeconds: seconds))
        }
        return rows
    }
}

/// Spearman's rank correlation: Pearson's on the ranks, tied values sharing their mean rank.
public enum Spearman {
    public static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        precondition(a.count == b.count)
        return pearson(ranks(a), ranks(b))
    }

    /// 1-based ranks, ties averaged.
    public static func ranks(_ v: [Double]) -> [Double] {
        let order = v.indices.sorted { v[$0] < v[$1] || (v[$0] == v[$1] && $0 < $1) }
        var r = [Double](repeating: 0, count: v.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count && v[order[j + 1]] == v[order[i]] { j += 1 }
            let mean = Double(i + j) / 2 + 1
            for k in i...j { r[order[k]] = mean }
            i = j + 1
        }
        return r
    }

    public static func pearson(_ a: [Double], _ b: [Double]) -> Double {
        let n = Double(a.count)
        guard n > 1 else { return 0 }
        let ma = a.reduce(0, +) / n, mb = b.reduce(0, +) / n
        var sab = 0.0, saa = 0.0, sbb = 0.0
        for k in a.indices {
            sab += (a[k] - ma) * (b[k] - mb)
            saa += (a[k] - ma) * (a[k] - ma)
            sbb += (b[k] - mb) * (b[k] - mb)
        }
        return saa == 0 || sbb == 0 ? 0 : sab / (saa * sbb).squareRoot()
    }
}

/// A cross-validated ridge regression of log time on the model's terms.
public struct RatingFit: Sendable {
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// The folds and the generator's seed that deals the samples to them.
    public static let defaultFolds = 10
    public static let defaultSeed: UInt64 = 44
    /// The ridge penalty on the standardised terms, per sample.
    public static let ridge = 0.001
    /// The held-out residuals' quantiles that give the predicted time's range.
    public static let rangeQuantiles = (low: 0.1, high: 0.9)

    public var samples: [TimedPuzzle]
    public var folds: Int
    public var seed: UInt64
    /// Per sample, the ladder's path as the rating reads it, and the grade's work score and tier.
    public var paths: [RatingPath]
    public var scores: [Int]
    public var tiers: [Int]
    /// Per sample, the fold it was held out in.
    public var fold: [Int]
    /// Per fold, the search weighting chosen on the other folds.
    public var foldSearch: [RatingModel.Search]
    /// Per sample, the log of the time predicted by the model fitted without its fold.
    public var heldOut: [Double]
    /// The model fitted on all samples.
    public var model: RatingModel

    /// Grades every sample (on `workers` threads), fits by `folds`-fold
    /// cross-validation (in each, the search weighting of `RatingModel.searchGrid`
    /// whose fit on the other folds has the least squared error, then the
    /// regression), then the same on all samples.
    public init(samples: [TimedPuzzle], folds: Int = defaultFolds, seed: UInt64 = defaultSeed, workers: Int = 1) {
        precondition(folds >= 2 && samples.count >= folds)
        self.samples = samples
        self.folds = folds
        self.seed = seed
        let measured = WorkPool.map(samples.map(\.puzzle), workers: workers, chunk: 8) { p -> (RatingPath, Int, Int) in
            let e = Explanation(puzzle: p)
            let g = Grade(e)
            return (RatingPath(puzzle: p, steps: e.steps), g.score, g.tier?.number ?? 0)
        }
        paths = measured.map(\.0)
        scores = measured.map(\.1)
        tiers = measured.map(\.2)
        // Per search weighting, every sample's terms.
        let grid = RatingModel.searchGrid
        let others = zip(paths, scores).map { RatingModel.otherTerms($0, score: $1) }
        let paths = paths
        let terms = WorkPool.map(grid, workers: workers, chunk: 8) { search in
            zip(paths, others).map { [search.term($0)] + $1 }
        }
        // Deal the samples to the folds: a seeded shuffle, then round robin.
        var rng = SplitMix64(seed: seed)
        let order = Array(samples.indices).shuffled(using: &rng)
        var fold = [Int](repeating: 0, count: samples.count)
        for (k, i) in order.enumerated() { fold[i] = k % folds }
        self.fold = fold
        let y = samples.map { log($0.meanSeconds) }
        var heldOut = [Double](repeating: 0, count: samples.count)
        var foldSearch: [RatingModel.Search] = []
        for f in 0..<folds {
            let train = samples.indices.filter { fold[$0] != f }
            let (k, m) = Self.best(grid: grid, terms: terms, rows: train, y: y)
            foldSearch.append(grid[k])
            for i in samples.indices where fold[i] == f { heldOut[i] = m.logSeconds(terms[k][i]) }
        }
        self.foldSearch = foldSearch
        self.heldOut = heldOut
        let residuals = samples.indices.map { y[$0] - heldOut[$0] }
        let (k, m) = Self.best(grid: grid, terms: terms, rows: Array(samples.indices), y: y)
        model = RatingModel(
            search: grid[k], intercept: m.intercept, weights: m.weights,
            residualLow: Statistics.quantile(residuals, Self.rangeQuantiles.low),
            residualHigh: Statistics.quantile(residuals, Self.rangeQuantiles.high))
    }

    /// The search weighting (its index in `grid`) whose regression on `rows` has
    /// the least squared error, with that regression (the first of equals).
    static func best(grid: [RatingModel.Search], terms: [[[Double]]], rows: [Int], y: [Double]) -> (Int, RatingModel) {
        var best: (error: Double, k: Int, model: RatingModel)?
        for k in grid.indices {
            let x = rows.map { terms[k][$0] }, yy = rows.map { y[$0] }
            var m = fit(x, yy)
            m.search = grid[k]
            let error = zip(x, yy).reduce(0.0) { s, r in
                let d = m.logSeconds(r.0) - r.1
                return s + d * d
            }
            if best == nil || error < best!.error { best = (error, k, m) }
        }
        return (best!.k, best!.model)
    }

    /// The ridge regression of `y` on `x` (standardised for the penalty, then
    /// brought back to the terms' own units).
    static func fit(_ x: [[Double]], _ y: [Double]) -> RatingModel {
        let n = x.count, p = RatingModel.termNames.count
        var mean = [Double](repeating: 0, count: p), sd = [Double](repeating: 0, count: p)
        for j in 0..<p {
            mean[j] = x.reduce(0) { $0 + $1[j] } / Double(n)
            sd[j] = (x.reduce(0) { $0 + ($1[j] - mean[j]) * ($1[j] - mean[j]) } / Double(n)).squareRoot()
            if sd[j] == 0 { sd[j] = 1 }
        }
        // Normal equations on [1, z]: (Z'Z + ridge n I') w = Z'y, the intercept not penalised.
        let q = p + 1
        var a = [[Double]](repeating: [Double](repeating: 0, count: q + 1), count: q)
        var z = [Double](repeating: 1, count: q)
        for i in 0..<n {
            for j in 0..<p { z[j + 1] = (x[i][j] - mean[j]) / sd[j] }
            for r in 0..<q {
                for c in 0..<q { a[r][c] += z[r] * z[c] }
                a[r][q] += z[r] * y[i]
            }
        }
        for r in 1..<q { a[r][r] += ridge * Double(n) }
        let w = solve(a)
        var weights = [Double](repeating: 0, count: p)
        var intercept = w[0]
        for j in 0..<p {
            weights[j] = w[j + 1] / sd[j]
            intercept -= weights[j] * mean[j]
        }
        return RatingModel(
            search: RatingModel.searchGrid[0], intercept: intercept, weights: weights, residualLow: 0, residualHigh: 0)
    }

    /// Gaussian elimination with partial pivoting of the augmented matrix `a`.
    static func solve(_ m: [[Double]]) -> [Double] {
        var a = m
        let q = a.count
        for c in 0..<q {
            let pivot = (c..<q).max { abs(a[$0][c]) < abs(a[$1][c]) }!
            a.swapAt(c, pivot)
            for r in (c + 1)..<q where a[c][c] != 0 {
                let f = a[r][c] / a[c][c]
                for k in c...q { a[r][k] -= f * a[c][k] }
            }
        }
        var w = [Double](repeating: 0, count: q)
        for r in stride(from: q - 1, through: 0, by: -1) {
            var s = a[r][q]
            for k in (r + 1)..<q { s -= a[r][k] * w[k] }
            w[r] = a[r][r] == 0 ? 0 : s / a[r][r]
        }
        return w
    }

    // MARK: figures

    /// Spearman of the held-out predictions (or a baseline) with the times, over the samples with at least `players`.
    public func spearman(_ values: [Double], players: Int = 0) -> Double {
        let keep = samples.indices.filter { samples[$0].players >= players }
        return Spearman.correlation(keep.map { values[$0] }, keep.map { samples[$0].meanSeconds })
    }

    /// Per sample, the empty cells of its puzzle (a baseline).
    public var emptyCells: [Int] { paths.map(\.emptyCells) }

    /// The samples with at least `players`.
    public func count(players: Int) -> Int { samples.filter { $0.players >= players }.count }

    /// The held-out folds' Spearman, each fold on its own (overall players).
    public var perFoldSpearman: [Double] {
        (0..<folds).map { f in
            let keep = samples.indices.filter { fold[$0] == f }
            return Spearman.correlation(keep.map { heldOut[$0] }, keep.map { samples[$0].meanSeconds })
        }
    }

    /// The share of samples whose time lies in the held-out prediction's range.
    public var heldOutCoverage: Double {
        let inside = samples.indices.filter { i in
            let r = log(samples[i].meanSeconds) - heldOut[i]
            return r >= model.residualLow && r <= model.residualHigh
        }
        return Double(inside.count) / Double(samples.count)
    }

    /// The Swift source of the fitted model, as committed in `RatingModel.generated.swift`.
    public var swiftSource: String {
        func number(_ v: Double) -> String { JSONText.number(v, decimals: 6) }
        let s = model.search
        var lines = [
            "// Generated by scripts/fit-rating (sudokit-lab fit-rating TestImages/difficulty/human-times.tsv);",
            "// do not edit. The rating's model fitted on all \(samples.count) puzzles: the log of the players'",
            "// mean time in seconds is the intercept plus each term times its weight; the predicted",
            "// time's range is the \(Int(Self.rangeQuantiles.low * 100))th to \(Int(Self.rangeQuantiles.high * 100))th percentile of the held-out residuals of",
            "// \(folds)-fold cross-validation (seed \(seed)). See docs/design/grading.md.",
            "",
            "extension RatingModel {",
            "    /// The model `sudokit grade` uses.",
            "    public static let fitted = RatingModel(",
            "        search: Search(",
            "            lineWeight: \(number(s.lineWeight)), nakedWeight: \(number(s.nakedWeight)), "
                + "openPower: \(number(s.openPower)), emptyPower: \(number(s.emptyPower))),",
            "        intercept: \(number(model.intercept)),",
            "        weights: [",
        ]
        for (name, w) in zip(RatingModel.termNames, model.weights) {
            lines.append("            \(number(w)),  // \(name)")
        }
        lines += [
            "        ],",
            "        residualLow: \(number(model.residualLow)), residualHigh: \(number(model.residualHigh)))",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
