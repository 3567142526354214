// Offers: `FramingReader.glyphCrop`, a glyph's crop from its cell picture with
// a little paper around it (`glyphPad`, `paperShare`): what every reader of a
// glyph is given; and `FramingReader.place`, where the glyph lies in its cell
// once the cell is turned to the reading orientation.

import GridVision
import Raster

extension FramingReader {

    /// Paper kept around a glyph's ink box: 5 % of its height (measured best for
    /// Tesseract; more lets grid-line stubs in).
    static func glyphPad(_ height: Int) -> Int { max(1, (height + 10) / 20) }

    /// The glyph's crop from its cell picture, with a little paper around it.
    static func glyphCrop(_ cells: GridCells, _ index: Int) -> GrayImage? {
        guard let box = cells.glyphs[index].box else { return nil }
        let pad = Self.glyphPad(box.height)
        var crop = cells.images[index].crop(
            x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad,
            height: box.height + 2 * pad, outside: 255)
        // A tall glyph nearly touches the grid lines: where the paper around its box
        // lies on a lattice line's band, it is painted in, so that no line comes
        // into the crop (for glyphs of the usual size nothing changes). Measured:
        // tall-digits 11 -> 12 exact, newspaper unchanged; painting all the paper
        // around every glyph instead lost 5 newspaper photos.
        let band = cells.cellSize / CellExtractor.lineBandDivisor
        let (inner, outer) = (cells.margin + band, cells.margin + cells.cellSize - band)
        let paper = Histogram(of: crop).quantile(Self.paperShare)
        for y in 0..<crop.height {
            for x in 0..<crop.width where x < pad || y < pad || x >= crop.width - pad || y >= crop.height - pad {
                let (cx, cy) = (box.x - pad + x, box.y - pad + y)
                if cx < inner || cy < inner || cx >= outer || cy >= outer { crop[x, y] = paper }
            }
        }
        return crop
    }

    /// The paper's grey around a glyph: this quantile of its crop. No measurement
    /// recorded.
    static let paperShare = 0.9

    /// Where the glyph of box `box` (in its framing cell's crop) lies in its
    /// cell once the cell is turned `rotation` quarter turns counter-clockwise.
    static func place(_ box: (x: Int, y: Int, width: Int, height: Int), cells: GridCells, rotation: Int) -> GlyphPlace {
        let cs = Double(cells.cellSize), m = Double(cells.margin)
        var x = (Double(box.x) + Double(box.width) / 2 - m) / cs, y = (Double(box.y) + Double(box.height) / 2 - m) / cs
        var (w, h) = (Double(box.width), Double(box.height))
        for _ in 0..<(((rotation % 4) + 4) % 4) {
            (x, y) = (y, 1 - x)
            (w, h) = (h, w)
        }
        return GlyphPlace(x: x, y: y, aspect: w / max(1, h))
    }
}
