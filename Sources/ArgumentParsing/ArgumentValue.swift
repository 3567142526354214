// Offers: `ArgumentValue`, the types an option's value can be parsed into:
// `String`, `Int`, and any `String`-backed `CaseIterable` enum (whose cases are
// the allowed choices, listed in errors and help).

/// A type that can be read from one command-line word.
public protocol ArgumentValue {
    /// The value `argument` spells, or nil when it spells none.
    init?(argument: String)
    /// The only words allowed, when the set is closed (an enum's raw values); nil otherwise.
    static var choices: [String]? { get }
    /// What a valid word looks like, for the error when one is not (`an integer`, `I/N`).
    static var expected: String { get }
}

extension ArgumentValue {
    public static var choices: [String]? { nil }
    public static var expected: String { "a value" }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
}

extension Int: ArgumentValue {
    public static var expected: String { "an integer" }
    public init?(argument: String) {
        guard let n = Int(argument, radix: 10) else { return nil }
        self = n
    }
}

extension ArgumentValue where Self: RawRepresentable, Self.RawValue == String, Self: CaseIterable {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var choices: [String]? { allCases.map(\.rawValue) }
}
