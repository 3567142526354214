// The three hint levels of every technique's step (on the positions in
// Positions/): level 1 names the technique and a region but no cell or digit,
// level 2 names the pattern, level 3 the conclusion, and no level names
// anything the step does not rest on.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import Coaching
@testable import SudokuLogic

@Suite struct HintTests {
    static var steps: [Step] {
        RungCase.all.compactMap { c in
            guard c.expect != nil, let board = try? c.board() else { return nil }
            return rung(for: c.technique).step(on: board)
        }
    }

    @Test(.tags(.small)) func everyLevelNamesOnlyTheStepsFacts() {
        for step in Self.steps {
            let facts = step.facts
            for level in HintLevel.allCases {
                let text = step.hint(level)
                let m = Narration.mentions(in: text)
                #expect(!text.isEmpty)
                #expect(
                    m.cells.isSubset(of: facts.cells),
                    "\(step.line) level \(level.rawValue): \(m.cells.subtracting(facts.cells))")
                #expect(
                    m.digits.isSubset(of: facts.digits),
                    "\(step.line) level \(level.rawValue): \(m.digits.subtracting(facts.digits))")
                #expect(
                    m.houses.isSubset(of: facts.houses.union(facts.regions)), "\(step.line) level \(level.rawValue)")
                #expect(m.otherNumbers.isEmpty, "\(step.line) level \(level.rawValue): \(m.otherNumbers)")
            }
        }
    }

    @Test(.tags(.small)) func theNudgeNamesTheTechniqueAndARegionButNoCellOrDigit() {
        for step in Self.steps {
            let text = step.hint(.nudge)
            let m = Narration.mentions(in: text)
            #expect(m.cells.isEmpty && m.digits.isEmpty, "\(step.line): \(text)")
            #expect(
                m.techniqueNames.values.contains { $0.contains(step.technique) } || text.contains(step.technique.name),
                "\(text)")
            let region = !m.houses.isEmpty || step.technique == .bugPlusOne
            #expect(region, "no region: \(text)")
        }
    }

    @Test(.tags(.small)) func theFullHintGivesTheConclusion() {
        for step in Self.steps {
            let text = step.hint(.full)
            let m = Narration.mentions(in: text)
            for c in step.placements + step.eliminations {
                #expect(m.cells.contains(c.cell) && m.digits.contains(c.digit), "\(step.line): \(text)")
            }
            #expect(text.contains(" So "), "\(text)")
            // More than the pattern hint, which gives no conclusion away unless it is a single's cell.
            #expect(text.count > step.hint(.pattern).count)
        }
    }

    @Test(.tags(.small)) func anXWingHintAtEachLevel() throws {
        let c = try #require(RungCase.fish.first { $0.technique == .xWing && $0.expect != nil })
        let step = try #require(BasicFish(size: 2).step(on: try c.board()))
        #expect(step.hint(.nudge) == "Look for an X-Wing in columns 6 and 9.")
        #expect(
            step.hint(.pattern)
                == "Digit 9: in columns 6 and 9 its candidates lie in rows 6 and 9 (r6c6, r6c9, r9c6 and r9c9).")
        #expect(
            step.hint(.full)
                == "Digit 9 must appear once in each of columns 6 and 9, and there it can only go in rows 6 and 9. "
                + "So the two of them take rows 6 and 9 between them, and no other cell of rows 6 and 9 can hold 9. "
                + "So r6c5 and r9c4 lose 9."
        )
    }
}
