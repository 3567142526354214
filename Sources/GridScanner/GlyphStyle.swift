// Offers: `GlyphStyle`: what a glyph's print looks like, measured on its upright crop
// (size, darkness, ink tint).

import GlyphModels
import GridVision
import Raster
import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

/// What a glyph's print looks like, measured on its upright crop. (A stroke
/// width was tried too and left out: a bold 4's closed counter makes it
/// depend on the digit.)
struct GlyphStyle: Sendable {
    /// The ink box's height as a share of the cell's side.
    var height: Double
    /// Ink against paper: `(paper − ink) / paper` of the crop's two grey levels.
    var darkness: Double
    /// The ink's tint against its paper (`InkColour.tint`); (0, 0) when the
    /// colour was not measured. Setting it marks it measured.
    var tint: (redGreen: Double, blueGreen: Double) = (0, 0) {
        didSet { tintMeasured = true }
    }
    /// Whether `tint` was measured (pure grey ink measures (0, 0) too).
    private(set) var tintMeasured = false

    init(height: Double, darkness: Double, tint: (redGreen: Double, blueGreen: Double)) {
        self.height = height
        self.darkness = darkness
        self.tint = tint
        tintMeasured = true
    }

    /// Measures the glyph whose upright crop is `crop` (ink box plus `pad`
    /// pixels of paper on each side) in a cell `cellSize` pixels across.
    init(crop: GrayImage, pad: Int, cellSize: Int) {
        height = Double(max(1, crop.height - 2 * pad)) / Double(cellSize)
        let (ink, paper) = GlyphField.levels(of: crop)
        darkness = Double(Int(paper) - Int(ink)) / Double(max(1, Int(paper)))
    }
}
