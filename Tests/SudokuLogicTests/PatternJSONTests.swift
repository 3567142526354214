// The structure JSON of the families written straight into a `JSONWriter`
// (singles, locked candidates, subsets, fish): the same text as the members
// built one string at a time, as every other family still builds it.

import Basics
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite(.tags(.small)) struct PatternJSONTests {
    let c13 = Cell(row: 0, column: 2), c17 = Cell(row: 0, column: 6), c63 = Cell(row: 5, column: 2)

    @Test func singles() {
        let hidden = SinglePattern(digit: 5, cell: c13, house: .row(0))
        #expect(
            hidden.json
                == JSONValue.object(
                    "single", [("digit", "5"), ("cell", JSONValue.cell(c13)), ("house", House.row(0).json)]))
        #expect(
            hidden.json == #"{"kind":"single","digit":5,"cell":{"row":1,"col":3},"house":{"type":"row","index":1}}"#)
        let naked = SinglePattern(digit: 9, cell: c63, house: nil)
        #expect(naked.json == #"{"kind":"single","digit":9,"cell":{"row":6,"col":3},"house":null}"#)
    }

    @Test func lockedCandidatesSubsetsAndFish() {
        let locked = LockedCandidatesPattern(digit: 4, box: .box(0), line: .row(0), cells: [c13])
        #expect(
            locked.json
                == JSONValue.object(
                    "locked-candidates",
                    [
                        ("digit", "4"), ("box", House.box(0).json), ("line", House.row(0).json),
                        ("cells", JSONText.array([JSONValue.cell(c13)])),
                    ]))
        let subset = SubsetPattern(house: .column(2), cells: [c13, c63], digits: [1, 7])
        #expect(
            subset.json
                == #"{"kind":"subset","house":{"type":"column","index":3},"cells":[{"row":1,"col":3},"#
                + #"{"row":6,"col":3}],"digits":[1,7]}"#)
        let fish = FishPattern(
            digit: 2, base: [.row(0), .row(5)], cover: [.column(2), .column(6)], fins: [], cells: [c13, c17, c63])
        #expect(
            fish.json
                == JSONValue.object(
                    "fish",
                    [
                        ("digit", "2"), ("base", JSONText.array([House.row(0).json, House.row(5).json])),
                        ("cover", JSONText.array([House.column(2).json, House.column(6).json])),
                        ("fins", "[]"), ("cells", JSONText.array([c13, c17, c63].map(JSONValue.cell))),
                    ]))
    }
}
