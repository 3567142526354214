// The game the terminal player and the web page share: moves change the
// position and only it, a move that changes nothing is no move, and undo and
// redo walk the history; the position goes to the engine as it is.

import Coaching
import SudokuCore
import SudokuLogic
import Testing
import TestSupport

@Suite(.tags(.small)) struct GameTests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let r1c3 = Cell(row: 0, column: 2), r1c4 = Cell(row: 0, column: 3)

    @Test func movesChangeTheEntriesAndTheMarks() throws {
        var game = Game(givens: try Grid(line: Self.puzzle))
        #expect(game.play(.mark(1, Self.r1c3)) && game.play(.mark(4, Self.r1c3)) && game.play(.mark(1, Self.r1c3)))
        #expect(game.position.marks[Self.r1c3.index] == CandidateSet([4]))
        #expect(game.play(.enter(4, Self.r1c3)))
        #expect(game.position.digit(at: Self.r1c3) == 4 && game.position.marks[Self.r1c3.index].isEmpty)
        #expect(game.play(.erase(Self.r1c3)))
        #expect(game.position.digit(at: Self.r1c3) == nil)
        #expect(game.position.digit(at: Cell(row: 0, column: 0)) == 5 && game.position.isGiven(Cell(row: 0, column: 0)))
    }

    @Test func aMoveThatChangesNothingIsNoMove() throws {
        var game = Game(givens: try Grid(line: Self.puzzle))
        let given = Cell(row: 0, column: 0)
        #expect(!game.play(.enter(3, given)) && !game.play(.erase(given)) && !game.play(.mark(3, given)))
        #expect(!game.play(.erase(Self.r1c3)) && !game.play(.enter(0, Self.r1c3)) && !game.play(.mark(10, Self.r1c3)))
        #expect(game.play(.enter(4, Self.r1c3)))
        #expect(!game.play(.enter(4, Self.r1c3)) && !game.play(.mark(2, Self.r1c3)), "a filled cell takes no marks")
        #expect(game.canUndo && !game.canRedo)
        #expect(game.undo() && !game.canUndo && !game.undo())
    }

    @Test func undoAndRedoWalkTheHistory() throws {
        let start = GamePosition(givens: try Grid(line: Self.puzzle))
        var game = Game(givens: start.givens)
        game.play(.enter(4, Self.r1c3))
        let afterOne = game.position
        game.play(.mark(2, Self.r1c4))
        let afterTwo = game.position
        #expect(game.undo() && game.position == afterOne)
        #expect(game.undo() && game.position == start)
        #expect(!game.undo() && game.canRedo)
        #expect(game.redo() && game.position == afterOne)
        #expect(game.redo() && game.position == afterTwo && !game.redo())
        // A new move after an undo drops what was undone.
        #expect(game.undo() && game.play(.mark(6, Self.r1c4)))
        #expect(!game.canRedo && game.position != afterTwo)
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
        let next = NextStep.find(puzzle: game.position.givens, entries: game.position.entries,
                                 marks: game.position.markMasks, board: { board })
        guard case .step = next else {
            Issue.record("expected a step, found \(next)")
            return
        }
        // A wrong entry is reported, not built upon.
        game.play(.enter(2, Self.r1c4))
        let wrong = try NextStep.find(puzzle: game.position.givens, entries: game.position.entries,
                                      marks: game.position.markMasks) { () throws(SudokuLogicError) -> Board in
            try game.position.board()
        }
        guard case .wrongPosition(let problems) = wrong else {
            Issue.record("expected a wrong position, found \(wrong)")
            return
        }
        #expect(problems.map(\.description) == ["r1c4 is not 2"])
    }
}
