import SudokuCore
import TestSupport
import Testing

// The repair search on puzzles from TestImages/puzzles with misread cells: a
// unique board kept as it is, a misread digit put back, ties called ambiguous,
// and the conflicts it starts from.
@testable import GridScanner

func isUnique(_ board: [UInt8]) -> Bool {
    Solver.solve(try! Grid(cells: board), limit: 2).count == 1
}

@Suite struct RepairSearchTests {
    @Test(.tags(.small)) func aUniqueBoardIsAcceptedAsItIs() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        let outcome = try #require(RepairSearch().run(puzzle.map { CellEvidence(read: Int($0)) }))
        #expect(outcome.edits.isEmpty && !outcome.ambiguous)
        #expect(outcome.board == puzzle)
    }

    /// A 5 read as 6 that breaks uniqueness is put back, because the reading
    /// offered 5 as its second choice.
    @Test(.tags(.small)) func aFiveReadAsSixIsRepaired() throws {
        var found = 0
        for puzzle in try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 50)).map(\.cells) {
            guard let cell = puzzle.indices.first(where: { puzzle[$0] == 5 }) else { continue }
            var read = puzzle
            read[cell] = 6
            guard !isUnique(read) else { continue }
            var evidence = read.map { CellEvidence(read: Int($0)) }
            evidence[cell].options = [(5, 1.2)]
            // Distractors: other cells with their own (wrong) alternatives.
            for other in puzzle.indices.filter({ puzzle[$0] == 8 }).prefix(3) { evidence[other].options = [(6, 2.0)] }
            let outcome = try #require(RepairSearch().run(evidence))
            #expect(outcome.board == puzzle)
            #expect(outcome.edits == [CellEdit(cell: cell, from: 6, to: 5)])
            #expect(!outcome.ambiguous)
            found += 1
        }
        #expect(found >= 10)
    }

    /// Two different repairs of the same cost that both give a unique board: the
    /// search must say so rather than pick one.
    @Test(.tags(.medium)) func anEqualCostTieIsAmbiguous() throws {
        var checked = 0
        outer: for puzzle in try #require(try loadPuzzleSet("puzzles2_17_clue", limit: 300)).map(\.cells) {
            for cell in puzzle.indices where puzzle[cell] != 0 {
                // Another digit that also makes a unique puzzle in this cell.
                for other in 1...9 where other != Int(puzzle[cell]) {
                    var alt = puzzle
                    alt[cell] = UInt8(other)
                    guard isUnique(alt) else { continue }
                    var read = puzzle
                    read[cell] = 0  // a 17-clue puzzle without a clue has several solutions
                    guard !isUnique(read) else { continue }
                    var evidence = read.map { CellEvidence(read: Int($0)) }
                    evidence[cell].options = [(Int(puzzle[cell]), 2.0), (other, 2.0)]
                    let outcome = try #require(RepairSearch().run(evidence))
                    #expect(outcome.ambiguous)
                    #expect(outcome.contestedCells == [cell])
                    checked += 1
                    if checked == 3 { break outer }
                }
            }
        }
        #expect(checked == 3)
    }

    @Test(.tags(.small)) func aBoardThatCannotBeRepairedGivesNothing() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var read = puzzle
        // Repeat a digit in the first row, with no alternatives offered.
        let a = try #require((0..<9).first { puzzle[$0] != 0 })
        let b = try #require((0..<9).first { puzzle[$0] == 0 })
        read[b] = puzzle[a]
        #expect(RepairSearch().run(read.map { CellEvidence(read: Int($0)) }) == nil)
    }

    @Test(.tags(.small)) func conflictsAreFoundInRowsColumnsAndBoxes() {
        var board = [UInt8](repeating: 0, count: 81)
        board[0] = 4
        board[8] = 4  // row 1
        board[10] = 7
        board[73] = 7  // column 2
        board[30] = 2
        board[50] = 2  // box 5 (r4c4 and r6c6)
        let groups = Set(RepairSearch.conflictCells(board))
        #expect(groups == [[0, 8], [10, 73], [30, 50]])
    }

    /// The search's quick test agrees with the conflicts found: on boards
    /// holding a few digits (random, seeded) and on the same boards made
    /// conflict-free, a repeated digit is found exactly where `conflictCells` finds one.
    @Test(.tags(.small)) func theQuickConflictTestAgreesWithTheConflictsFound() {
        var generator = SplitMix64(seed: 45)
        var counts = (conflicts: 0, clean: 0)
        for _ in 0..<2_000 {
            var board = [UInt8](repeating: 0, count: 81)
            for _ in 0..<Int(generator.next() % 25) {
                board[Int(generator.next() % 81)] = UInt8(generator.next() % 10)
            }
            let groups = RepairSearch.conflictCells(board)
            #expect(RepairSearch.hasConflict(board) == !groups.isEmpty)
            if groups.isEmpty { counts.clean += 1 } else { counts.conflicts += 1 }
        }
        #expect(counts.conflicts > 100 && counts.clean > 100)
    }
}
