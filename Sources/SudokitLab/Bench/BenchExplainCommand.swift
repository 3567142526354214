// Offers: `BenchExplainCommand`, `sudokit-lab bench explain FILE...`: the ladder's
// speed, per puzzle (median and 90th percentile of the CPU time to build the
// board and solve it to the end), over puzzle files or truth files, and with
// --verify the check of every step against the unique solution, with the count
// of each technique.

import ArgumentParsing
import Basics
import SudokitCommands
import SudokuCore
import SudokuLogic
import Synchronization

struct BenchExplainCommand: Command {
    struct Arguments: ParsableArguments {
        var files: [String] = []
        var runs = 3
        var limit: Int?
        var format = ListFormat.text
        var verify = false
        var generate = 0
        var seed = 1
        var jobs = 1

        static var options: [Option<Self>] {
            [
                .value(
                    "runs", \.runs, in: 1...100, help: "Timed runs per puzzle; its time is their median (default 3)."),
                .value("limit", \.limit, in: 1...10_000_000, help: "Take the first N puzzles of each file."),
                .listFormat(\.format, record: "an object per set with set, puzzles, median_ms, p90_ms, solved, stuck"),
                .flag(
                    "verify", \.verify,
                    help:
                        "Check every step against the solution; count the steps per technique (exit 1 on a wrong step)."
                ),
                .value(
                    "generate", \.generate, in: 0...10_000_000,
                    help: "Also carve N minimal puzzles from random grids (a set of its own)."),
                .value(
                    "seed", \.seed, in: 0...Int.max,
                    help: "Seed for --generate (default 1): the same puzzles on every machine."),
                .value(
                    "jobs", \.jobs, in: 1...256, help: "Workers for --verify (default 1; timing always runs on one)."),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "file", \.files,
                help:
                    "Puzzle files (one 81-character puzzle a line) or truth files (NAME.dat); the .dat files "
                    + "together form one set."
            )
        }

        func validate() throws(UsageError) {
            if files.isEmpty && generate == 0 { throw UsageError("missing <file> (or --generate N)") }
        }
    }

    static let help = CommandHelp(
        name: "bench explain",
        abstract: "Ladder speed per puzzle (median, 90th percentile); --verify checks every step.",
        discussion: """
            Times the whole explanation of each puzzle: the board built (with its
            uniqueness check) and solved by the ladder to the end, on one core, as the
            calling thread's CPU time; each puzzle's time is the median of --runs runs.
            Prints per set: 'SET: N puzzles, median X ms, p90 Y ms, S solved, T need
            trial and error'. With --verify, instead of timing, checks every step
            against the unique solution (no placement differs, no elimination removes
            its digit) over all the sets, and prints the steps per technique.
            """,
        exitStatus: [
            ("0", "measured (and, with --verify, every step right)"), ("1", "--verify found a wrong step"),
            ("65", "unreadable puzzle text"), ("66", "a FILE cannot be opened"),
        ],
        examples: [
            "sudokit-lab bench explain TestImages/newspaper/*.dat",
            "sudokit-lab bench explain --limit 1000 TestImages/puzzles/puzzles2_17_clue",
            "sudokit-lab bench explain --verify --jobs 2 --generate 100 TestImages/puzzles/puzzles6_forum_hardest_1106",
        ])

