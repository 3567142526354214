// Offers: `HintCommand`, `sudokit hint`: the next step from a player's
// position, as a hint at one of three levels; wrong entries (and pencil marks
// that lost a needed digit) are reported first, not built upon. An outside
// program may reword the hint (`--narrator`); its reply is checked against the
// hint's facts and replaced by the authored text when it names anything else.

import ArgumentParsing
import Basics
import BoardRendering
import Coaching
import SudokuCore
import SudokuLogic

enum HintLevelOption: String, CaseIterable, ArgumentValue {
    case one = "1", two = "2", three = "3"
    var level: HintLevel { [.nudge, .pattern, .full][Int(rawValue)! - 1] }
}

struct HintCommand: Command {
    struct Arguments: ParsableArguments {
        var puzzles: [String] = []
        var inputs: [String] = []
        var inputFormat = PuzzleFormat.line
        var entries: String?
        var candidates: String?
        var level = HintLevelOption.one
        var format = ListFormat.text
        var narrator: String?
        var narratorTimeout = 60
        var out: String?
        var picture = PictureOptions()
        var assume = AssumeOptions()

        static var options: [Option<Self>] {
            [
                .playerEntries(\.entries),
                .playerCandidates(\.candidates),
                .value(
                    "level", \.level, valueName: "n",
                    help:
                        "1: the technique and where to look (default); 2: the digits and cells; 3: the argument and "
                        + "conclusion."
                ),
                .listFormat(
                    \.format, record: "an object per puzzle with puzzle, status, level, hint, technique, step, problems"
                ),
                .value(
                    "narrator", \.narrator, valueName: "command",
                    help:
                        "Hand the hint to COMMAND (run by /bin/sh, the prompt on its stdin) to reword; a reply that "
                        + "names\na cell, digit, house or technique the hint does not is not used."
                ),
                .value(
                    "narrator-timeout", \.narratorTimeout, in: 1...3600, valueName: "seconds",
                    help: "Stop the narrator after this many seconds (default 60)."),
                .puzzleInput(\.inputs),
                .puzzleInputFormat(\.inputFormat),
                .value(
                    "out", \.out, valueName: "file",
                    help: "Also draw the hint at --level on the board: FILE.png or FILE.svg (one PUZZLE only)."),
            ] + Option.group(\.picture) + Option.group(\.assume)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle", \.puzzles,
                help: "81 characters: the givens, '.' or '0' for an empty cell; or '-' for standard input.")
        }

