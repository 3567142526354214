// The measurement files read from bytes: outlines.csv (`TruthSet.parseOutlines`)
// and the baseline (`BaselineFile.parse`). Regression tests for what the earlier
// Character-based outline reader got wrong: a comma followed by a combining mark
// was no comma, blank lines shifted every later line number, and `nan`, `inf` or
// an empty field slipped through.

import Foundation
import Geometry
import GridScanner
import TestSupport
import Testing

@testable import Evaluation

@Suite(.tags(.small)) struct OutlinesFileTests {
    static let header = "\"filepath\",\"p1_x\",\"p1_y\",\"p2_x\",\"p2_y\",\"p3_x\",\"p3_y\",\"p4_x\",\"p4_y\"\r\n"

    func parse(_ text: String) throws(EvaluationError) -> [String: Quad] {
        try TruthSet.parseOutlines(Array(text.utf8), path: "outlines.csv")
    }

    func error(_ text: String) -> EvaluationError? {
        do {
            _ = try parse(text)
            return nil
        } catch { return error }
    }

    @Test func theCorpusFileHasEveryPhotosCorners() throws {
        let text = try #require(readTextFile("TestImages/newspaper/outlines.csv"))
        let outlines = try parse(text)
        #expect(outlines.count == 159)  // one photo of the 160 has no outline (see the README figures)
        let q = try #require(outlines["image1082.jpg"])
        #expect(q.corners == [Point(101, 270), Point(885, 272), Point(872, 1060), Point(105, 1053)])
    }

    @Test func quotesSpacesCRLFAndNoLastNewlineAreAccepted() throws {
        let text = Self.header + " \"./images/a.jpg\" , 1, 2,3 ,4,5,6,7,-8.5e1\r\n\r\nb.jpg,0,0,1,0,1,1,0,1"
        let outlines = try parse(text)
        #expect(outlines["a.jpg"]?.corners == [Point(1, 2), Point(3, 4), Point(5, 6), Point(7, -85)])
        #expect(outlines["b.jpg"] != nil && outlines.count == 2)
    }

    @Test func aCommaFollowedByACombiningMarkIsStillAComma() {
        // "," + U+0301 is one Character: the old reader saw 8 fields and named no column.
        let text = Self.header + "a.jpg,1,\u{301}2,3,4,5,6,7,8\n"
        #expect(
            error(text)
                == .badOutlines(
                    path: "outlines.csv", line: 2, column: 9,
                    reason: "expected a number for corner y1, found \"\u{301}2\""))
    }

    @Test func blankLinesDoNotShiftTheLineNumbers() {
        let text = Self.header + "\n\na.jpg,1,2,3,4,5,6,7\n"
        #expect(
            error(text) == .badOutlines(path: "outlines.csv", line: 4, column: 1, reason: "expected 9 fields, found 8"))
    }

    @Test(arguments: ["nan", "inf", "-infinity", "0x1p3", "1e400", "", "1,5"])
    func onlyFiniteDecimalNumbersAreCorners(value: String) {
        let text = Self.header + "a.jpg,1,2,3,4,5,6,7," + value + "\n"
        let e = error(text)
        guard case let .badOutlines(_, line, column, reason) = e else {
            Issue.record("'\(value)' was read as a corner: \(String(describing: e))")
            return
        }
        #expect(line == 2)
        #expect(column == (value.contains(",") ? 1 : 21), "\(reason)")
    }

    @Test func aControlCharacterInAFieldIsEscapedInTheMessage() {
        // Found by FuzzEvaluationFiles' sibling check: a message must stay on one line.
        let e = error(Self.header + "a.jpg,1,2,3,4,5,6,7,8\u{1B}[2J\r9\n")
        #expect(
            e
                == .badOutlines(
                    path: "outlines.csv", line: 2, column: 21,
                    reason: "expected a number for corner y4, found \"8\\u001b[2J\\r9\""))
    }

    @Test func deleteAndC1ControlsInAFieldAreEscapedToo() {
        let e = error(Self.header + "a.jpg,1,2,3,4,5,6,7,\u{7F}\u{9B}8\n")
        #expect(
            e?.description
                == "outlines.csv:2:21: bad outline row: expected a number for corner y4, found \"\\u007f\\u009b8\"")
    }

    @Test func anEmptyPathIsRefusedAndTheMessageNamesLineAndColumn() {
        let e = error(Self.header + "  ,1,2,3,4,5,6,7,8\n")
        #expect(
            e
                == .badOutlines(
                    path: "outlines.csv", line: 2, column: 3, reason: "expected the photo's path, found an empty field")
        )
        #expect(e?.description == "outlines.csv:2:3: bad outline row: expected the photo's path, found an empty field")
    }

    @Test func onlyAHeaderOrNothingIsNoOutlines() throws {
        #expect(try parse("").isEmpty)
        #expect(try parse(Self.header).isEmpty)
        #expect(try parse("not,a,header,at,all\n").isEmpty)
    }
}

