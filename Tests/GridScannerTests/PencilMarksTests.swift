// Splitting a group of small ink into its digits: digits written apart, and
// digits that touch where one's stroke runs into the next; pencil marks as
// large as the player's entries told from entries on phone photos.

import Foundation
import GlyphModels
import Raster
import TestSupport
import Testing

@testable import GridScanner

@Suite struct PencilMarksTests {
    /// A crop of paper with dark rectangles (x, y, width, height) drawn in.
    static func crop(width: Int, height: Int, ink: [(Int, Int, Int, Int)]) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 220)
        for (x0, y0, w, h) in ink {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { image[x, y] = 40 } }
        }
        return image
    }

    @Test(.tags(.small)) func digitsApartAreOneBoxEach() {
        let image = Self.crop(width: 40, height: 24, ink: [(3, 3, 9, 18), (16, 3, 9, 18), (29, 4, 8, 17)])
        let boxes = MarksReader().digitBoxes(in: image)
        #expect(boxes.map(\.x) == [3, 16, 29])
        #expect(boxes.map(\.width) == [9, 9, 8])
        #expect(boxes.map(\.height) == [18, 18, 17])
    }

    @Test(.tags(.small)) func touchingDigitsAreCutAtTheirEmptiestColumn() {
        // Two digits joined by a bar 4 pixels thick: one run of inked columns,
        // wider than it is high, cut where only the bar is.
        let image = Self.crop(width: 30, height: 22, ink: [(2, 2, 10, 18), (12, 9, 4, 4), (16, 2, 10, 18)])
        let boxes = MarksReader().digitBoxes(in: image)
        #expect(boxes.count == 2, "\(boxes)")
        #expect(boxes.first.map { $0.x == 2 && $0.x + $0.width <= 16 } == true, "\(boxes)")
        #expect(boxes.last.map { $0.x >= 12 && $0.x + $0.width == 26 } == true, "\(boxes)")
    }

    @Test(.tags(.small)) func aSpeckOrAStrokeTailIsNoDigit() {
        // A low blot beside a digit: not half the group's height.
        let image = Self.crop(width: 30, height: 24, ink: [(3, 3, 9, 18), (18, 16, 5, 4)])
        #expect(MarksReader().digitBoxes(in: image).map(\.x) == [3])
    }

    /// Ink pieces are measured against the ink, not the box: a faint line
    /// beside two digits stretches the box (the digits are under half its
    /// height, one piece by the box) but is lighter than the crop's middle grey.
    @Test(.tags(.small)) func inkPiecesLeaveAFaintLineOut() {
        var image = Self.crop(width: 34, height: 40, ink: [(6, 2, 10, 18), (20, 2, 10, 18)])
        for y in 1..<39 { image[2, y] = 170 }
        #expect(GlyphPlace.pieces(in: image) == 1)
        let ink = GlyphPlace.inkPieces(in: image)
        #expect(ink.pieces == 2)
        #expect(ink.aspect > 1.2 && ink.aspect < 1.4, "\(ink.aspect)")
    }

    /// A dark grid line's remnant along a crop's side, joined to the glyph
    /// and running below it, is left out of the ink's pieces: two digits
    /// under half the crop's height measure wider than tall again. A digit's
    /// own stroke along the side (as thick as the pen) stays.
    @Test(.tags(.small)) func inkPiecesLeaveADarkLineAlongTheSideOut() {
        var image = Self.crop(width: 34, height: 44, ink: [(6, 2, 10, 20), (20, 2, 10, 20), (2, 18, 4, 2)])
        for y in 1..<43 { image[2, y] = 40 }
        #expect(GlyphPlace.inkPieces(in: image).aspect < 1, "the line stretches the ink")
        let measured = GlyphPlace.measure(image)
        #expect(measured.inkPieces == 2)
        #expect(measured.inkAspect > 1.2 && measured.inkAspect < 1.5, "\(measured.inkAspect)")
        let stroke = Self.crop(width: 20, height: 30, ink: [(2, 2, 4, 26), (6, 14, 10, 3)])
        #expect(GlyphPlace.withoutEdgeLines(stroke) == nil)
    }

    /// The ink's rows are measured on the ink, so a faint line that
    /// stretches a glyph's box down past it is left out of them.
    @Test(.tags(.small)) func inkRowsLeaveAFaintLineOut() {
        var image = Self.crop(width: 34, height: 46, ink: [(6, 2, 8, 24), (16, 4, 10, 20)])
        for y in 1..<45 { image[1, y] = 170 }
        let rows = GlyphPlace.measure(image).inkRows
        #expect(rows.map { $0.top == 2 && $0.bottom == 25 } == true, "\(String(describing: rows))")
    }

    /// Entry-sized marks written against a cell's side, where a grid line's
    /// remnant joins them (training phone photos, TestImages/phone): a "14"
    /// whose box the line stretched to twice its height, a "25" whose split
    /// was read with the line as part of its 2, and a "15" whose 1 runs
    /// into a stroke under the 5 (one piece, which Tesseract reads as 4), its
    /// box stretched down the cell by a faint line's remnant: the ink is half
    /// the box high, and small and raised measured on itself. The player's
    /// 4 below it stays an entry.
    @Test(.tags(.medium)) func marksAgainstAGridLineAreMarks() throws {
        let scanner = try GridScanner()
        func kinds(_ name: String) -> [CellKind] { phoneScan(name, with: scanner).kinds }
        let cell = cellIndex
        let fourteen = kinds("02_22_iphone_14_0")
        #expect(fourteen.count == 81 && fourteen[cell(9, 7)] == .marks)
        let twentyFive = kinds("02_19_iphone_14_1")
        #expect(twentyFive.count == 81 && twentyFive[cell(4, 1)] == .marks)
        let fifteen = kinds("02_28_iphone_14_1")
        #expect(fifteen.count == 81 && fifteen[cell(5, 2)] == .marks && fifteen[cell(6, 2)] == .handwritten)
    }

    /// Entry-sized marks whose touching digits split into a 9 Tesseract
    /// reads as 4 and the hand reader surely as 9 (training phone photos,
    /// TestImages/phone): a faint "39" and a "79" whose 7's bar runs into
    /// the 9. Other digits still need both readers.
    @Test(.tags(.medium)) func aNineTesseractReadsAsFourSplitsMarks() throws {
        let scanner = try GridScanner()
        func kinds(_ name: String) -> [CellKind] { phoneScan(name, with: scanner).kinds }
        let cell = cellIndex
        let thirtyNine = kinds("02_18_honor_view_10_1")
        #expect(thirtyNine.count == 81 && thirtyNine[cell(6, 6)] == .marks)
        let seventyNine = kinds("02_22_iphone_14_0")
        #expect(seventyNine.count == 81 && seventyNine[cell(7, 1)] == .marks)
        let reader = MarksReader()
        func hand(_ digit: Int, _ p: Float) -> HandReading {
            HandReading(probabilities: (1...9).map { $0 == digit ? p : (1 - p) / 8 })
        }
        #expect(reader.fourNine(engine: 4, hand: hand(9, 0.995)))
        #expect(!reader.fourNine(engine: 4, hand: hand(9, 0.9)))
        #expect(!reader.fourNine(engine: 7, hand: hand(1, 0.999)))
    }

    /// Pencil marks of two digits as tall as the print, on training phone
    /// photos (TestImages/phone), each once read as an entry: a "15" whose 1
    /// is too narrow for the box's own aspect rule, a "127" whose box a grid
    /// line's remnant stretched, and a "25" whose digits touch (one piece,
    /// split and read alike by both readers). A broad 2 (ink wider than tall)
    /// of the player's stays an entry.
    @Test(.tags(.large)) func entrySizedMarksOnPhonePhotosAreMarks() throws {
        let scanner = try GridScanner()
        func kinds(_ name: String) -> [CellKind] { phoneScan(name, with: scanner).kinds }
        let cell = cellIndex
        let fifteen = kinds("03_02_honor_view_10_0")
        #expect(fifteen.count == 81 && fifteen[cell(9, 2)] == .marks)
        let played = kinds("02_19_iphone_14_0")
        #expect(played.count == 81 && played[cell(5, 2)] == .marks && played[cell(4, 1)] == .marks)
        let broad = kinds("03_04_honor_view_10_1")
        #expect(broad.count == 81 && broad[cell(5, 7)] == .handwritten)
    }
}
