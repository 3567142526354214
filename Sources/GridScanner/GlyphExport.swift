// Offers: `GridScanner.exportGlyphs`, the glyphs of a photo exactly as the
// reader saw them: the scan's own trace of its chosen framing, every cell's
// upright glyph crop (`FramingReader.glyphCrop`, turned to reading orientation)
// with the Tesseract reading it got. For training and measuring other digit
// readers on the pipeline's own crops.

import Geometry
import Raster
import SudokuCore
import TesseractOCR

/// One digit the engine offered for a glyph, with its confidence (0...100).
public struct GlyphChoice: Sendable, Hashable {
    /// 1...9.
    public var digit: Int
    public var confidence: Float
    public init(digit: Int, confidence: Float) {
        self.digit = digit
        self.confidence = confidence
    }
}

/// One cell of the chosen framing, in reading orientation.
public struct ExportedGlyph: Sendable {
    public var cell: Cell
    /// The glyph crop as the reader reads it: upright, grey, the glyph's ink box
    /// with about 5 % of its height of paper around it. Nil when the cell held no glyph.
    public var crop: GrayImage?
    /// Tesseract's digit (after the 8-behind-6 correction the reader applies),
    /// 0 when it read nothing or there was no glyph.
    public var digit: Int
    /// Confidence in `digit`, 0...100; 0 when nothing was read.
    public var confidence: Float
    /// The engine's ranked alternatives, best first (the first is `digit`).
    public var alternatives: [GlyphChoice]
}

/// The glyphs of one photo's chosen framing.
public struct GlyphExport: Sendable {
    /// The photo's name as given by the caller.
    public var file: String
    /// The status the normal scan gives the photo.
    public var status: ScanStatus
    /// The board as read and repaired (reading orientation), nil when no grid was read.
    public var puzzle: Grid?
    /// The chosen framing in pixels of the upright photo (as `ScanResult.corners`).
    public var corners: Quad?
    /// Quarter turns from the framing to reading orientation.
    public var rotation: Int
    /// 81 cells in reading order (r1c1, r1c2, ..., r9c9); empty when no grid was read.
    public var glyphs: [ExportedGlyph]
    /// Why `status` is `error`; nil otherwise.
    public var error: ScanError?

    init(file: String, status: ScanStatus) {
        self.file = file
        self.status = status
        rotation = 0
        glyphs = []
    }

    /// The export of a photo that ended in `error`.
    public init(file: String, error: ScanError) {
        self.init(file: file, status: .error)
        self.error = error
    }
}

extension GridScanner {
    /// The glyphs of the photo at `path`, from the scan `scan(path:)` makes of it
    /// (its trace's kept look): the same status, board and corners as that scan.
    ///
    /// The crops and readings are the reader's own, not cut or read again. Needs
    /// a scanner that reads (`ScanOptions.read`); a locate-only scanner gives
    /// status `error`.
    public func exportGlyphs(path: String) -> GlyphExport {
        exported(source: path) { scan(path: path, trace: &$0) }
    }

    /// The glyphs of an encoded photo (see `exportGlyphs(path:)`).
    public func exportGlyphs(bytes: [UInt8], source: String) -> GlyphExport {
        exported(source: source) { scan(bytes: bytes, source: source, trace: &$0) }
    }

    /// The glyphs of an upright photo decoded at `scale` (see `exportGlyphs(path:)`).
    public func exportGlyphs(image: RGBImage, source: String, scale: Double = 1) -> GlyphExport {
        exported(source: source) { scan(image: image, source: source, scale: scale, trace: &$0) }
    }

    /// The export of the scan `scan` makes with a trace.
    func exported(source: String, _ scan: (inout ScanTrace) -> ScanResult) -> GlyphExport {
        guard options.read else {
            return GlyphExport(
                file: source, error: .readerUnavailable(reason: "glyph export needs a scanner that reads"))
        }
        var trace = ScanTrace()
        let result = scan(&trace)
        if result.status == .error {
            return GlyphExport(
                file: result.file, error: result.error ?? .readingFailed(source: source, reason: "no reason given"))
        }
        return GlyphExport(result, trace.keptLook)
    }
}

extension GlyphExport {
    /// The export of a scan's `result` whose trace kept `look`.
    init(_ result: ScanResult, _ look: ScanTrace.Look?) {
        self.init(file: result.file, status: result.status)
        puzzle = result.puzzle
        corners = result.corners
        guard let look, !look.glyphs.isEmpty else { return }
        rotation = look.rotation
        glyphs = (0..<81).map { i in
            guard let glyph = look.glyphs[i] else {
                return ExportedGlyph(cell: Cell(index: i), crop: nil, digit: 0, confidence: 0, alternatives: [])
            }
            let r = glyph.tesseract
            return ExportedGlyph(
                cell: Cell(index: i), crop: glyph.crop, digit: r.digit, confidence: r.confidence,
                alternatives: r.alternatives.map { GlyphChoice(digit: $0.digit, confidence: $0.confidence) })
        }
    }
}
