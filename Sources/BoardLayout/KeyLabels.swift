// Offers: `KeyLabels`, the words on the labelled keys (Undo, Erase, Notes,
// Hint) in one language, with the languages the project ships; and
// `LabelMetrics`, how wide a label is at a text size, as the layout reckons it
// (every character advances 0.6 em; the renderer sets labels in DejaVu Sans,
// slightly narrower on average, and sets smaller one that would not fit).

/// The labelled keys of the controls, in the order they are laid out.
public struct KeyLabels: Sendable, Hashable {
    /// The stable key names (the JSON's keys), in layout order.
    public static let names = ["undo", "erase", "notes", "hint"]

    /// The locale's code (`en`, `de`, `fr`).
    public var locale: String
    /// The label of each key of `names`, same order.
    public var labels: [String]

    public init(locale: String, labels: [String]) {
        precondition(labels.count == Self.names.count, "one label per key: \(Self.names)")
        self.locale = locale
        self.labels = labels
    }

    public static let english = KeyLabels(locale: "en", labels: ["Undo", "Erase", "Notes", "Hint"])
    public static let german = KeyLabels(locale: "de", labels: ["Rückgängig", "Löschen", "Notizen", "Tipp"])
    public static let french = KeyLabels(locale: "fr", labels: ["Annuler", "Effacer", "Notes", "Indice"])

    /// Every language shipped, English first.
    public static let all = [english, german, french]

    /// The labels of `code` (`en`, `de`, `fr`, or a longer tag such as `de-CH`), nil for another language.
    public init?(locale code: String) {
        let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        guard let found = Self.all.first(where: { $0.locale == language }) else { return nil }
        self = found
    }

    /// The longest label, in characters (what sets the labelled keys' width).
    public var longest: String { labels.max(by: { $0.count < $1.count }) ?? "" }
}

/// Text widths as the layout reckons them: every character (grapheme) advances
/// `advance` em, so a label's width is its length times `advance` times the size.
public enum LabelMetrics {
    /// The advance of one character, in em.
    public static let advance = 0.6
    /// The height a line of text needs, in em (ascender to descender).
    public static let lineHeight = 1.2

    /// The width of `text` at `size` points.
    public static func width(of text: String, size: Double) -> Double { Double(text.count) * advance * size }
}
