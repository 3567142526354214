import GlyphModels
import Raster
import SudokuCore
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// Readings built by hand, so the judging can be tested without photos.
func confidentReads(_ board: [UInt8]) -> [CellRead] {
    board.map { v in
        var c = CellRead()
        if v != 0 {
            c.hasGlyph = true
            c.ink = 200
            c.interiorInk = 120
            c.reading = DigitReading(
                digit: Int(v), confidence: 97, alternatives: [DigitChoice(digit: Int(v), confidence: 97)])
            c.tesseract = c.reading
        }
        return c
    }
}

@Suite struct FramingReaderTests {
    let reader = FramingReader()

    @Test(.tags(.small)) func aConfidentUniqueBoardIsSolvedWithNothingFlagged() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        let r = reader.judge(confidentReads(puzzle), rotation: 0)
        #expect(r.status == .solved)
        #expect(r.flagged.isEmpty && r.repairs.isEmpty)
        #expect(r.puzzle == puzzle)
        #expect(r.solution.map { try! Grid(cells: $0).extends(try! Grid(cells: puzzle)) } == true)
    }

    @Test(.tags(.small)) func inkReadAsNothingIsFlaggedAndCleanEmptyCellsAreNot() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        // An empty cell holding ink like the photo's digits, read as nothing.
        let empty = try #require(puzzle.indices.first { puzzle[$0] == 0 })
        reads[empty].looseInk = 150
        let r = reader.judge(reads, rotation: 0)
        #expect(r.flagged == [FlaggedCell(cell: Cell(index: empty), reason: .missedInk)])
        #expect(r.status == .unverified)
    }

    /// A tall 1 whose stem went with the grid lines: the cell reads empty, no glyph
    /// and no loose ink, and the board is still unique. Ink removed from the middle
    /// of the cell as a grid line is enough to withhold the proof.
    @Test(.tags(.small)) func inkRemovedFromTheCentreMakesTheBoardUnverified() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        let empty = try #require(puzzle.indices.first { puzzle[$0] == 0 })
        #expect(reader.judge(reads, rotation: 0).status == .solved)
        reads[empty].centralLineInk = 36
        let r = reader.judge(reads, rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.flagged == [FlaggedCell(cell: Cell(index: empty), reason: .missedInk)])
    }

    /// An empty cell holding, in its interior, ink like this photo's thinnest digits
    /// (a given every stage let through) is flagged; a speck of dirt is not.
    @Test(.tags(.small)) func interiorInkInAnEmptyCellIsFlagged() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        let empties = puzzle.indices.filter { puzzle[$0] == 0 }
        reads[empties[0]].interiorInk = 30  // a quarter of the digits' interior ink
        #expect(reader.judge(reads, rotation: 0).status == .solved)
        reads[empties[1]].interiorInk = 90  // three quarters
        let r = reader.judge(reads, rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.flagged == [FlaggedCell(cell: Cell(index: empties[1]), reason: .missedInk)])
    }

    /// A digit on the board that no glyph backs is never proven.
    @Test(.tags(.small)) func aDigitWithoutAGlyphIsFlagged() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        let given = try #require(puzzle.indices.first { puzzle[$0] != 0 })
        reads[given].hasGlyph = false
        let r = reader.judge(reads, rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.flagged == [FlaggedCell(cell: Cell(index: given), reason: .lowConfidence)])
    }

    @Test(.tags(.small)) func aMissedGivenIsFilledOnlyWhenTheReadingOffersTheSolutionsDigit() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        let solution = try #require(Solver.solve(try Grid(cells: puzzle)).solution?.cells)
        // A newspaper-like puzzle: the minimal one plus some givens from its solution.
        // Dropping one of those extra givens leaves exactly one solution.
        var full = puzzle
        let extra = Array(puzzle.indices.filter { puzzle[$0] == 0 }.prefix(8))
        for i in extra { full[i] = solution[i] }
        let missing = extra[3]
        var board = full
        board[missing] = 0
        var reads = confidentReads(board)
        reads[missing].hasGlyph = true
        reads[missing].ink = 200
        // Read as nothing: flagged, not filled.
        let unsure = reader.judge(reads, rotation: 0)
        #expect(unsure.flagged.contains(FlaggedCell(cell: Cell(index: missing), reason: .missedInk)))
        #expect(unsure.status == .unverified)
        // The engine's alternatives include the solution's digit: filled, proven.
        reads[missing].reading = DigitReading(
            digit: 0, confidence: 0,
            alternatives: [DigitChoice(digit: Int(solution[missing]), confidence: 30)])
        reads[missing].tesseract = reads[missing].reading
        let filled = reader.judge(reads, rotation: 0)
        #expect(filled.status == .solved)
        #expect(filled.repairs == [Repair(cell: Cell(index: missing), from: 0, to: solution[missing])])
    }

    /// A digit repeated in a row, read with confidence and nothing else offered: the
    /// only way out is emptying a confident cell, which the reading does not back.
    @Test(.tags(.small)) func aBoardThatCannotBeRepairedIsUnverifiedWithItsConflictsFlagged() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var board = puzzle
        let a = try #require((0..<9).first { puzzle[$0] != 0 })
        let b = try #require((0..<9).first { puzzle[$0] == 0 })
        board[b] = puzzle[a]
        let r = reader.judge(confidentReads(board), rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.solution == nil)
        let flaggedCells = Set(r.flagged.map(\.cell.index))
        #expect(!flaggedCells.isDisjoint(with: [a, b]))
    }

    @Test(.tags(.small)) func aSixWithEightRankedHighIsTakenAsAnEight() {
        let r = DigitReading(
            digit: 6, confidence: 97,
            alternatives: [DigitChoice(digit: 6, confidence: 97), DigitChoice(digit: 8, confidence: 71)])
        let c = FramingReader.correctingEngineBias(r)
        #expect(c.digit == 8 && c.alternatives.map(\.digit) == [8, 6])
        let six = DigitReading(
            digit: 6, confidence: 99,
            alternatives: [DigitChoice(digit: 6, confidence: 99), DigitChoice(digit: 8, confidence: 3)])
        #expect(FramingReader.correctingEngineBias(six).digit == 6)
    }

    @Test(.tags(.small)) func aFilledSolutionGridIsNeverCalledSolved() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        let solution = try #require(Solver.solve(try Grid(cells: puzzle)).solution?.cells)
        let r = reader.judge(confidentReads(solution), rotation: 0)
        #expect(r.status == .unverified)
    }

    @Test(.tags(.small), arguments: 0..<4)
    func cellIndicesFollowTheRotation(k: Int) {
        // Turning the framing by k quarter turns and back again is the identity, and
        // r1c1 lands on framing corner k's cell.
        let corners = [0, 8, 80, 72]
        #expect(FramingReader.framingIndex(0, rotation: k) == corners[k])
        let all = Set((0..<81).map { FramingReader.framingIndex($0, rotation: k) })
        #expect(all.count == 81)
    }
}

