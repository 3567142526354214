// Offers: small helpers for writing JSON by hand (no Foundation encoder needed).

import SudokuCore

/// A JSON string literal for `text` (quotes, backslashes and control characters escaped).
func jsonString(_ text: String) -> String { JSONText.quoted(text) }

/// A JSON number for `value`, with at most `decimals` places and no trailing zeros.
func jsonNumber(_ value: Double, decimals: Int = 1) -> String {
    guard value.isFinite else { return "null" }
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let rounded = (value * p).rounded() / p
    if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
    return String(rounded)
}

/// A JSON array of the given already-encoded values.
func jsonArray(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

/// A JSON object from (key, already-encoded value) pairs, keys in the given order.
func jsonObject(_ pairs: [(String, String)], pretty: Bool = false) -> String {
    if pretty {
        return "{\n" + pairs.map { "  \(jsonString($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}"
    }
    return "{" + pairs.map { "\(jsonString($0.0)):\($0.1)" }.joined(separator: ",") + "}"
}
