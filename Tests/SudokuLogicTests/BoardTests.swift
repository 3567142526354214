// The position formats: a puzzle with entries, candidate grids with and
// without separators, the 729-character line, and the errors that name the
// cell or the place in the text.

import Foundation
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

@Suite struct BoardTests {
    @Test(.tags(.small)) func aPuzzleGivesEveryEmptyCellTheDigitsItsPeersLack() throws {
        let b = try Board(puzzle: Grid(line: puzzle))
        #expect(b.value(at: Cell(row: 0, column: 0)) == 5)
        #expect(b.candidates(at: Cell(row: 0, column: 2)) == CandidateSet([1, 2, 4]))
        #expect(b.givens.count == 30)
        #expect(b.uniqueness == .proven)
        #expect(b.unsolved.count == 51)
        #expect(b.cells(for: 1).contains(Cell(row: 0, column: 2)))
    }

    @Test(.tags(.small)) func entriesFillCellsAndRemoveTheirDigitFromPeers() throws {
        var entries = Array(repeating: Character("."), count: 81)
        entries[2] = "4"
        let b = try Board(puzzle: Grid(line: puzzle), entries: Grid(line: String(entries)))
        #expect(b.value(at: Cell(row: 0, column: 2)) == 4)
        #expect(!b.givens.contains(2))
        #expect(!b.hasCandidate(4, at: Cell(row: 0, column: 3)))
    }

