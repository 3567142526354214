// Offers: `FramingReading` (the reading of one framing, in reading orientation),
// `ReaderVotes` (what each reader read in a cell) and `CellRead` (what the
// framing reader gathers about one cell before judging it).

import Geometry
import GlyphModels
import GridVision
import Raster
import SudokuCore
import TesseractOCR

/// The reading of one framing, in reading orientation.
public struct FramingReading: Sendable {
    /// Quarter turns: the puzzle's r1c1 is the framing's corner `rotation`.
    public var rotation: Int
    public var status: ScanStatus
    /// The board as read and repaired (81 values).
    public var puzzle: [UInt8]
    public var solution: [UInt8]?
    /// The board (as repaired) has exactly one solution, proven or not.
    public var isUnique: Bool
    public var flagged: [FlaggedCell]
    public var repairs: [Repair]
    /// Digits read.
    public var digits: Int
    /// What each reader read in each cell (reading orientation), before judging.
    public var votes: [ReaderVotes] = []
    /// What each cell holds (81), and how sure that is (0...1).
    public var kinds: [CellKind] = []
    public var kindConfidence: [Float] = []
    /// Cells whose kind the kind judge was unsure of and the puzzle settled:
    /// the only kinds that give a symmetric puzzle with one solution
    /// (`KindJudge.puzzleKinds`).
    public var kindsSettledByPuzzle: [Int] = []
    /// The player's entries: a digit in each handwritten cell (0 elsewhere, and
    /// where the glyph read as no digit).
    public var entries: [UInt8] = []
    /// Handwritten cells whose digit was not read confidently.
    public var doubtfulEntries: [Int] = []
    /// Per entry, the digits it may plausibly be, its digit first.
    public var plausibleEntries: [Int: [Int]] = [:]
    /// Entries a second reader read alike (only these may be called mistakes).
    public var confirmedEntries: Set<Int> = []
    /// Its glyphs read upright with `FramingReader.uprightConfidence` mean
    /// confidence: the photo is upright.
    public var confidentlyUpright = false
    /// The print's height in shares of a cell (`KindJudge.photoPrint`).
    var printHeight = FramingReader.usualPrintHeight
    /// Each cell's glyph as read (reading order; nil: no glyph), kept only when
    /// asked for (`FramingReader.read(keepGlyphs:)`), else empty.
    var glyphs: [ReadGlyph?] = []
}

/// One cell's readings by each reader, before the judge weighs them: 0 where
/// the reader saw no digit (or the cell held no glyph).
public struct ReaderVotes: Sendable, Equatable {
    /// Tesseract alone (with its 8-read-as-6 correction).
    public var tesseract: UInt8
    /// The project's classifier alone.
    public var classifier: UInt8
    /// Both, as `FramingReader.fused` combines them.
    public var fused: UInt8

    public init(tesseract: UInt8, classifier: UInt8, fused: UInt8) {
        self.tesseract = tesseract
        self.classifier = classifier
        self.fused = fused
    }
}

/// Per-cell reading data (reading orientation).
struct CellRead {
    var hasGlyph = false
    /// A digit-shaped glyph much fainter than the photo's digits was seen.
    var faintGlyph = false
    /// Both readers' verdict (`FramingReader.fused`); what the judge works with.
    var reading = DigitReading.nothing
    /// The project's classifier alone (nil: no glyph).
    var second: DigitPrediction?
    /// Tesseract alone, after `correctingEngineBias` (nothing: no glyph).
    var tesseract = DigitReading.nothing
    var shape: GlyphShape?
    var looseInk = 0
    var ink = 0
    /// Ink of the cell's interior, and the part of it removed as grid lines off the
    /// lattice lines (`CellGlyph.interiorInkPixels`, `centralLineInkPixels`).
    var interiorInk = 0
    var centralLineInk = 0
    /// Ink of a digit-sized piece crossing the cell's lattice lines
    /// (`CellGlyph.straddlingInkPixels`).
    var straddlingInk = 0
    /// The cell's pencil marks (`CellGlyph.markPixels` and the rest).
    var markInk = 0
    var marks = 0
    var markLong = 0.0
    var markOffCentre = false
    /// The glyph's print (nil: no glyph).
    var style: GlyphStyle?
    /// Where the glyph lies in its cell, upright (nil: no glyph).
    var place: GlyphPlace?
    /// Where the cell's groups of small ink besides its glyph lie, upright, and
    /// their heights in shares of the cell (`CellGlyph.smallGroups`).
    var smallInk: [(place: GlyphPlace, height: Double)] = []
    /// The kind classifier's verdict (nil: no glyph).
    var kind: KindPrediction?
    /// The hand reader's, for a glyph taken for a handwritten entry (nil otherwise).
    var hand: HandReading?
}
