// Offers: `CalibrateCommand`, `sudokit-lab calibrate`: carves minimal puzzles from
// random grids under independent seeds, grades them, and for each rung counts
// the puzzles that use it, whose grade moves without it and that fall off the
// ladder without it; with the tier histogram and the score percentiles per
// tier that set the tiers' caps. `SeedList`, the `--seeds 1,2` value.

import ArgumentParsing
import Basics
import Grading
import SudokitCommands
import SudokuCore
import SudokuLogic

/// `--seeds 1,2`: distinct non-negative integers.
struct SeedList: ArgumentValue, Sendable {
    var seeds: [Int]

    static var expected: String { "distinct non-negative integers separated by commas" }

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
        seeds = parts.map { $0! }
        guard Set(seeds).count == seeds.count else { return nil }
    }
}

struct CalibrateCommand: Command {
    struct Arguments: ParsableArguments {
        var count = 1200
        var seeds = SeedList(argument: "1,2")!
        var format = ReportFormat.text
        var workers = WorkerOptions()

        static var options: [Option<Self>] {
            [
                .value("count", \.count, in: 1...1_000_000, help: "Puzzles carved under each seed (default 1200)."),
                .value("seeds", \.seeds, valueName: "list", help: "Seeds, each a set of its own, e.g. 1,2 (default)."),
                .reportFormat(\.format, json: "one object with the seeds, tiers, scores and a row per rung"),
            ]
                + Option.group(\.workers).map { o in
                    o.name == "jobs"
                        ? .value(
                            "jobs", \.workers.jobs, in: 1...256,
                            help: "Puzzles measured at once (default: the number of cores).") : o
                }
        }
    }

