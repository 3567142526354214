// The JSON writer: strings escaped to one plain line, numbers without trailing
// zeros, arrays and objects from already-encoded parts.

import Basics
import TestSupport
import Testing

@Suite(.tags(.small)) struct JSONTextTests {
    @Test func quotesStrings() {
        #expect(JSONText.quoted("a\"b\\c\nd\u{1}") == "\"a\\\"b\\\\c\\nd\\u0001\"")
        // DEL, a C1 control and U+2028 too: the literal stays one plain line.
        #expect(JSONText.quoted("\u{7F}\u{85}\u{2028}é") == "\"\\u007f\\u0085\\u2028é\"")
        // Printable ASCII without a quote or backslash goes out as it is; a
        // tab, a quote or a character beyond ASCII anywhere takes the long way.
        #expect(JSONText.quoted("r1c3,r1c7<>5  X-Wing on 5") == "\"r1c3,r1c7<>5  X-Wing on 5\"")
        #expect(JSONText.quoted("") == "\"\"")
        #expect(JSONText.quoted("a\tb") == "\"a\\tb\"")
        #expect(JSONText.quoted("caf\u{E9} \"x\"") == "\"caf\u{E9} \\\"x\\\"\"")
    }

    @Test func numbersDropTrailingZeros() {
        #expect(JSONText.number(12) == "12")
        #expect(JSONText.number(12.5) == "12.5")
        #expect(JSONText.number(12.04) == "12")
        #expect(JSONText.number(0.1234, decimals: 3) == "0.123")
        #expect(JSONText.number(0.1, decimals: 3) == "0.1")
        #expect(JSONText.number(-2.25, decimals: 1) == "-2.3")
        #expect(JSONText.number(1e15) == "1000000000000000.0")
        #expect(JSONText.number(.infinity) == "null")
        #expect(JSONText.number(-.infinity) == "null")
        #expect(JSONText.number(.nan) == "null")
    }

    @Test func arraysAndObjects() {
        #expect(JSONText.array([]) == "[]")
        #expect(JSONText.array(["1", JSONText.quoted("a")]) == "[1,\"a\"]")
        let pairs = [("b", "1"), ("a", JSONText.array(["2"]))]
        #expect(JSONText.object(pairs) == "{\"b\":1,\"a\":[2]}")
        #expect(JSONText.object(pairs, pretty: true) == "{\n  \"b\": 1,\n  \"a\": [2]\n}")
        #expect(JSONText.optional(nil) == "null")
        #expect(JSONText.optional("x") == "\"x\"")
    }
}
