// The tuning file: every value written and read back; a file giving part of
// the values keeps the defaults for the rest; a key the tuning does not have,
// or a value of the wrong kind, is refused with its name.

import GridScanner
import GridVision
import TestSupport
import Testing

@testable import Evaluation

@Suite(.tags(.small)) struct TuningFileTests {
    func parse(_ text: String) throws(EvaluationError) -> Tuning {
        try TuningFile.parse(Array(text.utf8), path: "t.json")
    }

    /// The reason a file is refused for (fails the test when it is not).
    func refusal(_ text: String) -> String {
        do {
            let t = try parse(text)
            Issue.record("accepted: \(text) as \(t)")
            return ""
        } catch {
            guard case .badTuning(let path, let reason) = error, path == "t.json" else {
                Issue.record("expected badTuning, got \(error)")
                return ""
            }
            return reason
        }
    }

    @Test func theDefaultsAndAChangedTuningRoundTrip() throws {
        #expect(try parse(TuningFile.text(Tuning())) == Tuning())
        var t = Tuning()
        t.kinds.tallPrint = 1.3
        t.kinds.referenceProbability = 0.99995
        t.locator.boxClusterCounts = 6...13
        t.cells.lineRun = Fraction(numerator: 3, denominator: 4)
        t.cells.fitLattice = false
        t.framing.costs.missedTemplateCount = 4
        t.smallGridLocator.workingLongSide = 1800
        let text = TuningFile.text(t)
        #expect(text.contains("\"tallPrint\" : 1.3"))
        #expect(try parse(text) == t)
        #expect(try parse(text) != Tuning())
    }

    @Test func aPartialFileKeepsTheDefaultsForTheRest() throws {
        #expect(try parse("{}") == Tuning())
        #expect(try parse(#"{"kinds": {}}"#) == Tuning())
        let t = try parse(
            #"{"kinds": {"tallPrint": 1.3}, "framing": {"costs": {"empty": 5}}, "locator": {"lineRun": {"numerator": 6}}}"#
        )
        var expected = Tuning()
        expected.kinds.tallPrint = 1.3
        expected.framing.costs.empty = 5
        expected.locator.lineRun.numerator = 6
        #expect(t == expected)
    }

    @Test func anUnknownKeyIsRefusedWithItsName() {
        #expect(refusal(#"{"kinds": {"talPrint": 1.3}}"#) == #"unknown key "kinds.talPrint""#)
        #expect(
            refusal(#"{"kind": {"tallPrint": 1.3}}"#).hasPrefix(
                #"unknown key "kind" (the stages are cells, framing, kinds"#))
        #expect(refusal(#"{"framing": {"costs": {"emptied": 1}}}"#) == #"unknown key "framing.costs.emptied""#)
    }

    @Test func aValueOfTheWrongKindIsRefusedWithItsName() {
        #expect(refusal(#"{"repair": {"maxEdits": 2.5}}"#) == #""repair.maxEdits" must be a whole number"#)
        #expect(refusal(#"{"repair": {"maxEdits": "2"}}"#) == #""repair.maxEdits" must be a whole number"#)
        #expect(refusal(#"{"kinds": {"tallPrint": "big"}}"#) == #""kinds.tallPrint" must be a number"#)
        #expect(refusal(#"{"cells": {"fitLattice": 1}}"#) == #""cells.fitLattice" must be true or false"#)
        #expect(refusal(#"{"kinds": 3}"#) == #""kinds" must be an object"#)
        #expect(refusal(#"{"kinds": {"tallPrint": {"x": 1}}}"#) == #""kinds.tallPrint" must be a number or true/false"#)
        #expect(refusal("[1]") == "not a JSON object")
        #expect(refusal("{").hasPrefix("not JSON"))
    }
}