    @Test(.tags(.small)) func anEntryOverADifferentGivenNamesTheCell() throws {
        var entries = Array(repeating: Character("."), count: 81)
        entries[0] = "3"
        #expect(throws: SudokuLogicError.entryOnGiven(cell: Cell(row: 0, column: 0), given: 5, entry: 3)) {
            try Board(puzzle: Grid(line: puzzle), entries: Grid(line: String(entries)))
        }
        #expect(
            SudokuLogicError.entryOnGiven(cell: Cell(row: 0, column: 0), given: 5, entry: 3).description
                == "r1c1 is a given 5; the entry there says 3")
    }

    @Test(.tags(.small)) func clashingDigitsAreAConflictNamingTheCells() throws {
        var entries = Array(repeating: Character("."), count: 81)
        entries[2] = "3"  // r1c3 = 3 beside the given 3 in r1c2
        #expect(throws: SudokuLogicError.self) {
            try Board(puzzle: Grid(line: puzzle), entries: Grid(line: String(entries)))
        }
        do {
            _ = try Board(puzzle: Grid(line: puzzle), entries: Grid(line: String(entries)))
        } catch let e as SudokuLogicError {
            #expect(e.description == "digit 3 appears 2 times in row 1: r1c2, r1c3")
        }
    }

    @Test(.tags(.small)) func theCandidateGridRoundTripsWithAndWithoutSeparators() throws {
        var b = try Board(puzzle: Grid(line: puzzle))
        b.eliminate(1, at: Cell(row: 0, column: 2))
        let text = b.candidateGridText()
        #expect(text.contains("|") && text.contains("+"))
        let again = try Board(candidates: text, puzzle: Grid(line: puzzle))
        #expect(again == b)
        // The same without any separator, one space between groups.
        let bare = text.split(separator: "\n").filter { !$0.hasPrefix("-") }
            .map { $0.replacingOccurrences(of: "|", with: " ") }.joined(separator: "\n")
        #expect(try Board(candidates: bare, puzzle: Grid(line: puzzle)) == b)
        // HoDoKu-style frame lines are separators too.
        let framed = ".-----------.\n" + text.replacingOccurrences(of: "-", with: "=") + "'-----------'\n"
        #expect(try Board(candidates: framed, puzzle: Grid(line: puzzle)) == b)
    }

    @Test(.tags(.small)) func the729CharacterLineRoundTrips() throws {
        var b = try Board(puzzle: Grid(line: puzzle))
        b.eliminate(2, at: Cell(row: 0, column: 2))
        let line = b.candidateLine()
        #expect(line.count == 729)
        #expect(line.hasPrefix("....5...." + "..3......" + "1..4....."))
        #expect(try Board(candidates: line, puzzle: Grid(line: puzzle)) == b)
    }

    @Test(.tags(.small)) func withoutAPuzzleASingleMarkIsAFilledCell() throws {
        let start = try Board(puzzle: Grid(line: puzzle))
        let b = try Board(candidates: start.candidateGridText())
        for i in 0..<81 {
            let single = start.masks[i].nonzeroBitCount == 1 ? UInt8(start.masks[i].trailingZeroBitCount + 1) : 0
            #expect(b.values[i] == max(start.values[i], single), "\(Cell(index: i))")
        }
        #expect(b.givens.count > start.givens.count)
        #expect(b.uniqueness == .proven)
    }

    @Test(.tags(.small)) func marksThatLeaveOutAFilledDigitNameTheCell() throws {
        var rows = try Board(puzzle: Grid(line: puzzle)).candidateGridText().split(separator: "\n").map(String.init)
        rows[0] = " 3" + rows[0].dropFirst(2)  // r1c1 holds 5; its group now says 3
        #expect(
            throws: SudokuLogicError.candidatesContradictValue(
                cell: Cell(row: 0, column: 0), value: 5,
                candidates: CandidateSet([3]))
        ) {
            try Board(candidates: rows.joined(separator: "\n"), puzzle: Grid(line: puzzle))
        }
    }

    @Test(.tags(.small)) func badCandidateTextSaysWhere() throws {
        let b = try Board(puzzle: Grid(line: puzzle))
        var rows = b.candidateGridText().split(separator: "\n").map(String.init)
        rows[1] = rows[1].replacingOccurrences(of: "6", with: "x")
        #expect(
            throws: SudokuLogicError.candidateText(
                line: 2, column: 2, message: "unexpected 'x', expected candidate digits 1-9 or a separator")
        ) {
            try Board(candidates: rows.joined(separator: "\n"))
        }
        let eight = b.candidateGridText().split(separator: "\n").dropLast().joined(separator: "\n")
        #expect(
            throws: SudokuLogicError.candidateText(
                line: 10, column: nil, message: "expected 9 rows of candidates, found 8")
        ) {
            try Board(candidates: eight)
        }
        var line = Array(b.candidateLine())
        line[9] = "5"  // r1c2's first place holds a 5
        #expect(throws: SudokuLogicError.self) { try Board(candidates: String(line)) }
        #expect(
            throws: SudokuLogicError.candidateText(line: 1, column: nil, message: "expected 729 characters, found 728")
        ) {
            try Board(candidates: String(b.candidateLine().dropLast()))
        }
    }

    @Test(.tags(.small)) func aCellWithoutCandidatesIsNamed() throws {
        var line = Array(try Board(puzzle: Grid(line: puzzle)).candidateLine())
        for k in 18..<27 { line[k] = "." }  // r1c3 loses every candidate
        #expect(throws: SudokuLogicError.noCandidates(Cell(row: 0, column: 2))) {
            try Board(candidates: String(line), puzzle: Grid(line: puzzle))
        }
    }

    @Test(.tags(.small)) func placingAndEliminatingKeepTheCandidatesInStep() throws {
        var b = try Board(puzzle: Grid(line: puzzle))
        b.place(4, at: Cell(row: 0, column: 2))
        #expect(b.candidates(at: Cell(row: 0, column: 2)).isEmpty)
        #expect(!b.cells(for: 4).contains(Cell(row: 0, column: 3)))
        #expect(!b.cells(for: 4).contains(Cell(row: 1, column: 2)))
        b.eliminate(2, at: Cell(row: 0, column: 3))
        #expect(!b.hasCandidate(2, at: Cell(row: 0, column: 3)))
        #expect(b.contradiction == nil)
        #expect(try Grid(line: solution).extends(b.grid))
    }
}