@Suite(.tags(.small)) struct BaselineBytesTests {
    func parse(_ text: String) throws(EvaluationError) -> Baseline {
        try BaselineFile.parse(Array(text.utf8), path: "b.json")
    }

    func reason(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            guard case let .badBaseline(_, reason) = error else { return "\(error)" }
            return reason
        }
    }

    static let good = """
        {"format": "sudokit-baseline-1", "summary": {"exact": 1, "silent_wrong": 0},
         "photos": {"set/p.jpg": {"exact": true, "status": "solved"}}}
        """

    @Test func theCommittedBaselineParses() throws {
        let text = try #require(readTextFile("TestImages/baseline.json"))
        let baseline = try parse(text)
        // One entry per photo with a truth file in the folders the baseline covers.
        let photos = try ["newspaper", "synthetic", "mixed", "synthetic/played", "phone", "phone-full", "screenshots"]
            .flatMap {
                try TruthSet.load(directory: packageRoot().appendingPathComponent("TestImages/\($0)").path)
            }
        #expect(baseline.photos.count == photos.count)
        #expect(Set(baseline.photos.keys) == Set(photos.map(\.key)))
        #expect(baseline.exact == baseline.photos.values.filter(\.exact).count)
    }

    @Test func aSmallBaselineParses() throws {
        let b = try parse(Self.good)
        #expect(b.exact == 1 && b.silentWrong == 0)
        #expect(b.photos["set/p.jpg"] == BaselineOutcome(exact: true, status: .solved))
    }

    @Test func textThatIsNotJSONNamesLineAndColumn() {
        #expect(reason("{\n  \"format\": x}") == "not JSON: Invalid value around line 2, column 13")
        #expect(reason("")?.hasPrefix("not JSON: ") == true)
        #expect(reason("[1]") == "not a JSON object")
    }

    @Test(arguments: ["-1", "1.5", "1e300", "\"1\"", "null"])
    func countsMustBeWholeNumbersNotNegative(value: String) {
        let text = Self.good.replacingOccurrences(of: "\"exact\": 1", with: "\"exact\": " + value)
        #expect(reason(text) == "no summary with exact and silent_wrong (whole numbers, not negative)")
    }

    @Test func anUnknownStatusIsRefused() {
        let text = Self.good.replacingOccurrences(of: "\"solved\"", with: "\"solved\\u0301\"")
        #expect(reason(text) == "photo \"set/p.jpg\" needs \"exact\" (true/false) and a known \"status\"")
    }

    @Test func aBadEscapeWithAControlCharacterIsEscapedInTheMessage() {
        // The second crash FuzzEvaluationFiles found: JSONSerialization quotes the
        // bytes it stopped at, here a line end and a control character, raw.
        let text = "{\"a\": \"\\u0\u{1}h\n\"}"
        let message = reason(text)
        #expect(message?.hasPrefix("not JSON: ") == true)
        #expect(message?.contains("\\u0001h\\u000a") == true, "\(message ?? "no error")")
        #expect(message?.unicodeScalars.contains { $0.properties.generalCategory == .control } == false)
    }

    @Test func aKeyWithALineEndIsEscapedInTheMessage() {
        // The crash FuzzEvaluationFiles found: the message named the key raw, on two lines.
        let text = Self.good.replacingOccurrences(of: "\"status\": \"solved\"", with: "\"status\": 1")
            .replacingOccurrences(of: "set/p.jpg", with: "set/\\np.jpg")
        #expect(reason(text) == "photo \"set/\\np.jpg\" needs \"exact\" (true/false) and a known \"status\"")
    }
}
