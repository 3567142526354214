// Every technique's rung on its positions (Positions/): the step it finds is
// the expected one, right against the puzzle's solution, and on a near miss it
// finds nothing. Every technique has at least three positions and a near miss.

import SudokuCore
@testable import SudokuLogic
import Testing
import TestSupport

@Suite struct RungTests {
    @Test(.tags(.small), arguments: RungCase.all)
    func theRungFindsTheExpectedStep(_ c: RungCase) throws {
        let board = try c.board()
        let step = rung(for: c.technique).step(on: board)
        guard let expect = c.expect else {
            #expect(step == nil, "near miss, but the rung found \(step?.line ?? "")")
            return
        }
        let found = try #require(step, "the rung found nothing; expected \(expect)")
        #expect(found.technique == c.technique)
        #expect(found.line == expect)
        // The position comes from a puzzle with one solution: the step must agree with it.
        let solved = Solver.solve(board.grid)
        let solution = try #require(solved.solution, "the position's filled cells have no solution")
        #expect(solved.count == 1)
        #expect(StepCheck.problem(with: found, on: board, solution: solution) == nil)
    }

    @Test(.tags(.small)) func everyTechniqueHasThreePositionsAndANearMiss() {
        let cases = RungCase.all
        for t in Technique.allCases {
            let mine = cases.filter { $0.technique == t }
            #expect(mine.filter { $0.expect != nil }.count >= 3, "\(t.rawValue): fewer than three positions")
            #expect(mine.contains { $0.expect == nil }, "\(t.rawValue): no near miss")
        }
    }

    /// The ladder's order: a rung never finds a step where an earlier rung does.
    @Test(.tags(.small)) func nextStepIsTheFirstRungThatApplies() throws {
        for c in RungCase.all where c.expect != nil && c.values.count == 81 {
            let board = try c.board()
            guard let step = Ladder.standard.nextStep(board) else { continue }
            let index = Ladder.standard.rungs.firstIndex { $0.techniques.contains(step.technique) }!
            for earlier in Ladder.standard.rungs[..<index] {
                #expect(earlier.step(on: board) == nil, "\(earlier.id) applies before \(step.technique.rawValue)")
            }
        }
    }
}
