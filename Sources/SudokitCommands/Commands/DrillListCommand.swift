// Offers: `DrillListCommand`, `sudokit drill list`: the techniques with how many
// drills the bundled pool holds for each.

import ArgumentParsing
import Coaching

struct DrillListCommand: Command {
    struct Arguments: ParsableArguments {
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [.listFormat(\.format, record: "an object per technique with technique, name, drills, unreached")]
        }
    }

    static let help = CommandHelp(
        name: "drill list",
        abstract: "List the techniques with how many drills each has.",
        discussion: """
            One line per technique of the ladder: its identifier (what --technique and the
            drill ids use), its name and its drills in the pool bundled with sudokit, then
            the total. The pool was made by scripts/make-drill-pool (carved puzzles, then
            the hard sets of TestImages/puzzles for the rare techniques); a technique the
            search never found is marked so.
            """,
        exitStatus: [("0", "the list was printed"), ("64", "usage error")],
        examples: ["sudokit drill list", "sudokit drill list --format json"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        DrillCommands.list(DrillPool.bundled, format: a.format)
    }
}
