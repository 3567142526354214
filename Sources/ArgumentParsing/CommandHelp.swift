// Offers: `CommandHelp`, what a command says about itself, and the one help
// layout every command prints:
//
//   OVERVIEW: <abstract>
//
//   <discussion>
//
//   USAGE: <tool> <command> [<options>] <positional> ...
//
//   ARGUMENTS:
//     <positional>          help
//
//   OPTIONS:
//     -o, --out <file>      help (the short name first, when there is one)
//     --name <value>        help
//     -h, --help            Show help information.
//
//   SUBCOMMANDS:
//     name                  abstract
//
//   EXIT STATUS:
//     0                     meaning
//
//   EXAMPLES:
//     <tool> <command> ...
//
// Sections without content are left out. Text is wrapped by the caller (the
// discussion is printed as written); the left column is as wide as its widest entry.

/// The documentation of one command (or command group).
public struct CommandHelp: Sendable {
    /// The full name after the tool's, e.g. `scan` or `bench decode`.
    public var name: String
    /// One line: what the command does.
    public var abstract: String
    /// Paragraphs under the overview, as written.
    public var discussion: String
    /// (code, meaning) rows.
    public var exitStatus: [(code: String, meaning: String)]
    /// Whole command lines, without a prompt.
    public var examples: [String]

    public init(
        name: String, abstract: String, discussion: String = "",
        exitStatus: [(code: String, meaning: String)] = [], examples: [String] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.exitStatus = exitStatus
        self.examples = examples
    }

    /// The usage line of a command whose arguments are `A`: `tool name [<options>] <pos> ...`.
    public func usage<A: ParsableArguments>(tool: String, _ arguments: A.Type) -> String {
        var parts = [tool, name]
        if A.options.contains(where: { $0.help != nil }) { parts.append("[<options>]") }
        if let positionals = A.positionals { parts.append(positionals.usage) }
        return parts.joined(separator: " ")
    }

    /// The full help of a command whose arguments are `A`.
    public func text<A: ParsableArguments>(tool: String, _ arguments: A.Type) -> String {
        var argumentRows: [(String, String)] = []
        if let p = A.positionals { argumentRows.append(("<\(p.name)>", p.help)) }
        var optionRows = A.options.compactMap { o in o.help.map { (o.helpSpelling, $0) } }
        optionRows.append(("-h, --help", "Show help information."))
        return render(usage: usage(tool: tool, A.self), arguments: argumentRows, options: optionRows, subcommands: [])
    }

    /// The help of a command group: its subcommands with their abstracts.
    public func groupText(tool: String, subcommands: [CommandHelp]) -> String {
        let rows = subcommands.map { (String($0.name.split(separator: " ").last ?? ""), $0.abstract) }
        return render(
            usage: "\(tool) \(name) <subcommand>", arguments: [],
            options: [("-h, --help", "Show help information.")], subcommands: rows)
    }

    func render(
        usage: String, arguments: [(String, String)], options: [(String, String)],
        subcommands: [(String, String)]
    ) -> String {
        var sections = ["OVERVIEW: \(abstract)"]
        if !discussion.isEmpty { sections.append(discussion) }
        sections.append("USAGE: \(usage)")
        let width =
            (arguments + options + subcommands + exitStatus.map { ($0.code, $0.meaning) })
            .map(\.0.count).max() ?? 0
        func table(_ title: String, _ rows: [(String, String)]) {
            guard !rows.isEmpty else { return }
            sections.append(title + ":\n" + rows.map { Self.row($0.0, $0.1, width: width) }.joined(separator: "\n"))
        }
        table("ARGUMENTS", arguments)
        table("OPTIONS", options)
        table("SUBCOMMANDS", subcommands)
        table("EXIT STATUS", exitStatus.map { ($0.code, $0.meaning) })
        if !examples.isEmpty { sections.append("EXAMPLES:\n" + examples.map { "  " + $0 }.joined(separator: "\n")) }
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// `  left   right`, the right column starting two spaces past `width`;
    /// continuation lines of `right` are indented to that column.
    static func row(_ left: String, _ right: String, width: Int) -> String {
        let indent = String(repeating: " ", count: width + 4)
        let lines = right.split(separator: "\n", omittingEmptySubsequences: false)
        return "  " + left + String(repeating: " ", count: width - left.count + 2)
            + lines.joined(separator: "\n" + indent)
    }
}