        func validate() throws(UsageError) {
            if (entries != nil || candidates != nil) && (puzzles.count != 1 || puzzles == ["-"] || !inputs.isEmpty) {
                throw UsageError("--entries and --candidates describe one position: give exactly one PUZZLE argument")
            }
            if let out {
                if puzzles.count != 1 || puzzles == ["-"] || !inputs.isEmpty {
                    throw UsageError("--out draws one hint: give exactly one PUZZLE argument")
                }
                if PictureFile.kind(of: out) == nil { throw UsageError(PictureFile.badName(out)) }
            }
        }
    }

    static let help = CommandHelp(
        name: "hint",
        abstract: "The next step from a position, as a hint at one of three levels.",
        discussion: """
            Checks the player's entries against the puzzle's unique solution first: a wrong
            entry is reported ('r3c5 is not 4', with the cells that clash with it directly),
            and so are pencil marks that lost a digit a cell needs; no hint is built on a
            wrong position. Otherwise prints the hint of the simplest step the ladder finds:
            level 1 names the technique and where to look, level 2 adds the pattern's
            digits and cells, level 3 gives the whole argument and the conclusion. Without
            --candidates the candidates are what the filled cells leave.
            With --narrator, the hint is handed to COMMAND with only its facts, for
            rewording; the reply is shown only if every cell, digit, house and technique it
            names is in the hint (else the authored hint is shown, with a note on stderr).
            JSON: one object per puzzle per line; 'step' holds the whole step.
            """,
        exitStatus: [
            ("0", "a hint was given (or the puzzle is already solved)"),
            ("1", "the position is wrong, the puzzle has no or several solutions, or it needs trial and error"),
            ("64", "usage error"),
            ("65", "unreadable puzzle, entries or candidate text"),
            ("66", "an input file cannot be opened"),
        ],
        examples: [
            "sudokit hint 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "sudokit hint --level 3 --entries "
                + "..4.............................................................................. "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit hint --candidates docs/xwing-position.txt --level 2 --format json "
                + "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1....",
            "sudokit hint --narrator 'llama-cli -m model.gguf -f /dev/stdin' --level 3 "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit hint --level 2 --out hint.png --size 600x600 "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check(
            a.out.map { [.init(option: "--out", path: $0)] } ?? [],
            reads: a.inputs + [a.candidates].compactMap { $0 })
        var items = try PuzzleInput.read(arguments: a.puzzles, inputs: a.inputs, format: a.inputFormat)
        for i in items.indices { items[i].grid = try a.assume.apply(to: items[i].grid) }
        let (entries, marks) = try PositionInput.read(entries: a.entries, candidates: a.candidates)
        var code = ExitCode.success
        var records = a.format.records
        defer { records?.finish() }
        for item in items {
            let result = try hint(for: item.grid, entries: entries, marks: marks, a)
            code = ExitCode.worst(code, result.code)
            switch a.format {
            case .json, .jsonl:
                records?.print(result.json)
            case .text:
                let prefix = items.count > 1 ? "\(item.source): " : ""
                for line in result.lines { Console.out(prefix + line) }
            }
        }
        return code
    }

    struct Result {
        var code: ExitCode
        var lines: [String]
        var json: String
    }

    static func hint(
        for puzzle: Grid, entries: Grid?, marks: (text: String, masks: [UInt16])?, _ a: Arguments
    ) throws(CLIError) -> Result {
        func object(_ status: String, _ extra: [(String, String)]) -> String {
            JSONText.object(
                [("puzzle", JSONText.quoted(puzzle.lineString())), ("status", JSONText.quoted(status))] + extra)
        }
        let next = try NextStep.find(puzzle: puzzle, entries: entries, marks: marks?.masks) {
            () throws(CLIError) -> Board in
            try PositionInput.board(puzzle: puzzle, entries: entries, marks: marks)
        }
        let step: Step, board: Board
        switch next {
        case .noSolution:
            return Result(code: .notVerified, lines: ["the puzzle has no solution"], json: object("no-solution", []))
        case .severalSolutions:
            return Result(
                code: .notVerified, lines: ["the puzzle has more than one solution: no hint can be proved"],
                json: object("several-solutions", []))
        case .wrongPosition(let problems):
            return Result(
                code: .notVerified, lines: problems.map(\.description),
                json: object("wrong-position", [("problems", JSONText.array(problems.map(\.json)))]))
        case .solved:
            return Result(code: .success, lines: ["the puzzle is solved: no hint needed"], json: object("solved", []))
        case .needsTrialAndError(let board), .onlyAvoided(let board):
            return Result(
                code: .notVerified, lines: ["no technique of the ladder applies: this position needs trial and error"],
                json: object("needs-trial-and-error", [("position", JSONText.quoted(board.candidateLine()))]))
        case let .step(found, on):
            (step, board) = (found, on)
        }
        let level = a.level.level
        if let out = a.out {
            let picture = BoardPicture.hint(step, board: board, puzzle: puzzle, level: level, layout: a.picture.layout)
            try PictureFile.write(picture.scene, to: out, scale: a.picture.scale)
        }
        let authored = step.hint(level)
        var shown = authored
        var narrated = false
        if let command = a.narrator {
            switch Narrator.ask(
                command, prompt: Narration.prompt(for: step, level: level), timeout: Double(a.narratorTimeout))
            {
            case .failure(let f):
                Console.note("the narrator gave no reply (\(f.message)); showing the authored hint")
            case .success(let reply):
                switch Narration.check(reply, step: step, level: level) {
                case .accepted(let text):
                    shown = text
                    narrated = true
                case .rejected(let reason):
                    Console.note("the narrator's reply was not used: \(reason); showing the authored hint")
                }
            }
        }
        let json = object(
            "hint",
            [
                ("level", String(level.rawValue)), ("technique", JSONText.quoted(step.technique.rawValue)),
                ("hint", JSONText.quoted(shown)), ("authored", JSONText.quoted(authored)),
                ("narrated", narrated ? "true" : "false"), ("step", step.json),
            ])
        return Result(code: .success, lines: [shown], json: json)
    }
}
