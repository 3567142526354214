// Offers: `JSONText`, the package's JSON writer: strings escaped, numbers,
// arrays and objects from already-encoded parts.

/// Writing JSON by hand, without Foundation: the one JSON writer of the package
/// (the puzzle format here, and every JSON the front end prints). Values are
/// passed already encoded, so objects nest: `object([("a", number(1))])`.
public enum JSONText {
    /// `s` as a JSON string literal, quotes included. Escapes `"`, `\`, the C0
    /// controls, DEL, the C1 controls and U+2028/U+2029, so that the literal is
    /// one line of text that a terminal shows as it is.
    public static func quoted(_ s: String) -> String {
        // Most strings are printable ASCII without a quote or a backslash: they
        // go out as they are (the scalar loop below was a fifth of `explain
        // --format json`).
        if isPlain(s) { return "\"" + s + "\"" }
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Whether `s` is printable ASCII without a quote or a backslash: quoted
    /// as it is.
    static func isPlain(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// A JSON number for `value`, with at most `decimals` places and no trailing
    /// zeros (`12`, `12.5`); `null` for infinities and NaN.
    public static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "null" }
        let rounded = DecimalText.rounded(value, places: decimals)
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// A JSON array of already-encoded values.
    public static func array(_ items: [String]) -> String {
        JSONWriter.text { w in
            w.beginArray()
            for item in items { w.raw(item) }
            w.endArray()
        }
    }

    /// A JSON object from (key, already-encoded value) pairs, keys in the given
    /// order; `pretty` puts each member on a line of its own.
    public static func object(_ pairs: [(String, String)], pretty: Bool = false) -> String {
        if pretty {
            return "{\n" + pairs.map { "  \(quoted($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}"
        }
        return JSONWriter.text { w in
            w.beginObject()
            for (key, value) in pairs {
                w.key(text: key)
                w.raw(value)
            }
            w.endObject()
        }
    }

    /// `value` as a JSON string, or `null`.
    public static func optional(_ value: String?) -> String { value.map(quoted) ?? "null" }
}
