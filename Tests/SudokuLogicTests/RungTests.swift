// Every technique's rung on its positions (Fixtures/positions/): the step it finds is
// the expected one, right against the puzzle's solution, and on a near miss it
// finds nothing. Every technique has at least three positions and a near miss.
// A rung's every step starts with its simplest, and each agrees with the solution.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

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

    /// A position file that cannot be read would leave its techniques untested.
    @Test(.tags(.small), arguments: RungCase.families)
    func everyPositionFileReads(_ family: String) throws {
        let cases = try #require(RungCase.files[family]).get()
        #expect(!cases.isEmpty, "\(PositionFile.folder)/\(family).txt holds no position")
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

    /// `steps(on:)` lists the rung's steps in its search order: the first is
    /// `step(on:)`'s, none repeats, and each agrees with the solution. The
    /// hidden and naked singles, locked candidates and pairs list more than one
    /// on some position.
    @Test(.tags(.small)) func everyStepOfARungStartsWithItsSimplestAndHolds() throws {
        var several: Set<String> = []
        for c in RungCase.all where c.expect != nil {
            let board = try c.board()
            let r = rung(for: c.technique)
            let all = r.steps(on: board)
            #expect(all.first == r.step(on: board), "\(c.technique.rawValue)")
            #expect(Set(all.map(\.line)).count == all.count, "\(c.technique.rawValue): a step repeats")
            let solution = try #require(Solver.solve(board.grid).solution)
            for s in all { #expect(StepCheck.problem(with: s, on: board, solution: solution) == nil, "\(s.line)") }
            if all.count > 1 { several.insert(r.id) }
        }
        for id in ["hidden-single", "naked-single", "locked-candidates", "naked-pairs", "hidden-pairs"] {
            #expect(several.contains(id), "\(id): never more than one step")
        }
    }
}
