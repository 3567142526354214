// The guard on an outside rewording: a faithful rewording passes; one that
// invents a cell, gets a digit wrong, names another technique or a house the
// hint does not, or talks of guessing, is rejected. And the prompt carries the
// hint and only its facts.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import Coaching
@testable import SudokuLogic

@Suite struct NarrationTests {
    /// The X-Wing of the fish positions: r6c5,r9c4<>9, X-Wing on 9 in columns 6,9.
    static func xWing() throws -> Step {
        let c = try #require(RungCase.fish.first { $0.technique == .xWing && $0.expect != nil })
        return try #require(BasicFish(size: 2).step(on: try c.board()))
    }

    @Test(.tags(.small)) func mentionsReadTheHintsNotation() {
        let m = Narration.mentions(
            in: "An X-Wing on 9 in rows 1 and 6, columns 3, 7: r1c3, R6C7 and r12c3; r4, c5, b9; two 5s.")
        #expect(m.cells == [Cell(row: 0, column: 2), Cell(row: 5, column: 6), Cell(row: 1, column: 2)])
        #expect(m.houses == [.row(0), .row(5), .column(2), .column(6), .row(3), .column(4), .box(8)])
        #expect(m.digits == [9, 5])
        #expect(m.techniqueNames["x wing"] == [.xWing])
    }

    @Test(.tags(.small)) func theAuthoredHintPassesItsOwnGuard() throws {
        for step in HintTests.steps {
            for level in HintLevel.allCases {
                #expect(
                    Narration.check(step.hint(level), step: step, level: level) == .accepted(step.hint(level)),
                    "\(step.line) level \(level.rawValue)")
            }
        }
    }

    @Test(.tags(.small)) func aFaithfulRewordingIsAccepted() throws {
        let step = try Self.xWing()
        let reply =
            "  Think about the 9s. In columns 6 and 9 they can only sit in rows 6 and 9, like the corners of an "
            + "X-Wing, "
            + "so r6c5 and r9c4 cannot be 9.\n"
        #expect(Narration.check(reply, step: step, level: .full) == .accepted(reply.trimmingWhitespace))
        #expect(
            Narration.check("Look at columns 6 and 9: there is an X-Wing hiding there.", step: step, level: .nudge)
                == .accepted("Look at columns 6 and 9: there is an X-Wing hiding there."))
    }

    @Test(
        .tags(.small),
        arguments: [
            ("The 9s of columns 6 and 9 lie in rows 6 and 9, so r5c5 cannot be 9.", HintLevel.full, "r5c5"),
            ("The 9s of columns 6 and 9 lie in rows 6 and 9, so r6c5 cannot be 4.", .full, "digit 4"),
            ("A swordfish on 9 in columns 6 and 9 removes 9 from r6c5 and r9c4.", .full, "swordfish"),
            ("Use an XY-Wing in columns 6 and 9.", .nudge, "XY-Wing"),
            ("Look for an X-Wing in columns 6 and 9 on the digit 9.", .nudge, "digit 9"),
            ("Look for an X-Wing in columns 6 and 9; r6c6 is a corner.", .nudge, "r6c6"),
            ("Look for an X-Wing in columns 5 and 9.", .nudge, "column 5"),
            ("Guess r6c5, and if it fails try 9 in r9c4.", .full, "'guess'"),
            ("An X-Wing on 9 in 10 moves.", .full, "10"),
            ("", .full, "empty"),
        ])
    func aRewordingThatSaysSomethingElseIsRejected(reply: String, level: HintLevel, what: String) throws {
        let step = try Self.xWing()
        guard case let .rejected(reason) = Narration.check(reply, step: step, level: level) else {
            Issue.record("accepted: \(reply)")
            return
        }
        #expect(reason.lowercased().contains(what.lowercased()), "\(reason)")
    }

    @Test(.tags(.small)) func aNakedSingleRewordingMustNotCallItHidden() throws {
        let c = try #require(RungCase.singles.first { $0.technique == .nakedSingle && $0.expect != nil })
        let step = try #require(NakedSingle().step(on: try c.board()))
        let cell = step.placements[0].cell, digit = step.placements[0].digit
        #expect(
            Narration.check("\(cell) is a hidden single: it must be \(digit).", step: step, level: .full)
                == .rejected(reason: "it names the technique hidden single, but the step is a naked single"))
        if case .rejected = Narration.check("\(cell) is a naked single: it must be \(digit).", step: step, level: .full)
        {
            Issue.record("a faithful naked single was rejected")
        }
    }

    @Test(.tags(.small)) func thePromptHoldsTheHintAndOnlyItsFacts() throws {
        let step = try Self.xWing()
        let nudge = Narration.prompt(for: step, level: .nudge)
        #expect(nudge.contains("Hint: Look for an X-Wing in columns 6 and 9."))
        #expect(nudge.contains("Technique: X-Wing"))
        #expect(nudge.contains("Facts you may use: houses column 6, column 9"))
        #expect(!nudge.contains("r6c5"), "the nudge's prompt must not give the conclusion away")
        let full = Narration.prompt(for: step, level: .full)
        #expect(full.contains("r6c5") && full.contains("digits 9"))
        #expect(full.contains("do not reason"))
    }
}
