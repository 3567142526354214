// Offers: `DrillCheckCommand`, `sudokit drill check`: a person's answer checked
// against the step of the drill that was shown.

import ArgumentParsing
import Basics
import Coaching
import SudokuCore
import SudokuLogic

struct DrillCheckCommand: Command {
    struct Arguments: ParsableArguments {
        var answer: [String] = []
        var id: String?
        var technique: String?
        var seed: Int?
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [
                .value(
                    "id", \.id, valueName: "technique-n",
                    help: "The drill that was shown (x-wing-7), as every drill shows its id."),
                .value(
                    "technique", \.technique, valueName: "name",
                    help: "With --seed: the technique of the drill that was shown, as 'drill show' was given it."),
                .value("seed", \.seed, in: 0...Int.max, help: "With --technique: the seed the drill was shown with."),
                .listFormat(\.format, record: "one verdict object with id, answer, outcome, missing, claims"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "answer", \.answer, minimum: 1, maximum: 1,
                help:
                    "The answer: r3c5=7 places 7, r3c5-7 and r1c2,r1c8-47 eliminate;\nclaims separated by spaces or "
                    + "';' (quote them as one word)."
            )
        }

        func validate() throws(UsageError) {
            if technique != nil && id != nil { throw UsageError("give --id, or --technique with --seed, not both") }
            if id == nil && (technique == nil || seed == nil) {
                throw UsageError(
                    "check needs the drill that was shown: --id TECHNIQUE-N, or --technique with the same --seed")
            }
        }
    }

    static let help = CommandHelp(
        name: "drill check",
        abstract: "Check an answer against a drill: is it the conclusion of the technique's step?",
        discussion: """
            ANSWER is what you found in the drill: 'r3c5=7' places a digit, 'r3c5-7' or
            'r1c2,r1c8-4' eliminates (several claims separated by spaces). The verdict says
            whether it is the conclusion of one step of the technique (any the position
            offers, not only the one shown) or a part of it, and for each other claim why
            not: the cell is not in the step's reach, the digit is not what it eliminates
            there, or it is true but follows from another technique (another rung's step in
            the position, or one of the next five steps after this one). Name the drill by
            its id, or by the --technique and --seed it was shown with.
            """,
        exitStatus: [
            ("0", "the answer is the step's conclusion or a part of it"),
            ("1", "the answer is wrong"),
            (
                "64",
                "usage error: an unknown technique (close names listed), an id past the last, a technique without "
                    + "drills"
            ),
            ("65", "an answer that does not read"),
        ],
        examples: [
            "sudokit drill check 'r2c5,r6c1,r8c1,r8c5-9' --id x-wing-24",
            "sudokit drill check 'r2c5-9' --id x-wing-24 --format json",
            "sudokit drill check 'r1c1=1' --technique x-wing --seed 7",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let pool = DrillPool.bundled
        let (_, shown) = try DrillCommands.drills(technique: a.technique, id: a.id, count: 1, seed: a.seed, pool: pool)
        let answer: DrillAnswer
        do throws(SudokuLogicError) { answer = try DrillAnswer(parsing: a.answer[0]) } catch {
            throw CLIError.data("the answer: \(error)")
        }
        return check(answer, drill: shown[0].0, step: shown[0].1, format: a.format)
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
                return JSONText.object(
                    [
                        ("claim", JSONText.quoted(item.isPlacement ? "\(c.cell)=\(c.digit)" : "\(c.cell)-\(c.digit)")),
                        ("verdict", JSONText.quoted(kind)), ("true", item.holds ? "true" : "false"),
                    ] + extra)
            }
            Console.out(
                JSONText.object([
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
}
