// The game the terminal player and the web page share: moves change the
// position and only it, a move that changes nothing is no move, and undo and
// redo walk the history; the position goes to the engine as it is.

import Coaching
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@Suite(.tags(.small)) struct GameTests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let r1c3 = Cell(row: 0, column: 2), r1c4 = Cell(row: 0, column: 3)

    @Test func movesChangeTheEntriesAndTheMarks() throws {
        var game = Game(givens: try Grid(line: Self.puzzle))
        let marked = [game.play(.mark(1, Self.r1c3)), game.play(.mark(4, Self.r1c3)), game.play(.mark(1, Self.r1c3))]
        #expect(marked == [true, true, true])
        #expect(game.position.marks[Self.r1c3.index] == CandidateSet([4]))
        let entered = game.play(.enter(4, Self.r1c3))
        #expect(entered && game.position.digit(at: Self.r1c3) == 4 && game.position.marks[Self.r1c3.index].isEmpty)
        let erased = game.play(.erase(Self.r1c3))
        #expect(erased && game.position.digit(at: Self.r1c3) == nil)
        #expect(game.position.digit(at: Cell(row: 0, column: 0)) == 5 && game.position.isGiven(Cell(row: 0, column: 0)))
    }

    @Test func aMoveThatChangesNothingIsNoMove() throws {
        var game = Game(givens: try Grid(line: Self.puzzle))
        let given = Cell(row: 0, column: 0)
        let onGiven = [game.play(.enter(3, given)), game.play(.erase(given)), game.play(.mark(3, given))]
        let noChange = [game.play(.erase(Self.r1c3)), game.play(.enter(0, Self.r1c3)), game.play(.mark(10, Self.r1c3))]
        #expect(onGiven == [false, false, false] && noChange == [false, false, false] && !game.canUndo)
        let entered = game.play(.enter(4, Self.r1c3))
        let again = [game.play(.enter(4, Self.r1c3)), game.play(.mark(2, Self.r1c3))]
        #expect(entered && again == [false, false], "the same digit again, and a mark in a filled cell, are no moves")
        #expect(game.canUndo && !game.canRedo)
        let undone = [game.undo(), game.undo()]
        #expect(undone == [true, false] && !game.canUndo)
    }

    @Test func undoAndRedoWalkTheHistory() throws {
        let start = GamePosition(givens: try Grid(line: Self.puzzle))
        var game = Game(givens: start.givens)
        game.play(.enter(4, Self.r1c3))
        let afterOne = game.position
        game.play(.mark(2, Self.r1c4))
        let afterTwo = game.position
        var seen: [GamePosition] = []
        for _ in 0..<3 where game.undo() { seen.append(game.position) }
        #expect(seen == [afterOne, start] && game.canRedo)
        seen = []
        for _ in 0..<3 where game.redo() { seen.append(game.position) }
        #expect(seen == [afterOne, afterTwo] && !game.canRedo)
        // A new move after an undo drops what was undone.
        let moved = [game.undo(), game.play(.mark(6, Self.r1c4))]
        #expect(moved == [true, true] && !game.canRedo && game.position != afterTwo)
    }

    @Test func thePositionGoesToTheEngineAsItIs() throws {
        var game = Game(givens: try Grid(line: Self.puzzle))
        #expect(game.position.markMasks == nil)
        #expect(try game.position.board() == Board(puzzle: game.position.givens))
        game.play(.enter(4, Self.r1c3))
        game.play(.mark(2, Self.r1c4))
        game.play(.mark(6, Self.r1c4))
        let board = try game.position.board()
        #expect(board.value(at: Self.r1c3) == 4)
        #expect(board.candidates(at: Self.r1c4) == CandidateSet([2, 6]))
        let next = NextStep.find(
            puzzle: game.position.givens, entries: game.position.entries,
            marks: game.position.markMasks, board: { board })
        guard case .step = next else {
            Issue.record("expected a step, found \(next)")
            return
        }
        // A wrong entry is reported, not built upon.
        game.play(.enter(2, Self.r1c4))
        let wrong = try NextStep.find(
            puzzle: game.position.givens, entries: game.position.entries,
            marks: game.position.markMasks
        ) { () throws(SudokuLogicError) -> Board in
            try game.position.board()
        }
        guard case .wrongPosition(let problems) = wrong else {
            Issue.record("expected a wrong position, found \(wrong)")
            return
        }
        #expect(problems.map(\.description) == ["r1c4 is not 2"])
    }
}
