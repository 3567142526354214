// Offers: `RenderCommand`, `sudokit render PUZZLE --out FILE.png|FILE.svg`: a
// board drawn (givens, the player's entries in another colour, pencil marks),
// sized by the layout function for a rectangle, with the controls as a legend
// or the board alone, light or dark (--theme); with --hint, the next step's
// hint drawn on it.

import ArgumentParsing
import BoardLayout
import BoardRendering
import Coaching
import SudokuCore
import SudokuLogic

/// `--theme`: the board's colours.
enum ThemeOption: String, CaseIterable, ArgumentValue {
    case light, dark
    var theme: Theme { self == .light ? .light : .dark }
}

struct RenderCommand: Command {
    struct Arguments: ParsableArguments {
        var puzzles: [String] = []
        var entries: String?
        var candidates: String?
        var allCandidates = false
        var hint = false
        var level = HintLevelOption.three
        var out: String?
        var boardOnly = false
        var theme = ThemeOption.light
        var picture = PictureOptions()

        static var options: [Option<Self>] {
            [
                .value("out", \.out, valueName: "file", help: "The picture to write: FILE.png or FILE.svg (required)."),
                .value(
                    "entries", \.entries, valueName: "line",
                    help: "The player's entries: 81 characters, '.' or '0' where the player wrote nothing."),
                .value(
                    "candidates", \.candidates, valueName: "file",
                    help: "The player's pencil marks to draw: a candidate grid or a 729-character line ('-': stdin)."),
                .flag(
                    "all-candidates", \.allCandidates,
                    help: "Draw every candidate the filled cells leave as a pencil mark."),
                .flag("hint", \.hint, help: "Draw the next step's hint on the board (its candidates are drawn)."),
                .value(
                    "level", \.level, valueName: "n",
                    help:
                        "With --hint: 1 the houses to look at, 2 the pattern, 3 the pattern and its conclusion "
                        + "(default)."
                ),
                .flag(
                    "board-only", \.boardOnly, help: "Draw the board alone (with a margin), not the controls' legend."),
                .value(
                    "theme", \.theme, valueName: "theme",
                    help:
                        "light (default): dark digits on white; dark: light digits on near-black, as a phone in dark "
                        + "mode."
                ),
            ] + Option.group(\.picture)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle", \.puzzles, minimum: 1, maximum: 1,
                help: "81 characters: the givens, '.' or '0' for an empty cell.")
        }

        func validate() throws(UsageError) {
            guard let out else { throw UsageError("missing --out FILE.png or FILE.svg") }
            if PictureFile.kind(of: out) == nil { throw UsageError(PictureFile.badName(out)) }
        }
    }

    static let help = CommandHelp(
        name: "render",
        abstract: "Draw a board, or a hint on it, as PNG or SVG sized by the layout function.",
        discussion: """
            Lays out the rectangle of --size as 'sudokit layout' does and draws the board at
            that cell size: givens in black, the player's entries in blue, pencil marks
            small in their places. The controls (keys 1-9, Undo, Erase, Notes, Hint, in the
            --locale's words) are drawn as a legend at their frames, unless --board-only.
            --theme dark draws the board as a phone app in dark mode: light digits and
            lines on near-black, entries in light blue.
            With --hint the next step of the ladder is drawn: the houses it rests on
            shaded, its cells outlined, its candidates marked, chain links as curved arrows
            (strong solid, weak dashed, groups boxed), the placements in green and the
            eliminations struck out in red. Under the board come a key to the marks used
            and the hint's text at --level as a caption (also the SVG's title). Text is set
            in DejaVu Sans, compiled into the program.
            """,
        exitStatus: [
            ("0", "the picture was written"),
            (
                "1",
                "--hint: no hint (the position is wrong or solved, the puzzle is not unique, or it needs trial and "
                    + "error)"
            ),
            ("64", "usage error"),
            ("65", "unreadable puzzle, entries or candidate text, or clashing digits"),
            ("66", "an input file cannot be opened"),
            ("73", "the picture cannot be created"),
            ("74", "the picture cannot be written"),
        ],
        examples: [
            "sudokit render --out board.png "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit render --size 390x844 --locale de --text-size large --out phone.svg "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit render --theme dark --size 390x844 --scale 3 --out dark.png "
                + "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit render --hint --level 2 --candidates docs/xwing-position.txt --board-only --out hint.png "
                + "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1....",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check(
            a.out.map { [.init(option: "--out", path: $0)] } ?? [],
            reads: [a.candidates].compactMap { $0 })
        let puzzle: Grid
        do throws(SudokuCoreError) { puzzle = try Grid(line: a.puzzles[0]) } catch {
            throw CLIError(error, in: "argument 1", isArgument: true)
        }
        let (entries, marks) = try PositionInput.read(entries: a.entries, candidates: a.candidates)
        let board = try PositionInput.board(puzzle: puzzle, entries: entries, marks: marks)
        let layout = a.picture.layout
        var picture: BoardPicture
        var code = ExitCode.success
        if a.hint {
            let next = NextStep.find(puzzle: puzzle, entries: entries, marks: marks?.masks, board: { board })
            if case .step(let step, _) = next {
                picture = BoardPicture.hint(
                    step, board: board, puzzle: puzzle, level: a.level.level, layout: layout,
                    boardOnly: a.boardOnly)
            } else {
                Console.note("no hint drawn: \(reason(next))")
                code = .notVerified
                picture = BoardPicture(
                    layout: layout, content: .init(board: board, puzzle: puzzle), boardOnly: a.boardOnly)
            }
        } else {
            var content = BoardPicture.Content(board: board, puzzle: puzzle)
            if marks == nil && !a.allCandidates { content.candidates = nil }
            picture = BoardPicture(layout: layout, content: content, boardOnly: a.boardOnly, title: "sudokit board")
        }
        picture.theme = a.theme.theme
        try PictureFile.write(picture.scene, to: a.out!, scale: a.picture.scale)
        return code
    }

    /// Why `next` holds no step to draw.
    private static func reason(_ next: NextStep) -> String {
        switch next {
        case .noSolution: return "the puzzle has no solution"
        case .severalSolutions: return "the puzzle has more than one solution"
        case .wrongPosition(let problems): return problems.map(\.description).joined(separator: "; ")
        case .solved: return "the puzzle is solved"
        case .needsTrialAndError, .onlyAvoided, .step: return "this position needs trial and error"
        }
    }
}
