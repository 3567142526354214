// Offers: `InkColour`, the colour of a glyph's ink against the paper around
// it, measured in the colour photo for a cell that `CellExtractor` cut from its
// grey copy: printed givens are black or grey, a player's entries are often
// blue or red.

import Geometry
import Raster

/// The mean colour of a glyph's ink and of its cell's paper, in the photo.
public struct InkColour: Sendable, Equatable {
    /// Mean red, green and blue of the ink pixels (0...255).
    public var ink: (r: Double, g: Double, b: Double)
    /// Mean of the paper pixels of the same cell.
    public var paper: (r: Double, g: Double, b: Double)

    public static func == (a: InkColour, b: InkColour) -> Bool {
        a.ink == b.ink && a.paper == b.paper
    }

    /// The ink's tint once the paper is taken as white (so the photo's light
    /// and white balance drop out): each channel's darkening `1 − ink / paper`,
    /// as (red − green, blue − green) over their mean. Black, grey and pencil
    /// ink give about (0, 0); coloured ink moves one or both away from 0 (on
    /// the completed training photos a quarter of the handwritten glyphs lie
    /// below −0.6 in red − green, while 90 % of the printed ones lie within
    /// −0.13 ... 0.17 in both).
    public var tint: (redGreen: Double, blueGreen: Double) {
        func darkening(_ i: Double, _ p: Double) -> Double { 1 - i / max(p, 1) }
        let r = darkening(ink.r, paper.r), g = darkening(ink.g, paper.g), b = darkening(ink.b, paper.b)
        let mean = max((r + g + b) / 3, 0.05)
        return ((r - g) / mean, (b - g) / mean)
    }

    /// The map from the rectified square of `cells` to the photo framed by
    /// `quad` (as `CellExtractor.extract` warped it); nil for a degenerate quad.
    public static func framing(_ quad: Quad, cells: GridCells) -> Homography? {
        Homography(squareOfSide: Double(9 * cells.cellSize), to: quad)
    }

    /// Measures the glyph of framing cell `index` of `cells` (cut from the grey
    /// copy of `photo`; `toPhoto` is `framing(_:cells:)` of its quad) in
    /// `photo`: the cell picture's pixels inside the glyph's box darker than
    /// halfway between its ink and paper are ink; those of the whole cell
    /// interior lighter than that are paper. Each is sampled in `photo` at the
    /// point the cell picture's pixel came from. Nil when the cell has no glyph
    /// or maps off the photo.
    public static func measure(_ photo: RGBImage, toPhoto: Homography, cells: GridCells, index: Int) -> InkColour? {
        guard let box = cells.glyphs[index].box else { return nil }
        let q = cells.lattice.cellQuad(row: index / 9, col: index % 9)
        let crop = cells.cropSize
        let grow = Double(crop) / Double(cells.cellSize)
        let c = q.center
        let outer = Quad(q.corners.map { toPhoto.apply(c + ($0 - c) * grow) })
        guard let toCell = Homography(squareOfSide: Double(crop), to: outer) else { return nil }
        let image = cells.images[index]
        // Ink and paper levels of the glyph's box, as the grey picture shows them.
        var darkest = 255, lightest = 0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let v = Int(image[x, y])
                darkest = min(darkest, v)
                lightest = max(lightest, v)
            }
        }
        guard lightest > darkest else { return nil }
        let threshold = (darkest + lightest) / 2
        var inkSum = (0.0, 0.0, 0.0), paperSum = (0.0, 0.0, 0.0)
        var inkCount = 0, paperCount = 0
        func sample(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)? {
            let p = toCell.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            let px = Int(p.x), py = Int(p.y)
            guard p.x >= 0, p.y >= 0, px < photo.width, py < photo.height else { return nil }
            return photo[px, py]
        }
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) where Int(image[x, y]) < threshold {
                guard let s = sample(x, y) else { continue }
                inkSum = (inkSum.0 + Double(s.0), inkSum.1 + Double(s.1), inkSum.2 + Double(s.2))
                inkCount += 1
            }
        }
        // Paper: the cell's interior away from its lines, every other pixel.
        let inner = cells.margin + cells.cellSize / 6, outerEdge = cells.margin + cells.cellSize - cells.cellSize / 6
        for y in stride(from: inner, to: outerEdge, by: 2) {
            for x in stride(from: inner, to: outerEdge, by: 2) where Int(image[x, y]) > threshold {
                guard let s = sample(x, y) else { continue }
                paperSum = (paperSum.0 + Double(s.0), paperSum.1 + Double(s.1), paperSum.2 + Double(s.2))
                paperCount += 1
            }
        }
        guard inkCount > 0, paperCount > 0 else { return nil }
        let n = Double(inkCount), m = Double(paperCount)
        return InkColour(
            ink: (inkSum.0 / n, inkSum.1 / n, inkSum.2 / n),
            paper: (paperSum.0 / m, paperSum.1 / m, paperSum.2 / m))
    }
}
