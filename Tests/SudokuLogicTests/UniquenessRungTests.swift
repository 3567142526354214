// The uniqueness rungs asked at every position of the ladder's solving paths,
// not only where they are the simplest step: each step they find there agrees
// with the solution. Unique rectangle type 6 is seldom the ladder's simplest
// step, and the rectangles with a missing candidate and the avoidable
// rectangles rest on an argument about the givens, so they are checked
// wherever they apply.

import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct UniquenessRungTests {
    static let rungs: [any Rung] = [
        UniqueRectangle(), HiddenRectangle(), UniqueRectangleTypes5And6(), AvoidableRectangle(),
    ]

    @Test(.tags(.large)) func everyStepOfTheUniquenessRungsAgreesWithTheSolution() throws {
        var puzzles: [Grid] = []
        if let p = try loadPuzzleSet("puzzles3_magictour_top1465") {
            puzzles += p.enumerated().filter { $0.offset % 25 == 3 }.map(\.element)
        }
        var found: [Technique: Int] = [:]
        for puzzle in puzzles {
            let solution = try #require(Solver.solve(puzzle).solution)
            var board = try Board(puzzle: puzzle)
            while let step = Ladder.standard.nextStep(board) {
                for rung in Self.rungs {
                    guard let s = rung.step(on: board) else { continue }
                    found[s.technique, default: 0] += 1
                    #expect(
                        StepCheck.problem(with: s, on: board, solution: solution) == nil,
                        "\(puzzle.lineString()): \(s.line)")
                }
                board.apply(step)
            }
        }
        #expect(!puzzles.isEmpty)
        for t in [Technique.uniqueRectangleType6, .avoidableRectangleType1, .hiddenRectangle] {
            #expect(found[t, default: 0] > 0, "\(t.rawValue) was never found: \(found)")
        }
    }
}
