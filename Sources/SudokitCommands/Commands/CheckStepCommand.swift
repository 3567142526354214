// Offers: `CheckStepCommand`, `sudokit check-step`: a player's own deduction
// (`r4c5=7`, `r4c5<>7`) checked from a position: false, already known, proven
// by the simplest technique of the ladder that concludes it (with the proof at
// hint level 3), or true but not the conclusion of any one step from there.
// Wrong entries are reported first, as `hint` does.

import ArgumentParsing
import Basics
import Coaching
import SudokuCore
import SudokuLogic

struct CheckStepCommand: Command {
    struct Arguments: ParsableArguments {
        var words: [String] = []
        var entries: String?
        var candidates: String?
        var format = ReportFormat.text

        static var options: [Option<Self>] {
            [
                .playerEntries(\.entries),
                .playerCandidates(\.candidates),
                .reportFormat(\.format, json: "one object with puzzle, claim, verdict, technique, hint, step"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle-and-claim", \.words, minimum: 2, maximum: 2,
                help:
                    "PUZZLE (81 characters, '.' or '0' for an empty cell), then CLAIM: 'r4c5=7' (the cell "
                    + "holds 7),\n'r4c5<>7' (it cannot), or 'r4c5,r4c6<>7' (none of them can).")
        }

        func validate() throws(UsageError) {
            if words.count != 2 { throw UsageError("give a PUZZLE and a CLAIM") }
        }
    }

    static let help = CommandHelp(
        name: "check-step",
        abstract: "Checks a player's own deduction from a position, and names the technique that proves it.",
        discussion: """
            Says whether CLAIM is true, from the puzzle's unique solution first (a false
            claim is never called true); then whether the position already shows it; then,
            rung by rung from the simplest, looks at every step the ladder finds on the
            position for one that concludes it, and prints the simplest with its proof
            (hint level 3); the ladder is the one 'hint' and 'explain' use, Franken and
            Mutant fish up to jellyfish. A true claim that no single step concludes is
            said to be so, with the next step 'hint' gives from the position. Wrong
            entries (and pencil marks that lost a digit a cell needs) are reported first,
            as 'hint' does. Without --candidates the candidates are what the filled cells
            leave.
            JSON: one object; 'step' holds the proving step as 'hint --format json' writes it.
            """,
        exitStatus: [
            ("0", "the claim is true and proven by one step (or already shown by the position)"),
            ("1", "the claim is false, or true but not by one step; the position is wrong; no single solution"),
            ("64", "usage error"),
            ("65", "unreadable puzzle, claim, entries or candidate text"),
            ("66", "an input file cannot be opened"),
        ],
        examples: [
            "sudokit check-step --candidates docs/xwing-position.txt "
                + "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1.... 'r6c5<>9'",
            "sudokit check-step --format json "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 'r5c5=5'",
            "sudokit check-step "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 'r1c3=1'",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check([], reads: [a.candidates].compactMap { $0 })
        let items = try PuzzleInput.read(arguments: [a.words[0]], inputs: [], format: .line)
        guard let puzzle = items.first?.grid else { throw CLIError.data("no puzzle") }
        guard let claim = Claim(text: a.words[1]) else {
            throw CLIError.data("'\(a.words[1])' is not a claim: write 'r4c5=7', 'r4c5<>7' or 'r4c5,r4c6<>7'")
        }
        let (entries, marks) = try PositionInput.read(entries: a.entries, candidates: a.candidates)
        func object(_ verdict: String, _ extra: [(String, String)]) -> String {
            JSONText.object(
                [
                    ("puzzle", JSONText.quoted(puzzle.lineString())), ("claim", JSONText.quoted(claim.description)),
                    ("verdict", JSONText.quoted(verdict)),
                ] + extra)
        }
        func say(_ code: ExitCode, _ text: String, _ json: String) -> ExitCode {
            switch a.format {
            case .text: Console.out("\(claim): \(text)")
            case .json: Console.out(json)
            }
            return code
        }
        let solved = Solver.solve(puzzle)
        guard solved.count == 1, let solution = solved.solution else {
            let (name, text) =
                solved.count == 0
                ? ("no-solution", "the puzzle has no solution")
                : ("several-solutions", "the puzzle has more than one solution: no claim can be proved")
            return say(.notVerified, text, object(name, []))
        }
        let verdict = try DeductionCheck.check(
            claim, puzzle: puzzle, entries: entries, marks: marks?.masks, solution: solution
        ) { () throws(CLIError) -> Board in
            try PositionInput.board(puzzle: puzzle, entries: entries, marks: marks)
        }
        switch verdict {
        case .proven(let step):
            let json = object(
                verdict.name,
                [
                    ("technique", JSONText.quoted(step.technique.rawValue)),
                    ("hint", JSONText.quoted(step.hint(.full))), ("step", step.json),
                ])
            return say(.success, verdict.text, json)
        case .alreadyKnown(let why):
            return say(.success, verdict.text, object(verdict.name, [("why", JSONText.quoted(why))]))
        case .false(let why):
            return say(.notVerified, verdict.text, object(verdict.name, [("why", JSONText.quoted(why))]))
        case .trueButNotOneStep(let next):
            let extra: [(String, String)] =
                next.map {
                    [
                        ("next-technique", JSONText.quoted($0.technique.rawValue)),
                        ("next-hint", JSONText.quoted($0.hint(.nudge))),
                    ]
                } ?? []
            return say(.notVerified, verdict.text, object(verdict.name, extra))
        case .wrongPosition(let problems):
            return say(
                .notVerified, verdict.text,
                object(verdict.name, [("problems", JSONText.array(problems.map(\.json)))]))
        }
    }
}
