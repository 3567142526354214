// Offers: `DrillCommand`, `sudokit drill`: positions from the bundled pool in
// which the simplest step is one technique, to practise it; the step's three
// hints to reveal one by one; a person's answer checked against the step;
// the list of techniques with their drills. (`sudokit-lab drill --make-pool`
// makes the pool.)

import ArgumentParsing
import Basics
import SudokuCore
import SudokuLogic
import Coaching
import BoardRendering

enum DrillLevelOption: String, CaseIterable, ArgumentValue {
    case zero = "0", one = "1", two = "2", three = "3"
    /// Nil for 0: the position alone.
    var level: HintLevel? { rawValue == "0" ? nil : [.nudge, .pattern, .full][Int(rawValue)! - 1] }
}

struct DrillCommand: Command {
    struct Arguments: ParsableArguments {
        var technique: String?
        var id: String?
        var count = 1
        var seed: Int?
        var level = DrillLevelOption.zero
        var format = ListFormat.text
        var check: String?
        var list = false
        var out: String?
        var picture = PictureOptions()

        static var options: [Option<Self>] {
            [
                .value("technique", \.technique, valueName: "name",
                       help: "The technique to practise: its identifier (x-wing) or name ('X-Wing'); see --list."),
                .value("id", \.id, valueName: "technique-n", help: "The drill of this id (x-wing-7), as every drill shows it."),
                .value("count", \.count, in: 1...100, help: "How many drills of the technique (default 1), all different."),
                .value("seed", \.seed, in: 0...Int.max,
                       help: "Chooses the drills, the same on every machine (default: from the clock)."),
                .value("level", \.level, valueName: "n",
                       help: "0: the position only (default); 1-3: also the hints up to that level (3: with the conclusion).\nWith --out, the picture's marks as 'hint --out --level N' draws them (0: none)."),
                .listFormat(\.format, record: "an object per drill with id, technique, position, all three hints, answer, step;\nwith --check one verdict object, with --list an object per technique"),
                .value("check", \.check, valueName: "answer",
                       help: "Check an answer against the drill (--id, or --technique with --seed): r3c5=7 places 7,\nr3c5-7 and r1c2,r1c8-47 eliminate; claims separated by spaces or ';'."),
                .flag("list", \.list, help: "List the techniques with how many drills each has."),
                .value("out", \.out, valueName: "file", help: "Also draw the drill: FILE.png or FILE.svg (one drill only)."),
            ] + Option.group(\.picture)
        }

        func validate() throws(UsageError) {
            if list { return }
            if technique == nil && id == nil { throw UsageError("missing --technique NAME or --id TECHNIQUE-N (or --list)") }
            if technique != nil && id != nil { throw UsageError("give --technique or --id, not both") }
            if id != nil && (count != 1 || seed != nil) { throw UsageError("--id names one drill: no --count or --seed with it") }
            if check != nil && id == nil && (seed == nil || count != 1) {
                throw UsageError("--check needs the drill that was shown: --id TECHNIQUE-N, or --technique with the same --seed (and --count 1)")
            }
            if let out {
                if count != 1 { throw UsageError("--out draws one drill: no --count with it") }
                if PictureFile.kind(of: out) == nil { throw UsageError(PictureFile.badName(out)) }
            }
        }
    }

