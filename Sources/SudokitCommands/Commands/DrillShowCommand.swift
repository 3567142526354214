// Offers: `DrillShowCommand`, `sudokit drill show`: drills of one technique from
// the bundled pool (or the one an id names), with the step's hints up to a
// level, as text, JSON or a picture.

import ArgumentParsing
import Basics
import BoardRendering
import Coaching
import SudokuCore
import SudokuLogic

struct DrillShowCommand: Command {
    struct Arguments: ParsableArguments {
        var technique: String?
        var id: String?
        var count = 1
        var seed: Int?
        var level = DrillLevelOption.zero
        var format = ListFormat.text
        var out: String?
        var picture = PictureOptions()

        static var options: [Option<Self>] {
            [
                .value(
                    "technique", \.technique, valueName: "name",
                    help:
                        "The technique to practise: its identifier (x-wing) or name ('X-Wing'); see 'sudokit drill "
                        + "list'."
                ),
                .value(
                    "id", \.id, valueName: "technique-n",
                    help: "The drill of this id (x-wing-7), as every drill shows it."),
                .value(
                    "count", \.count, in: 1...100,
                    help: "How many drills of the technique (default 1), all "
                        + "different."),
                .value(
                    "seed", \.seed, in: 0...Int.max,
                    help: "Chooses the drills, the same on every machine (default: from the clock)."),
                .value(
                    "level", \.level, valueName: "n",
                    help:
                        "0: the position only (default); 1-3: also the hints up to that level (3: with the "
                        + "conclusion).\nWith --out, the picture's marks as 'hint --out --level N' draws them "
                        + "(0: none)."
                ),
                .listFormat(
                    \.format,
                    record: "an object per drill with id, technique, position, all three hints, answer, "
                        + "step"),
                .value(
                    "out", \.out, valueName: "file", help: "Also draw the drill: FILE.png or FILE.svg (one drill only)."
                ),
            ] + Option.group(\.picture)
        }

        func validate() throws(UsageError) {
            if technique == nil && id == nil { throw UsageError("missing --technique NAME or --id TECHNIQUE-N") }
            if technique != nil && id != nil { throw UsageError("give --technique or --id, not both") }
            if id != nil && (count != 1 || seed != nil) {
                throw UsageError("--id names one drill: no --count or --seed with it")
            }
            if let out {
                if count != 1 { throw UsageError("--out draws one drill: no --count with it") }
                if PictureFile.kind(of: out) == nil { throw UsageError(PictureFile.badName(out)) }
            }
        }
    }

    static let help = CommandHelp(
        name: "drill show",
        abstract: "Show drills of one technique: positions where it is exactly the step the board needs next.",
        discussion: """
            Each drill is a position (givens, placed digits and candidates, in the formats
            'hint' reads) from the pool bundled with sudokit, in which the ladder's simplest
            step is the technique asked for. Text shows the drill's id, the position (the
            puzzle, the entries and the 729-character candidate line, then the candidate
            grid) and how to go on: --level 1, 2, 3 reveal the hints one by one (3 with the
            conclusion), and 'sudokit drill check ANSWER' checks what you found. Without
            --seed the drills are chosen by the clock; each shows its id (x-wing-7) to come
            back to it with --id.
            The pool was made by scripts/make-drill-pool (carved puzzles, then the hard sets
            of TestImages/puzzles for the rare techniques); 'sudokit drill list' shows the
            drills per technique and the techniques the search never found.
            """,
        exitStatus: [
            ("0", "the drills were shown"),
            (
                "64",
                "usage error: an unknown technique (close names listed), an id past the last, a technique without "
                    + "drills"
            ),
        ],
        examples: [
            "sudokit drill show --technique x-wing",
            "sudokit drill show --technique 'XY-Wing' --count 3 --seed 7",
            "sudokit drill show --id x-wing-24 --level 2",
            "sudokit drill show --id x-wing-24 --out drill.png --level 3",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let pool = DrillPool.bundled
        let (technique, shown) = try DrillCommands.drills(
            technique: a.technique, id: a.id, count: a.count, seed: a.seed, pool: pool)
        if let out = a.out {
            let (d, step) = shown[0]
            let layout = a.picture.layout
            let picture: BoardPicture
            if let level = a.level.level {
                picture = BoardPicture.hint(step, board: d.board, puzzle: d.puzzle, level: level, layout: layout)
            } else {
                picture = BoardPicture(
                    layout: layout, content: .init(board: d.board, puzzle: d.puzzle), boardOnly: true,
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
}
