// Offers: `BenchSolveCommand`, `sudokit-lab bench solve FILE...`: solver speed over
// puzzle files. Each run solves every puzzle of a file once, counting solutions
// up to 2, timed on the monotonic clock; the figure is the median run divided by
// the number of puzzles. `--guesses` adds the solver's branching decisions per
// puzzle, counted in one more, untimed pass.

import ArgumentParsing
import Basics
import SudokitCommands
import SudokuCore

struct BenchSolveCommand: Command {
    struct Arguments: ParsableArguments {
        var files: [String] = []
        var runs = 5
        var guesses = false
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...100, help: "Timed runs per file (default 5)."),
                .flag(
                    "guesses", \.guesses,
                    help:
                        "Add guesses per puzzle: the solver's branching decisions (the last way left at a branch "
                        + "point is forced, not a guess)."
                ),
                .listFormat(
                    \.format, record: "an object per file with file, puzzles, us_per_puzzle (and guesses_per_puzzle)"),
                .removed("passes", use: "--runs N"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "file", \.files, minimum: 1,
                help: "One 81-character puzzle a line ('.' or '0' for empty, '#' comments).")
        }
    }

    static let help = CommandHelp(
        name: "bench solve",
        abstract: "Solver speed: microseconds per puzzle, counting solutions up to 2.",
        discussion: """
            Prints 'FILE: N puzzles, X us/puzzle' per file: the median of --runs timed
            runs over the whole file, after one untimed warm-up run, on one core.
            --guesses adds ', G guesses/puzzle': the mean number of branching
            decisions, each way tried in a child search at a branch point; the last
            way, taken once the others have failed, is forced and not counted (a
            choice between two costs one guess), as tdoku counts its guesses.
            """,
        exitStatus: [("0", "measured"), ("65", "unreadable puzzle text"), ("66", "a FILE cannot be opened")],
        examples: ["sudokit-lab bench solve TestImages/puzzles/puzzles2_17_clue"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var records = a.format.records
        defer { records?.finish() }
        for path in a.files {
            let text = try TextInput.read(path)
            let puzzles: [Grid]
            do throws(SudokuCoreError) { puzzles = try Grid.parseList(text).map(\.grid) } catch {
                throw CLIError(error, in: TextInput.displayName(path))
            }
            var checksum = 0
            for p in puzzles { checksum &+= Solver.countSolutions(p, limit: 2) }  // warm-up
            var seconds: [Double] = []
            for _ in 0..<a.runs {
                var sum = 0
                let start = Clocks.monotonicSeconds()
                for p in puzzles { sum &+= Solver.countSolutions(p, limit: 2) }
                seconds.append(Clocks.monotonicSeconds() - start)
                // The sum keeps the work observable; it must not change between runs.
                if sum != checksum { throw CLIError.software("solution counts differ between runs for \(path)") }
            }
            let us = DecimalText.scaled(Statistics.median(seconds) * 1e6 / Double(max(1, puzzles.count)), places: 2)
            var guesses: String?
            if a.guesses {
                var total = 0
                for p in puzzles { total &+= Solver.countSolutionsAndGuesses(p, limit: 2).guesses }
                guesses = DecimalText.scaled(Double(total) / Double(max(1, puzzles.count)), places: 2)
            }
            switch a.format {
            case .json, .jsonl:
                var fields = [
                    ("file", JSONText.quoted(path)), ("puzzles", String(puzzles.count)), ("us_per_puzzle", us),
                ]
                if let guesses { fields.append(("guesses_per_puzzle", guesses)) }
                records?.print(JSONText.object(fields))
            case .text:
                Console.out(
                    "\(path): \(puzzles.count) puzzles, \(us) us/puzzle"
                        + (guesses.map { ", \($0) guesses/puzzle" } ?? ""))
            }
            Console.flush()  // show each file's figure as soon as it is measured
        }
        return .success
    }
}
