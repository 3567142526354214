// The player's entries against the proven solution: wrong ones found with the
// cells they clash with, right ones and doubtful ones never called wrong, and
// doubtful ones that clash reported as cells to look at, never as mistakes.

import SudokuCore
import TestSupport
import Testing

@testable import GridScanner

@Suite struct PlayerEntriesTests {
    static let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

    @Test(.tags(.small)) func wrongEntriesAreFoundWithTheirClashesAndDoubtfulOnesAreNot() throws {
        let puzzle = try Grid(line: Self.puzzle).cells, solution = try Grid(line: Self.solution).cells
        var entries = [UInt8](repeating: 0, count: 81)
        entries[2] = 4  // r1c3: right
        entries[3] = 7  // r1c4: wrong (6), and row 1 holds the given 7 at r1c5
        entries[8] = 8  // r1c9: wrong (2), clashing with nothing
        entries[18] = 2  // r3c1: wrong (1), but not read surely
        let check = PlayerEntries.check(entries: entries, doubtful: [18], puzzle: puzzle, solution: solution)
        #expect(check.wrong == [Cell(index: 3), Cell(index: 8)])
        #expect(check.conflicts.count == 1)
        #expect(check.conflicts.first?.entry == Cell(index: 3))
        #expect(check.conflicts.first?.with == [Cell(index: 4)])
        #expect(check.doubtful.isEmpty)
    }

    @Test(.tags(.small)) func aWrongReadingThatFoundTheSolutionsDigitPlausibleIsADoubtNotAMistake() throws {
        let puzzle = try Grid(line: Self.puzzle).cells, solution = try Grid(line: Self.solution).cells
        var entries = [UInt8](repeating: 0, count: 81)
        entries[3] = 7  // r1c4: read 7, the solution has 6, and 6 was plausible
        entries[8] = 8  // r1c9: read 8, the solution has 2, which was not
        let check = PlayerEntries.check(
            entries: entries, doubtful: [], plausible: [3: [7, 6], 8: [8, 3]],
            puzzle: puzzle, solution: solution)
        #expect(check.wrong == [Cell(index: 8)])
        #expect(check.doubtful == [3])
    }

    @Test(.tags(.small)) func rightEntriesAreNotWrong() throws {
        let puzzle = try Grid(line: Self.puzzle).cells, solution = try Grid(line: Self.solution).cells
        let entries = (0..<81).map { puzzle[$0] == 0 ? solution[$0] : 0 }
        let check = PlayerEntries.check(entries: entries, doubtful: [], puzzle: puzzle, solution: solution)
        #expect(check.wrong.isEmpty && check.conflicts.isEmpty)
    }

    @Test(.tags(.small)) func aDoubtfulEntryThatClashesIsADoubtfulClash() throws {
        let puzzle = try Grid(line: Self.puzzle).cells, solution = try Grid(line: Self.solution).cells
        var entries = [UInt8](repeating: 0, count: 81)
        entries[18] = 9  // r3c1: not read surely, unlike the solution (1), and r3c2 holds the given 9
        entries[2] = 2  // r1c3: not read surely, unlike the solution (4), clashing with nothing
        entries[26] = 9  // r3c9: not read surely, unlike the solution (7); r3c1, r3c2 and r9c9 hold 9
        let check = PlayerEntries.check(entries: entries, doubtful: [2, 18, 26], puzzle: puzzle, solution: solution)
        #expect(check.wrong.isEmpty)
        #expect(
            check.clashes == [
                DoubtfulClash(cell: Cell(index: 18), digit: 9, with: [Cell(index: 19), Cell(index: 26)]),
                DoubtfulClash(
                    cell: Cell(index: 26), digit: 9,
                    with: [Cell(index: 18), Cell(index: 19), Cell(index: 80)]),
            ])
        #expect(check.clashes.first?.description == "r3c1, read as 9 but not surely, would clash with r3c2 and r3c9")
        // Entries read surely are wrong or right, never doubtful clashes.
        #expect(
            PlayerEntries.check(entries: entries, doubtful: [], puzzle: puzzle, solution: solution).clashes.isEmpty)
    }
}
