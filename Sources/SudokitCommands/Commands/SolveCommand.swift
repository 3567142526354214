// Offers: `SolveCommand`, `sudokit solve`: solves puzzles given as arguments, in
// files (`--input`), or on standard input (`-`), and prints one result per
// puzzle, in input order.

import ArgumentParsing
import SudokuCore

extension PuzzleFormat: ArgumentValue {}

/// The output of `solve`.
enum SolveFormat: String, CaseIterable, ArgumentValue {
    case line, grid, json, jsonl
}

struct SolveCommand: Command {
    struct Arguments: ParsableArguments {
        var puzzles: [String] = []
        var inputs: [String] = []
        var inputFormat = PuzzleFormat.line
        var format = SolveFormat.line
        var count = false
        var limit: Int?

        static var options: [Option<Self>] {
            [
                .puzzleInput(\.inputs),
                .puzzleInputFormat(\.inputFormat),
                .value(
                    "format", \.format, valueName: "format",
                    help: "Output format: line (default), grid, json (one array) or jsonl (one object per line)."),
                .flag("count", \.count, help: "Print the number of solutions (up to --limit) instead of the solution."),
                .value("limit", \.limit, in: 1...1_000_000, help: "Count solutions up to N (default 2)."),
                .removed("output", use: "--format (the output format) and --input-format (the input's)"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle", \.puzzles,
                help: "81 characters: digits 1-9, '.' or '0' for an empty cell; or '-' for standard input.")
        }

        func validate() throws(UsageError) {
            if let limit, !count && limit < 2 {
                throw UsageError("--limit below 2 cannot tell a unique solution from several; use it with --count")
            }
        }
    }

    static let help = CommandHelp(
        name: "solve",
        abstract: "Solve puzzles and check that each has exactly one solution.",
        discussion: """
            Input text is one puzzle per line ('#' lines and blank lines skipped) unless
            --input-format says otherwise; with no PUZZLE and no --input, standard input
            is read. For each puzzle, in order, prints one line: the solution as 81
            digits, or 'no solution', or 'more than one solution'. With --count, prints
            the number of solutions instead (counted up to --limit; the limit itself
            means 'at least'). Clashing givens are listed on standard error.
            JSON output: one object per puzzle with puzzle, count and solution.
            """,
        exitStatus: [
            ("0", "every puzzle has exactly one solution"),
            ("1", "some puzzle has none or several"),
            ("65", "unreadable puzzle text (the error names the line and column)"),
            ("66", "an input file cannot be opened"),
        ],
        examples: [
            "sudokit solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit solve --count --limit 10 --input TestImages/puzzles/puzzles3_magictour_top1465",
            "sudokit solve --input-format dat --format grid - < TestImages/newspaper/image1.dat",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let limit = a.limit ?? 2
        // Read everything first: a malformed input stops the run before any output.
        let puzzles = try PuzzleInput.read(arguments: a.puzzles, inputs: a.inputs, format: a.inputFormat)
            .map { (source: $0.source, grid: $0.grid) }

        var allUnique = true
        var records = JSONRecords(format: a.format.rawValue)
        defer { records?.finish() }
        for (source, grid) in puzzles {
            let result = Solver.solve(grid, limit: a.count ? limit : 2)
            if result.count != 1 { allUnique = false }
            if result.count == 0 {
                for conflict in grid.conflicts() { Console.note("\(source): \(conflict)") }
            }
            let unique = result.count == 1 ? result.solution : nil
            switch a.format {
            case .json, .jsonl:
                records?.print(grid.jsonText(count: result.count, solution: unique, solutionIsNull: unique == nil))
            case .line, .grid:
                if a.count {
                    Console.out(String(result.count))
                } else if let unique {
                    if a.format == .grid {
                        Console.out(unique.gridText(), terminator: "")
                    } else {
                        Console.out(unique.lineString())
                    }
                } else {
                    Console.out(result.count == 0 ? "no solution" : "more than one solution")
                }
            }
        }
        return allUnique ? .success : .notVerified
    }
}
