// The kinds a played photo leaves in doubt, settled by the puzzle: the only
// choice of kinds that gives a symmetric puzzle with one solution.

import SudokuCore
import TestSupport
import Testing

@testable import GridScanner

/// A newspaper puzzle symmetric under a half turn, with one solution.
private let puzzle = "308006092500010000004780503400000200021030450007000001709051800000060007840900605"
private let solution = "378546192596312748214789563483195276621837459957624381769251834135468927842973615"

private func cells(_ text: String) -> [UInt8] { text.map { UInt8(String($0))! } }
private let none = [UInt8](repeating: 0, count: 81)

extension KindJudge {
    /// Whether the puzzle settles the kinds of `doubtful` as read: printed
    /// where `puzzle` holds a digit.
    fileprivate func settledByPuzzle(puzzle: [UInt8], entries: [UInt8], doubtful: [Int]) -> Bool {
        let asRead = doubtful.indices.reduce(0) { $0 | (puzzle[doubtful[$1]] != 0 ? 1 << $1 : 0) }
        return puzzleKinds(puzzle: puzzle, entries: entries, doubtful: doubtful) == asRead
    }
}

@Suite struct KindSymmetryTests {
    let judge = KindJudge()

    /// The premises the cases below rest on, checked by the solver.
    @Test(.tags(.small)) func thePuzzleIsSymmetricWithOneSolution() throws {
        #expect(KindJudge.symmetric(cells(puzzle)))
        let result = Solver.solve(try Grid(cells: cells(puzzle)))
        #expect(result.count == 1)
        #expect(result.solution?.cells == cells(solution))
    }

    /// A given in doubt whose mirror cell is printed: as an entry it would
    /// break the symmetry, so it is a given.
    @Test(.tags(.small)) func aGivenWithAPrintedMirrorIsSettled() {
        #expect(judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: [13]))
    }

    /// An entry in doubt whose mirror cell is empty: as a given it would break
    /// the symmetry, so it is an entry.
    @Test(.tags(.small)) func anEntryWithAnEmptyMirrorIsSettled() {
        var entries = none
        entries[1] = cells(solution)[1]
        #expect(judge.settledByPuzzle(puzzle: cells(puzzle), entries: entries, doubtful: [1]))
    }

    /// Both cells of a mirror pair in doubt, and the puzzle has one solution
    /// without them: both could be entries, so nothing is settled.
    @Test(.tags(.small)) func aPairThePuzzleDoesNotNeedStaysInDoubt() throws {
        var without = cells(puzzle)
        (without[0], without[80]) = (0, 0)
        #expect(Solver.countSolutions(try Grid(cells: without)) == 1)
        #expect(!judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: [0, 80]))
    }

    /// Both cells of a mirror pair in doubt, but without them the puzzle has
    /// two solutions: they are givens.
    @Test(.tags(.small)) func aPairThePuzzleNeedsIsSettled() throws {
        var without = cells(puzzle)
        (without[8], without[72]) = (0, 0)
        #expect(Solver.countSolutions(try Grid(cells: without)) == 2)
        #expect(judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: [8, 72]))
    }

    /// The centre cell is its own mirror: settled only when the puzzle needs it.
    @Test(.tags(.small)) func theCentreIsSettledOnlyWhenThePuzzleNeedsIt() throws {
        var without = cells(puzzle)
        without[40] = 0
        #expect(Solver.countSolutions(try Grid(cells: without)) == 2)
        #expect(judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: [40]))
        // Two more givens (a mirror pair from the solution) make the centre
        // unneeded.
        var fuller = cells(puzzle)
        (fuller[3], fuller[77]) = (cells(solution)[3], cells(solution)[77])
        var fullerWithout = fuller
        fullerWithout[40] = 0
        #expect(Solver.countSolutions(try Grid(cells: fullerWithout)) == 1)
        #expect(!judge.settledByPuzzle(puzzle: fuller, entries: none, doubtful: [40]))
    }

    /// A given read as an entry, its mirror cell printed: the puzzle settles
    /// it as printed, the other way than read.
    @Test(.tags(.small)) func aGivenReadAsAnEntryIsSettledAsPrinted() {
        var asRead = cells(puzzle), entries = none
        (asRead[13], entries[13]) = (0, cells(puzzle)[13])
        #expect(judge.puzzleKinds(puzzle: asRead, entries: entries, doubtful: [13]) == 1)
        #expect(!judge.settledByPuzzle(puzzle: asRead, entries: entries, doubtful: [13]))
        // An entry read as a given, beside a given in doubt, the reverse.
        var printed = cells(puzzle)
        printed[1] = cells(solution)[1]
        #expect(judge.puzzleKinds(puzzle: printed, entries: none, doubtful: [1, 13]) == 0b10)
    }

    /// A puzzle read without the symmetry is never settled: its printed cells
    /// may well be asymmetric by design.
    @Test(.tags(.small)) func anAsymmetricPuzzleIsNotSettled() {
        var asymmetric = cells(puzzle)
        asymmetric[80] = 0
        #expect(!KindJudge.symmetric(asymmetric))
        #expect(!judge.settledByPuzzle(puzzle: asymmetric, entries: none, doubtful: [13]))
    }

    /// An entry in doubt whose digit is not known cannot be tried as a given,
    /// and more than `mostSettledCells` cells are not tried at all.
    @Test(.tags(.small)) func unreadDigitsAndTooManyCellsAreNotSettled() {
        #expect(!judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: [1]))
        let many = [13, 20, 24, 27, 33].prefix(KindJudge.mostSettledCells + 1)
        #expect(judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: Array(many.dropLast())))
        #expect(!judge.settledByPuzzle(puzzle: cells(puzzle), entries: none, doubtful: Array(many)))
    }
}

@Suite struct KindSymmetryPhotoTests {
    /// A half-played training phone photo (TestImages/phone) whose pen 7 at
    /// r9c5 the kind judge takes for print, in doubt: read so, the givens miss
    /// the half turn's symmetry (r1c5 holds the player's 4). Read as an
    /// entry, they are symmetric with one solution, the only such choice, so
    /// the photo is proven with the printed givens of its truth file.
    @Test(.tags(.medium)) func aPenSevenTakenForPrintIsReadAsAnEntry() throws {
        let scanner = try GridScanner()
        let scan = phoneScan("02_17_honor_view_10_1", with: scanner)
        let cell = cellIndex
        let givens = try Grid(
            cells: cells("308006092500010000004780503400000200021030450007000001709051800000060007840900605"))
        #expect(scan.status == .solved && scan.flagged.isEmpty)
        #expect(scan.puzzle == givens)
        try #require(scan.kinds.count == 81 && scan.entries.count == 81)
        #expect(scan.kinds[cell(9, 5)] == .handwritten && scan.entries[cell(9, 5)] == 7)
        #expect(scan.kindConfidence[cell(9, 5)] < KindJudge().tuning.sureKind, "the kind judge alone is in doubt")
        #expect(scan.kindsSettledByPuzzle == [Cell(row: 3, column: 7), Cell(row: 8, column: 4)], "r4c8 and r9c5")
    }
}
