// The player's next move from a solved photo's record: a cell whose entry is
// not read surely is never called empty (no step concludes about it or rests
// on it), and a grid that only such cells complete is said to be full.

import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@testable import GridScanner
@testable import SudokitCommands

@Suite struct PlayerHintTests {
    static let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

    /// A record of the puzzle with the solution's digits entered in every empty
    /// cell but `blank`, the entries at `doubtful` not read surely (`digit` read there, when given).
    static func record(blank: [Int], doubtful: [Int], digit: [Int: UInt8] = [:]) throws -> ScanResult {
        let puzzle = try Grid(line: Self.puzzle), solution = try Grid(line: Self.solution)
        var r = ScanResult(file: "t.jpg", status: .solved)
        r.puzzle = puzzle
        r.solution = solution
        r.entries = (0..<81).map {
            puzzle.cells[$0] == 0 && !blank.contains($0) ? (digit[$0] ?? solution.cells[$0]) : 0
        }
        r.doubtfulEntries = doubtful.map { Cell(index: $0) }
        return r
    }

    @Test(.tags(.small)) func aStepNeverConcludesAboutOrRestsOnACellNotReadSurely() throws {
        // r1c3 (index 2) is not read surely and r7c9 (62) is empty: without r1c3
        // both are full houses, and box 1's comes first.
        let r = try Self.record(blank: [62], doubtful: [2])
        var entries = r.entries
        entries[2] = 0
        let board = try Board(puzzle: try #require(r.puzzle), entries: try Grid(cells: entries))
        #expect(Ladder.standard.nextStep(board)?.placements.first?.cell == Cell(index: 2), "the test's premise")
        let hint = try #require(PlayerHint(r))
        let step = try #require(hint.step, "\(hint.note ?? "")")
        let named = Set(step.placements.map(\.cell) + step.eliminations.map(\.cell) + step.facts.patternCells)
        #expect(!named.contains(Cell(index: 2)) && named.contains(Cell(index: 62)), "\(step.line)")
        #expect(hint.note == nil && hint.problems.isEmpty)
    }

    @Test(.tags(.small)) func aGridThatOnlyDoubtfulEntriesCompleteIsSaidToBeFull() throws {
        let right = try #require(PlayerHint(try Self.record(blank: [], doubtful: [2, 62])))
        #expect(right.step == nil)
        #expect(
            right.note
                == "every cell is filled: the puzzle is solved if r1c3 and r7c9 hold the 4 and 4 they seem to (not "
                + "read surely)"
        )
        let one = try #require(PlayerHint(try Self.record(blank: [], doubtful: [2])))
        #expect(
            one.note == "every cell is filled: the puzzle is solved if r1c3 holds the 4 it seems to (not read surely)")
        // Read as 2 where the solution has 4: the note does not call the grid solved.
        let unlike = try #require(PlayerHint(try Self.record(blank: [], doubtful: [2], digit: [2: 2])))
        #expect(unlike.step == nil && unlike.note == "every cell is filled: check r1c3, not read surely")
        // With every entry read surely, the grid is simply solved.
        #expect(PlayerHint(try Self.record(blank: [], doubtful: []))?.note == "the puzzle is solved: no hint needed")
        // Only a solved record has a hint.
        var unverified = try Self.record(blank: [], doubtful: [])
        unverified.status = .unverified
        #expect(PlayerHint(unverified) == nil)
    }

    /// Pencil marks read surely that hold the cell's solution digit narrow its
    /// candidates in the position; those that leave it out are told and left
    /// out; marks not read surely are not used.
    @Test(.tags(.small)) func surelyReadMarksHoldingTheSolutionDigitMakeThePosition() throws {
        // Blank rows 1 and 2 of the entries: r1c3 (index 2) is 4, r1c4 (3) is 6,
        // r2c2 (10) is 7 in the solution.
        var r = try Self.record(blank: Array(0..<18), doubtful: [])
        r.marks = [
            CellMarks(cell: Cell(index: 2), digits: [1, 4], sure: true),
            CellMarks(cell: Cell(index: 3), digits: [2, 8], sure: true),
            CellMarks(cell: Cell(index: 10), digits: [7], sure: false),
        ]
        let position = try #require(PlayerPosition(r))
        #expect(position.marked == [Cell(index: 2)])
        #expect(
            position.marksWithout.map(\.description) == [
                "r1c4's marks look like 28, without the 6 the solution puts there"
            ])
        // r1c3 holds no digit outside its marks, and its solution digit; r1c4
        // and r2c2 have what the filled cells leave.
        let unmarked = try Board(puzzle: try #require(r.puzzle), entries: try Grid(cells: r.entries))
        let first = position.board.candidates(at: Cell(index: 2))
        #expect(first.rawValue & ~CandidateSet([1, 4]).rawValue == 0 && first.contains(4), "\(first)")
        #expect(unmarked.candidates(at: Cell(index: 2)).count > first.count, "the marks narrow the cell")
        #expect(position.board.candidates(at: Cell(index: 3)) == unmarked.candidates(at: Cell(index: 3)))
        #expect(position.board.candidates(at: Cell(index: 10)) == unmarked.candidates(at: Cell(index: 10)))
        let hint = try #require(PlayerHint(r))
        #expect(hint.marked == [Cell(index: 2)] && hint.marksWithout.count == 1)
    }
}
