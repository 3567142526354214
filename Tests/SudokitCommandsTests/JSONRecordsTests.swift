// JSON records framed for output: one per line, or an array whose elements are
// indented by two spaces on every line, whatever characters they hold.

import Foundation
import TestSupport
import Testing

@testable import SudokitCommands

@Suite(.tags(.small)) struct JSONRecordsTests {
    @Test func anArrayIndentsEveryLineOfItsElements() {
        var records = JSONRecords(lines: false)
        let first = "{\n  \"a\": 1,\n  \"b\": \"caf\u{E9} \u{2028}\"\n}"
        let second = "{\"c\":[1,\n2]}\n"
        let text = records.frame(first) + records.frame(second) + records.closing
        // The same as putting two spaces after every newline, as Foundation would.
        let expected =
            "[\n" + "  " + first.replacingOccurrences(of: "\n", with: "\n  ") + ",\n" + "  "
            + second.replacingOccurrences(of: "\n", with: "\n  ") + "\n]\n"
        #expect(text == expected)
        #expect(text.hasPrefix("[\n  {\n    \"a\": 1,"))
    }

    @Test func linesAreTheObjectsAsTheyAre() {
        var records = JSONRecords(lines: true)
        #expect(records.frame("{\"a\":1}") == "{\"a\":1}\n")
        #expect(records.closing == "")
        #expect(JSONRecords(lines: false).closing == "[]\n")
    }
}
