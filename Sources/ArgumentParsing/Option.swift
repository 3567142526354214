// Offers: `Option`, one option a command accepts, tied by a key path to the field
// of the command's arguments struct that it sets, `ShortNames` (the one-letter
// names of the common options), and `Positionals`, the words that are not
// options. The name of each option is written once, here; the command reads
// typed fields, never strings looked up at run time.

/// The one-letter names: the same letter means the same option in every command,
/// and only these options have one (`-o FILE` is `--out FILE` wherever `--out` exists).
public enum ShortNames {
    public static let standard: [String: Character] = ["out": "o", "jobs": "j", "quiet": "q", "format": "f"]
}

/// What an option takes.
public enum OptionKind: Equatable, Sendable {
    /// `--name` alone; takes no value.
    case flag
    /// `--name VALUE` or `--name=VALUE`; given again, the last value wins.
    case value(valueName: String)
    /// `--name VALUE`, which may be given several times; every value is kept.
    case repeating(valueName: String)
    /// A name that is no longer accepted; `hint` says what replaced it.
    case removed(hint: String)
}

/// One `--name` option of the arguments struct `Root`.
public struct Option<Root> {
    public typealias Kind = OptionKind

    /// Long name without the dashes, kebab-case.
    public let name: String
    /// The one-letter name (`-o`), from `ShortNames.standard`; nil for most options.
    public let short: Character?
    public let kind: Kind
    /// One line for the help, or nil to leave the option out of the help.
    public let help: String?
    /// What a shell completes as the value.
    public let completion: ValueCompletion
    /// Stores `value` (nil for a flag) into the arguments.
    let apply: (inout Root, String?) throws(UsageError) -> Void

    init(
        name: String, kind: Kind, help: String?, completion: ValueCompletion = .files,
        apply: @escaping (inout Root, String?) throws(UsageError) -> Void
    ) {
        precondition(!name.isEmpty && !name.hasPrefix("-") && !name.contains("="), "bad option name '\(name)'")
        self.name = name
        short = ShortNames.standard[name]
        self.kind = kind
        self.help = help
        self.completion = completion
        self.apply = apply
    }

    /// `--name` or `--name <value>`, as the help and the errors show it.
    public var spelling: String {
        switch kind {
        case .flag, .removed: "--\(name)"
        case .value(let v), .repeating(let v): "--\(name) <\(v)>"
        }
    }

    /// `-o, --out <file>` (or `spelling` when there is no short name), as the help lists it.
    public var helpSpelling: String {
        (short.map { "-\($0), " } ?? "") + spelling
    }

    /// A flag that sets `keyPath` to true.
    public static func flag(_ name: String, _ keyPath: WritableKeyPath<Root, Bool>, help: String) -> Option {
        Option(name: name, kind: .flag, help: help) { root, _ in root[keyPath: keyPath] = true }
    }

