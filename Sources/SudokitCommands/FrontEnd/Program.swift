// Offers: `Program`, one command-line program over its command table: the
// general help and version, the walk from words to a command, and the one
// place where errors become messages and exit codes. `sudokit` and
// `sudokit-lab` are each one; `ProgramTable` names a program's table, for the
// `help` command each program has.

import ArgumentParsing

/// A program's command table, as its own `help` command reads it.
package protocol ProgramTable {
    /// The program's name, as typed and as its help shows it.
    static var tool: String { get }
    /// The examples of `TOOL help --help`.
    static var helpExamples: [String] { get }
    static var program: Program { get }
}

/// An old spelling a program refuses, naming the new one: a command another
/// program runs now (`sudokit bench ...` is `sudokit-lab bench ...`), or a mode
/// that became a subcommand (`sudokit drill --list` is `sudokit drill list`).
package struct OldSpelling: Sendable {
    package enum Now: Sendable {
        /// Another program runs it (the whole command, or the mode its option selects).
        case program(String)
        /// A subcommand: how the message names the old spelling and the new one.
        case subcommand(old: String, new: String)
    }

    /// The command's name.
    package let command: String
    /// The option that selects the old spelling. Nil: for a moved command the
    /// whole command; for a respelled one any option where a subcommand belongs.
    package let option: String?
    package let now: Now

    /// `command` (with `option`, if any) runs in `program` now.
    package static func moved(_ command: String, option: String? = nil, to program: String) -> OldSpelling {
        OldSpelling(command: command, option: option, now: .program(program))
    }

    /// `command` followed by an option (`option`, or any when nil) is spelled `new` now.
    package static func respelled(_ command: String, option: String?, old: String, new: String) -> OldSpelling {
        OldSpelling(command: command, option: option, now: .subcommand(old: old, new: new))
    }

    /// Whether `words` (a command line after the program's name) use this
    /// spelling; options end at `--`. A respelled command is only matched when
    /// an option stands where its subcommand belongs.
    func matches(_ words: [String]) -> Bool {
        guard words.first == command else { return false }
        let options = words.dropFirst().prefix { $0 != "--" }
        switch now {
        case .program:
            guard let option else { return true }
            return options.contains(option)
        case .subcommand:
            guard let next = words.dropFirst().first, next.hasPrefix("-"),
                !["-h", "--help", "--", "-"].contains(next)
            else { return false }
            guard let option else { return true }
            return options.contains { $0 == option || $0.hasPrefix(option + "=") }
        }
    }

    /// The usage error `tool` answers this spelling with.
    func failure(tool: String) -> CommandLineFailure {
        switch now {
        case .program(let program):
            let name = ([command] + (option.map { [$0] } ?? [])).joined(separator: " ")
            return CommandLineFailure(
                entry: nil,
                error: .usage(
                    "'\(tool) \(name)' moved to \(program), the program of the"
                        + " project's measurements and data: run '\(program) \(name) ...'"),
                hint: "See '\(program) --help' for its commands.")
        case .subcommand(let old, let new):
            return CommandLineFailure(
                entry: nil, error: .usage("\(tool) \(old) is now '\(tool) \(new)'"),
                hint: "See '\(tool) help \(command)' for its subcommands.")
        }
    }
}

package struct Program: Sendable {
    package let tool: String
    package let version: String
    /// The OVERVIEW line of the general help, after the name and version.
    let overview: String
    /// Every command, in the order the help lists them.
    package let commands: [CommandEntry]
    /// Old spellings, refused with the new one; the first that matches wins.
    let oldSpellings: [OldSpelling]

    package init(
        tool: String, version: String, overview: String, commands: [CommandEntry],
        oldSpellings: [OldSpelling] = []
    ) {
        self.tool = tool
        self.version = version
        self.overview = overview
        self.commands = commands
        self.oldSpellings = oldSpellings
    }

    /// The whole tree as one group, so `help bench decode` resolves like `bench decode --help`.
    var root: CommandEntry { CommandEntry(group: CommandHelp(name: "", abstract: ""), commands, tool: tool) }

    var generalHelp: String {
        let width = commands.map(\.word.count).max() ?? 0
        let rows = commands.map {
            "  " + $0.word + String(repeating: " ", count: width - $0.word.count + 2) + $0.help.abstract
        }
        return """
            OVERVIEW: \(tool) \(version) \(overview)

            USAGE: \(tool) <subcommand> [<options>] [<arguments>]

            OPTIONS:
              -h, --help  Show help information.
              --version   Show the version.

            SUBCOMMANDS:
            \(rows.joined(separator: "\n"))

              See '\(tool) help <subcommand>' for detailed help.

            """
    }

    /// Runs the process's command line and ends the process with its exit code.
    package func main() -> Never {
        OpenMPLimit.ensure()
        Console.terminate(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line and returns its exit code; prints errors as
    /// `Error: ...` (with the usage line and one hint for a usage error).
    package func run(_ words: [String]) -> ExitCode {
        guard let first = words.first else {
            Console.err(generalHelp, terminator: "")
            return .usage
        }
        switch first {
        case "-h", "--help":
            Console.out(generalHelp, terminator: "")
            return .success
        case "--version":
            Console.out("\(tool) \(version)")
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

    /// `TOOL help PATH...`: the help of the command PATH names (the general help
    /// when PATH is empty), or a usage error for a path that names none.
    func showHelp(_ path: [String]) -> ExitCode {
        guard !path.isEmpty else {
            Console.out(generalHelp, terminator: "")
            return .success
        }
        do throws(CommandLineFailure) {
            let (entry, rest) = try resolve(path, forHelp: true)
            if let extra = rest.first {
                throw CommandLineFailure(
                    entry: entry, error: .usage("'\(entry.help.name)' has no subcommand '\(extra)'"))
            }
            Console.out(entry.helpText, terminator: "")
            return .success
        } catch {
            return report(error)
        }
    }

    /// The command `words` name, and the words left for it.
    /// - Throws: `CommandLineFailure` for an unknown command or subcommand (with
    ///   the command meant, when the word is a slip for one), or an old spelling.
    func resolve(_ words: [String], forHelp: Bool = false) throws(CommandLineFailure) -> (CommandEntry, [String]) {
        if let old = oldSpellings.first(where: { $0.matches(words) }) {
            throw old.failure(tool: tool)
        }
        do { return try root.resolve(words, forHelp: forHelp) } catch {
            guard let entry = error.entry, !entry.help.name.isEmpty else {
                let word = words.first ?? ""
                let meant =
                    Suggestion.closest(to: word, among: commands.map(\.word)).map { "; did you mean '\($0)'?" } ?? ""
                throw CommandLineFailure(entry: nil, error: .usage("unknown command '\(word)'" + meant))
            }
            throw error
        }
    }

    /// Prints a failure; a usage error gets the command's usage line and one hint.
    func report(_ failure: CommandLineFailure) -> ExitCode {
        Console.error(failure.error.message)
        if failure.error.code == .usage {
            if let entry = failure.entry {
                Console.err("Usage: " + entry.usage)
                Console.err("  See '\(tool) help \(entry.help.name)' for more information.")
            } else {
                Console.err("  " + (failure.hint ?? "See '\(tool) --help' for the list of subcommands."))
            }
        }
        return failure.error.code
    }
}
