// Offers: `ListFormat` (`--format text|json|jsonl` of the commands that print a
// record per input) and `JSONRecords`, the one way those records are written as
// JSON: `json` is one document (an array, written as the records come, so a long
// run still streams), `jsonl` one object per line.

import ArgumentParsing
import Basics
import Foundation

/// The output of a command that prints one record per input (puzzle, photo, drill).
package enum ListFormat: String, CaseIterable, ArgumentValue, Sendable {
    case text, json, jsonl

    /// The JSON writer this format asks for (nil for text).
    package var records: JSONRecords? { JSONRecords(format: rawValue) }
}

extension Option {
    /// `--format text|json|jsonl` for a command with one record per input.
    package static func listFormat(_ keyPath: WritableKeyPath<Root, ListFormat>, record: String) -> Option {
        .value(
            "format", keyPath, valueName: "format",
            help: "text (default), json (one array) or jsonl (one object per line): \(record).")
    }
}

/// JSON records, one per input: `json` one array, `jsonl` one object per line.
/// The text of each record is made by the caller (`JSONText` objects); this type
/// only frames them. Not thread-safe: callers write from one place (under a lock).
package struct JSONRecords: Sendable {
    /// One object per line (jsonl) rather than one array (json).
    package let lines: Bool
    /// Records framed so far.
    private(set) var count = 0

    package init(lines: Bool) { self.lines = lines }

    /// The writer for a `--format` value: `json` or `jsonl`; nil for any other
    /// (the text formats), so every command's format enum maps the same way.
    init?(format: String) {
        switch format {
        case "json": self.init(lines: false)
        case "jsonl": self.init(lines: true)
        default: return nil
        }
    }

    /// The text that puts `object` (one JSON value, compact or pretty, without a
    /// final newline) in the output after the records before it.
    package mutating func frame(_ object: String) -> String {
        defer { count += 1 }
        if lines { return object + "\n" }
        return (count == 0 ? "[\n" : ",\n") + Self.indented(object)
    }

    /// `text` with two spaces before it and after every newline, built on its
    /// UTF-8 bytes (Foundation's `replacingOccurrences` works in UTF-16 on
    /// Linux, and took half of `explain --format json`'s time).
    static func indented(_ text: String) -> String {
        var text = text
        return text.withUTF8 { source in
            // A record on one line (every record but a pretty one) needs only the two spaces.
            guard source.contains(10) else { return "  " + String(decoding: source, as: UTF8.self) }
            let newlines = source.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
            return String(unsafeUninitializedCapacity: source.count + 2 * newlines + 2) { out in
                out[0] = 32
                out[1] = 32
                var j = 2
                for b in source {
                    out[j] = b
                    j += 1
                    if b == 10 {
                        out[j] = 32
                        out[j + 1] = 32
                        j += 2
                    }
                }
                return j
            }
        }
    }

    /// The text that ends the output: the array's close (`[]` when it is empty).
    package var closing: String {
        if lines { return "" }
        return count == 0 ? "[]\n" : "\n]\n"
    }

    /// Prints `object` on stdout, framed.
    package mutating func print(_ object: String) { Console.out(frame(object), terminator: "") }

    /// Prints the closing on stdout.
    package func finish() { Console.out(closing, terminator: "") }
}
