// Offers: the entry point of `sudokit`: the command tree, top-level help and
// version, and the one place where errors become messages and exit codes.
// No algorithms live in this executable; every command calls into the libraries.

import ArgumentParsing

@main
enum Sudokit {
    static let version = "0.1.0"

    /// Every command, in the order the help lists them.
    static var commands: [CommandEntry] {
        [
            CommandEntry(ScanCommand.self),
            CommandEntry(EvalCommand.self),
            CommandEntry(SolveCommand.self),
            CommandEntry(HintCommand.self),
            CommandEntry(ExplainCommand.self),
            CommandEntry(GradeCommand.self),
            CommandEntry(CalibrateCommand.self),
            CommandEntry(GenerateCommand.self),
            CommandEntry(DailyCommand.self),
            CommandEntry(DrillCommand.self),
            CommandEntry(RenderCommand.self),
            CommandEntry(LayoutCommand.self),
            CommandEntry(InfoCommand.self),
            CommandEntry(MergeCommand.self),
            CommandEntry(DiagnoseCommand.self),
            CommandEntry(group: BenchCommands.help, BenchCommands.subcommands),
            CommandEntry(CompletionCommand.self),
            CommandEntry(HelpCommand.self),
        ]
    }

    /// The whole tree as one group, so `help bench decode` resolves like `bench decode --help`.
    static var root: CommandEntry { CommandEntry(group: CommandHelp(name: "", abstract: ""), commands) }

    /// The tree as shell completion sees it: every command, and the tool's own
    /// options; `help` completes the names of the commands.
    static var completionTree: CompletionNode {
        let words = commands.map(\.word)
        return CompletionNode(group: "", abstract: "", options: [.help, .init(name: "version", help: "Show the version.")],
                              subcommands: commands.map { entry in
                                  var node = entry.completion
                                  if entry.word == HelpCommand.help.name { node.arguments?.completion = .choices(words) }
                                  return node
                              })
    }

    static var generalHelp: String {
        let width = commands.map(\.word.count).max() ?? 0
        let rows = commands.map { "  " + $0.word + String(repeating: " ", count: width - $0.word.count + 2) + $0.help.abstract }
        return """
            OVERVIEW: sudokit \(version) reads sudoku puzzles from photographs, checks, solves, explains and measures them.

            USAGE: sudokit <subcommand> [<options>] [<arguments>]

            OPTIONS:
              -h, --help  Show help information.
              --version   Show the version.

            SUBCOMMANDS:
            \(rows.joined(separator: "\n"))

              See 'sudokit help <subcommand>' for detailed help.

            """
    }

    static func main() {
        OpenMPLimit.ensure()
        Console.terminate(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line and returns its exit code; prints errors as
    /// `Error: ...` (with the usage line and one hint for a usage error).
    static func run(_ words: [String]) -> ExitCode {
        guard let first = words.first else {
            Console.err(generalHelp, terminator: "")
            return .usage
        }
        switch first {
        case "-h", "--help":
            Console.out(generalHelp, terminator: "")
            return .success
        case "--version":
            Console.out("sudokit \(version)")
            return .success
        default:
            break
        }
        let entry: CommandEntry
        let rest: [String]
        do throws(CommandLineFailure) {
            (entry, rest) = try resolve(words)
        } catch {
            return report(error)
        }
        do throws(CLIError) {
            return try entry.run(rest)
        } catch {
            return report(CommandLineFailure(entry: entry, error: error))
        }
    }

    /// `sudokit help PATH...`: the help of the command PATH names (the general help
    /// when PATH is empty), or a usage error for a path that names none.
    static func showHelp(_ path: [String]) -> ExitCode {
        guard !path.isEmpty else {
            Console.out(generalHelp, terminator: "")
            return .success
        }
        do throws(CommandLineFailure) {
            let (entry, rest) = try resolve(path, forHelp: true)
            if let extra = rest.first {
                throw CommandLineFailure(entry: entry, error: .usage("'\(entry.help.name)' has no subcommand '\(extra)'"))
            }
            Console.out(entry.helpText, terminator: "")
            return .success
        } catch {
            return report(error)
        }
    }

    /// The command `words` name, and the words left for it.
    /// - Throws: `CommandLineFailure` for an unknown command or subcommand (with
    ///   the command meant, when the word is a slip for one).
    static func resolve(_ words: [String], forHelp: Bool = false) throws(CommandLineFailure) -> (CommandEntry, [String]) {
        do { return try root.resolve(words, forHelp: forHelp) } catch {
            guard let entry = error.entry, !entry.help.name.isEmpty else {
                let word = words.first ?? ""
                let meant = Suggestion.closest(to: word, among: commands.map(\.word)).map { "; did you mean '\($0)'?" } ?? ""
                throw CommandLineFailure(entry: nil, error: .usage("unknown command '\(word)'" + meant))
            }
            throw error
        }
    }

    /// Prints a failure; a usage error gets the command's usage line and one hint.
    static func report(_ failure: CommandLineFailure) -> ExitCode {
        Console.error(failure.error.message)
        if failure.error.code == .usage {
            if let entry = failure.entry {
                Console.err("Usage: " + entry.usage)
                Console.err("  See 'sudokit help \(entry.help.name)' for more information.")
            } else {
                Console.err("  See 'sudokit --help' for the list of subcommands.")
            }
        }
        return failure.error.code
    }
}
