// The Franken and Mutant fish search with its bound and memo against the same
// search without them: on positions along the ladder's solving paths of
// top1465 puzzles, both hand over the same steps in the same order.

import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct ComplexFishBoundTests {
    /// The rungs as the standard ladder has them.
    static let rungs: [(kind: ComplexFish.Kind, maxSize: Int)] = [(.franken, 3), (.mutant, 2)]

    @Test(.tags(.large)) func boundedSearchFindsTheSameSteps() throws {
        guard let puzzles = try loadPuzzleSet("puzzles3_magictour_top1465", limit: 200) else { return }
        var positions = 0
        var steps = 0
        for (k, puzzle) in puzzles.enumerated() where k % 40 == 0 {
            var board = try Board(puzzle: puzzle)
            var n = 0
            while let step = Ladder.standard.nextStep(board) {
                if n % 4 == 0 {
                    for r in Self.rungs {
                        let exhaustive = ComplexFish(kind: r.kind, maxSize: r.maxSize, bounded: false).steps(on: board)
                        let bounded = ComplexFish(kind: r.kind, maxSize: r.maxSize)
                        // Twice: the second search reads the memo the first one left.
                        #expect(bounded.steps(on: board) == exhaustive, "puzzle \(k + 1), step \(n + 1)")
                        #expect(bounded.steps(on: board) == exhaustive, "puzzle \(k + 1), step \(n + 1), again")
                        #expect(bounded.step(on: board) == exhaustive.first, "puzzle \(k + 1), step \(n + 1)")
                        steps += exhaustive.count
                    }
                    positions += 1
                }
                board.apply(step)
                n += 1
            }
        }
        #expect(positions >= 40)
        #expect(steps > 0)
    }
}