    struct PuzzleSet {
        var name: String
        var puzzles: [Grid]
    }

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var sets: [PuzzleSet] = []
        var dat: [Grid] = []
        var datFolder: String?
        for path in a.files {
            let text = try TextInput.read(path)
            do throws(SudokuCoreError) {
                if path.hasSuffix(".dat") {
                    dat.append(try Grid(dat: text))
                    let folder = path.split(separator: "/").dropLast().joined(separator: "/")
                    datFolder = datFolder == nil || datFolder == folder ? folder : ""
                } else {
                    var puzzles = try Grid.parseList(text).map(\.grid)
                    if let limit = a.limit { puzzles = Array(puzzles.prefix(limit)) }
                    sets.append(PuzzleSet(name: path, puzzles: puzzles))
                }
            } catch {
                throw CLIError(error, in: TextInput.displayName(path))
            }
        }
        if !dat.isEmpty {
            let name = (datFolder?.isEmpty == false ? datFolder! + "/" : "") + "*.dat"
            sets.insert(PuzzleSet(name: name, puzzles: a.limit.map { Array(dat.prefix($0)) } ?? dat), at: 0)
        }
        if a.generate > 0 {
            sets.append(
                PuzzleSet(
                    name: "generated (seed \(a.seed))", puzzles: Carver.puzzles(count: a.generate, seed: UInt64(a.seed))
                ))
        }
        return a.verify ? verify(sets, jobs: a.jobs, format: a.format) : time(sets, runs: a.runs, format: a.format)
    }

    static func time(_ sets: [PuzzleSet], runs: Int, format: ListFormat) -> ExitCode {
        var records = format.records
        defer { records?.finish() }
        for set in sets {
            var ms: [Double] = []
            var solved = 0, stuck = 0, steps = 0
            for p in set.puzzles {
                var times: [Double] = []
                var last: Explanation?
                for _ in 0..<runs {
                    let start = Clocks.threadCPUMilliseconds()
                    let e = Explanation(puzzle: p)
                    times.append(Clocks.threadCPUMilliseconds() - start)
                    last = e
                }
                ms.append(Statistics.median(times))
                if last?.status == .solved { solved += 1 } else { stuck += 1 }
                steps += last?.steps.count ?? 0
            }
            let median = Statistics.median(ms), p90 = Statistics.quantile(ms, 0.9)
            let mean = ms.reduce(0, +) / Double(max(1, ms.count))
            switch format {
            case .json, .jsonl:
                records?.print(
                    JSONText.object([
                        ("set", JSONText.quoted(set.name)), ("puzzles", String(set.puzzles.count)),
                        ("median_ms", JSONText.number(median, decimals: 4)),
                        ("p90_ms", JSONText.number(p90, decimals: 4)),
                        ("mean_ms", JSONText.number(mean, decimals: 4)), ("steps", String(steps)),
                        ("solved", String(solved)), ("stuck", String(stuck)),
                    ]))
            case .text:
                Console.out(
                    "\(set.name): \(set.puzzles.count) puzzles, median \(DecimalText.scaled(median, places: 3)) ms, "
                        + "p90 \(DecimalText.scaled(p90, places: 3)) ms, mean \(DecimalText.scaled(mean, places: 3)) "
                        + "ms, "
                        + "\(solved) solved, \(stuck) need trial and error")
            }
            Console.flush()
        }
        return .success
    }

    static func verify(_ sets: [PuzzleSet], jobs: Int, format: ListFormat) -> ExitCode {
        var records = format.records
        defer { records?.finish() }
        let all = sets.flatMap(\.puzzles)
        let total = Mutex(PathCheck())
        WorkPool.run(
            count: all.count, workers: jobs, chunk: 64, start: { PathCheck() },
            work: { local, i in local.check(all[i]) }, finish: { local in total.withLock { $0.merge(local) } },
            emit: { _, _ in })
        let check = total.withLock { $0 }
        let counts = Technique.allCases.map { ($0, check.counts[$0] ?? 0) }
        switch format {
        case .json, .jsonl:
            records?.print(
                JSONText.object([
                    ("puzzles", String(check.puzzles)), ("steps", String(check.steps)),
                    ("solved", String(check.solved)),
                    ("stuck", String(check.stuck)), ("wrong", String(check.problemCount)),
                    ("techniques", JSONText.object(counts.map { ($0.0.rawValue, String($0.1)) })),
                    ("problems", JSONText.array(check.problems.map(JSONText.quoted))),
                ]))
        case .text:
            for set in sets { Console.out("set \(set.name): \(set.puzzles.count) puzzles") }
            Console.out(
                "verified \(check.puzzles) puzzles, \(check.steps) steps: \(check.problemCount) wrong; "
                    + "\(check.solved) solved, \(check.stuck) need trial and error")
            for (t, n) in counts { Console.out("  \(t.rawValue): \(n)") }
            for p in check.problems { Console.out("wrong: \(p)") }
        }
        return check.problemCount == 0 ? .success : .notVerified
    }
}
