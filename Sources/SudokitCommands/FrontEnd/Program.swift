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

/// Words that name a command of another program now: `sudokit bench ...` moved to `sudokit-lab`.
package struct MovedCommand: Sendable {
    /// The command's name, and the option that selects the moved mode (`drill --make-pool`), if any.
    package let command: String
    package let option: String?
    /// The program that runs it now.
    package let program: String

    package init(_ command: String, option: String? = nil, to program: String) {
        self.command = command
        self.option = option
        self.program = program
    }

    /// Whether `words` (a command line after the program's name) ask for it; options end at `--`.
    func matches(_ words: [String]) -> Bool {
        guard words.first == command else { return false }
        guard let option else { return true }
        return words.dropFirst().prefix { $0 != "--" }.contains(option)
    }
}

/// A command whose modes became subcommands: `sudokit drill --list` is
/// `sudokit drill list` now. Options right after the command's name are the old
/// spelling, refused with the new one.
package struct RespelledCommand: Sendable {
    /// One old spelling: the option that selects it (nil: any other option), how
    /// the message names it, and its new spelling.
    package struct Rule: Sendable {
        package let option: String?
        package let old: String
        package let new: String

        package init(option: String?, old: String, new: String) {
            self.option = option
            self.old = old
            self.new = new
        }
    }

    package let command: String
    /// The first rule whose option the words hold wins; put the one without an option last.
    package let rules: [Rule]

    package init(_ command: String, rules: [Rule]) {
        self.command = command
        self.rules = rules
    }

    /// The rule `words` (a command line after the program's name) follow, if
    /// they give an option where a subcommand belongs; options end at `--`.
    func rule(_ words: [String]) -> Rule? {
        guard words.first == command, let next = words.dropFirst().first, next.hasPrefix("-"),
              !["-h", "--help", "--", "-"].contains(next) else { return nil }
        let options = words.dropFirst().prefix { $0 != "--" }
        return rules.first { rule in rule.option.map { o in options.contains { $0 == o || $0.hasPrefix(o + "=") } } ?? true }
    }
}

package struct Program: Sendable {
    package let tool: String
    package let version: String
    /// The OVERVIEW line of the general help, after the name and version.
    let overview: String
    /// Every command, in the order the help lists them.
    package let commands: [CommandEntry]
    /// Commands that other programs run now, refused with the program to use.
    let moved: [MovedCommand]
    /// Commands whose modes became subcommands, refused with the new spelling.
    let respelled: [RespelledCommand]

    package init(tool: String, version: String, overview: String, commands: [CommandEntry], moved: [MovedCommand] = [],
                 respelled: [RespelledCommand] = []) {
        self.tool = tool
        self.version = version
        self.overview = overview
        self.commands = commands
        self.moved = moved
        self.respelled = respelled
    }

    /// The whole tree as one group, so `help bench decode` resolves like `bench decode --help`.
    var root: CommandEntry { CommandEntry(group: CommandHelp(name: "", abstract: ""), commands, tool: tool) }

    var generalHelp: String {
        let width = commands.map(\.word.count).max() ?? 0
        let rows = commands.map { "  " + $0.word + String(repeating: " ", count: width - $0.word.count + 2) + $0.help.abstract }
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
    ///   the command meant, when the word is a slip for one), or one that moved to another program.
    func resolve(_ words: [String], forHelp: Bool = false) throws(CommandLineFailure) -> (CommandEntry, [String]) {
        if let m = moved.first(where: { $0.matches(words) }) {
            let name = ([m.command] + (m.option.map { [$0] } ?? [])).joined(separator: " ")
            throw CommandLineFailure(entry: nil, error: .usage("'\(tool) \(name)' moved to \(m.program), the program of the"
                + " project's measurements and data: run '\(m.program) \(name) ...'"),
                hint: "See '\(m.program) --help' for its commands.")
        }
        for r in respelled {
            guard let rule = r.rule(words) else { continue }
            throw CommandLineFailure(entry: nil, error: .usage("\(tool) \(rule.old) is now '\(tool) \(rule.new)'"),
                                     hint: "See '\(tool) help \(r.command)' for its subcommands.")
        }
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
