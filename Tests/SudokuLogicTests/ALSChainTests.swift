// The `als-aic` rung run alone on every position of the positions files: each
// step it finds uses an almost locked set and has a strong link in a house (so
// it is neither a plain AIC, the `aic` rung's, nor an ALS-XZ, ALS-XY-Wing or
// ALS-XY-chain), each of its links holds on the board (a link inside a set:
// the set is almost locked and each end is every place of its digit there),
// its name fits its structure, and it agrees with the solution (where the
// position is one of its puzzle's: every empty cell keeps its solution's digit).

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct ALSChainTests {
    @Test(.tags(.small)) func everyStepAloneUsesASetAndHolds() throws {
        var found = 0, checked = 0
        for c in RungCase.all {
            let board = try c.board()
            guard let step = ALSChain().step(on: board) else { continue }
            found += 1
            #expect(VerificationTests.fits(step, on: board), "\(step.line)")
            guard case let .alsChain(links, isLoop, sets) = step.pattern else {
                Issue.record("not a chain with ALS nodes: \(step.line)")
                continue
            }
            let family = ALSChainPattern(links: links, isLoop: isLoop, sets: sets)
            for link in links {
                if let s = family.set(inside: link) {
                    #expect(VerificationTests.setLinkHolds(link, s, on: board), "\(step.line): \(link)")
                } else {
                    #expect(VerificationTests.holds(link, on: board), "\(step.line): \(link)")
                }
            }
            // Against the solution where the position is one of the puzzle's (some positions for other
            // rungs have lost the solution's candidate somewhere, and any conclusion follows there).
            let solution = try #require(Solver.solve(board.grid).solution)
            guard board.unsolved.allSatisfy({ board.masks[$0] & DigitMask.bit(Int(solution.cells[$0])) != 0 })
            else { continue }
            checked += 1
            #expect(StepCheck.problem(with: step, on: board, solution: solution) == nil, "\(step.line)")
        }
        #expect(found >= 6 && checked >= 6)
    }
}
