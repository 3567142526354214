// Dual two-string kites (Rungs/TwoStringKite.swift) on their positions
// (Fixtures/positions/single-digit.txt): two kites through the same two cells
// of a box, one step whose eliminations are both kites' and whose text and
// hints give both.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct DualKiteTests {
    @Test(.tags(.small)) func aDualKiteIsTwoKitesInOneStep() throws {
        let cases = RungCase.all.filter { $0.technique == .dualTwoStringKite && $0.expect != nil }
        #expect(cases.count >= 3)
        for c in cases {
            let board = try c.board()
            let step = try #require(TwoStringKite().step(on: board))
            guard case let .dual(.chain(a, false), .chain(b, false)) = step.pattern else {
                Issue.record("\(step.line): not two chains")
                continue
            }
            // The same box part, the same digit; each kite's ends seen by its own eliminations.
            #expect(a[1] == b[1])
            var union: Set<Candidate> = []
            for links in [a, b] {
                let x = links[0].from.cells[0], y = links[2].to.cells[0]
                let own = step.eliminations.filter { e in
                    [x, y].allSatisfy { end in end.houses.contains { $0.cells.contains(e.cell) } }
                }
                #expect(!own.isEmpty, "\(step.line): a kite removes nothing")
                union.formUnion(own)
            }
            #expect(union == Set(step.eliminations))
            let family = step.pattern.family
            #expect(step.line.contains(" and "))
            #expect(family.argumentHint(.dualTwoStringKite).contains("The first: If "))
            #expect(family.argumentHint(.dualTwoStringKite).contains("The second: If "))
            #expect(family.json.hasPrefix("{\"kind\":\"dual\""))
        }
    }
}
