// Offers: `HelpCommand`, `TOOL help [COMMAND...]` of each program (`sudokit`,
// `sudokit-lab`): the help of a command (`sudokit help drill`), of the program
// itself, or of `help` (`sudokit help help`).

import ArgumentParsing

package struct HelpCommand<P: ProgramTable>: Command {
    package struct Arguments: ParsableArguments {
        var path: [String] = []
        package init() {}
        package static var options: [Option<Self>] { [] }
        package static var positionals: Positionals<Self>? {
            Positionals("subcommand", \.path, help: "The command (and subcommand) to show the help of.")
        }
    }

    package static var help: CommandHelp {
        CommandHelp(
            name: "help",
            abstract: "Show the help of a command, or of \(P.tool).",
            discussion: """
                '\(P.tool) help COMMAND' prints what '\(P.tool) COMMAND --help' prints; without
                COMMAND, what '\(P.tool) --help' prints. A mistyped command name is answered
                with the command it most likely meant.
                """,
            exitStatus: [
                ("0", "the help was printed"),
                ("64", "no such command"),
            ],
            examples: P.helpExamples)
    }

    package static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        P.program.showHelp(a.path)
    }
}
