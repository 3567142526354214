// Offers: `CellMarks`, the digits of one cell's pencil marks as read, and
// `MarksReader`, which reads them from the cells `KindJudge.marks` found: the
// cell's small pieces of ink, each read on its own by Tesseract and by the
// hand reader; a cell's marks are sure only when both read every piece alike.

import Geometry
import GlyphModels
import GridVision
import ImageCodecs
import Raster
import SudokuCore
import TesseractOCR

/// The pencil marks of one cell: the small candidate digits the player wrote
/// there, by glyph (where they sit in the cell is not taken for the digit:
/// players write them in a row along the top as often as in a keypad layout).
public struct CellMarks: Sendable, Hashable {
    public var cell: Cell
    /// The digits read, ascending, each once. For marks not read surely, the
    /// digits both readers agreed on (possibly none).
    public var digits: [Int]
    /// Every small digit of the cell was read, and read alike by both
    /// readers: the digits are the player's marks.
    public var sure: Bool

    public init(cell: Cell, digits: [Int], sure: Bool) {
        self.cell = cell
        self.digits = digits
        self.sure = sure
    }

    /// The digits as text: `57`.
    public var text: String { digits.map(String.init).joined() }
}

/// Reads the digits of pencil-mark cells. Each cell holding marks is cut
/// again from the photo, as finely as it allows (small digits are a few
/// pixels high in the cell pictures); its groups of small ink are split into
/// digits (runs of inked columns, touching digits cut at their emptiest
/// column), and each digit is read alone by Tesseract and by the hand reader.
/// A cell's marks are sure when both readers read every digit alike and
/// confidently, no digit repeats, no piece is wider than one digit, and every
/// group of small ink held a digit.
///
/// Tuning, on the phone training photos (TestImages/phone; their truth says
/// which cells hold marks, not the digits): by eye on 80 digits of the first
/// photo of each puzzle, Tesseract and the hand reader agreeing (`engineSure`,
/// `handSure`) were right on 20 of 21, the one wrong a "79" read as one piece
/// (hence `widestDigit`); the hand reader agreeing with the printed-digit
/// classifier instead was wrong on a 3 both read as 5, and Tesseract alone
/// reads few handwritten 4s and 9s. Each digit read alone, with paper around
/// it instead of its neighbours' strokes: 41 -> 54 of the 353 marks cells read
/// surely; by eye at least 69 of the 78 cells read surely are right.
struct MarksReader {
    /// Heights, sureness and paddings (`Tuning.pencilMarks`).
    var tuning = MarksTuning()

    /// The boxes of the digits side by side in `crop` (a group of small ink,
    /// upright), left to right: runs of columns holding ink, split where a
    /// column holds almost none, each a digit when its ink is at least half the
    /// crop's height (a speck or a stroke's tail is not).
    func digitBoxes(in crop: GrayImage) -> [(x: Int, y: Int, width: Int, height: Int)] {
        let (ink, paper) = GlyphField.levels(of: crop)
        guard paper > ink else { return [] }
        let cut = UInt8((Int(ink) + Int(paper)) / 2)
        let most = max(1, Int(tuning.gapInk * Double(crop.height)))
        var columns = [Int](repeating: 0, count: crop.width)
        for y in 0..<crop.height {
            for x in 0..<crop.width where crop[x, y] < cut { columns[x] += 1 }
        }
        func rows(_ columns: Range<Int>) -> (top: Int, bottom: Int) {
            var top = crop.height, bottom = -1
            for yy in 0..<crop.height {
                for xx in columns where crop[xx, yy] < cut {
                    top = min(top, yy)
                    bottom = max(bottom, yy)
                }
            }
            return (top, bottom)
        }
        var boxes: [(x: Int, y: Int, width: Int, height: Int)] = []
        // A run wider than one digit is digits touching: it is cut at its
        // emptiest column away from its ends, until each part is narrow enough.
        func add(_ run: Range<Int>) {
            let (top, bottom) = rows(run)
            let height = bottom - top + 1
            guard height >= crop.height / 2 else { return }
            if Double(run.count) > tuning.widest * Double(height) {
                let margin = Int(0.3 * Double(height))
                let middle = (run.lowerBound + margin)..<(run.upperBound - margin)
                if let c = middle.min(by: { columns[$0] < columns[$1] }) {
                    add(run.lowerBound..<c)
                    add((c + 1)..<run.upperBound)
                    return
                }
            }
            boxes.append((run.lowerBound, top, run.count, height))
        }
        var x = 0
        while x < crop.width {
            guard columns[x] > most else {
                x += 1
                continue
            }
            let start = x
            while x < crop.width && columns[x] > most { x += 1 }
            add(start..<x)
        }
        return boxes
    }

