// Offers: `ExitCode`, `CLIError`, `OptionSpec`, `ParsedArguments`, `Command`.
// A small argument parser in the conventions of swift-argument-parser: kebab-case
// long options (`--name value` or `--name=value`), `--` ends options, `-` is a
// positional meaning standard input, `-h`/`--help` on every command.

#if canImport(Glibc)
import Glibc
#endif

/// Process exit codes, documented in the README.
enum ExitCode: Int32 {
    case success = 0
    /// Ran, but the result is not verified (no unique solution, no grid, ...).
    case notVerified = 1
    case usage = 64
    /// Input data error: not an image, corrupt, unreadable puzzle text.
    case dataError = 65
    /// Input cannot be opened.
    case noInput = 66
    case software = 70
}

/// An error the front end turns into `Error: ...` on stderr and an exit code.
struct CLIError: Swift.Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    static func usage(_ message: String) -> CLIError { CLIError(message: message, code: .usage) }
    static func data(_ message: String) -> CLIError { CLIError(message: message, code: .dataError) }
    static func noInput(_ message: String) -> CLIError { CLIError(message: message, code: .noInput) }
    static func software(_ message: String) -> CLIError { CLIError(message: message, code: .software) }

    var description: String { message }
}

/// One option a command accepts.
struct OptionSpec: Sendable {
    /// Long name without dashes, kebab-case.
    var name: String
    /// Name of the value in help text, or nil for a flag.
    var valueName: String?
    var help: String

    static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help)
    }
    static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: valueName, help: help)
    }
}

/// The result of parsing a command's arguments.
struct ParsedArguments {
    var positionals: [String] = []
    var flags: Set<String> = []
    /// Every value given for each option, in order (an option may repeat).
    var values: [String: [String]] = [:]

    func flag(_ name: String) -> Bool { flags.contains(name) }
    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// An integer option in `range`, or `defaultValue` when absent.
    func int(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>) throws -> Int {
        guard let text = value(name) else { return defaultValue }
        guard let n = Int(text), range.contains(n) else {
            throw CLIError.usage("--\(name) expects an integer in \(range.lowerBound)...\(range.upperBound), got '\(text)'")
        }
        return n
    }

    /// `value(name)` restricted to `choices`, or `defaultValue` when absent.
    func choice(_ name: String, _ choices: [String], default defaultValue: String) throws -> String {
        guard let text = value(name) else { return defaultValue }
        guard choices.contains(text) else {
            throw CLIError.usage("--\(name) expects one of \(choices.joined(separator: ", ")), got '\(text)'")
        }
        return text
    }
}

/// A subcommand of `sudokit`.
struct Command: Sendable {
    var name: String
    /// One line for the command list.
    var summary: String
    /// Usage line after `sudokit NAME`, e.g. `[options] IMAGE...`.
    var usage: String
    /// Free text after the usage line: what it does, examples.
    var discussion: String
    var options: [OptionSpec]
    var run: @Sendable (ParsedArguments) throws -> ExitCode
    /// Hand every argument after the command's name to `run` unparsed (except a
    /// leading -h/--help): for commands that dispatch to sub-commands with options
    /// of their own.
    var takesRawArguments = false

    /// Full help text for `sudokit help NAME` and `sudokit NAME --help`.
    var helpText: String {
        var text = "USAGE: sudokit \(name) \(usage)\n\n\(summary)\n"
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        text += "\nOPTIONS:\n"
        let rows = options.map { o -> (String, String) in
            ("--\(o.name)" + (o.valueName.map { " <\($0)>" } ?? ""), o.help)
        } + [("-h, --help", "Show help for this command.")]
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows {
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + right + "\n"
        }
        return text
    }

    /// Parses `args` against `options`.
    /// - Throws: `CLIError.usage` for an unknown option or a missing value.
    func parse(_ args: [String]) throws -> (ParsedArguments, wantsHelp: Bool) {
        var parsed = ParsedArguments()
        if takesRawArguments {
            if let first = args.first, first == "-h" || first == "--help" { return (parsed, true) }
            parsed.positionals = args
            return (parsed, false)
        }
        var i = 0
        var optionsEnded = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if optionsEnded || arg == "-" || !arg.hasPrefix("-") {
                parsed.positionals.append(arg)
                continue
            }
            if arg == "--" { optionsEnded = true; continue }
            if arg == "-h" || arg == "--help" { return (parsed, true) }
            guard arg.hasPrefix("--") else {
                throw CLIError.usage("unknown option '\(arg)' for '\(name)' (see 'sudokit help \(name)')")
            }
            var key = String(arg.dropFirst(2))
            var inline: String?
            if let eq = key.firstIndex(of: "=") {
                inline = String(key[key.index(after: eq)...])
                key = String(key[..<eq])
            }
            guard let spec = options.first(where: { $0.name == key }) else {
                throw CLIError.usage("unknown option '--\(key)' for '\(name)' (see 'sudokit help \(name)')")
            }
            if spec.valueName == nil {
                if inline != nil { throw CLIError.usage("--\(key) takes no value") }
                parsed.flags.insert(key)
            } else {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw CLIError.usage("--\(key) needs a value <\(spec.valueName!)>") }
                    value = args[i]
                    i += 1
                }
                parsed.values[key, default: []].append(value)
            }
        }
        return (parsed, false)
    }
}

/// Writes to standard error, unbuffered.
func printError(_ text: String, terminator: String = "\n") {
    var line = text + terminator
    line.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let n = write(2, buffer.baseAddress! + offset, buffer.count - offset)
            if n <= 0 { break }
            offset += n
        }
    }
}
