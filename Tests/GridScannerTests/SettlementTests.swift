import SudokuCore
import TestSupport
import Testing

// What a person can do with a reading that is not proven, on boards built from
// TestImages/puzzles: why a board is no puzzle (`BoardProblem`), the board as
// read (repairs are suggestions until proven), and `settling(_:)`, which proves
// the board again with the cells a person settled and honours every other flag.
@testable import GridScanner

/// The first puzzle of top1465 and its solution.
private func puzzleAndSolution() throws -> (Grid, Grid) {
    let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first)
    let solution = try #require(Solver.solve(puzzle, limit: 2).solution)
    return (puzzle, solution)
}

/// An unverified result holding `cells`, with `flagged` and `repairs`.
private func unverified(_ cells: [UInt8], flagged: [FlaggedCell] = [], repairs: [Repair] = []) throws -> ScanResult {
    var r = ScanResult(file: "photo.jpg", status: .unverified)
    r.puzzle = try Grid(cells: cells)
    r.flagged = flagged
    r.repairs = repairs
    return r
}

@Suite struct SettlementTests {
    @Test(.tags(.small)) func everyBoardThatIsNoPuzzleSaysWhy() throws {
        let (puzzle, solution) = try puzzleAndSolution()
        #expect(BoardProblem.of(puzzle) == nil)
        #expect(BoardProblem.of(try Grid(cells: [UInt8](repeating: 0, count: 81))) == .empty)
        #expect(BoardProblem.of(solution) == .complete)
        #expect(
            BoardProblem.of(solution).map(\.description)
                == "the board as read is already complete (a printed solution?)")

        var clash = puzzle.cells
        let given = try #require(clash.indices.first { clash[$0] != 0 })
        let sameRow = try #require((0..<9).map { given / 9 * 9 + $0 }.first { clash[$0] == 0 })
        clash[sameRow] = clash[given]
        let problem = try #require(BoardProblem.of(try Grid(cells: clash)))
        #expect(problem.code == "no-solution")
        let (first, second) = (Cell(index: min(given, sameRow)), Cell(index: max(given, sameRow)))
        #expect(problem.description.contains("\(first) and \(second) both \(clash[given])"), "\(problem.description)")

