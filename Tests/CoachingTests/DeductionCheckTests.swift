// A player's own deduction checked on real positions: an elimination proven by
// an X-Wing (the position of docs/xwing-position.txt), eliminations by Franken
// and Mutant jellyfish the solving ladder does not look for, a placement proven by a
// hidden single, false claims never called true, claims already known, a true
// claim no single step concludes, claims on a given's cell, a wrong position
// reported first, and claims read from text.

import Foundation
import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import Coaching
@testable import SudokuLogic

@Suite(.tags(.small)) struct DeductionCheckTests {
    static let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let xwingPuzzle = "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1...."

    static func grid(_ line: String) throws -> Grid { try Grid(line: line) }

    static func solution(_ puzzle: Grid) throws -> Grid { try #require(Solver.solve(puzzle).solution) }

    /// The X-Wing position: the puzzle with the pencil marks of docs/xwing-position.txt.
    static func xwingBoard() throws -> (Board, Grid) {
        let text = try String(
            contentsOf: packageRoot().appendingPathComponent("docs/xwing-position.txt"), encoding: .utf8)
        let puzzle = try grid(xwingPuzzle)
        return (try Board(candidates: text, puzzle: puzzle), try solution(puzzle))
    }

    static func claim(_ text: String) throws -> Claim { try #require(Claim(text: text)) }

    @Test func claimsAreReadFromText() throws {
        #expect(Claim(text: "r4c5=7") == .placement(Candidate(Cell(row: 3, column: 4), 7)))
        #expect(Claim(text: " R4C5 <> 7 ") == .elimination(digit: 7, cells: [Cell(row: 3, column: 4)]))
        #expect(Claim(text: "r4c5!=7") == .elimination(digit: 7, cells: [Cell(row: 3, column: 4)]))
        #expect(
            Claim(text: "r4c5,r4c6<>7")
                == .elimination(digit: 7, cells: [Cell(row: 3, column: 4), Cell(row: 3, column: 5)]))
        #expect(Claim(text: "r4c5,r4c6<>7")?.description == "r4c5,r4c6<>7")
        for bad in ["r4c5=0", "r4c5=77", "r4c5", "r0c5=7", "r4c5,r4c6=7", "r4c5<7", "x=7", "r4c5,<>7", ""] {
            #expect(Claim(text: bad) == nil, "\(bad)")
        }
    }

    @Test func anEliminationIsProvenByAnXWing() throws {
        let (board, solution) = try Self.xwingBoard()
        for text in ["r6c5<>9", "r9c4<>9", "r6c5,r9c4<>9"] {
            let verdict = DeductionCheck.check(try Self.claim(text), board: board, solution: solution)
            guard case .proven(let step) = verdict else {
                Issue.record("\(text): \(verdict)")
                continue
            }
            #expect(step.technique == .xWing, "\(text)")
            #expect(step.eliminations.contains(Candidate(Cell(row: 5, column: 4), 9)))
            #expect(verdict.text.hasPrefix("true. Proven by an X-Wing: Digit 9 must appear once in each of columns"))
        }
    }

    /// Positions of Tests/RungPositions' fish file: a sashimi Franken
    /// jellyfish and a sashimi Mutant jellyfish remove these candidates, and
    /// no simpler rung does, so the check names the fish.
    @Test(arguments: [
        ("7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5...........", "r9c2<>2"),
        ("..25..946.5.6..28..64.9235.38.47.12.41..2....297......6..95...25..2...1..2..8....", "r5c9<>3"),
    ])
    func aFrankenOrMutantJellyfishIsNamed(_ values: String, _ text: String) throws {
        let position = try #require(RungCase.fish.first { $0.values == values && $0.expect?.hasPrefix(text) == true })
        let board = try position.board()
        let solution = try Self.solution(try Self.grid(values))
        let claim = try Self.claim(text)
        guard case .proven(let step) = DeductionCheck.check(claim, board: board, solution: solution) else {
            Issue.record("\(text): not proven by one step")
            return
        }
        #expect([.finnedFrankenFish, .finnedMutantFish].contains(step.technique), "\(text): \(step.technique)")
        guard case .fish(_, let base, let cover, let fins, _) = step.pattern else {
            Issue.record("\(text): \(step.pattern)")
            return
        }
        #expect(base.count == 4 && cover.count == 4 && !fins.isEmpty, "\(text): \(step.line)")
        #expect(step.line == position.expect, "\(text)")
    }

    @Test func aPlacementIsProvenByAHiddenSingle() throws {
        let puzzle = try Self.grid(Self.easy)
        let verdict = DeductionCheck.check(
            try Self.claim("r1c6=8"), board: try Board(puzzle: puzzle), solution: try Self.solution(puzzle))
        guard case .proven(let step) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(step.technique == .hiddenSingle)
        #expect(step.placements == [Candidate(Cell(row: 0, column: 5), 8)])
    }

    @Test func aFalseClaimIsNeverCalledTrue() throws {
        let (board, solution) = try Self.xwingBoard()
        for cell in Cell.all {
            let truth = Int(solution[cell])
            #expect(
                DeductionCheck.check(.elimination(digit: truth, cells: [cell]), board: board, solution: solution)
                    == .false("the solution puts \(truth) in \(cell)"))
            for d in 1...9 where d != truth {
                #expect(
                    DeductionCheck.check(.placement(Candidate(cell, d)), board: board, solution: solution)
                        == .false("the solution puts \(truth) in \(cell)"))
            }
        }
        #expect(
            DeductionCheck.check(try Self.claim("r6c5,r6c1<>6"), board: board, solution: solution)
                == .false("the solution puts 6 in r6c1"))
        // The true claims of row 6 are never called false, and a proof does conclude them.
        for cell in House.row(5).cells {
            let truth = Int(solution[cell])
            #expect(
                DeductionCheck.check(.placement(Candidate(cell, truth)), board: board, solution: solution).name
                    != "false")
            for d in 1...9 where d != truth {
                let verdict = DeductionCheck.check(
                    .elimination(digit: d, cells: [cell]), board: board, solution: solution)
                #expect(verdict.name != "false")
                if case .proven(let step) = verdict {
                    var after = board
                    after.apply(step)
                    #expect(!after.hasCandidate(d, at: cell), "\(cell)<>\(d): \(step.line)")
                }
            }
        }
    }

    @Test func aClaimThePositionShowsIsAlreadyKnown() throws {
        let (board, solution) = try Self.xwingBoard()
        // r1c1's marks are 2 3 7: 1 is gone already.
        #expect(
            DeductionCheck.check(try Self.claim("r1c1<>1"), board: board, solution: solution)
                == .alreadyKnown("the position has no candidate 1 left in r1c1"))
        let puzzle = try Self.grid(Self.easy)
        var entries = Array(repeating: Character("."), count: 81)
        entries[2] = "4"
        let played = try Board(puzzle: puzzle, entries: try Grid(line: String(entries)))
        #expect(
            DeductionCheck.check(try Self.claim("r1c3=4"), board: played, solution: try Self.solution(puzzle))
                == .alreadyKnown("r1c3 holds 4 (already there)"))
    }

    @Test func aTrueClaimNoSingleStepConcludes() throws {
        let puzzle = try Self.grid(Self.easy)
        let board = try Board(puzzle: puzzle)
        let solution = try Self.solution(puzzle)
        let claim = try Self.claim("r1c3=4")
        #expect(solution[Cell(row: 0, column: 2)] == 4)
        for rung in Ladder.standard.rungs {
            #expect(!rung.steps(on: board).contains { $0.placements.contains(Candidate(Cell(row: 0, column: 2), 4)) })
        }
        let verdict = DeductionCheck.check(claim, board: board, solution: solution)
        #expect(verdict == .trueButNotOneStep(next: Ladder.standard.nextStep(board)))
        #expect(
            verdict.text
                == "true, but it does not follow from this position by one technique; the next step here is: "
                + "Look for a hidden single in box 2.")
        // An elimination of the X-Wing position that needs more than one step.
        let (xboard, xsolution) = try Self.xwingBoard()
        #expect(
            DeductionCheck.check(try Self.claim("r1c1<>2"), board: xboard, solution: xsolution).name
                == "true-not-one-step")
    }

    @Test func aClaimOnAGivensCell() throws {
        let (board, solution) = try Self.xwingBoard()
        #expect(
            DeductionCheck.check(try Self.claim("r1c3=6"), board: board, solution: solution)
                == .alreadyKnown("r1c3 holds 6 (a given)"))
        #expect(
            DeductionCheck.check(try Self.claim("r1c3=5"), board: board, solution: solution)
                == .false("the solution puts 6 in r1c3"))
        #expect(
            DeductionCheck.check(try Self.claim("r1c3<>5"), board: board, solution: solution)
                == .alreadyKnown("r1c3 holds 6 (a given)"))
        #expect(
            DeductionCheck.check(try Self.claim("r1c3<>6"), board: board, solution: solution)
                == .false("the solution puts 6 in r1c3"))
    }

    @Test func aWrongPositionIsReportedFirst() throws {
        let puzzle = try Self.grid(Self.easy)
        var entries = Array(repeating: Character("."), count: 81)
        entries[2] = "5"
        let grid = try Grid(line: String(entries))
        let verdict = try DeductionCheck.check(
            try Self.claim("r1c6=8"), puzzle: puzzle, entries: grid, marks: nil, solution: try Self.solution(puzzle)
        ) { () throws(SudokuLogicError) -> Board in try Board(puzzle: puzzle, entries: grid) }
        guard case .wrongPosition(let problems) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(problems.map(\.description) == ["r1c3 is not 5 (r1c1 in row 1 holds 5 too)"])
    }
}
