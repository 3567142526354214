// Offers: `DrillListCommand`, `sudokit drill list`: the techniques with how many
// drills the bundled pool holds for each.

import ArgumentParsing
import Basics
import Coaching
import SudokuCore
import SudokuLogic

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
        list(DrillPool.bundled, format: a.format)
    }

    static func list(_ pool: DrillPool, format: ListFormat) -> ExitCode {
        let techniques = Technique.allCases
        switch format {
        case .json, .jsonl:
            var records = format.records
            defer { records?.finish() }
            for t in techniques {
                records?.print(
                    JSONText.object([
                        ("technique", JSONText.quoted(t.rawValue)), ("name", JSONText.quoted(t.name)),
                        ("drills", String(pool.count(t))), ("unreached", pool.unreached.contains(t) ? "true" : "false"),
                    ]))
            }
        case .text:
            let width = techniques.map(\.rawValue.count).max() ?? 0
            let nameWidth = techniques.map(\.name.count).max() ?? 0
            Console.out(
                "technique" + String(repeating: " ", count: width - 7) + "name"
                    + String(repeating: " ", count: nameWidth - 2) + "drills")
            for t in techniques {
                let n = String(pool.count(t))
                var line =
                    t.rawValue + String(repeating: " ", count: width - t.rawValue.count + 2) + t.name
                    + String(repeating: " ", count: nameWidth - t.name.count + 2 + 6 - n.count) + n
                if pool.unreached.contains(t) { line += "  never needed by the puzzles searched" }
                Console.out(line)
            }
            Console.out("\(pool.total) drills")
        }
        return .success
    }
}
