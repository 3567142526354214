// Offers: `Command` (a subcommand: its typed arguments, its help, its run) and
// `CommandEntry` (the type-erased node of the command tree the dispatcher walks:
// a command, or a group such as `bench` with subcommands of its own).

import ArgumentParsing

/// A subcommand of a program (`sudokit`, `sudokit-lab`).
package protocol Command: SendableMetatype {
    associatedtype Arguments: ParsableArguments & SendableMetatype
    static var help: CommandHelp { get }
    /// Runs with parsed arguments and returns the exit code the results call for.
    /// - Throws: `CLIError` for anything that stops the command.
    static func run(_ arguments: Arguments) throws(CLIError) -> ExitCode
}

/// One node of the command tree.
package struct CommandEntry: Sendable {
    package let help: CommandHelp
    package let subcommands: [CommandEntry]
    /// The full help text.
    package let helpText: String
    /// The usage line shown under a usage error.
    package let usage: String
    /// What a shell completion script knows of this entry and those under it.
    package let completion: CompletionNode
    /// For a group: its name alone prints its help.
    let helpWhenBare: Bool
    /// Parses the words after the command's name and runs it (nil for a group).
    private let invoke: (@Sendable ([String]) throws(CLIError) -> ExitCode)?

    /// The last word of the name: what the user types to choose this entry.
    package var word: String { String(help.name.split(separator: " ").last ?? "") }

    /// `tool` is the program's name, as the help and usage lines show it.
    package init<C: Command>(_ command: C.Type, tool: String) {
        help = C.help
        subcommands = []
        helpWhenBare = false
        helpText = C.help.text(tool: tool, C.Arguments.self)
        usage = C.help.usage(tool: tool, C.Arguments.self)
        completion = CompletionNode(
            word: String(C.help.name.split(separator: " ").last ?? ""), abstract: C.help.abstract,
            C.Arguments.self)
        invoke = { words throws(CLIError) in
            try CommandEntry.refuseRemovedSpellings(words)
            let parsed: ParseResult<C.Arguments>
            do throws(UsageError) { parsed = try ArgumentParser.parse(words, as: C.Arguments.self) } catch {
                throw CLIError.usage(error.message)
            }
            switch parsed {
            case .help:
                Console.out(C.help.text(tool: tool, C.Arguments.self), terminator: "")
                return .success
            case .run(let arguments):
                return try C.run(arguments)
            }
        }
    }

    /// Spellings no command takes any more, refused by every command with the
    /// same message (before `--`, which ends the options).
    static let removedSpellings = [("json", "--format json")]

    /// - Throws: `CLIError.usage` for a removed spelling among `words`' options.
    static func refuseRemovedSpellings(_ words: [String]) throws(CLIError) {
        for word in words {
            if word == "--" { return }
            for (name, use) in removedSpellings where word == "--" + name || word.hasPrefix("--" + name + "=") {
                throw CLIError.usage("'--\(name)' is no longer an option; use \(use)")
            }
        }
    }

    /// A group: `TOOL NAME <subcommand> ...`. `helpWhenBare`: the group's name
    /// alone prints its help (exit 0) instead of the missing-subcommand usage error.
    package init(group help: CommandHelp, _ subcommands: [CommandEntry], tool: String, helpWhenBare: Bool = false) {
        self.help = help
        self.helpWhenBare = helpWhenBare
        self.subcommands = subcommands
        helpText = help.groupText(tool: tool, subcommands: subcommands.map(\.help))
        usage = "\(tool) \(help.name) <subcommand>"
        completion = CompletionNode(
            group: String(help.name.split(separator: " ").last ?? ""), abstract: help.abstract,
            subcommands: subcommands.map(\.completion))
        invoke = nil
    }

    /// What `words` (after this entry's name) select: this entry, or the
    /// subcommand they name, with the words left over. `forHelp` lets the words
    /// stop at a group (`sudokit-lab help bench`).
    /// - Throws: `CommandLineFailure` for a group given no or an unknown subcommand.
    func resolve(
        _ words: [String], forHelp: Bool = false
    ) throws(CommandLineFailure) -> (entry: CommandEntry, rest: [String]) {
        guard !subcommands.isEmpty else { return (self, words) }
        guard let first = words.first else {
            if forHelp || helpWhenBare { return (self, []) }
            throw CommandLineFailure(
                entry: self,
                error: .usage(
                    "missing subcommand: one of "
                        + subcommands.map(\.word).joined(separator: ", ")))
        }
        if first == "-h" || first == "--help" { return (self, words) }
        guard let sub = subcommands.first(where: { $0.word == first }) else {
            let words = subcommands.map(\.word)
            if let meant = Suggestion.closest(to: first, among: words) {
                throw CommandLineFailure(
                    entry: self,
                    error: .usage("unknown subcommand '\(first)' of '\(help.name)'; did you mean '\(meant)'?"))
            }
            throw CommandLineFailure(
                entry: self,
                error: .usage(
                    "unknown subcommand '\(first)' of '\(help.name)': one of "
                        + words.joined(separator: ", ")))
        }
        return try sub.resolve(Array(words.dropFirst()), forHelp: forHelp)
    }

    /// Runs this entry with `words`; a group prints its help for `-h`/`--help`.
    func run(_ words: [String]) throws(CLIError) -> ExitCode {
        guard let invoke else {
            Console.out(helpText, terminator: "")
            return .success
        }
        return try invoke(words)
    }
}

/// A failure tied to the command it happened in (for the usage line shown with it).
struct CommandLineFailure: Error {
    var entry: CommandEntry?
    var error: CLIError
    /// The hint under a usage error tied to no command, when not the list of commands.
    var hint: String? = nil
}
