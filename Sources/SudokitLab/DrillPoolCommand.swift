// Offers: `DrillPoolCommand`, `sudokit-lab drill --make-pool`: the search that
// writes the drill pool `sudokit drill` practises from (scripts/make-drill-pool
// runs it): walks the ladder's solving path of carved puzzles, then of puzzle
// files, keeping per technique the positions where it is the simplest step.

import ArgumentParsing
import Basics
import Coaching
import Grading
import SudokitCommands
import SudokuCore
import SudokuLogic

struct DrillPoolCommand: Command {
    struct Arguments: ParsableArguments {
        var seed: Int?
        var makePool = false
        var generate = 0
        var inputs: [String] = []
        var perTechnique = 50
        var jobs = 1

        static var options: [Option<Self>] {
            [
                .flag(
                    "make-pool", \.makePool,
                    help:
                        "Search for drills and print a pool (what scripts/make-drill-pool runs): walk the solving "
                        + "paths\nof the --generate puzzles, then of the --input files', keeping --per-technique "
                        + "drills each."
                ),
                .value(
                    "generate", \.generate, in: 0...10_000_000,
                    help: "With --make-pool: carve N minimal puzzles from random grids (seeded by --seed)."),
                .value(
                    "seed", \.seed, in: 0...Int.max,
                    help: "With --make-pool: the seed of the carved puzzles (default 1)."),
                .repeating(
                    "input", \.inputs, valueName: "name=file",
                    help:
                        "With --make-pool: also walk the puzzles of FILE, named NAME in the pool's sources; may repeat."
                ),
                .value(
                    "per-technique", \.perTechnique, in: 1...10_000,
                    help: "With --make-pool: the most drills per technique (default 50)."),
                .value(
                    "jobs", \.jobs, in: 1...256,
                    help: "With --make-pool: puzzles walked at once (default 1; the pool is the same for any N)."),
            ]
        }

        func validate() throws(UsageError) {
            guard makePool else { throw UsageError("missing --make-pool (practise the drills with 'sudokit drill')") }
            if generate == 0 && inputs.isEmpty {
                throw UsageError("--make-pool needs --generate N or --input NAME=FILE")
            }
        }
    }

    static let help = CommandHelp(
        name: "drill",
        abstract: "Search for drills and print a drill pool (--make-pool), as scripts/make-drill-pool does.",
        discussion: """
            Walks the ladder's solving path of each puzzle, --generate carved ones first,
            then those of each --input file, and keeps, per technique, the first position
            of each puzzle where that technique is the simplest step, up to
            --per-technique of them. Prints the pool (the format of
            Sources/Coaching/Resources/drill-pool.txt) on stdout, a summary on stderr.
            The pool is the same on every machine and for any --jobs.
            """,
        exitStatus: [
            ("0", "the pool was printed"),
            ("64", "usage error"),
            ("65", "an --input file that does not read as puzzles"),
            ("66", "an --input file cannot be opened"),
        ],
        examples: [
            "sudokit-lab drill --make-pool --generate 100 --per-technique 2 --jobs 2"
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try makePool(a)
    }
}

extension DrillPoolCommand {
    /// Walks the puzzles and prints the pool; a summary on stderr.
    static func makePool(_ a: Arguments) throws(CLIError) -> ExitCode {
        let start = Clocks.monotonicSeconds()
        // A set: its name, its size and its puzzle k (carved ones are carved when walked, on the workers).
        var sets: [(name: String, count: Int, puzzle: @Sendable (Int) -> Grid)] = []
        if a.generate > 0 {
            let seeds = Generator.attemptSeeds(seed: UInt64(a.seed ?? 1), count: a.generate)
            sets.append(
                (
                    "carved", seeds.count,
                    { k in
                        var rng = SplitMix64(seed: seeds[k])
                        return Carver.minimalPuzzle(from: Carver.solution(using: &rng), using: &rng)
                    }
                ))
        }
        for spec in a.inputs {
            guard let eq = spec.firstIndex(of: "="), eq != spec.startIndex else {
                throw CLIError.usage("--input '\(spec)': write NAME=FILE (NAME names the set in the pool's sources)")
            }
            let path = String(spec[spec.index(after: eq)...])
            let text = try TextInput.read(path)
            do throws(SudokuCoreError) {
                let puzzles = try Grid.parseList(text).map(\.grid)
                sets.append((String(spec[..<eq]), puzzles.count, { puzzles[$0] }))
            } catch {
                throw CLIError(error, in: TextInput.displayName(path))
            }
        }
        var collector = DrillCollector(perTechnique: a.perTechnique)
        for set in sets {
            let setStart = Clocks.monotonicSeconds()
            var k = 0
            let chunk = 64 * a.jobs
            while k < set.count && !collector.isComplete() {
                let end = min(set.count, k + chunk)
                let full = collector.full
                let name = set.name, puzzle = set.puzzle
                let finds = WorkPool.map(Array(k..<end), workers: a.jobs, chunk: 4) { i in
                    DrillCollector.finds(puzzle(i), source: "\(name):\(i + 1)", skipping: full)
                }
                for f in finds { collector.add(f) }
                k = end
            }
            Console.note(
                "\(set.name): walked \(k) of \(set.count) puzzles in "
                    + "\(Int((Clocks.monotonicSeconds() - setStart).rounded())) s"
            )
        }
        let techniques = Technique.allCases
        let short = techniques.filter { collector.lines[$0, default: []].count < a.perTechnique }
        let header = [
            "sudokit drill pool: one drill a line, 'TECHNIQUE SOURCE POSITION REMOVED' (see "
                + "Sources/Coaching/Drill.swift).",
            "POSITION: 81 characters, 1-9 a given, a-i a digit placed since (1-9), '.' empty. REMOVED: per cell 'RC' "
                + "and the",
            "candidates it lost beyond those its filled cells rule out, groups joined by ','; '-' for none.",
            "Made by scripts/make-drill-pool: sudokit-lab drill --make-pool --per-technique \(a.perTechnique)"
                + (a.generate > 0 ? " --generate \(a.generate) --seed \(a.seed ?? 1)" : "")
                + a.inputs.map { " --input \($0.split(separator: "=")[0])=..." }.joined(),
            "Each drill is a position on the ladder's solving path of its source puzzle where that technique is the "
                + "simplest",
            "step: the first such position of each puzzle, the first \(a.perTechnique) puzzles per technique, carved "
                + "puzzles first.",
            "Sources other than 'carved' are the puzzle sets of TestImages/puzzles, from the tdoku benchmark data by "
                + "Tom Dillon",
            "(BSD 2-Clause), compiled by Gordon Royle and the Enjoy Sudoku forum (17-clue, hardest lists) and "
                + "magictour (top1465).",
            "Fewer than \(a.perTechnique): "
                + short.map { "\($0.rawValue)=\(collector.lines[$0, default: []].count)" }.joined(separator: " "),
        ]
        Console.out(collector.poolText(header: header), terminator: "")
        Console.note(
            "\(collector.puzzles) puzzles walked in \(Int((Clocks.monotonicSeconds() - start).rounded())) s; "
                + "fewer than \(a.perTechnique): "
                + (short.isEmpty
                    ? "none"
                    : short.map { "\($0.rawValue) \(collector.lines[$0, default: []].count)" }.joined(separator: ", ")))
        return .success
    }
}