        var several = puzzle.cells
        for i in several.indices where several[i] != 0 {
            several[i] = 0
            if Solver.countSolutions(try Grid(cells: several), limit: 2) == 2 { break }
        }
        #expect(BoardProblem.of(try Grid(cells: several)) == .severalSolutions)
        #expect(
            BoardProblem.of(try Grid(cells: several))?.description
                == "the board as read has several solutions (at least 2)")

        // 60 digits with one solution: more than a printed puzzle holds.
        var full = solution.cells
        for i in 0..<21 { full[i * 3] = 0 }
        #expect(BoardProblem.of(try Grid(cells: full)) == .tooManyDigits(60))
    }

    /// A repair the search made on a board it could not prove is a suggestion:
    /// the board as read keeps the digit read, and `boardProblem` is about it.
    @Test(.tags(.small)) func anUnprovenBoardIsShownAsRead() throws {
        let (puzzle, _) = try puzzleAndSolution()
        let cell = try #require(puzzle.cells.indices.first { puzzle.cells[$0] != 0 })
        let given = puzzle.cells[cell]
        let misread: UInt8 = given == 9 ? 8 : given + 1
        let r = try unverified(
            puzzle.cells, flagged: [FlaggedCell(cell: Cell(index: 0), reason: .missedInk)],
            repairs: [Repair(cell: Cell(index: cell), from: misread, to: given)])
        #expect(r.boardAsRead?.cells[cell] == misread)
        #expect(r.repairsMakeItUnique)
        var proven = r
        proven.status = .solved
        #expect(proven.boardAsRead?.cells[cell] == given, "a proven board keeps its repairs")
    }

    /// Settling every flagged cell with the photo's digits proves the board;
    /// settling some leaves the others flagged; a wrong digit is no proof.
    @Test(.tags(.small)) func settlingProvesTheBoardAgainAndHonoursTheOtherFlags() throws {
        let (puzzle, solution) = try puzzleAndSolution()
        let givens = puzzle.cells.indices.filter { puzzle.cells[$0] != 0 }
        let (a, b) = (givens[0], givens[1])
        var read = puzzle.cells
        read[a] = 0  // a given read as empty
        let r = try unverified(
            read,
            flagged: [
                FlaggedCell(cell: Cell(index: a), reason: .missedInk),
                FlaggedCell(cell: Cell(index: b), reason: .lowConfidence),
            ])

        let one = r.settling([SettledCell(cell: Cell(index: a), digit: puzzle.cells[a])])
        #expect(one.status == .unverified && one.solution == nil)
        #expect(one.flagged == [FlaggedCell(cell: Cell(index: b), reason: .lowConfidence)])
        #expect(one.settled == [SettledCell(cell: Cell(index: a), digit: puzzle.cells[a])])

        let both = r.settling([
            SettledCell(cell: Cell(index: b), digit: puzzle.cells[b]),
            SettledCell(cell: Cell(index: a), digit: puzzle.cells[a]),
        ])
        #expect(both.status == .solved && both.flagged.isEmpty)
        #expect(both.solution == solution && both.puzzle == puzzle)
        #expect(both.settled.map(\.cell.index) == [a, b].sorted(), "listed in board order, as settled, not as read")

        let wrong = r.settling([
            SettledCell(cell: Cell(index: a), digit: puzzle.cells[a] == 9 ? 1 : puzzle.cells[a] + 1),
            SettledCell(cell: Cell(index: b), digit: puzzle.cells[b]),
        ])
        #expect(wrong.status == .unverified && wrong.solution == nil)

        // Nothing settled: the result is unchanged.
        #expect(r.settling([]).status == .unverified && r.settling([]).settled.isEmpty)
    }

    /// A repair the search suggested but the person did not settle flags its
    /// cell; a clash flag goes once the clash is settled.
    @Test(.tags(.small)) func unsettledSuggestionsAndSettledClashes() throws {
        let (puzzle, _) = try puzzleAndSolution()
        let givens = puzzle.cells.indices.filter { puzzle.cells[$0] != 0 }
        let (a, b) = (givens[0], givens[1])
        let misread: UInt8 = puzzle.cells[b] == 9 ? 8 : puzzle.cells[b] + 1
        var repaired = puzzle.cells
        repaired[a] = 0
        let r = try unverified(
            repaired, flagged: [FlaggedCell(cell: Cell(index: a), reason: .missedInk)],
            repairs: [Repair(cell: Cell(index: b), from: misread, to: puzzle.cells[b])])
        let settled = r.settling([SettledCell(cell: Cell(index: a), digit: puzzle.cells[a])])
        #expect(settled.status == .unverified)
        #expect(settled.flagged == [FlaggedCell(cell: Cell(index: b), reason: .lowConfidence)])
        #expect(settled.puzzle?.cells[b] == misread, "the suggestion is not applied")
        let accepted = r.settling([
            SettledCell(cell: Cell(index: a), digit: puzzle.cells[a]),
            SettledCell(cell: Cell(index: b), digit: puzzle.cells[b]),
        ])
        #expect(accepted.status == .solved && accepted.repairs.isEmpty)

        // Two cells of a row clash; the person empties one: both clash flags go.
        var clash = puzzle.cells
        let row = a / 9
        let empty = try #require((0..<9).map { row * 9 + $0 }.first { clash[$0] == 0 })
        clash[empty] = clash[a]
        let clashing = try unverified(
            clash,
            flagged: [
                FlaggedCell(cell: Cell(index: min(a, empty)), reason: .conflict),
                FlaggedCell(cell: Cell(index: max(a, empty)), reason: .conflict),
            ])
        let resolved = clashing.settling([SettledCell(cell: Cell(index: empty), digit: 0)])
        #expect(resolved.flagged.isEmpty && resolved.status == .solved)
    }
}