    /// An option whose value is parsed as `V` into `keyPath`.
    public static func value<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, V>,
        valueName: String, help: String
    ) -> Option {
        Option(name: name, kind: .value(valueName: valueName), help: help, completion: completion(V.self)) {
            root, text throws(UsageError) in
            root[keyPath: keyPath] = try parse(V.self, text ?? "", option: name)
        }
    }

    /// An option without a default: `keyPath` stays nil unless it is given.
    public static func value<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, V?>,
        valueName: String, help: String
    ) -> Option {
        Option(name: name, kind: .value(valueName: valueName), help: help, completion: completion(V.self)) {
            root, text throws(UsageError) in
            root[keyPath: keyPath] = try parse(V.self, text ?? "", option: name)
        }
    }

    /// An integer option limited to `range`.
    public static func value(
        _ name: String, _ keyPath: WritableKeyPath<Root, Int>, in range: ClosedRange<Int>,
        valueName: String = "n", help: String
    ) -> Option {
        Option(name: name, kind: .value(valueName: valueName), help: help, completion: .none) {
            root, text throws(UsageError) in
            root[keyPath: keyPath] = try parse(text ?? "", in: range, option: name)
        }
    }

    /// An integer option limited to `range`, nil unless given.
    public static func value(
        _ name: String, _ keyPath: WritableKeyPath<Root, Int?>, in range: ClosedRange<Int>,
        valueName: String = "n", help: String
    ) -> Option {
        Option(name: name, kind: .value(valueName: valueName), help: help, completion: .none) {
            root, text throws(UsageError) in
            root[keyPath: keyPath] = try parse(text ?? "", in: range, option: name)
        }
    }

    /// An option that may repeat; its values are appended to `keyPath` in order.
    public static func repeating<V: ArgumentValue>(
        _ name: String, _ keyPath: WritableKeyPath<Root, [V]>,
        valueName: String, help: String
    ) -> Option {
        Option(name: name, kind: .repeating(valueName: valueName), help: help, completion: completion(V.self)) {
            root, text throws(UsageError) in
            root[keyPath: keyPath].append(try parse(V.self, text ?? "", option: name))
        }
    }

    /// What completes a value of type `V`: its choices, nothing for a number, else file names.
    static func completion<V: ArgumentValue>(_ type: V.Type) -> ValueCompletion {
        if let choices = V.choices { return .choices(choices) }
        return V.self == Int.self ? .none : .files
    }

    /// A name this command no longer takes: using it is a usage error that says
    /// what to write instead (`hint`, e.g. "--format json"). Not shown in the help.
    public static func removed(_ name: String, use hint: String) -> Option {
        Option(name: name, kind: .removed(hint: hint), help: nil) { _, _ throws(UsageError) in
            throw UsageError("'--\(name)' is no longer an option; use \(hint)")
        }
    }

    /// The options of a group (a struct of options shared by several commands),
    /// lifted to `Root` through `keyPath`.
    public static func group<Group: ParsableArguments>(_ keyPath: WritableKeyPath<Root, Group>) -> [Option] {
        Group.options.map { inner in
            Option(name: inner.name, kind: inner.kind, help: inner.help, completion: inner.completion) {
                root, text throws(UsageError) in
                try inner.apply(&root[keyPath: keyPath], text)
            }
        }
    }
}

/// Parses `text` as a `V` for `--option`.
func parse<V: ArgumentValue>(_ type: V.Type, _ text: String, option: String) throws(UsageError) -> V {
    if let value = V(argument: text) { return value }
    if let choices = V.choices {
        throw UsageError("--\(option) expects one of \(choices.joined(separator: ", ")); got '\(text)'")
    }
    throw UsageError("--\(option) expects \(V.expected); got '\(text)'")
}

/// Parses `text` as an integer in `range` for `--option`.
func parse(_ text: String, in range: ClosedRange<Int>, option: String) throws(UsageError) -> Int {
    guard let n = Int(argument: text), range.contains(n) else {
        throw UsageError("--\(option) expects an integer in \(range.lowerBound)...\(range.upperBound); got '\(text)'")
    }
    return n
}

/// The words of a command line that are not options, all stored in one array.
public struct Positionals<Root> {
    /// How the help and usage line name one word, e.g. `image-or-dir`.
    public let name: String
    public let help: String
    /// Fewest words the command needs (0: they are optional).
    public let minimum: Int
    /// Most words the command takes (nil: no limit).
    public let maximum: Int?
    /// The only words allowed (`bash`, `zsh`, `fish`), or nil for any word.
    public let choices: [String]?
    let keyPath: WritableKeyPath<Root, [String]>

    public init(
        _ name: String, _ keyPath: WritableKeyPath<Root, [String]>, minimum: Int = 0, maximum: Int? = nil,
        choices: [String]? = nil, help: String
    ) {
        self.name = name
        self.keyPath = keyPath
        self.minimum = minimum
        self.maximum = maximum
        self.choices = choices
        self.help = help
    }

    /// `<name> ...`, `[<name> ...]` or `<name>`, as the usage line shows it.
    public var usage: String {
        let one = "<\(name)>"
        let many = maximum == 1 ? one : one + " ..."
        return minimum == 0 ? "[\(many)]" : many
    }
}
