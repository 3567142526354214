// The Franken and Mutant fish search with its bound and memo against the same
// search without them: on positions along the ladder's solving paths of
// top1465 puzzles, both hand over the same steps in the same order.

import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct ComplexFishBoundTests {
    /// The rungs as the standard ladder has them.
    static let rungs: [(kind: ComplexFish.Kind, maxSize: Int)] = Ladder.standard.rungs.compactMap { rung in
        (rung as? ComplexFish).map { ($0.kind, $0.maxSize) }
    }

    @Test(.tags(.large)) func boundedSearchFindsTheSameSteps() throws {
        var positions = 0
        var steps = 0
        try Self.forEachPosition(puzzles: (every: 40, at: 0), steps: (every: 4, at: 0)) { k, n, board in
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
        #expect(positions >= 40)
        #expect(steps > 0)
    }

    /// What `FishMemo` relies on when a plane lies within a barren one: a fish
    /// on the smaller plane is found on the larger plane too (the same base and
    /// cover houses and fins) unless a base house holds a lost cell. Checked by
    /// taking one, two or three candidates of a digit away from positions
    /// along the ladder's paths; and there the bounded search, which has just
    /// found the larger planes barren or not, finds the same steps as the
    /// exhaustive one in the same order.
    @Test(.tags(.large)) func fishOnASmallerPlaneIsOnTheLargerOne() throws {
        var compared = 0
        var exempt = 0
        try Self.forEachPosition(puzzles: (every: 50, at: 7), steps: (every: 6, at: 3)) { k, n, board in
            for r in Self.rungs {
                let rung = ComplexFish(kind: r.kind, maxSize: r.maxSize, bounded: false)
                let bounded = ComplexFish(kind: r.kind, maxSize: r.maxSize)
                let before = Set(rung.steps(on: board).compactMap(Self.fish))
                _ = bounded.steps(on: board)
                for d in [1 + n % 9, 1 + (n + 4) % 9] {
                    let plane = board.cells(for: d).cells
                    guard plane.count >= 8 else { continue }
                    // One, two or three of the digit's cells, spread over the plane.
                    let lost = (0...(n % 3)).map { plane[($0 * 7 + n) % plane.count] }
                    var smaller = board
                    for cell in Set(lost) { smaller.eliminate(d, at: cell) }
                    let all = rung.steps(on: smaller)
                    #expect(bounded.steps(on: smaller) == all, "puzzle \(k + 1), step \(n + 1), digit \(d)")
                    for fish in all.compactMap(Self.fish) where fish.digit == d {
                        if fish.base.contains(where: { house in lost.contains { house.cells.contains($0) } }) {
                            exempt += 1
                        } else {
                            #expect(before.contains(fish), "puzzle \(k + 1), step \(n + 1), digit \(d)")
                            compared += 1
                        }
                    }
                }
            }
        }
        #expect(compared > 0)
        #expect(exempt > 0)
    }

    /// A fish with a cover whose base candidates the other covers all hold:
    /// on top1465's 58th puzzle after nine steps of the ladder, 5 in rows 5, 6
    /// and 7 over column 8 and boxes 5 and 6, fins r7c7 and r7c9. Column 8
    /// covers nothing the boxes leave open, yet it is a cover: its 5 in r9c8,
    /// outside the base and seeing both fins, goes. The bounded and the
    /// exhaustive search find it, and nothing they remove is in the solution.
    @Test(.tags(.small)) func aCoverThatCoversNothingNewIsOneOfTheFish() throws {
        let puzzles = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 58))
        var board = try Board(puzzle: puzzles[57])
        for _ in 0..<9 { board.apply(try #require(Ladder.standard.nextStep(board))) }
        let solution = try #require(Solver.solve(puzzles[57]).solution)
        let want = Fish(
            digit: 5, base: [.row(4), .row(5), .row(6)], cover: [.column(7), .box(4), .box(5)],
            fins: [Cell(row: 6, column: 6), Cell(row: 6, column: 8)])
        for bounded in [true, false] {
            let steps = ComplexFish(kind: .franken, maxSize: 3, bounded: bounded).steps(on: board)
            let step = try #require(steps.first { Self.fish($0) == want }, "bounded: \(bounded)")
            #expect(step.eliminations.contains(Candidate(Cell(row: 8, column: 7), 5)))
            for e in step.eliminations { #expect(Int(solution.cells[e.cell.index]) != e.digit, "\(e)") }
        }
    }

    /// Calls `body` with the puzzle's and the step's index (from 0) and the
    /// board, at the positions along the ladder's solving paths of the first
    /// 200 top1465 puzzles picked by index (`every`, `at`). A missing puzzle
    /// file is recorded as an issue by `loadPuzzleSet`.
    static func forEachPosition(
        puzzles pick: (every: Int, at: Int), steps: (every: Int, at: Int), _ body: (Int, Int, Board) throws -> Void
    ) throws {
        guard let puzzles = try loadPuzzleSet("puzzles3_magictour_top1465", limit: 200) else { return }
        for (k, puzzle) in puzzles.enumerated() where k % pick.every == pick.at {
            var board = try Board(puzzle: puzzle)
            var n = 0
            while let step = Ladder.standard.nextStep(board) {
                if n % steps.every == steps.at { try body(k, n, board) }
                board.apply(step)
                n += 1
            }
        }
    }

    struct Fish: Hashable {
        var digit: Int
        var base: [House]
        var cover: [House]
        var fins: [Cell]
    }

    static func fish(_ step: Step) -> Fish? {
        guard case .fish(let digit, let base, let cover, let fins, _) = step.pattern else { return nil }
        return Fish(digit: digit, base: base, cover: cover, fins: fins)
    }
}
