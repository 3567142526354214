// Offers: `JSONWriter`, JSON written member by member into one byte buffer,
// for output made of many small values (a solving path's steps), where
// building each value as a string of its own (`JSONText`) costs more than the
// values themselves.

/// Writes JSON into one buffer: open a container, write its members (a key,
/// then its value) or items, close it; commas are put in as needed. The text
/// is what `JSONText` would build from the same values, byte for byte.
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    /// A value was written since the innermost container opened or the last
    /// key: the next key or item needs a comma first.
    private var needsComma = false

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    /// The JSON written so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text `body` writes into a fresh writer.
    public static func text(_ body: (inout JSONWriter) -> Void) -> String {
        var w = JSONWriter()
        body(&w)
        return w.text
    }

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A member's key, written as it is (a literal key is plain ASCII, with
    /// no quote or backslash); its value is written next.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's key made at run time, escaped as a string is.
    public mutating func key(text key: String) {
        separate()
        quote(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ s: String) {
        separate()
        quote(s)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        if (0...9).contains(value) {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    public mutating func bool(_ value: Bool) { raw(value ? "true" : "false") }
    public mutating func null() { raw("null") }

    /// A value already encoded as JSON.
    public mutating func raw(_ encoded: String) {
        separate()
        bytes.append(contentsOf: encoded.utf8)
        needsComma = true
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `s` quoted: copied as it is in one pass when it is plain (`JSONText.isPlain`),
    /// else escaped by `JSONText.quoted`.
    private mutating func quote(_ s: String) {
        var s = s
        let start = bytes.count
        bytes.append(UInt8(ascii: "\""))
        let plain = s.withUTF8 { utf8 in
            for b in utf8 where b < 0x20 || b >= 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if plain {
            bytes.append(UInt8(ascii: "\""))
        } else {
            bytes.removeSubrange(start...)
            bytes.append(contentsOf: JSONText.quoted(s).utf8)
        }
    }
}
