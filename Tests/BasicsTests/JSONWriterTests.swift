// The byte-buffer JSON writer: the same text as `JSONText` builds from the
// same values, commas put in by nesting, escapes where a string needs them.

import Basics
import TestSupport
import Testing

@Suite(.tags(.small)) struct JSONWriterTests {
    @Test func writesWhatJSONTextBuilds() {
        let written = JSONWriter.text { w in
            w.beginObject()
            w.key("name")
            w.string("a\"b\\c\nd\u{1}")
            w.key("plain")
            w.string("r1c3,r1c7<>5  X-Wing on 5")
            w.key("numbers")
            w.beginArray()
            for n in [0, 9, 10, -3, 123_456] { w.int(n) }
            w.endArray()
            w.key("empty")
            w.beginArray()
            w.endArray()
            w.key("nested")
            w.beginArray()
            w.beginObject()
            w.endObject()
            w.beginObject()
            w.key("x")
            w.null()
            w.key("y")
            w.bool(true)
            w.endObject()
            w.endArray()
            w.key(text: "caf\u{E9} \"k\"")
            w.raw(JSONText.array(["1", "2"]))
            w.key("last")
            w.bool(false)
            w.endObject()
        }
        let built = JSONText.object([
            ("name", JSONText.quoted("a\"b\\c\nd\u{1}")),
            ("plain", JSONText.quoted("r1c3,r1c7<>5  X-Wing on 5")),
            ("numbers", JSONText.array(["0", "9", "10", "-3", "123456"])),
            ("empty", JSONText.array([])),
            ("nested", JSONText.array([JSONText.object([]), JSONText.object([("x", "null"), ("y", "true")])])),
            ("caf\u{E9} \"k\"", JSONText.array(["1", "2"])),
            ("last", "false"),
        ])
        #expect(written == built)
        #expect(written.hasPrefix("{\"name\":\"a\\\"b\\\\c\\nd\\u0001\",\"plain\":"))
    }

    @Test func topLevelValuesStandAlone() {
        #expect(JSONWriter.text { $0.int(7) } == "7")
        #expect(JSONWriter.text { $0.string("\u{2028}") } == "\"\\u2028\"")
        #expect(JSONWriter.text { _ in } == "")
    }
}
