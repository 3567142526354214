// Offers: `ScanTrace`, what one scan saw on its way to its result (each look at
// the photo: the locator's working mask and candidates, the framings tried, the
// chosen framing's cells and every glyph crop with its reading), filled by the
// scan itself when asked (`GridScanner.scan(path:trace:)`); `ReadGlyph`. The
// debug pictures (ScanTrace+Overlays.swift) and the benchmarks read this, so
// they cannot drift from the scan.

import Geometry
import GridVision
import Raster
import TesseractOCR

/// What one scan saw, in the order it looked. A scan fills it only when a caller
/// passes one (`GridScanner.scan(path:trace:)` and its siblings); an untraced
/// scan keeps none of it, times nothing and cuts no extra cells.
///
/// Coordinates are pixels of the look's `picture` (the photo at `scale`); the
/// scan's result gives them in pixels of the photo (multiply by `1 / scale`).
public struct ScanTrace: Sendable {
    /// One look at the photo: one pass (at one size, with one locator) in one
    /// polarity, in the order the scan made them. A look whose reading failed
    /// with an error is not recorded.
    public struct Look: Sendable {
        /// The photo as the scan saw it in this pass (never its negative: the
        /// picture the overlays are drawn on).
        public var picture: RGBImage
        /// The picture's size against the photo's (`DecodedImage.scale`).
        public var scale: Double
        /// Whether this look read the picture's negative (light print on a dark ground).
        public var negative: Bool
        /// The locator's ink mask at its working size; nil when the picture is
        /// too small to hold a grid.
        public var mask: BinaryImage?
        /// The locator's candidate framings, best first.
        public var candidates: [GridCandidate]
        /// The framings tried, in order: the candidates the reader took up, each
        /// read unless its cells could not be cut (none for a scan that locates only).
        public var tried: [Framing] = []
        /// The chosen framing, turned to reading orientation (its first corner
        /// is the puzzle's r1c1); the first candidate when nothing was read;
        /// nil when there is none.
        public var chosen: Quad?
        /// The chosen framing's cells (in the framing's own order, not turned);
        /// nil when they could not be cut or there is no framing.
        public var cells: GridCells?
        /// Quarter turns from the framing's cells to reading orientation.
        public var rotation = 0
        /// Each cell's glyph as the reader read it, in reading order (r1c1, r1c2,
        /// ..., r9c9; nil: no glyph); empty when nothing was read.
        public var glyphs: [ReadGlyph?] = []
        /// Thread CPU time of the grid search (working pictures and candidates), ms.
        public var locateMilliseconds = 0.0
        /// Thread CPU time of cutting `cells` (warp, lattice, cells and glyphs), ms;
        /// 0 when there was no framing to cut.
        public var cellsMilliseconds = 0.0
    }

    /// One framing the reader read.
    public struct Framing: Sendable {
        /// The candidate's quad, as the locator gave it.
        public var quad: Quad
        /// Its reading; nil when its cells could not be cut.
        public var reading: FramingReading?
        /// Thread CPU time of cutting its cells, ms.
        public var cellsMilliseconds: Double
    }

    /// Every look, in order.
    public var looks: [Look] = []
    /// The index in `looks` of the look whose result the scan returned; nil when
    /// none was (a decoding error, or a reading that failed).
    public var kept: Int?

    public init() {}

    /// The look whose result the scan returned.
    public var keptLook: Look? { kept.map { looks[$0] } }
}

extension GridScanner {
    /// Scans the file at `path` as `scan(path:)` does, and fills `trace` with
    /// what the scan saw (whatever `trace` held is replaced).
    public func scan(path: String, trace: inout ScanTrace) -> ScanResult { traced(&trace) { scan(path: path) } }

    /// Scans an encoded photo as `scan(bytes:source:)` does, and fills `trace`.
    public func scan(bytes: [UInt8], source: String, trace: inout ScanTrace) -> ScanResult {
        traced(&trace) { scan(bytes: bytes, source: source) }
    }

    /// Scans an upright photo as `scan(image:source:scale:)` does, and fills `trace`.
    public func scan(image: RGBImage, source: String, scale: Double = 1, trace: inout ScanTrace) -> ScanResult {
        traced(&trace) { scan(image: image, source: source, scale: scale) }
    }

    /// Runs `scan` with a fresh trace for the stages to fill, and hands it to `trace`.
    func traced(_ trace: inout ScanTrace, _ scan: () -> ScanResult) -> ScanResult {
        self.trace = ScanTrace()
        defer {
            trace = self.trace ?? ScanTrace()
            self.trace = nil
        }
        return scan()
    }
}

/// One cell's glyph as the framing reader read it.
public struct ReadGlyph: Sendable {
    /// The glyph's crop as read: upright, grey, its ink box with a little
    /// paper around it (`FramingReader.glyphCrop`, turned to reading orientation).
    public var crop: GrayImage
    /// Tesseract's reading of it, after the 8-behind-6 correction the reader applies.
    public var tesseract: DigitReading
}