    /// Upright crops of cell `f`'s groups of small ink (framing index; the
    /// cell is turned `rotation` quarter turns counter-clockwise to read), cut
    /// from `photo` (through `toPhoto`, the framing's square-to-photo map) as
    /// finely as the photo allows, up to `finest` times the cell picture's
    /// scale: small digits are a few pixels high in the cell pictures.
    /// `printHeight`: the print's height in the cell picture's pixels.
    func groups(
        _ cells: GridCells, framingIndex f: Int, rotation k: Int, printHeight: Double,
        photo: RGBImage, toPhoto: Homography?
    ) -> [GrayImage] {
        let g = cells.glyphs[f]
        let boxes = ([g.box].compactMap { $0 } + g.smallGroups).filter { box in
            let upright = Double(k % 2 == 0 ? box.height : box.width)
            return upright >= tuning.leastHeight * printHeight && upright <= tuning.mostHeight * printHeight
        }
        guard !boxes.isEmpty else { return [] }
        var (image, s) =
            toPhoto.flatMap { fineCell(cells, index: f, photo: photo, toPhoto: $0) } ?? (cells.images[f], 1)
        // The lattice lines' bands are painted paper, so that no line joins
        // the small digits near the cell's edge into one piece.
        let band = cells.cellSize / CellExtractor.lineBandDivisor
        let (inner, outer) = ((cells.margin + band) * s, (cells.margin + cells.cellSize - band) * s)
        let paper = Histogram(of: image).quantile(FramingReader.paperShare)
        for y in 0..<image.height {
            for x in 0..<image.width where x < inner || y < inner || x >= outer || y >= outer { image[x, y] = paper }
        }
        return boxes.map { box in
            image.crop(
                x: (box.x - tuning.pad) * s, y: (box.y - tuning.pad) * s, width: (box.width + 2 * tuning.pad) * s,
                height: (box.height + 2 * tuning.pad) * s, outside: 255
            )
            .rotatedCounterClockwise(quarterTurns: k)
        }
    }

    /// Cell `index`'s picture (as `cells.images[index]` frames it) cut from
    /// `photo` at `s` times its scale, `s` the photo's pixels per cell
    /// picture pixel (at most `finest`); nil when the photo is no finer.
    func fineCell(_ cells: GridCells, index: Int, photo: RGBImage, toPhoto: Homography) -> (GrayImage, Int)? {
        let q = cells.lattice.cellQuad(row: index / 9, col: index % 9)
        let crop = cells.cropSize
        let c = q.center
        let outer = Quad(q.corners.map { toPhoto.apply(c + ($0 - c) * (Double(crop) / Double(cells.cellSize))) })
        let side = (0..<4).map { (outer.corners[($0 + 1) % 4] - outer.corners[$0]).length }.reduce(0, +) / 4
        let s = min(tuning.finest, Int((side / Double(crop)).rounded()))
        guard s >= 2, let toCell = Homography(squareOfSide: Double(crop * s), to: outer) else { return nil }
        var out = GrayImage(width: crop * s, height: crop * s, fill: 255)
        func luma(_ x: Int, _ y: Int) -> Double {
            let (r, g, b) = photo[min(max(x, 0), photo.width - 1), min(max(y, 0), photo.height - 1)]
            return 0.299 * Double(r) + 0.587 * Double(g) + 0.114 * Double(b)
        }
        for y in 0..<out.height {
            for x in 0..<out.width {
                let p = toCell.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let (fx, fy) = (p.x - 0.5, p.y - 0.5)
                let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
                let (ax, ay) = (fx - Double(x0), fy - Double(y0))
                let v =
                    (luma(x0, y0) * (1 - ax) + luma(x0 + 1, y0) * ax) * (1 - ay)
                    + (luma(x0, y0 + 1) * (1 - ax) + luma(x0 + 1, y0 + 1) * ax) * ay
                out[x, y] = UInt8(max(0, min(255, v.rounded())))
            }
        }
        return (out, s)
    }

    /// The digits side by side in `crop` (`digitBoxes`), each alone: its box,
    /// and paper around it (not the neighbours' strokes that reach into its
    /// margin); with their boxes.
    func digitCrops(in crop: GrayImage) -> (crops: [GrayImage], boxes: [(x: Int, y: Int, width: Int, height: Int)]) {
        let boxes = digitBoxes(in: crop)
        let margin = max(tuning.pad, crop.height / 10)
        let paper = Histogram(of: crop).quantile(FramingReader.paperShare)
        return (
            boxes.map {
                crop.crop(x: $0.x, y: $0.y, width: $0.width, height: $0.height)
                    .crop(
                        x: -margin, y: -margin, width: $0.width + 2 * margin, height: $0.height + 2 * margin,
                        outside: paper)
            }, boxes
        )
    }

