// Offers: `DrillCommands`, the `sudokit drill` group: `drill show` (positions
// from the bundled pool in which the simplest step is one technique, to
// practise it, with the step's three hints to reveal one by one), `drill list`
// (the techniques with their drills) and `drill check` (a person's answer
// checked against the step). (`sudokit-lab drill --make-pool` makes the pool.)

import ArgumentParsing
import Basics
import BoardRendering
import Coaching
import SudokuCore
import SudokuLogic

enum DrillLevelOption: String, CaseIterable, ArgumentValue {
    case zero = "0", one = "1", two = "2", three = "3"
    /// Nil for 0: the position alone.
    var level: HintLevel? { rawValue == "0" ? nil : [.nudge, .pattern, .full][Int(rawValue)! - 1] }
}

enum DrillCommands {
    static let help = CommandHelp(
        name: "drill",
        abstract: "Practise one technique: positions where it is exactly the step the board needs next.",
        discussion: """
            Each drill is a position from the pool bundled with sudokit, in which the
            ladder's simplest step is the technique asked for: 'drill show' shows drills
            and reveals their hints, 'drill check' checks what you found, 'drill list'
            lists the techniques with how many drills each has.
            """,
        examples: [
            "sudokit drill show --technique x-wing",
            "sudokit drill check 'r2c5,r6c1,r8c1,r8c5-9' --id x-wing-24",
            "sudokit drill list",
        ])

    static var subcommands: [CommandEntry] {
        [
            CommandEntry(DrillShowCommand.self, tool: Sudokit.tool),
            CommandEntry(DrillListCommand.self, tool: Sudokit.tool),
            CommandEntry(DrillCheckCommand.self, tool: Sudokit.tool),
        ]
    }

    /// The old spellings, `sudokit drill --list` and the like, refused with the new one.
    /// The one without an option comes last: the first that matches wins.
    static let oldSpellings: [OldSpelling] = [
        .respelled("drill", option: "--list", old: "drill --list", new: "drill list"),
        .respelled("drill", option: "--check", old: "drill --check", new: "drill check ANSWER"),
        .respelled("drill", option: nil, old: "drill --technique/--id", new: "drill show"),
    ]

    /// The drills that `--id`, or `--technique` with `--count` and `--seed` (the clock's
    /// milliseconds without it), choose from `pool`, each with its step.
    /// - Throws: `CLIError.usage` for an unknown technique or id, or a technique without drills.
    static func drills(
        technique name: String?, id: String?, count: Int, seed: Int?,
        pool: DrillPool
    ) throws(CLIError) -> (Technique, [(Drill, Step)]) {
        let technique: Technique
        var numbers: [Int]
        if let id {
            guard let parsed = Drill.parseID(id) else {
                throw CLIError.usage(
                    "'\(id)' is not a drill id: write TECHNIQUE-N, as x-wing-7"
                        + closeNames(String(id.split(separator: "-").dropLast().joined(separator: "-"))))
            }
            technique = parsed.technique
            guard parsed.number <= pool.count(technique) else {
                throw CLIError.usage(
                    "there is no drill \(id): \(technique.rawValue) has \(pool.count(technique)) drills")
            }
            numbers = [parsed.number]
        } else {
            let name = name ?? ""
            guard let t = Technique(named: name) else {
                throw CLIError.usage("unknown technique '\(name)'" + closeNames(name))
            }
            technique = t
            let seed = seed.map(UInt64.init) ?? UInt64(Clocks.realtimeSeconds() * 1000)
            numbers = pool.numbers(technique, count: count, seed: seed)
        }
        guard !numbers.isEmpty else {
            throw CLIError.usage(
                "the pool has no \(technique.name) drill: the search never found a position that needs it"
                    + " (sudokit drill list shows what it holds)")
        }
        var drills: [Drill] = []
        for n in numbers {
            do throws(SudokuLogicError) {
                if let d = try pool.drill(technique, number: n) { drills.append(d) }
            } catch {
                throw CLIError.software("the bundled drill pool: \(error)")
            }
        }
        var shown: [(Drill, Step)] = []
        for d in drills {
            guard let step = d.step() else {
                throw CLIError.software("drill \(d.id) has no \(technique.name) step: regenerate the pool")
            }
            shown.append((d, step))
        }
        return (technique, shown)
    }

    /// `; close names: x-wing, xy-wing` (or the pointer to --list).
    static func closeNames(_ name: String) -> String {
        let close = DrillNames.close(to: name)
        return close.isEmpty
            ? " (sudokit drill list shows every technique)"
            : "; close names: " + close.joined(separator: ", ") + " (sudokit drill list shows every technique)"
    }
}

/// Technique names close to a mistyped one.
enum DrillNames {
    /// The identifiers within a small edit distance of `name` (or containing it), closest first.
    static func close(to name: String) -> [String] {
        let n = name.lowercased().replacing(" ", with: "-")
        guard !n.isEmpty else { return [] }
        let scored = Technique.allCases.map { t -> (String, Int) in
            let d = min(distance(n, t.rawValue), distance(n, t.name.lowercased()))
            return (t.rawValue, t.rawValue.contains(n) ? min(d, 1) : d)
        }
        let limit = max(2, n.count / 3)
        return scored.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        var row = Array(0...y.count)
        for i in 1...max(1, x.count) where !x.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(1, y.count) where !y.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] == y[j - 1] ? 0 : 1))
                prev = old
            }
        }
        return x.isEmpty ? y.count : row[y.count]
    }
}
