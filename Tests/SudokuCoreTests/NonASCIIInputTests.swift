// Regression tests for puzzle text that is not plain ASCII, in every format.
// The JSON reader used to trap on a digit followed by a combining mark ("1\u0301"):
// it matched the Character against "1"..."9" and force-unwrapped its asciiValue,
// which a digit with a mark has none of. Every parser now reads UTF-8 bytes, so
// the mark is an unexpected character of its own, at its own column.

import TestSupport
import Testing

@testable import SudokuCore

@Suite(.tags(.small)) struct NonASCIIInputTests {
    static let cellExpectation = "a digit 1-9, or '.' or '0' for an empty cell"
    static let mark: Character = "\u{301}"
    /// 81 cells whose first is "1" with a combining acute accent after it.
    static let markedLine = "1\u{301}" + String(repeating: ".", count: 80)

    // MARK: JSON (the crash found by fuzzing)

    @Test func jsonDigitWithAnEscapedCombiningMarkIsAnErrorAtTheEscape() {
        // The reproducer: {"puzzle":"1\u0301...."}; the backslash is column 13.
        let text = "{\"puzzle\":\"1\\u0301" + String(repeating: ".", count: 80) + "\"}"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 13, found: Self.mark,
                expected: Self.cellExpectation)
        ) {
            try Grid(json: text)
        }
        #expect(throws: SudokuCoreError.self) { try Grid.parseJSONList(text + "\n" + text) }
        #expect(throws: SudokuCoreError.self) { try Grid.parseAll(text, format: .json) }
    }

    @Test func jsonDigitWithARawCombiningMarkIsAnErrorAtTheMark() {
        let text = "{\"puzzle\":\"" + Self.markedLine + "\"}"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 13, found: Self.mark,
                expected: Self.cellExpectation)
        ) {
            try Grid(json: text)
        }
    }

    @Test func jsonErrorColumnsCountTheRawTextNotTheDecodedString() {
        // Two escapes of 6 characters each before the bad cell: it is the 3rd cell,
        // at column 12 + 6 + 6 = 24 of the line, not 14.
        let text = "{\"puzzle\":\"\\u0031\\u0032x" + String(repeating: ".", count: 78) + "\"}"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 24, found: "x",
                expected: Self.cellExpectation)
        ) {
            try Grid(json: text)
        }
    }

    @Test func jsonEscapedDigitsAreCells() throws {
        let text = "{\"puzzle\":\"\\u0035\\u0033" + String(repeating: ".", count: 79) + "\"}"
        #expect(try Grid(json: text).lineString().hasPrefix("53."))
    }

    @Test func jsonSurrogatePairIsOneCharacterAndALoneSurrogateIsReplaced() {
        let pair = "{\"puzzle\":\"\\ud83d\\ude00" + String(repeating: ".", count: 80) + "\"}"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 12, found: "\u{1F600}",
                expected: Self.cellExpectation)
        ) {
            try Grid(json: pair)
        }
        let lone = "{\"puzzle\":\"\\ud83dx" + String(repeating: ".", count: 80) + "\"}"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 12, found: "\u{FFFD}",
                expected: Self.cellExpectation)
        ) {
            try Grid(json: lone)
        }
        // A surrogate pair in a key that is ignored is skipped like any other string.
        #expect(
            (try? Grid(json: "{\"\\ud83d\\ude00\":1,\"puzzle\":\"" + String(repeating: ".", count: 81) + "\"}")) != nil)
    }

    @Test func jsonInvalidUTF8InThePuzzleIsAnErrorNotACell() {
        // A stray continuation byte after a digit: the text decodes it as U+FFFD.
        let bytes = Array("{\"puzzle\":\"1".utf8) + [0x81] + Array((String(repeating: ".", count: 80) + "\"}").utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 13, found: "\u{FFFD}",
                expected: Self.cellExpectation)
        ) {
            try Grid(json: text)
        }
    }

    // MARK: line, grid and dat

    @Test func lineDigitWithACombiningMark() {
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 2, found: Self.mark,
                expected: Self.cellExpectation)
        ) {
            try Grid(line: Self.markedLine)
        }
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 2, column: 2, found: Self.mark,
                expected: Self.cellExpectation)
        ) {
            try Grid.parseList("# one\n" + Self.markedLine + "\n")
        }
    }

    @Test func gridDigitWithACombiningMark() {
        let text = "1\u{301}........\n" + String(repeating: ".........\n", count: 8)
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 2, found: Self.mark,
                expected: "a digit 1-9, '.' or '0' for an empty cell, or a separator (space, '|', '-', '+')")
        ) {
            try Grid(gridText: text)
        }
    }

    @Test func datDigitWithACombiningMark() {
        let text = "cam\n640x480\n0 0 5\u{301} 0 0 0 0 0 0\n" + String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 8)
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 3, column: 6, found: Self.mark, expected: "a digit 0-9 (0 for an empty cell) or a space")
        ) {
            try Grid(dat: text)
        }
    }

    @Test func aCRLFLineEndAfterAPuzzleIsNotACharacterOfIt() throws {
        // "\r\n" is one Character in Swift; the byte parsers see two bytes and drop both.
        #expect(try Grid(line: String(repeating: ".", count: 81) + "\r\n").givenCount == 0)
    }

    // MARK: messages

    @Test func aControlCharacterWhereJSONSyntaxIsExpectedIsNamedByItsCode() {
        // The message showed the raw character: an escape sequence reached the terminal.
        #expect(
            throws: SudokuCoreError.invalidJSON(
                line: 1, column: 2,
                message: "expected a key in double quotes, found control character 27")
        ) {
            try Grid(json: "{\u{1B}[2J}")
        }
    }

    @Test func aCombiningMarkIsNamedInTheMessage() {
        let e = SudokuCoreError.unexpectedCharacter(line: 1, column: 2, found: Self.mark, expected: "a digit")
        #expect(e.description == "1:2: unexpected U+0301 COMBINING ACUTE ACCENT, expected a digit")
        let nbsp = SudokuCoreError.unexpectedCharacter(line: 1, column: 1, found: "\u{A0}", expected: "a digit")
        #expect(nbsp.message == "unexpected U+00A0 NO-BREAK SPACE, expected a digit")
        let letter = SudokuCoreError.unexpectedCharacter(line: 1, column: 1, found: "é", expected: "a digit")
        #expect(letter.message == "unexpected 'é', expected a digit")
    }
}
