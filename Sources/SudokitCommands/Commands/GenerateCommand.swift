// Offers: `GenerateCommand`, `sudokit generate --tier N`: puzzles of exactly
// that tier, each with one solution, from a seed (the same puzzles on every
// machine and with any number of workers), optionally minimal or symmetric.

import ArgumentParsing
import Basics
import Grading
import SudokuCore

extension Symmetry: ArgumentValue {}

/// `--minutes 5-8` or `--minutes 6`: a range of predicted solving times, in minutes.
struct MinuteRange: ArgumentValue, Sendable {
    var range: ClosedRange<Double>

    static var expected: String { "minutes A-B (or A), positive numbers with A <= B" }

    /// `5-8`, as given.
    var text: String {
        let f = { (v: Double) in JSONText.number(v, decimals: 2) }
        return range.lowerBound == range.upperBound
            ? f(range.lowerBound) : f(range.lowerBound) + "-" + f(range.upperBound)
    }

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let a = Double(parts[0]), let b = Double(parts.last!),
            a.isFinite, b.isFinite, a > 0, a <= b
        else { return nil }
        range = a...b
    }
}

/// The output of `generate`.
enum GenerateFormat: String, CaseIterable, ArgumentValue {
    case line, json, jsonl
}

struct GenerateCommand: Command {
    struct Arguments: ParsableArguments {
        var tier = 0
        var count = 1
        var seed = 1
        var symmetry = Symmetry.none
        var minimal = false
        var minutes: MinuteRange?
        var budget = 20_000
        var format = GenerateFormat.line
        var workers = WorkerOptions()

        static var options: [Option<Self>] {
            [
                .value("tier", \.tier, in: 1...11, help: "The tier every puzzle must have (required)."),
                .value("count", \.count, in: 1...1_000_000, help: "Puzzles to make (default 1)."),
                .value("seed", \.seed, in: 0...Int.max, help: "Seed (default 1): the same puzzles on every machine."),
                .value(
                    "symmetry", \.symmetry, valueName: "kind",
                    help: "Givens' symmetry: none (default), rotational, mirror, diagonal."),
                .flag("minimal", \.minimal, help: "Only minimal puzzles: no given can be removed."),
                .value(
                    "minutes", \.minutes, valueName: "range",
                    help:
                        "Only puzzles whose predicted solving time (grade's rating) is A-B minutes, e.g. 5-8; "
                        + "a narrow range takes more attempts."),
                .value(
                    "budget", \.budget, in: 1...100_000_000,
                    help: "Attempts in a row without a puzzle before giving up (default 20000)."),
                .value(
                    "format", \.format, valueName: "format",
                    help:
                        "line (default: 81 characters a puzzle), json (one array) or jsonl (an object per puzzle: "
                        + "its grade, as grade prints it)."
                ),
            ]
                + Option.group(\.workers).map { o in
                    o.name == "jobs"
                        ? .value(
                            "jobs", \.workers.jobs, in: 1...256,
                            help: "Attempts run at once (default: the number of cores); the output is the same.") : o
                }
        }

        func validate() throws(UsageError) {
            if tier == 0 { throw UsageError("missing --tier N (1-11)") }
        }
    }

    static let help = CommandHelp(
        name: "generate",
        abstract: "Make puzzles of a given tier, with exactly one solution, reproducibly from a seed.",
        discussion: """
            Each attempt fills a random solution grid and takes givens away in a random
            order (one symmetry orbit at a time), each only while the puzzle keeps exactly
            one solution and, unless --minimal, while its tier stays at or below --tier;
            when that ends below the tier, up to 30 rounds put three givens back and
            carve again in a new order. An attempt that ends at the requested tier (and
            with --minimal, with no given removable; with --minutes, predicted by grade's
            rating to take that many minutes) gives a puzzle. The attempts' seeds
            come from --seed, so the same seed gives the same puzzles on every machine
            and with any --jobs. Tiers that are rare among carved puzzles take many
            attempts; after --budget attempts in a row without a puzzle the command
            stops with a message. Puzzles go to stdout; the count of attempts and the
            rate to stderr.

            TIER 11 (trial and error) is all but absent among carved puzzles (about one
            in 4,000, by its forcing work), so its
            attempts take a puzzle of the bundled seed set (the tier-11 puzzles of the
            Enjoy Sudoku forum's hardest database of June 2011) and make a random
            isomorph of it: digits relabelled, bands, stacks, rows and columns
            reordered, the grid transposed; graded again and kept at tier 11. With
            --symmetry only relabelling and the transpose are used, so only the few
            seeds with that symmetry serve (rotational and diagonal; none mirrored).
            """,
        exitStatus: [
            ("0", "every puzzle asked for was made"),
            ("1", "the budget ran out before --count puzzles were made (those made are printed)"),
            ("64", "usage error"),
        ],
        examples: [
            "sudokit generate --tier 4",
            "sudokit generate --tier 6 --count 10 --seed 7 --symmetry rotational",
            "sudokit generate --tier 9 --minimal --format jsonl --jobs 2",
            "sudokit generate --tier 11 --count 5 --seed 3",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let request = Generator.Request(
            tier: Tier(a.tier)!, symmetry: a.symmetry, minimal: a.minimal, minutes: a.minutes?.range)
        let start = Clocks.monotonicSeconds(), cpuStart = Clocks.processCPUSeconds()
        let batch = max(1, a.workers.jobs) * 4
        var made = 0, attempts = 0, sinceLast = 0
        var exhausted = false
        var records = JSONRecords(format: a.format.rawValue)
        while made < a.count && !exhausted {
            let seeds = Generator.attemptSeeds(seed: UInt64(a.seed), skip: attempts, count: batch)
            let results = WorkPool.map(seeds, workers: a.workers.jobs, chunk: 1) {
                Generator.attempt(request, seed: $0)
            }
            for r in results {
                attempts += 1
                sinceLast += 1
                if let g = r {
                    switch a.format {
                    case .line: Console.out(g.puzzle.lineString())
                    case .json, .jsonl: records?.print(g.json(techniques: true))
                    }
                    made += 1
                    sinceLast = 0
                    if made == a.count { break }
                } else if sinceLast >= a.budget {
                    exhausted = true
                    break
                }
            }
            Console.flush()
        }
        records?.finish()
        let wall = Clocks.monotonicSeconds() - start, cpu = Clocks.processCPUSeconds() - cpuStart
        if !a.workers.quiet {
            Console.note(
                "\(made) tier-\(a.tier) puzzle\(made == 1 ? "" : "s") in \(attempts) attempts, "
                    + "\(JSONText.number(wall, decimals: 2)) s "
                    + "(\(JSONText.number(Double(made) / max(cpu, 1e-9), decimals: 1)) puzzles per CPU second)"
            )
        }
        if exhausted {
            let why =
                a.tier == Tier.trialAndError.number
                ? "tier 11 comes from the bundled seeds, and few or none have --symmetry \(a.symmetry.rawValue)"
                : a.minutes != nil
                    ? "few puzzles of this tier are predicted to take \(a.minutes!.text) minutes"
                    : "this tier is rare among carved puzzles\(a.minimal || a.symmetry != .none ? " of this kind" : "")"
            Console.error(
                "no tier-\(a.tier) puzzle in \(a.budget) attempts in a row (seed \(a.seed)): \(why); raise --budget "
                    + "or try another --seed"
            )
            return .notVerified
        }
        return .success
    }
}
