// The grid model: cells and houses in players' notation, candidates, and the
// conflict report.

import TestSupport
import Testing

@testable import SudokuCore

@Suite struct GridModelTests {
    @Test(.tags(.small)) func cellsUsePlayersNotation() {
        #expect(Cell(index: 0).description == "r1c1")
        #expect(Cell(row: 8, column: 8).description == "r9c9")
        #expect(Cell(row: 4, column: 7).box == 5)
        #expect(Cell(index: 80).box == 8)
        #expect(Cell(row: 2, column: 6).houses == [.row(2), .column(6), .box(2)])
        #expect(Cell.all.count == 81 && Cell.all.map(\.index) == Array(0..<81))
    }

    @Test(.tags(.small)) func housesHoldNineDistinctCellsAndCoverTheGridThreeTimes() {
        #expect(House.all.count == 27)
        var cover = [Int](repeating: 0, count: 81)
        for h in House.all {
            #expect(Set(h.cells).count == 9, "\(h)")
            for c in h.cells { cover[c.index] += 1 }
            #expect(h.cells.allSatisfy { $0.houses.contains(h) }, "\(h)")
        }
        #expect(cover.allSatisfy { $0 == 3 })
        #expect(
            House.box(4).cells.map(\.description) == [
                "r4c4", "r4c5", "r4c6", "r5c4", "r5c5", "r5c6", "r6c4", "r6c5", "r6c6",
            ])
        #expect(House.column(0).description == "column 1" && House.box(8).description == "box 9")
    }

    @Test(.tags(.small)) func subscriptsAgreeWithCells() throws {
        var g = Grid()
        g[row: 3, col: 5] = 7
        #expect(g.cells[3 * 9 + 5] == 7)
        #expect(g[Cell(row: 3, column: 5)] == 7)
        g[Cell(index: 80)] = 2
        #expect(g[row: 8, col: 8] == 2)
        #expect(g.givenCount == 2 && !g.isFilled)
    }

    @Test(.tags(.small)) func checkedInitRejectsBadCells() {
        #expect(throws: SudokuCoreError.invalidCells("expected 81 cells, found 80")) {
            try Grid(cells: [UInt8](repeating: 0, count: 80))
        }
        var cells = [UInt8](repeating: 0, count: 81)
        cells[10] = 10
        #expect(throws: SudokuCoreError.invalidCells("value 10 at r2c2 is outside 0...9")) { try Grid(cells: cells) }
    }

    @Test(.tags(.small)) func candidatesExcludeDigitsSeenByTheCell() throws {
        let g = try Grid(line: examplePuzzle)
        let c = g.candidates()
        // r1c3: row 1 has 5,3,7; column 3 has 8; box 1 has 5,3,6,9,8.
        #expect(c[2] == CandidateSet([1, 2, 4]))
        #expect(c[0] == CandidateSet([5]))
        #expect(Array(CandidateSet([9, 1, 5])) == [1, 5, 9])
        #expect(CandidateSet([4]).single == 4 && CandidateSet([4, 5]).single == nil)
        #expect(CandidateSet([1, 9]).description == "{1,9}")
    }

    @Test(.tags(.small)) func solvedAndExtends() throws {
        let p = try Grid(line: examplePuzzle)
        let s = try Grid(line: exampleSolution)
        #expect(s.isSolved && !p.isSolved)
        #expect(s.extends(p) && !p.extends(s))
        var wrong = s
        wrong[row: 0, col: 0] = 3
        #expect(!wrong.isSolved && !wrong.extends(p))
    }
}

@Suite struct ConflictTests {
    @Test(.tags(.small)) func consistentGridsHaveNone() throws {
        #expect(try Grid(line: examplePuzzle).conflicts().isEmpty)
        #expect(try Grid(line: exampleSolution).conflicts().isEmpty)
        #expect(Grid().conflicts().isEmpty)
    }

    @Test(.tags(.small)) func everyConflictIsReportedWithHouseAndCells() {
        var g = Grid()
        g[row: 0, col: 0] = 5
        g[row: 0, col: 2] = 5  // row 1 and box 1
        g[row: 6, col: 0] = 5  // column 1 with r1c1
        g[row: 4, col: 4] = 3
        g[row: 5, col: 5] = 3  // box 5 only
        let found = g.conflicts()
        #expect(
            found == [
                Conflict(digit: 5, house: .row(0), cells: [Cell(row: 0, column: 0), Cell(row: 0, column: 2)]),
                Conflict(digit: 5, house: .column(0), cells: [Cell(row: 0, column: 0), Cell(row: 6, column: 0)]),
                Conflict(digit: 5, house: .box(0), cells: [Cell(row: 0, column: 0), Cell(row: 0, column: 2)]),
                Conflict(digit: 3, house: .box(4), cells: [Cell(row: 4, column: 4), Cell(row: 5, column: 5)]),
            ])
        #expect(found[0].description == "digit 5 appears 2 times in row 1: r1c1, r1c3")
    }

    @Test(.tags(.small)) func theQuickCheckAgreesWithTheFullList() {
        // Random grids, from one digit to forty: some clash, some do not.
        var rng = SplitMix64(seed: 7)
        var clashing = 0
        for n in 0..<2_000 {
            var g = Grid()
            for _ in 0..<(1 + n % 40) { g.cells[Int(rng.next() % 81)] = UInt8(1 + rng.next() % 9) }
            // Counted house by house, apart from the code under test.
            let full = House.all.contains { house in
                let digits = house.cells.map { g.cells[$0.index] }.filter { $0 != 0 }
                return Set(digits).count < digits.count
            }
            #expect(g.hasConflicts == full, "\(g.cells)")
            #expect(g.conflicts().isEmpty == !full)
            if full { clashing += 1 }
        }
        #expect(clashing > 200 && clashing < 1_800)
    }

    @Test(.tags(.small)) func aDigitThreeTimesIsOneConflictWithThreeCells() {
        var g = Grid()
        for c in [1, 4, 7] { g[row: 8, col: c] = 9 }
        #expect(
            g.conflicts() == [
                Conflict(digit: 9, house: .row(8), cells: [Cell(index: 73), Cell(index: 76), Cell(index: 79)])
            ])
    }
}
