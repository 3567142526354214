// Offers: `LayoutCommand`, `sudokit layout WIDTHxHEIGHT`: the layout function's
// answer for one rectangle (cell size, board, every key's frame, the
// arrangement, whether the controls scroll), as text or JSON.

import ArgumentParsing
import BoardLayout

enum ArrangementValue: String, CaseIterable, ArgumentValue {
    case stacked, sideBySide = "side-by-side"
    var arrangement: Arrangement { self == .stacked ? .stacked : .sideBySide }
}

struct LayoutCommand: Command {
    struct Arguments: ParsableArguments {
        var rectangle: [String] = []
        var textSize = TextSizeValue(points: TextSize.standard)
        var locale = LocaleValue(labels: .english)
        var previous: ArrangementValue?
        var format = ReportFormat.text

        static var options: [Option<Self>] {
            [
                .value(
                    "text-size", \.textSize, valueName: "size",
                    help: "Text size: default (17 points), large (28) or points (10-60)."),
                .value("locale", \.locale, valueName: "code", help: "The keys' language: en (default), de or fr."),
                .value(
                    "previous", \.previous, valueName: "arrangement",
                    help: "The arrangement shown before (stacked or side-by-side): switch only 16 points better."),
                .reportFormat(
                    \.format, json: "one object: cell_size, board, controls, keys (name: frame), controls_scroll"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "size", \.rectangle, minimum: 1, maximum: 1,
                help: "The rectangle: WIDTHxHEIGHT in points, e.g. 390x844.")
        }

        func validate() throws(UsageError) {
            if RectangleSize(argument: rectangle[0]) == nil {
                throw UsageError("the rectangle must be \(RectangleSize.expected); got '\(rectangle[0])'")
            }
        }
    }

    static let help = CommandHelp(
        name: "layout",
        abstract: "The layout of a sudoku screen for a rectangle: cell size, board and key frames.",
        discussion: """
            Controls first: the keys 1-9 and Undo, Erase, Notes, Hint get their minimum
            (44-point tap areas, labels at the text size in the locale's language), the
            board the rest. A cell is 36 to 72 points; below 36 the board shrinks to 24 and
            then the controls scroll. Stacked and side by side are both computed and the
            larger board wins (on a tie, the aspect ratio); with --previous the layout
            switches only when the other arrangement is at least 16 points larger.
            JSON frames are {"x","y","width","height"} in points from the top-left.
            """,
        exitStatus: [("0", "the layout was printed"), ("64", "usage error")],
        examples: [
            "sudokit layout 390x844",
            "sudokit layout 1024x768 --text-size large --locale de --format json",
            "sudokit layout 700x640 --previous stacked",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        guard let size = RectangleSize(argument: a.rectangle[0]) else { throw CLIError.usage("bad rectangle") }
        let layout = Layout(
            LayoutRequest(
                width: size.width, height: size.height, textSize: a.textSize.points,
                labels: a.locale.labels, previous: a.previous?.arrangement))
        switch a.format {
        case .json: Console.out(layout.json)
        case .text: Console.out(layout.text, terminator: "")
        }
        return .success
    }
}
