// Offers: `GradeCommand`, `sudokit grade`: the tier (1-11) of many puzzles, on
// several workers, as text, TSV or JSON lines, in input order, with a tier
// histogram at the end; `TierRange`, the `--tier A-B` filter.

import ArgumentParsing
import Basics
import Grading
import SudokuCore

/// `--tier 4` or `--tier 3-6`: the tiers to print.
struct TierRange: ArgumentValue, Sendable {
    var lower: Int
    var upper: Int

    static var expected: String { "a tier N or a range A-B within 1-11" }

    init?(argument: String) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2, let a = Int(parts[0]), let b = Int(parts.last!),
            Tier.range.contains(a), Tier.range.contains(b), a <= b
        else { return nil }
        lower = a
        upper = b
    }

    func contains(_ tier: Tier?) -> Bool { tier.map { (lower...upper).contains($0.number) } ?? false }
}

/// The output of `grade`.
enum GradeFormat: String, CaseIterable, ArgumentValue {
    case text, tsv, json, jsonl
}

struct GradeCommand: Command {
    struct Arguments: ParsableArguments {
        var puzzles: [String] = []
        var inputs: [String] = []
        var inputFormat = PuzzleFormat.line
        var format = GradeFormat.text
        var tier: TierRange?
        var techniques = false
        var workers = WorkerOptions()
        var noSummary = false
        var assume = AssumeOptions()

