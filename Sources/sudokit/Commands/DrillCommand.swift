// Offers: `DrillCommand`, `sudokit drill`: positions from the bundled pool in
// which the simplest step is one technique, to practise it; the step's three
// hints to reveal one by one; a person's answer checked against the step;
// the list of techniques with their drills; and `--make-pool`, the search that
// writes a pool (scripts/make-drill-pool runs it).

import ArgumentParsing
import SudokuCore
import SudokuLogic
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
        var makePool = false
        var generate = 0
        var inputs: [String] = []
        var perTechnique = 50
        var jobs = 1

        static var options: [Option<Self>] {
            [
                .value("technique", \.technique, valueName: "name",
                       help: "The technique to practise: its identifier (x-wing) or name ('X-Wing'); see --list."),
                .value("id", \.id, valueName: "technique-n", help: "The drill of this id (x-wing-7), as every drill shows it."),
                .value("count", \.count, in: 1...100, help: "How many drills of the technique (default 1), all different."),
                .value("seed", \.seed, in: 0...Int.max,
                       help: "Chooses the drills, the same on every machine (default: from the clock).\nWith --make-pool: the seed of the carved puzzles (default 1)."),
                .value("level", \.level, valueName: "n",
                       help: "0: the position only (default); 1-3: also the hints up to that level (3: with the conclusion).\nWith --out, the picture's marks as 'hint --out --level N' draws them (0: none)."),
                .listFormat(\.format, record: "an object per drill with id, technique, position, all three hints, answer, step;\nwith --check one verdict object, with --list an object per technique"),
                .value("check", \.check, valueName: "answer",
                       help: "Check an answer against the drill (--id, or --technique with --seed): r3c5=7 places 7,\nr3c5-7 and r1c2,r1c8-47 eliminate; claims separated by spaces or ';'."),
                .flag("list", \.list, help: "List the techniques with how many drills each has."),
                .value("out", \.out, valueName: "file", help: "Also draw the drill: FILE.png or FILE.svg (one drill only)."),
            ] + Option.group(\.picture) + [
                .flag("make-pool", \.makePool,
                      help: "Search for drills and print a pool (what scripts/make-drill-pool runs): walk the solving paths\nof the --generate puzzles, then of the --input files', keeping --per-technique drills each."),
                .value("generate", \.generate, in: 0...10_000_000, help: "With --make-pool: carve N minimal puzzles from random grids (seeded by --seed)."),
                .repeating("input", \.inputs, valueName: "name=file",
                           help: "With --make-pool: also walk the puzzles of FILE, named NAME in the pool's sources; may repeat."),
                .value("per-technique", \.perTechnique, in: 1...10_000, help: "With --make-pool: the most drills per technique (default 50)."),
                .value("jobs", \.jobs, in: 1...256, help: "With --make-pool: puzzles walked at once (default 1; the pool is the same for any N)."),
            ]
        }

        func validate() throws(UsageError) {
            if makePool {
                if generate == 0 && inputs.isEmpty { throw UsageError("--make-pool needs --generate N or --input NAME=FILE") }
                return
            }
            if generate != 0 || !inputs.isEmpty { throw UsageError("--generate and --input go with --make-pool") }
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
            ("66", "a --make-pool input cannot be opened"),
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
        if a.makePool { return try makePool(a) }
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
            case .json, .jsonl: records?.print(json(d, step, pool: pool))
            case .text:
                if k > 0 { Console.out("") }
                for line in text(d, step, pool: pool, level: a.level.level) { Console.out(line) }
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

    static func text(_ d: Drill, _ step: Step, pool: DrillPool, level: HintLevel?) -> [String] {
        var out = [
            "drill \(d.id): \(d.technique.name), drill \(d.number) of \(pool.count(d.technique)) (from \(d.source))",
            "puzzle:     " + d.puzzle.lineString(),
            "entries:    " + d.entries.lineString(),
            "candidates: " + d.board.candidateLine(),
        ]
        out += d.board.candidateGridText().split(separator: "\n").map(String.init)
        out.append("Find the \(d.technique.name): the simplest step here. What does it place or eliminate?")
        for l in HintLevel.allCases where level.map({ l <= $0 }) == true {
            out.append("hint \(l.rawValue): " + step.hint(l))
        }
        if level == .full { out.append("answer: " + DrillAnswer(step).text) }
        out.append("check:  sudokit drill --id \(d.id) --check 'ANSWER'   (r3c5=7 places, r3c5-7 eliminates)")
        if level != .full {
            out.append("hints:  sudokit drill --id \(d.id) --level \((level?.rawValue ?? 0) + 1)")
        }
        return out
    }

    static func json(_ d: Drill, _ step: Step, pool: DrillPool) -> String {
        JSONText.object([
            ("id", JSONText.quoted(d.id)), ("technique", JSONText.quoted(d.technique.rawValue)),
            ("name", JSONText.quoted(d.technique.name)), ("number", String(d.number)),
            ("of", String(pool.count(d.technique))), ("source", JSONText.quoted(d.source)),
            ("puzzle", JSONText.quoted(d.puzzle.lineString())), ("entries", JSONText.quoted(d.entries.lineString())),
            ("candidates", JSONText.quoted(d.board.candidateLine())),
            ("hints", JSONText.array(HintLevel.allCases.map { JSONText.quoted(step.hint($0)) })),
            ("answer", JSONText.quoted(DrillAnswer(step).text)), ("step", step.json),
        ])
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

extension DrillCommand {
    /// Walks the puzzles and prints the pool; a summary on stderr.
    static func makePool(_ a: Arguments) throws(CLIError) -> ExitCode {
        let start = Clocks.monotonicSeconds()
        // A set: its name, its size and its puzzle k (carved ones are carved when walked, on the workers).
        var sets: [(name: String, count: Int, puzzle: @Sendable (Int) -> Grid)] = []
        if a.generate > 0 {
            let seeds = Generator.attemptSeeds(seed: UInt64(a.seed ?? 1), count: a.generate)
            sets.append(("carved", seeds.count, { k in
                var rng = SplitMix64(seed: seeds[k])
                return Carver.minimalPuzzle(from: Carver.solution(using: &rng), using: &rng)
            }))
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
                let finds = parallelMap(Array(k..<end), jobs: a.jobs, chunk: 4) { i in
                    DrillCollector.finds(puzzle(i), source: "\(name):\(i + 1)", skipping: full)
                }
                for f in finds { collector.add(f) }
                k = end
            }
            Console.note("\(set.name): walked \(k) of \(set.count) puzzles in \(Int((Clocks.monotonicSeconds() - setStart).rounded())) s")
        }
        let techniques = Technique.allCases
        let short = techniques.filter { collector.lines[$0, default: []].count < a.perTechnique }
        let header = [
            "sudokit drill pool: one drill a line, 'TECHNIQUE SOURCE POSITION REMOVED' (see Sources/SudokuLogic/Drill.swift).",
            "POSITION: 81 characters, 1-9 a given, a-i a digit placed since (1-9), '.' empty. REMOVED: per cell 'RC' and the",
            "candidates it lost beyond those its filled cells rule out, groups joined by ','; '-' for none.",
            "Made by scripts/make-drill-pool: sudokit drill --make-pool --per-technique \(a.perTechnique)"
                + (a.generate > 0 ? " --generate \(a.generate) --seed \(a.seed ?? 1)" : "")
                + a.inputs.map { " --input \($0.split(separator: "=")[0])=..." }.joined(),
            "Each drill is a position on the ladder's solving path of its source puzzle where that technique is the simplest",
            "step: the first such position of each puzzle, the first \(a.perTechnique) puzzles per technique, carved puzzles first.",
            "Sources other than 'carved' are the puzzle sets of TestImages/puzzles, from the tdoku benchmark data by Tom Dillon",
            "(BSD 2-Clause), compiled by Gordon Royle and the Enjoy Sudoku forum (17-clue, hardest lists) and magictour (top1465).",
            "Fewer than \(a.perTechnique): " + short.map { "\($0.rawValue)=\(collector.lines[$0, default: []].count)" }.joined(separator: " "),
        ]
        Console.out(collector.poolText(header: header), terminator: "")
        Console.note("\(collector.puzzles) puzzles walked in \(Int((Clocks.monotonicSeconds() - start).rounded())) s; "
            + "fewer than \(a.perTechnique): " + (short.isEmpty ? "none" : short.map { "\($0.rawValue) \(collector.lines[$0, default: []].count)" }.joined(separator: ", ")))
        return .success
    }
}