    static let help = CommandHelp(
        name: "calibrate",
        abstract: "Measure what each rung of the ladder is worth, on minimal puzzles carved from random grids.",
        discussion: """
            For each seed, carves --count minimal puzzles (exactly one solution, no given
            removable) from random solution grids, the same on every machine, and grades
            them. Then, for each rung a puzzle's path used, grades the puzzle again with
            that rung removed. Prints the tiers' histogram per seed, the work scores per
            tier of the hardest technique (median, 95th percentile, maximum, against the
            tier's cap), and one row per rung: the puzzles that use it, whose hardest step
            is its, whose tier moves without it, and that the ladder no longer solves
            without it (they need it), each per seed, and the median rating (grade's
            rating, fitted to players' times) of the puzzles whose hardest step is its;
            the tiers' table has the median rating of each tier's puzzles too. A rung
            no puzzle needs is a candidate for removal; a rung many puzzles fall back
            on is where the ladder strains. Last, the carved puzzles that reached tier 11, each with its seed
            and why: the ladder stops on it, or its forcing work is past tier 10's cap
            (in JSON, "tier_11").
            """,
        exitStatus: [("0", "measured"), ("64", "usage error")],
        examples: [
            "sudokit-lab calibrate --count 200 --seeds 1,2",
            "sudokit-lab calibrate --count 100 --seeds 7 --format json",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let seeds = a.seeds.seeds
        let quiet = a.workers.quiet
        if !quiet {
            Console.note(
                "carving \(a.count) minimal puzzles under each of seed\(seeds.count == 1 ? "" : "s") "
                    + "\(seeds.map(String.init).joined(separator: ", "))"
            )
        }
        let count = a.count
        let sets = WorkPool.map(seeds, workers: a.workers.jobs, chunk: 1) {
            Carver.puzzles(count: count, seed: UInt64($0))
        }
        let all = sets.flatMap { $0 }
        let progress = BatchProgress(total: all.count, label: "calibrate", unit: "puzzles", enabled: !quiet, every: 200)
        let records = WorkPool.map(all, workers: a.workers.jobs, chunk: 4, progress: progress.advance) {
            Calibration.measure($0)
        }
        progress.finish()
        let perSeed = seeds.indices.map { k in records[(k * count)..<((k + 1) * count)] }
        let tables = perSeed.map { CalibrationTable($0) }
        let total = CalibrationTable(records)
        // The carved puzzles at the top of the scale, by seed: the rarest grades, worth reading one by one.
        let topmost = zip(seeds, perSeed).flatMap { seed, set in
            set.filter { $0.grade.tier == .trialAndError }.map { (seed, $0.grade) }
        }
        switch a.format {
        case .text:
            Console.out(text(seeds: seeds, count: count, tables: tables, total: total), terminator: "")
            if !topmost.isEmpty {
                Console.out("\ntier-11 puzzles carved (seed, puzzle, why):")
                for (seed, g) in topmost {
                    Console.out(
                        "\(seed)  \(g.puzzle.lineString())  "
                            + (g.ladderStopped ? "the ladder stops" : "score \(g.score) past tier 10's cap"))
                }
            }
        case .json: Console.out(json(seeds: seeds, count: count, tables: tables, total: total, topmost: topmost))
        }
        return .success
    }

    /// The median of `ratings`, two decimals; nil when empty.
    static func median(_ ratings: [Double]) -> String? {
        ratings.isEmpty ? nil : JSONText.number(Statistics.median(ratings), decimals: 2)
    }

    static func pad(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - s.count)) + s }
    static func padRight(_ s: String, _ w: Int) -> String { s + String(repeating: " ", count: max(0, w - s.count)) }
    static func perSeed(_ tables: [CalibrationTable], _ f: (CalibrationTable) -> Int) -> String {
        tables.map { String(f($0)) }.joined(separator: "/")
    }

    static func text(seeds: [Int], count: Int, tables: [CalibrationTable], total: CalibrationTable) -> String {
        var out: [String] = []
        let seedText = seeds.map(String.init).joined(separator: "/")
        out.append(
            "\(count) minimal puzzles carved under each of seeds \(seeds.map(String.init).joined(separator: ", ")); "
                + "figures per seed (\(seedText))"
        )
        out.append("")
        out.append(
            "tier  name                               puzzles          score median   p95    max   cap  moved by work  "
                + "rating median")
        for t in Tier.all {
            let n = perSeed(tables) { $0.histogram.tiers[t.number] }
            let med = total.scoreQuantile(tier: t.number, 0.5).map(String.init) ?? "-"
            let p95 = total.scoreQuantile(tier: t.number, 0.95).map(String.init) ?? "-"
            let mx = total.scoreQuantile(tier: t.number, 1).map(String.init) ?? "-"
            let cap = t.cap.map(String.init) ?? "-"
            let moved = total.scores[t.number].filter { s in t.cap.map { s > $0 } ?? false }.count
            out.append(
                pad(String(t.number), 4) + "  " + padRight(t.name, 33) + pad(n, 10) + pad(med, 19) + pad(p95, 6)
                    + pad(mx, 7) + pad(cap, 6) + pad(String(moved), 15)
                    + pad(total.ratingMedian(tier: t.number).map { JSONText.number($0, decimals: 2) } ?? "-", 15))
        }
        let other = Grade.Status.allCases.filter { $0 != .graded }.map { s in (s, total.histogram.statuses[s] ?? 0) }
            .filter { $0.1 > 0 }
        if !other.isEmpty {
            out.append("not graded: " + other.map { "\($0.0.rawValue) \($0.1)" }.joined(separator: ", "))
        }
        out.append("")
        out.append("rung                 tier        used     hardest       moved   need it  rating median")
        for (k, row) in total.rows.enumerated() {
            let cols = [
                perSeed(tables) { $0.rows[k].used }, perSeed(tables) { $0.rows[k].hardest },
                perSeed(tables) { $0.rows[k].moved }, perSeed(tables) { $0.rows[k].offLadder },
            ]
            out.append(
                padRight(row.rung, 20) + pad(String(row.tier), 5) + pad(cols[0], 12) + pad(cols[1], 12)
                    + pad(cols[2], 12) + pad(cols[3], 10) + pad(median(row.ratings) ?? "-", 15))
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func json(
        seeds: [Int], count: Int, tables: [CalibrationTable], total: CalibrationTable,
        topmost: [(seed: Int, grade: Grade)]
    ) -> String {
        func array(_ f: (CalibrationTable) -> Int) -> String { JSONText.array(tables.map { String(f($0)) }) }
        let tiers = Tier.all.map { t in
            JSONText.object([
                ("tier", String(t.number)), ("name", JSONText.quoted(t.name)),
                ("puzzles", array { $0.histogram.tiers[t.number] }),
                ("score_median", total.scoreQuantile(tier: t.number, 0.5).map(String.init) ?? "null"),
                ("score_p95", total.scoreQuantile(tier: t.number, 0.95).map(String.init) ?? "null"),
                ("score_max", total.scoreQuantile(tier: t.number, 1).map(String.init) ?? "null"),
                ("cap", t.cap.map(String.init) ?? "null"),
                (
                    "rating_median",
                    total.ratingMedian(tier: t.number).map { JSONText.number($0, decimals: 2) } ?? "null"
                ),
            ])
        }
        let rows = total.rows.indices.map { k in
            JSONText.object([
                ("rung", JSONText.quoted(total.rows[k].rung)), ("tier", String(total.rows[k].tier)),
                ("used", array { $0.rows[k].used }), ("hardest", array { $0.rows[k].hardest }),
                ("moved", array { $0.rows[k].moved }), ("need", array { $0.rows[k].offLadder }),
                ("rating_median", median(total.rows[k].ratings) ?? "null"),
            ])
        }
        let statuses = Grade.Status.allCases.map { s in (s.rawValue, array { $0.histogram.statuses[s] ?? 0 }) }
        let eleven = topmost.map { t in
            JSONText.object([
                ("seed", String(t.seed)), ("puzzle", JSONText.quoted(t.grade.puzzle.lineString())),
                ("ladder_stopped", t.grade.ladderStopped ? "true" : "false"), ("score", String(t.grade.score)),
            ])
        }
        return JSONText.object([
            ("seeds", JSONText.array(seeds.map(String.init))), ("count", String(count)),
            ("statuses", JSONText.object(statuses)), ("tiers", JSONText.array(tiers)), ("rungs", JSONText.array(rows)),
            ("tier_11", JSONText.array(eleven)),
        ])
    }
}
