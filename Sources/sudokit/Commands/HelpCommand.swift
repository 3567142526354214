// Offers: `HelpCommand`, `sudokit help [COMMAND...]`: the help of a command
// (`sudokit help bench decode`), of sudokit itself, or of `help` (`sudokit help help`).

import ArgumentParsing

struct HelpCommand: Command {
    struct Arguments: ParsableArguments {
        var path: [String] = []
        static var options: [Option<Self>] { [] }
        static var positionals: Positionals<Self>? {
            Positionals("subcommand", \.path, help: "The command (and subcommand) to show the help of.")
        }
    }

    static let help = CommandHelp(
        name: "help",
        abstract: "Show the help of a command, or of sudokit.",
        discussion: """
            'sudokit help COMMAND' prints what 'sudokit COMMAND --help' prints; without
            COMMAND, what 'sudokit --help' prints. A mistyped command name is answered
            with the command it most likely meant.
            """,
        exitStatus: [
            ("0", "the help was printed"),
            ("64", "no such command"),
        ],
        examples: [
            "sudokit help scan",
            "sudokit help bench decode",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        Sudokit.showHelp(a.path)
    }
}
