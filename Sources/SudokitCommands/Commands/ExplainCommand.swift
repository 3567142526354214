// Offers: `ExplainCommand`, `sudokit explain`: the ladder's whole solving path
// for each puzzle, one step a line, then a summary of the techniques used.

import ArgumentParsing
import BoardRendering
import Coaching
import SudokuCore
import SudokuLogic

enum PictureFormatValue: String, CaseIterable, ArgumentValue {
    case png, svg
}

struct ExplainCommand: Command {
    struct Arguments: ParsableArguments {
        var puzzles: [String] = []
        var inputs: [String] = []
        var inputFormat = PuzzleFormat.line
        var format = ListFormat.text
        var outDir: String?
        var pictureFormat = PictureFormatValue.png
        var level = HintLevelOption.three
        var picture = PictureOptions()
        var assume = AssumeOptions()

        static var options: [Option<Self>] {
            [
                .puzzleInput(\.inputs),
                .puzzleInputFormat(\.inputFormat),
                .listFormat(
                    \.format, record: "an object per puzzle with puzzle, status, solution, steps, techniques, hardest"),
                .value(
                    "out-dir", \.outDir, valueName: "dir",
                    help:
                        "Also draw every step on the board before it, one picture a step, into DIR (created if "
                        + "missing)."
                ),
                .value(
                    "picture-format", \.pictureFormat, valueName: "format",
                    help: "With --out-dir: png (default) or svg."),
                .value(
                    "level", \.level, valueName: "n",
                    help:
                        "With --out-dir: what each picture shows, as the hint levels: 1, 2 or 3 (default, with the "
                        + "conclusion)."
                ),
            ] + Option.group(\.picture) + Option.group(\.assume)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle", \.puzzles,
                help: "81 characters: digits 1-9, '.' or '0' for an empty cell; or '-' for standard input.")
        }
    }

    static let help = CommandHelp(
        name: "explain",
        abstract: "Explain how to solve puzzles: every step with its technique, then a summary.",
        discussion: """
            For each puzzle, prints the steps of the ladder (the simplest technique that
            applies, each time), one a line: the conclusion, then the technique and where,
            as 'r4c2=7  hidden single in box 4' or 'r1c3,r1c7<>5  X-Wing on 5 in rows 1,6'.
            Then 'solved in N steps; hardest: ...' and the count of each technique. A
            puzzle beyond the ladder's last rung (forcing nets) stops with 'needs trial
            and error' and the position where it stopped. A puzzle without exactly one
            solution is not explained. With several puzzles each starts with its source.
            JSON: one object per puzzle per line; each step has technique, placements and
            eliminations ({"row","col","digit"}, 1-based) and its structure.
            With --out-dir DIR each step is drawn on the board it was found on (as
            'sudokit hint --out' draws it) into DIR/step-001-hidden-single.png, ...; with
            several puzzles the names start with the puzzle's number (puzzle-2-step-001-...).
            """,
        exitStatus: [
            ("0", "every puzzle solved by the ladder (or already solved)"),
            ("1", "a puzzle needs trial and error, or has no or several solutions"),
            ("65", "unreadable puzzle text (the error names the line and column)"),
            ("66", "an input file cannot be opened"),
        ],
        examples: [
            "sudokit explain 4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "sudokit explain --format json --input TestImages/puzzles/puzzles6_forum_hardest_1106",
            "sudokit explain --input-format dat - < TestImages/newspaper/image1.dat",
            "sudokit explain --out-dir steps --picture-format svg --size 500x500 "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check(a.outDir.map { [.init(option: "--out-dir", path: $0)] } ?? [], reads: a.inputs)
        var items = try PuzzleInput.read(arguments: a.puzzles, inputs: a.inputs, format: a.inputFormat)
        for i in items.indices { items[i].grid = try a.assume.apply(to: items[i].grid) }
        var code = ExitCode.success
        var records = a.format.records
        defer { records?.finish() }
        for (k, item) in items.enumerated() {
            let explanation = Explanation(puzzle: item.grid)
            switch explanation.status {
            case .solved, .alreadySolved: break
            case .needsTrialAndError, .noSolution, .severalSolutions: code = ExitCode.worst(code, .notVerified)
            }
            if let dir = a.outDir {
                let prefix = items.count > 1 ? "puzzle-\(k + 1)-" : ""
                try drawSteps(explanation, into: dir, prefix: prefix, a)
            }
            if explanation.status == .noSolution {
                for conflict in item.grid.conflicts() { Console.note("\(item.source): \(conflict)") }
            }
            switch a.format {
            case .json, .jsonl:
                records?.print(explanation.json)
            case .text:
                if items.count > 1 {
                    if k > 0 { Console.out("") }
                    Console.out("\(item.source): \(item.grid.lineString())")
                }
                Console.out(explanation.text, terminator: "")
            }
        }
        return code
    }
}

extension ExplainCommand {
    /// One picture per step of `explanation`, each on the board the step was found on.
    static func drawSteps(_ explanation: Explanation, into dir: String, prefix: String, _ a: Arguments) throws(CLIError)
    {
        guard !explanation.steps.isEmpty, var board = try? Board(puzzle: explanation.puzzle) else { return }
        try OutputFiles.createDirectory(dir)
        let layout = a.picture.layout
        let width = max(3, String(explanation.steps.count).count)
        for (i, step) in explanation.steps.enumerated() {
            let number = String(i + 1)
            let name =
                prefix + "step-" + String(repeating: "0", count: width - number.count) + number + "-"
                + step.technique.rawValue + "." + a.pictureFormat.rawValue
            let picture = BoardPicture.hint(
                step, board: board, puzzle: explanation.puzzle, level: a.level.level, layout: layout)
            try PictureFile.write(picture.scene, to: dir + "/" + name, scale: a.picture.scale)
            board.apply(step)
        }
    }
}
