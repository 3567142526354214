// Offers: `BenchDrillCommand`, `sudokit-lab bench drill`: what `sudokit drill` costs
// per technique (a drill read from the bundled pool, its step found by the
// technique's rung, its text and JSON written), and with `--verify` the check
// that every drill of the pool still holds against the ladder.

import ArgumentParsing
import Basics
import Coaching
import SudokitCommands
import SudokuCore
import SudokuLogic

struct BenchDrillCommand: Command {
    struct Arguments: ParsableArguments {
        var runs = 3
        var format = ListFormat.text
        var verify = false
        var jobs = 1

        static var options: [Option<Self>] {
            [
                .value(
                    "runs", \.runs, in: 1...100,
                    help: "Timed runs per drill (default 3); each drill's time is their median."),
                .listFormat(
                    \.format,
                    record: "an object per technique with technique, drills, median_ms, max_ms; or the verification"),
                .flag(
                    "verify", \.verify,
                    help: "Check every drill instead: its simplest step is its technique and agrees with the "
                        + "solution."),
                .value("jobs", \.jobs, in: 1...256, help: "With --verify: drills checked at once (default 1)."),
            ]
        }
    }

    static let help = CommandHelp(
        name: "bench drill",
        abstract: "The drill command's cost per technique, from the bundled pool; --verify checks the whole pool.",
        discussion: """
            For every drill of every technique: read it from the pool, find its step with
            the technique's rung, write its text and JSON (all that 'sudokit drill' does but
            print), timed on the calling thread's CPU clock, the median of --runs. Prints per
            technique the drills, the median and the slowest, then the slowest of all.
            With --verify: every drill's position agrees with its puzzle's unique solution,
            the ladder's simplest step there is the drill's technique (found again, from the
            first rung), its rung finds the same step, and the step agrees with the
            solution; prints the drills checked and every problem, exit 1 on any.
            """,
        exitStatus: [
            ("0", "measured, or every drill holds"), ("1", "a drill no longer holds (--verify)"), ("64", "usage error"),
        ],
        examples: ["sudokit-lab bench drill", "sudokit-lab bench drill --verify --jobs 2 --format json"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var records = a.format.records
        defer { records?.finish() }
        let pool = DrillPool.bundled
        let techniques = Technique.allCases.filter { pool.count($0) > 0 }
        if a.verify { return verify(pool, techniques, jobs: a.jobs, format: a.format) }
        var slowest = (ms: 0.0, id: "")
        for t in techniques {
            var times: [Double] = []
            for n in 1...pool.count(t) {
                var runs: [Double] = []
                var id = ""
                for _ in 0..<a.runs {
                    let start = Clocks.threadCPUMilliseconds()
                    guard let d = try? pool.drill(t, number: n), let step = d.step() else {
                        throw CLIError.software("drill \(t.rawValue)-\(n) does not read or has no step")
                    }
                    let lines = DrillText.lines(d, step, pool: pool, level: .full)
                    let json = DrillText.json(d, step, pool: pool)
                    runs.append(Clocks.threadCPUMilliseconds() - start)
                    if lines.isEmpty || json.isEmpty { throw CLIError.software("drill \(d.id) wrote nothing") }
                    id = d.id
                }
                let ms = Statistics.median(runs)
                times.append(ms)
                if ms > slowest.ms { slowest = (ms, id) }
            }
            let median = Statistics.median(times), maximum = times.max() ?? 0
            switch a.format {
            case .json, .jsonl:
                records?.print(
                    JSONText.object([
                        ("technique", JSONText.quoted(t.rawValue)), ("drills", String(times.count)),
                        ("median_ms", JSONText.number(median, decimals: 3)),
                        ("max_ms", JSONText.number(maximum, decimals: 3)),
                    ]))
            case .text:
                Console.out(
                    "\(t.rawValue): \(times.count) drills, median \(DecimalText.scaled(median, places: 3)) ms, max "
                        + "\(DecimalText.scaled(maximum, places: 3)) ms"
                )
            }
            Console.flush()
        }
        if a.format == .text { Console.out("slowest: \(slowest.id), \(DecimalText.scaled(slowest.ms, places: 3)) ms") }
        return .success
    }

    static func verify(_ pool: DrillPool, _ techniques: [Technique], jobs: Int, format: ListFormat) -> ExitCode {
        var records = format.records
        defer { records?.finish() }
        let ids = techniques.flatMap { t in (1...pool.count(t)).map { (t, $0) } }
        let found = WorkPool.map(ids, workers: jobs) { (t, n) -> String? in
            do throws(SudokuLogicError) {
                if let d = try pool.drill(t, number: n) {
                    return d.problem()
                } else {
                    return "\(t.rawValue)-\(n): missing"
                }
            } catch {
                return "\(t.rawValue)-\(n): \(error)"
            }
        }.compactMap { $0 }.sorted()
        switch format {
        case .json, .jsonl:
            records?.print(
                JSONText.object([
                    ("drills", String(ids.count)), ("techniques", String(techniques.count)),
                    ("wrong", String(found.count)),
                    ("problems", JSONText.array(found.map(JSONText.quoted))),
                ]))
        case .text:
            Console.out("verified \(ids.count) drills of \(techniques.count) techniques: \(found.count) wrong")
            for p in found { Console.out("wrong: \(p)") }
        }
        return found.isEmpty ? .success : .notVerified
    }
}
