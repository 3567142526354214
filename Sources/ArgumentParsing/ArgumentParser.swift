// Offers: `ParsableArguments` (a command's typed arguments: a struct with
// defaults, its `Option`s and `Positionals`), `UsageError`, and `ArgumentParser`,
// which fills such a struct from command-line words in the conventions of
// swift-argument-parser:
// - long options, kebab-case: `--name value` or `--name=value`;
// - the short names of `ShortNames.standard` (`-o`, `-j`, `-q`, `-f`): `-f json`
//   or `-fjson`, `-j 2` or `-j2`; a short flag stands alone (`-q`), short
//   options are not bundled (`-qj2` is an error), and `-o=x` is refused (write
//   `-o x` or `--out=x`);
// - a flag takes no value (`--flag=x` is an error);
// - an option given twice keeps the last value, unless it is declared repeating;
// - `--` ends the options: every later word is positional, even `--help`;
// - `-` alone is a positional (by convention, standard input);
// - `-h` and `--help` ask for the help, wherever they stand before `--`;
// - any other word starting with `-` is an unknown option, and so is a word
//   starting with `--` where a value was expected (write `--out=--odd` for a value
//   that starts with dashes).

/// A command-line mistake: the message says what is wrong, without "Error:".
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The arguments of one command: a struct whose `init()` holds the defaults.
public protocol ParsableArguments {
    init()
    /// Every option, in the order the help lists them.
    static var options: [Option<Self>] { get }
    /// The positional words, or nil when the command takes none.
    static var positionals: Positionals<Self>? { get }
    /// Checks what single options cannot (options that need each other);
    /// called after parsing.
    /// - Throws: `UsageError` naming the options.
    func validate() throws(UsageError)
}

extension ParsableArguments {
    public static var positionals: Positionals<Self>? { nil }
    public func validate() throws(UsageError) {}
}

/// What a command line asked for.
public enum ParseResult<Arguments> {
    case run(Arguments)
    /// `-h` or `--help` was given.
    case help
}

public enum ArgumentParser {
    /// Fills an `A` from `words` (the words after the command's name).
    /// - Throws: `UsageError` for an unknown option, a missing or bad value, a
    ///   value given to a flag, too few or too many positionals, or a failed
    ///   `validate()`.
    public static func parse<A: ParsableArguments>(
        _ words: [String], as type: A.Type = A.self
    )
        throws(UsageError) -> ParseResult<A>
    {
        var arguments = A()
        var positionals: [String] = []
        let options = A.options
        var i = 0
        var optionsEnded = false
        while i < words.count {
            let word = words[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "-h" || word == "--help" { return .help }
            let option: Option<A>
            var inline: String?
            if word.hasPrefix("--") {
                var name = String(word.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let found = options.first(where: { $0.name == name }) else {
                    throw UsageError("unknown option '--\(name)'")
                }
                option = found
            } else {
                (option, inline) = try shortOption(word, among: options)
            }
            let name = option.name
            switch option.kind {
            case .removed:
                try option.apply(&arguments, nil)
            case .flag:
                if inline != nil { throw UsageError("'--\(name)' takes no value") }
                try option.apply(&arguments, nil)
            case .value, .repeating:
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < words.count, !words[i].hasPrefix("--") else {
                        throw UsageError("missing value for '\(option.spelling)'")
                    }
                    value = words[i]
                    i += 1
                }
                try option.apply(&arguments, value)
            }
        }
        if let spec = A.positionals {
            if positionals.count < spec.minimum {
                throw UsageError(
                    spec.minimum == 1 ? "missing <\(spec.name)>" : "needs at least \(spec.minimum) <\(spec.name)>")
            }
            if let maximum = spec.maximum, positionals.count > maximum {
                throw UsageError("unexpected argument '\(positionals[maximum])'")
            }
            arguments[keyPath: spec.keyPath] = positionals
        } else if let first = positionals.first {
            throw UsageError("unexpected argument '\(first)'")
        }
        if let spec = A.positionals, let choices = spec.choices,
            let bad = positionals.first(where: { !choices.contains($0) })
        {
            throw UsageError("<\(spec.name)> expects one of \(choices.joined(separator: ", ")); got '\(bad)'")
        }
        try arguments.validate()
        return .run(arguments)
    }

    /// The option a word `-xREST` names, and REST as its value when not empty.
    /// - Throws: `UsageError` for an unknown letter, a flag with letters after it
    ///   (no bundling), or `-x=value`.
    static func shortOption<A>(_ word: String, among options: [Option<A>]) throws(UsageError) -> (Option<A>, String?) {
        let letter = word.dropFirst().first
        guard let option = options.first(where: { $0.short != nil && $0.short == letter }) else {
            throw UsageError("unknown option '\(word)'")
        }
        let rest = String(word.dropFirst(2))
        guard !rest.isEmpty else { return (option, nil) }
        switch option.kind {
        case .flag, .removed:
            throw UsageError(
                "unknown option '\(word)': '-\(option.short!)' takes no value, and short options are given one a word")
        case .value, .repeating:
            if rest.hasPrefix("=") {
                throw UsageError(
                    "unknown option '\(word)': write '-\(option.short!) VALUE' or '--\(option.name)=VALUE'")
            }
            return (option, rest)
        }
    }
}