/// The two readers' verdicts fused, and the classifier's veto on a proof.
@Suite struct SecondReaderTests {
    let reader = FramingReader()

    static func prediction(_ digit: Int, _ p: Float) -> DigitPrediction {
        var probabilities = [Float](repeating: (1 - p) / 9, count: 10)
        probabilities[digit] = p
        return DigitPrediction(probabilities: probabilities)
    }

    static func tesseract(_ digit: Int, _ confidence: Float, _ more: [DigitChoice] = []) -> DigitReading {
        digit == 0
            ? .nothing
            : DigitReading(
                digit: digit, confidence: confidence,
                alternatives: [DigitChoice(digit: digit, confidence: confidence)] + more)
    }

    @Test(.tags(.small)) func readersThatAgreeKeepTheDigitAndItsConfidence() {
        let r = FramingReader().fused(Self.tesseract(4, 96), Self.prediction(4, 0.99))
        #expect(r.digit == 4)
        #expect(r.confidence > 95)
        #expect(r.alternatives.first?.digit == 4)
    }

    @Test(.tags(.small)) func aDigitOnlyTheClassifierSawIsReadButBelowTemplateConfidence() {
        let r = FramingReader().fused(.nothing, Self.prediction(9, 0.99))
        #expect(r.digit == 9)
        #expect(r.confidence >= reader.tuning.lowConfidence && r.confidence < reader.tuning.confidentReading)
        // Unsure, it is not read at all.
        #expect(FramingReader().fused(.nothing, Self.prediction(9, 0.4)).digit == 0)
        #expect(FramingReader().fused(.nothing, Self.prediction(0, 0.9)).digit == 0)
    }