        static var options: [Option<Self>] {
            [
                .puzzleInput(\.inputs),
                .puzzleInputFormat(\.inputFormat),
                .value(
                    "format", \.format, valueName: "format",
                    help:
                        "text (default), tsv (a header, then a row per puzzle), json (one array) or jsonl (one "
                        + "object per puzzle)."
                ),
                .value(
                    "tier", \.tier, valueName: "range",
                    help: "Print only the puzzles of these tiers: N or A-B (the summary counts all)."),
                .flag("techniques", \.techniques, help: "Add the count of each technique to every puzzle."),
                .flag(
                    "no-summary", \.noSummary,
                    help: "Leave out the tier histogram at the end (printed for two puzzles or more)."),
            ]
                + Option.group(\.workers).map { o in
                    o.name == "jobs"
                        ? .value(
                            "jobs", \.workers.jobs, in: 1...256,
                            help: "Puzzles graded at once (default: the number of cores).") : o
                } + Option.group(\.assume)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle", \.puzzles,
                help: "81 characters: digits 1-9, '.' or '0' for an empty cell; or '-' for standard input.")
        }
    }

    static let help = CommandHelp(
        name: "grade",
        abstract: "Grade puzzles on eleven tiers by the hardest technique they need and the work they take.",
        discussion: """
            Solves each puzzle with the ladder and grades it: the tier of the hardest
            technique it needed (1 hidden singles, 2 naked singles, 3 locked candidates,
            4 pairs, 5 triples and quads, 6 X-Wing and single-digit patterns, 7 wings,
            swordfish and colouring, 8 uniqueness and large fish, 9 chains and almost
            locked sets, 10 forcing chains and nets, 11 trial and error), moved up one
            tier when its work score is past that tier's cap (the score is the sum of
            the steps' costs, singles counting 0; forcing work past tier 10's cap is
            tier 11, trial and error, as is a puzzle the ladder cannot finish). Prints per
            puzzle, in input order, the tier, the hardest technique and the step where
            it first applied, the score and the number of steps, then (text) a line with
            the rating and the predicted time (after the techniques). A solved grid, clashing givens, a puzzle
            with no or several solutions get a status instead of a tier. At the end, the count of
            puzzles per tier: on stdout after text, on stderr after tsv and jsonl (so
            those stay one record a line). Progress goes to stderr.
            JSONL: one object per puzzle with source, puzzle, status (graded,
            already-solved, invalid, no-solution, several-solutions), tier,
            technique_tier, hardest (a technique, or trial-and-error when the ladder stops),
            hardest_step, hardest_text, score, steps, rating, predicted_seconds,
            predicted_seconds_low, predicted_seconds_high, and with --techniques the counts.

            The rating (higher is harder) and the predicted time of a typical player
            come from a model fitted to players' mean solving times (800 puzzles;
            sudokit-lab fit-rating): it reads the ladder's path, how many singles are
            open at each step in how many empty cells, and the work beyond singles.
            The rating is 1 + log2(predicted minutes): 1 is a minute, each point more
            twice the time. The range is where 80% of the fitted puzzles' times fell
            around their prediction (the held-out folds' 10th to 90th percentile). A
            puzzle the ladder cannot finish has none (null). The tiers stay the
            language of technique; the rating orders puzzles within and across them.
            """,
        exitStatus: [
            ("0", "every puzzle graded (tier 11 is a grade)"),
            ("1", "a grid without a tier: already solved, invalid, no or several solutions"),
            ("64", "usage error"),
            ("65", "unreadable puzzle text (the error names the line and column)"),
            ("66", "an input file cannot be opened"),
        ],
        examples: [
            "sudokit grade 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit grade --input-format dat TestImages/newspaper/*.dat",
            "sudokit grade --format jsonl --techniques --jobs 2 --input TestImages/puzzles/puzzles6_forum_hardest_1106",
            "sudokit grade --tier 9-11 --format tsv --input TestImages/puzzles/puzzles6_forum_hardest_1106",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        // Truth files given as arguments: read each as a file of the input format.
        var arguments: [String] = []
        var inputs = a.inputs
        for p in a.puzzles {
            if a.inputFormat != .line && p != "-" { inputs.append(p) } else { arguments.append(p) }
        }
        var items = try PuzzleInput.read(arguments: arguments, inputs: inputs, format: a.inputFormat)
        for i in items.indices { items[i].grid = try a.assume.apply(to: items[i].grid) }
        let progress = BatchProgress(
            total: items.count, label: "grade", unit: "puzzles",
            enabled: !a.workers.quiet && items.count > 1, every: 1000)
        let grades = WorkPool.map(items.map(\.grid), workers: a.workers.jobs, chunk: 16, progress: progress.advance) {
            Grade(puzzle: $0, rated: true)
        }
        progress.finish()

        var code = ExitCode.success
        if a.format == .tsv { Console.out("source\t" + Grade.tsvHeader(techniques: a.techniques)) }
        var records = JSONRecords(format: a.format.rawValue)
        for (item, g) in zip(items, grades) {
            // A complete, valid grid is a proven answer too (the exit-code rule in ExitPolicy.swift).
            if g.status != .graded && g.status != .alreadySolved { code = ExitCode.worst(code, .notVerified) }
            if g.status == .invalid { for c in item.grid.conflicts() { progress.note("note: \(item.source): \(c)") } }
            if let range = a.tier, !range.contains(g.tier) { continue }
            switch a.format {
            case .json, .jsonl: records?.print(g.json(source: item.source, techniques: a.techniques))
            case .tsv: Console.out(item.source + "\t" + g.tsvRow(techniques: a.techniques))
            case .text:
                Console.out("\(item.source): \(item.grid.lineString())  \(g.text)")
                if a.techniques && !g.techniqueCounts.isEmpty { Console.out("  techniques: " + g.techniquesText) }
                if let rating = g.ratingText { Console.out("  " + rating) }
            }
        }
        records?.finish()
        if !a.noSummary && items.count > 1 {
            var summary = TierHistogram(grades).text
            if let range = a.tier {
                let shown = grades.filter { range.contains($0.tier) }.count
                summary +=
                    "printed \(shown) of \(grades.count) (tier\(range.lower == range.upper ? " \(range.lower)" : "s \(range.lower)-\(range.upper)"))\n"
            }
            switch a.format {
            case .text: Console.out("\n" + summary, terminator: "")
            case .tsv, .json, .jsonl: if !a.workers.quiet { Console.err(summary, terminator: "") }
            }
        }
        return code
    }
}
