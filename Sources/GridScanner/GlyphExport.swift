// Offers: `GridScanner.exportGlyphs`, the glyphs of a photo exactly as the
// reader saw them: the normal scan's framing choice, then every cell's upright
// glyph crop (`FramingReader.glyphCrop`, turned to reading orientation) with the
// Tesseract reading it got. For training and measuring other digit readers on
// the pipeline's own crops.

import DigitReader
import Geometry
import GridVision
import ImageCodecs
import Raster
import SudokuCore

/// One digit the engine offered for a glyph, with its confidence (0...100).
public struct GlyphChoice: Sendable, Hashable {
    /// 1...9.
    public var digit: Int
    public var confidence: Float
    public init(digit: Int, confidence: Float) { self.digit = digit; self.confidence = confidence }
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
    /// The glyphs of the photo at `path`, cut from the framing the normal scan's
    /// first pass chooses (`scan(path:)` gives the same status, board and corners,
    /// unless a large photo's first pass is not proven and its finer second pass,
    /// which the export does not make, is preferred).
    ///
    /// Every glyph is read once more by Tesseract to report its reading (about
    /// 1.3 ms a glyph on top of the scan). Needs a scanner that reads
    /// (`ScanOptions.read`); a locate-only scanner gives status `error`.
    public func exportGlyphs(path: String) -> GlyphExport {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(atPath: path) } catch {
            return GlyphExport(file: path, error: .decode(error))
        }
        return exportGlyphs(bytes: bytes, source: path)
    }

    /// The glyphs of an encoded photo (see `exportGlyphs(path:)`).
    public func exportGlyphs(bytes: [UInt8], source: String) -> GlyphExport {
        let decoded: DecodedImage
        do {
            decoded = try ImageDecoder.decode(bytes, source: source,
                                              options: DecodeOptions(minLongSide: options.decodeLongSide))
        } catch {
            return GlyphExport(file: source, error: .decode(error))
        }
        return exportGlyphs(image: decoded.image, source: source, scale: decoded.scale)
    }

    /// The glyphs of an upright photo decoded at `scale` (see `exportGlyphs(path:)`).
    public func exportGlyphs(image: RGBImage, source: String, scale: Double = 1) -> GlyphExport {
        var export = GlyphExport(file: source, status: .noGrid)
        let recognizer: TesseractEngine?
        do throws(ScanError) { recognizer = try self.recognizer() } catch { return GlyphExport(file: source, error: error) }
        guard let recognizer else {
            return GlyphExport(file: source, error: .readerUnavailable(reason: "glyph export needs a scanner that reads"))
        }
        let gray = image.grayscale()
        let candidates = locator.locate(gray)
        do {
            var upright = false
            guard let best = try chooseFraming(gray, image, candidates, photoUpright: &upright) else { return export }
            let r = best.reading
            let toStored = 1 / scale
            export.status = r.status
            export.puzzle = Self.board(r.puzzle)
            export.rotation = r.rotation
            export.corners = Quad(best.quad.rotated(by: r.rotation).corners.map { $0 * toStored })
            export.glyphs = try uprightGlyphs(best.cells, rotation: r.rotation, recognizer: recognizer)
        } catch {
            export.status = .error
            export.error = .readingFailed(source: source, reason: "\(error)")
        }
        return export
    }

    /// Every cell's crop in reading orientation, as `FramingReader.read` cuts and
    /// turns it, with Tesseract's reading of it.
    func uprightGlyphs(_ cells: GridCells, rotation k: Int, recognizer: TesseractEngine) throws -> [ExportedGlyph] {
        let crops: [GrayImage?] = (0..<81).map { i in
            FramingReader.glyphCrop(cells, FramingReader.framingIndex(i, rotation: k))?
                .rotatedCounterClockwise(quarterTurns: k)
        }
        let present = crops.indices.filter { crops[$0] != nil }
        let readings = try recognizer.read(present.map { crops[$0]! })
        var byCell = [DigitReading](repeating: .nothing, count: 81)
        for (n, i) in present.enumerated() { byCell[i] = FramingReader.correctingEngineBias(readings[n]) }
        return (0..<81).map { i in
            let r = byCell[i]
            return ExportedGlyph(cell: Cell(index: i), crop: crops[i], digit: r.digit, confidence: r.confidence,
                                 alternatives: r.alternatives.map { GlyphChoice(digit: $0.digit, confidence: $0.confidence) })
        }
    }
}
