// A sitting of a game as the terminal and the web page play it: moves, undo
// and redo, marks, every candidate filled in, checks that name the clashing
// cell, hints that go one level further when asked again and start from the
// player's position (a wrong entry first, marks included), and the end.

import Coaching
import GameCore
import Grading
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@Suite(.tags(.small)) struct GameSessionTests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let r1c3 = Cell(row: 0, column: 2), r1c4 = Cell(row: 0, column: 3)

    static func session() throws -> GameSession {
        try GameSession(puzzle: try Grid(line: puzzle), source: "test", store: nil)
    }

    @Test func movesUndoAndRedoSayWhatTheyDid() throws {
        let s = try Self.session()
        let entered = s.enter(4, at: Self.r1c3)
        #expect(entered.changed && entered.text == "r1c3: 4; box 1 now has 6 digits")
        #expect(!s.enter(4, at: Self.r1c3).changed)
        #expect(s.enter(9, at: Cell(row: 0, column: 0)).text == "r1c1 holds the given 5")
        _ = s.toggleMark(2, at: Self.r1c4)
        let mark = s.toggleMark(6, at: Self.r1c4)
        #expect(mark.text == "r1c4: pencil mark 6 added; marks 2 6")
        #expect(s.undo().text == "undone: r1c4 marks 2")
        #expect(s.undo().text == "undone: r1c4 empty")
        #expect(s.redo().text == "redone: r1c4 marks 2")
        #expect(s.position.digit(at: Self.r1c3) == 4 && s.position.marks[Self.r1c4.index] == CandidateSet([2]))
        #expect(s.erase(Self.r1c3).text == "r1c3 erased")
        #expect(s.erase(Self.r1c3).text == "r1c3 is already empty")
        #expect(!s.redo().changed, "a new move clears what was undone")
    }

    @Test func fillingTheCandidatesLeavesWhatTheDigitsAllow() throws {
        let s = try Self.session()
        let filled = s.fillCandidates()
        #expect(filled.changed)
        let board = try Board(puzzle: try Grid(line: Self.puzzle))
        for cell in Cell.all where s.position.digit(at: cell) == nil {
            #expect(s.position.marks[cell.index] == board.candidates(at: cell), "\(cell)")
        }
        #expect(s.fillCandidates().text == "every candidate is already filled in")
        #expect(s.undo().changed && s.position.markMasks == nil, "the fill is one move")
    }

    @Test func aCheckNamesTheWrongEntryAndTheCellItClashesWith() throws {
        let s = try Self.session()
        _ = s.enter(5, at: Self.r1c3)  // the solution has 4; r1c1 holds a given 5
        _ = s.enter(4, at: Cell(row: 2, column: 0))  // the solution has 1; r5c1 holds a given 4
        let problems = s.check()
        #expect(problems.map(\.cell) == [Self.r1c3, Cell(row: 2, column: 0)])
        #expect(
            problems.map(\.description) == [
                "r1c3 is not 5 (r1c1 in row 1 holds 5 too)", "r3c1 is not 4 (r5c1 in column 1 holds 4 too)",
            ])
        #expect(s.wrong == [Self.r1c3, Cell(row: 2, column: 0)] && s.checksUsed == 1)
        _ = s.erase(Self.r1c3)
        #expect(s.wrong.isEmpty, "a change forgets the last check")
    }

    @Test func aHintGoesOneLevelFurtherWhenAskedAgain() throws {
        let s = try Self.session()
        guard case .hint(let first) = s.askHint() else {
            Issue.record("no hint")
            return
        }
        #expect(first.level == .nudge && first.text == first.step.hint(.nudge))
        guard case .hint(let second) = s.askHint(), case .hint(let third) = s.askHint(),
            case .hint(let fourth) = s.askHint()
        else {
            Issue.record("no hint")
            return
        }
        #expect(second.level == .pattern && third.level == .full && fourth.level == .full)
        #expect(second.step == first.step && third.text.contains(HintText.conclusion(first.step)))
        #expect(s.hintsUsed == 3, "asking again at the last level gives the same hint, not another")
        _ = s.enter(4, at: Self.r1c3)
        guard case .hint(let after) = s.askHint() else {
            Issue.record("no hint")
            return
        }
        #expect(after.level == .nudge, "a move starts the hints again from the new position")
    }

    @Test func aHintStartsFromTheWrongEntryThenFromTheMarks() throws {
        let s = try Self.session()
        _ = s.enter(5, at: Self.r1c3)
        guard case .wrongPosition(let problems) = s.askHint() else {
            Issue.record("no wrong position")
            return
        }
        #expect(problems.map(\.description) == ["r1c3 is not 5 (r1c1 in row 1 holds 5 too)"])
        _ = s.erase(Self.r1c3)
        // Marks that leave out the digit a cell needs are named too.
        _ = s.toggleMark(2, at: Self.r1c3)
        guard case .wrongPosition(let lost) = s.askHint() else {
            Issue.record("no wrong position")
            return
        }
        #expect(lost.map(\.kind) == [.lostCandidate] && lost[0].cell == Self.r1c3)
        // Right marks narrow the position the hint is found on.
        _ = s.toggleMark(2, at: Self.r1c3)
        _ = s.toggleMark(4, at: Self.r1c3)
        guard case .hint(let h) = s.askHint() else {
            Issue.record("no hint")
            return
        }
        #expect(h.board.candidates(at: Self.r1c3) == CandidateSet([4]))
    }

    @Test func finishingThePuzzleEndsTheGameWithItsTier() throws {
        let s = try Self.session()
        let solution = Solver.solve(try Grid(line: Self.puzzle)).solution!
        let empty = Cell.all.filter { s.position.digit(at: $0) == nil }
        var last = GameSession.Feedback(changed: false, text: "")
        for (i, cell) in empty.enumerated() {
            let digit = Int(solution[cell])
            last = s.enter(i == 0 ? (digit % 9) + 1 : digit, at: cell)
        }
        #expect(
            !s.isSolved && last.text.hasSuffix("every cell is filled, but not every digit is right: check to see which")
        )
        last = s.enter(Int(solution[empty[0]]), at: empty[0])
        #expect(s.isSolved && last.finished && last.text.hasSuffix("; solved"))
        #expect(s.summary.hasPrefix("Solved in 0:0") && s.summary.contains("Tier 1 (hidden singles): it needed"))
        guard case .none(let why) = s.askHint() else {
            Issue.record("a hint on a solved game")
            return
        }
        #expect(why == "the puzzle is solved: no hint needed")
    }

    @Test func aPuzzleWithoutOneSolutionIsNotPlayed() throws {
        let twice = try Grid(line: String(repeating: ".", count: 81))
        #expect(throws: GameSession.Refusal.severalSolutions) {
            try GameSession(puzzle: twice, source: "test", store: nil)
        }
        let clash = try Grid(line: "55" + String(Self.puzzle.dropFirst(2)))
        #expect(throws: GameSession.Refusal.noSolution) { try GameSession(puzzle: clash, source: "test", store: nil) }
    }
}