    static let help = CommandHelp(
        name: "drill",
        abstract: "Practise one technique: positions where it is exactly the step the board needs next.",
        discussion: """
            Each drill is a position (givens, placed digits and candidates, in the formats
            'hint' reads) from the pool bundled with sudokit, in which the ladder's simplest
            step is the technique asked for. Text shows the drill's id, the position (the
            puzzle, the entries and the 729-character candidate line, then the candidate
            grid) and how to go on: --level 1, 2, 3 reveal the hints one by one (3 with the
            conclusion), and --check ANSWER checks what you found: 'r3c5=7' places a digit,
            'r3c5-7' or 'r1c2,r1c8-4' eliminates (several claims separated by spaces). The
            verdict says whether it is the conclusion of one step of the technique (any the
            position offers, not only the one shown) or a part of it, and for each
            other claim why not: the cell is not in the step's reach, the digit is not what
            it eliminates there, or it is true but follows from another technique (another
            rung's step in the position, or one of the next five steps after this one). Without
            --seed the drills are chosen by the clock; each shows its id (x-wing-7) to come
            back to it with --id.
            The pool was made by scripts/make-drill-pool (carved puzzles, then the hard sets
            of TestImages/puzzles for the rare techniques); --list shows the drills per
            technique and the techniques the search never found.
            """,
        exitStatus: [
            ("0", "the drills were shown; the answer is the step's conclusion or a part of it"),
            ("1", "the answer is wrong"),
            ("64", "usage error: an unknown technique (close names listed), an id past the last, a technique without drills"),
            ("65", "an answer that does not read"),
        ],
        examples: [
            "sudokit drill --technique x-wing",
            "sudokit drill --technique 'XY-Wing' --count 3 --seed 7",
            "sudokit drill --id x-wing-24 --level 2",
            "sudokit drill --id x-wing-24 --check 'r2c5,r6c1,r8c1,r8c5-9'",
            "sudokit drill --id x-wing-24 --out drill.png --level 3",
            "sudokit drill --list",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let pool = DrillPool.bundled
        if a.list { return list(pool, format: a.format) }
        let technique: Technique
        var numbers: [Int]
        if let id = a.id {
            guard let parsed = Drill.parseID(id) else {
                throw CLIError.usage("'\(id)' is not a drill id: write TECHNIQUE-N, as x-wing-7" + closeNames(String(id.split(separator: "-").dropLast().joined(separator: "-"))))
            }
            technique = parsed.technique
            guard parsed.number <= pool.count(technique) else {
                throw CLIError.usage("there is no drill \(id): \(technique.rawValue) has \(pool.count(technique)) drills")
            }
            numbers = [parsed.number]
        } else {
            let name = a.technique ?? ""
            guard let t = Technique(named: name) else {
                throw CLIError.usage("unknown technique '\(name)'" + closeNames(name))
            }
            technique = t
            let seed = a.seed.map(UInt64.init) ?? UInt64(Clocks.realtimeSeconds() * 1000)
            numbers = pool.numbers(technique, count: a.count, seed: seed)
        }
        guard !numbers.isEmpty else {
            throw CLIError.usage("the pool has no \(technique.name) drill: the search never found a position that needs it"
                + " (sudokit drill --list shows what it holds)")
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
            guard let step = d.step() else { throw CLIError.software("drill \(d.id) has no \(technique.name) step: regenerate the pool") }
            shown.append((d, step))
        }
        if let answerText = a.check {
            let answer: DrillAnswer
            do throws(SudokuLogicError) { answer = try DrillAnswer(parsing: answerText) } catch {
                throw CLIError.data("--check: \(error)")
            }
            return check(answer, drill: shown[0].0, step: shown[0].1, format: a.format)
        }
        if let out = a.out {
            let (d, step) = shown[0]
            let layout = a.picture.layout
            let picture: BoardPicture
            if let level = a.level.level {
                picture = BoardPicture.hint(step, board: d.board, puzzle: d.puzzle, level: level, layout: layout)
            } else {
                picture = BoardPicture(layout: layout, content: .init(board: d.board, puzzle: d.puzzle), boardOnly: true,
                                       title: "\(d.id): find the \(technique.name)")
            }
            try PictureFile.write(picture.scene, to: out, scale: a.picture.scale)
        }
        var records = a.format.records
        defer { records?.finish() }
        for (k, (d, step)) in shown.enumerated() {
            switch a.format {
            case .json, .jsonl: records?.print(DrillText.json(d, step, pool: pool))
            case .text:
                if k > 0 { Console.out("") }
                for line in DrillText.lines(d, step, pool: pool, level: a.level.level) { Console.out(line) }
            }
        }
        return .success
    }

    /// `; close names: x-wing, xy-wing` (or the pointer to --list).
    static func closeNames(_ name: String) -> String {
        let close = DrillNames.close(to: name)
        return close.isEmpty ? " (sudokit drill --list shows every technique)"
            : "; close names: " + close.joined(separator: ", ") + " (sudokit drill --list shows every technique)"
    }

    static func check(_ answer: DrillAnswer, drill d: Drill, step: Step, format: ListFormat) -> ExitCode {
        guard let solution = Solver.solve(d.puzzle).solution else {
            Console.error("drill \(d.id): its puzzle has no solution")
            return .software
        }
        let verdict = DrillCheck(answer: answer, step: step, board: d.board, solution: solution)
        switch format {
        case .json, .jsonl:
            // One verdict: one object, the whole document (json) and one line (jsonl).
            let items = verdict.items.map { item -> String in
                let kind: String
                var extra: [(String, String)] = []
                switch item.verdict {
                case .inConclusion: kind = "in-conclusion"
                case .otherInstance: kind = "other-instance"
                case .notACandidate: kind = "not-a-candidate"
                case .otherTechnique(let t):
                    kind = "other-technique"
                    extra = [("other_technique", JSONText.quoted(t.rawValue))]
                case let .later(t, steps):
                    kind = "later"
                    extra = [("other_technique", JSONText.quoted(t.rawValue)), ("steps_after", String(steps))]
                case .wrongCell(let isPattern): kind = isPattern ? "pattern-cell" : "wrong-cell"
                case .wrongDigit: kind = "wrong-digit"
                }
                let c = item.candidate
                return JSONText.object([
                    ("claim", JSONText.quoted(item.isPlacement ? "\(c.cell)=\(c.digit)" : "\(c.cell)-\(c.digit)")),
                    ("verdict", JSONText.quoted(kind)), ("true", item.holds ? "true" : "false"),
                ] + extra)
            }
            Console.out(JSONText.object([
                ("id", JSONText.quoted(d.id)), ("answer", JSONText.quoted(answer.text)),
                ("outcome", JSONText.quoted(verdict.outcome.rawValue)), ("missing", String(verdict.missing)),
                ("claims", JSONText.array(items)),
            ]))
        case .text:
            Console.out("drill \(d.id): \(answer.text)")
            for line in verdict.lines(step: step, board: d.board) { Console.out(line) }
        }
        return verdict.outcome == .wrong ? .notVerified : .success
    }

    static func list(_ pool: DrillPool, format: ListFormat) -> ExitCode {
        let techniques = Technique.allCases
        switch format {
        case .json, .jsonl:
            var records = format.records
            defer { records?.finish() }
            for t in techniques {
                records?.print(JSONText.object([
                    ("technique", JSONText.quoted(t.rawValue)), ("name", JSONText.quoted(t.name)),
                    ("drills", String(pool.count(t))), ("unreached", pool.unreached.contains(t) ? "true" : "false"),
                ]))
            }
        case .text:
            let width = techniques.map(\.rawValue.count).max() ?? 0
            let nameWidth = techniques.map(\.name.count).max() ?? 0
            Console.out("technique" + String(repeating: " ", count: width - 7) + "name" + String(repeating: " ", count: nameWidth - 2) + "drills")
            for t in techniques {
                let n = String(pool.count(t))
                var line = t.rawValue + String(repeating: " ", count: width - t.rawValue.count + 2) + t.name
                    + String(repeating: " ", count: nameWidth - t.name.count + 2 + 6 - n.count) + n
                if pool.unreached.contains(t) { line += "  never needed by the puzzles searched" }
                Console.out(line)
            }
            Console.out("\(pool.total) drills")
        }
        return .success
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