    @Test(.tags(.small)) func aDisagreementGoesToTheSurerReaderAndKeepsTheOtherAsAnAlternative() {
        // Tesseract reads a blurred 3 as 5; the classifier is sure of 3.
        let r = FramingReader().fused(Self.tesseract(5, 97), Self.prediction(3, 0.99))
        #expect(r.digit == 3)
        #expect(r.alternatives.contains { $0.digit == 5 })
        // The classifier unsure, Tesseract sure: Tesseract's digit.
        let t = FramingReader().fused(Self.tesseract(7, 95), Self.prediction(1, 0.45))
        #expect(t.digit == 7)
    }

    @Test(.tags(.small)) func aGivenTheClassifierReadsOtherwiseIsNotProven() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        for i in reads.indices where puzzle[i] != 0 { reads[i].second = Self.prediction(Int(puzzle[i]), 0.99) }
        #expect(reader.judge(reads, rotation: 0).status == .solved)
        let given = try #require(puzzle.indices.first { puzzle[$0] != 0 })
        reads[given].second = Self.prediction(Int(puzzle[given]) % 9 + 1, 0.9)
        let r = reader.judge(reads, rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.flagged.contains(FlaggedCell(cell: Cell(index: given), reason: .lowConfidence)))
    }

    @Test(.tags(.small)) func anEmptyCellTheClassifierReadsAsADigitIsNotProven() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        let empty = try #require(puzzle.indices.first { puzzle[$0] == 0 })
        reads[empty].second = Self.prediction(6, 0.95)
        let r = reader.judge(reads, rotation: 0)
        #expect(r.status == .unverified)
        #expect(r.flagged.contains(FlaggedCell(cell: Cell(index: empty), reason: .missedInk)))
    }

    /// A glyph of one block of ink in a 3×3 layout, a different block per digit:
    /// a stand-in for one photo's print of that digit.
    static func blockShape(_ digit: Int) -> GlyphShape {
        var image = GrayImage(width: 30, height: 42, fill: 230)
        let (bx, by) = ((digit - 1) % 3 * 10, (digit - 1) / 3 * 14)
        for y in by..<(by + 14) { for x in bx..<(bx + 10) { image[x, y] = 40 } }
        return GlyphShape(cell: image, box: (0, 0, 30, 42))
    }

    @Test(.tags(.small)) func aGivenOnlyTheClassifierReadNeedsThePhotosGlyphsToBackIt() throws {
        let puzzle = try #require(try loadPuzzleSet("puzzles3_magictour_top1465", limit: 1)?.first).cells
        var reads = confidentReads(puzzle)
        for i in reads.indices where puzzle[i] != 0 { reads[i].shape = Self.blockShape(Int(puzzle[i])) }
        #expect(reader.judge(reads, rotation: 0).status == .solved)
        // Tesseract read nothing there; the classifier read the board's digit.
        let given = try #require(
            puzzle.indices.first { i in puzzle[i] != 0 && puzzle.filter { $0 == puzzle[i] }.count > 1 })
        let digit = Int(puzzle[given])
        reads[given].tesseract = .nothing
        reads[given].second = Self.prediction(digit, 0.99)
        reads[given].reading = FramingReader().fused(.nothing, Self.prediction(digit, 0.99))
        // Its glyph is like the photo's other glyphs of that digit: settled, proven.
        #expect(reader.judge(reads, rotation: 0).status == .solved)
        // No other glyph of that digit to compare with: the classifier alone does
        // not prove it (a given Tesseract read keeps the board solved).
        var alone = reads
        for i in alone.indices where i != given && puzzle[i] == puzzle[given] { alone[i].shape = nil }
        let unsettled = reader.judge(alone, rotation: 0)
        #expect(unsettled.status == .unverified)
        #expect(unsettled.flagged == [FlaggedCell(cell: Cell(index: given), reason: .lowConfidence)])
        alone[given].tesseract = alone[given].reading
        #expect(reader.judge(alone, rotation: 0).status == .solved)
        // No glyph shape of its own to compare: not settled either.
        reads[given].shape = nil
        #expect(
            reader.judge(reads, rotation: 0).flagged == [FlaggedCell(cell: Cell(index: given), reason: .lowConfidence)])
    }
}