    /// Whether `crop`, one glyph, is digits side by side that both readers
    /// read alike: it splits into two or more digits (`digitBoxes`: touching
    /// digits cut at their emptiest column), none wider than `widestDigit`,
    /// each read as the same digit by Tesseract (`engineSure`) and the hand
    /// reader (`handSure`; a 4 and a 9 confused by Tesseract taken from a
    /// sure hand reader, see `fourNine`), no digit twice.
    /// A grid line's remnant along the crop's side is left out first
    /// (`GlyphPlace.withoutEdgeLines`): joined to the first digit, it made a
    /// "25" of the phone training photos split as one wide piece.
    /// (Cutting at 0.9 of the height instead of `widest`, on the ink's own
    /// extent, read one more "25" of the phone training photos as marks but
    /// three entries of completed photos too, TestImages/mixed: "33", "62",
    /// "14" read alike piece by piece.)
    func readsAsDigits(_ crop: GrayImage, recognizer: some DigitRecognizer, hands: HandReader) throws -> Bool {
        let (digits, boxes) = digitCrops(in: GlyphPlace.withoutEdgeLines(crop) ?? crop)
        guard digits.count >= 2, !boxes.contains(where: { Double($0.width) > tuning.widestDigit * Double($0.height) })
        else { return false }
        // The hand reader first: Tesseract (far the dearer) reads a piece only
        // while the answer can still be yes.
        var read = Set<Int>()
        for digit in digits {
            let h = hands.read(digit)
            guard h.probability >= tuning.handSure, read.insert(h.digit).inserted else { return false }
            let e = try recognizer.read(digit)
            guard e.digit != 0, e.confidence >= tuning.engineSure,
                e.digit == h.digit || fourNine(engine: e.digit, hand: h)
            else { return false }
        }
        return true
    }

    /// Whether the hand reader's digit stands against Tesseract's `engine`:
    /// a handwritten 9 with a small loop on a straight stem is a 4 open at
    /// the top to Tesseract (and a 4 closed at the top a 9), which reads few
    /// handwritten 4s and 9s; the hand reader, trained on handwriting, then
    /// decides when it is sure past `fourNineHand`. Training figures
    /// (TestImages/phone): the split digits of a "39" and of a "79" taken for
    /// entries, each 9 read as 4 by Tesseract (96 and 87) and as 9 by the
    /// hand reader (1.00).
    func fourNine(engine: Int, hand: HandReading) -> Bool {
        [engine, hand.digit].sorted() == [4, 9] && hand.probability >= tuning.fourNineHand
    }

    /// The marks of `cellsWithMarks` (reading-orientation indices) of a framing
    /// read in rotation `k`.
    func read(
        _ cellsWithMarks: [Int], cells: GridCells, rotation k: Int, printHeight: Double,
        photo: RGBImage, toPhoto: Homography?,
        recognizer: some DigitRecognizer, hands: HandReader
    ) throws -> [CellMarks] {
        var found: [CellMarks] = []
        for i in cellsWithMarks {
            let f = FramingReader.framingIndex(i, rotation: k)
            let crops = groups(
                cells, framingIndex: f, rotation: k, printHeight: printHeight, photo: photo, toPhoto: toPhoto)
            var digits = Set<Int>()
            var sure = !crops.isEmpty
            var pieces: [GrayImage] = []
            for crop in crops {
                let (digits, boxes) = digitCrops(in: crop)
                // A group of small ink with no digit-high piece is unread ink.
                if digits.isEmpty { sure = false }
                if boxes.contains(where: { Double($0.width) > tuning.widestDigit * Double($0.height) }) { sure = false }
                pieces += digits
            }
            // A piece the hand reader is unsure of, or reads as a digit already
            // taken, cannot add a digit: Tesseract (far the dearer reader) is
            // not asked.
            for piece in pieces {
                let h = hands.read(piece)
                guard h.probability >= tuning.handSure, !digits.contains(h.digit) else {
                    sure = false
                    continue
                }
                let e = try recognizer.read(piece)
                guard e.digit == h.digit, e.confidence >= tuning.engineSure else {
                    sure = false
                    continue
                }
                digits.insert(h.digit)
            }
            found.append(CellMarks(cell: Cell(index: i), digits: digits.sorted(), sure: sure))
        }
        return found
    }
}

/// The photo finer than the scan's working copy (pencil marks are read from
/// it): the copy `ScanOptions.marksDecodeLongSide` asks for, and how many times
/// finer it is than the working copy.
struct FinePhoto {
    let image: RGBImage
    let factor: Double

    /// `fine` as the finer photo of a scan of `coarse`; nil when it is no finer.
    init?(_ fine: DecodedImage, coarse: DecodedImage) {
        guard fine.scale > coarse.scale else { return nil }
        image = fine.image
        factor = fine.scale / coarse.scale
    }
}
