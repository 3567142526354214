// Offers: `CellExtractor`, which cuts the 81 cells of a framed grid out of the
// photo (through the fitted lattice, one warp per cell from the photo itself)
// into `GridCells`, finds each cell's glyph (`CellGlyph.swift`), and takes a
// second look and a faint look at the cells found empty (`centralDepth`). The
// photo's noise is in `CellNoise.swift`, the grid-line remnants in
// `LineRemnants.swift`, the ink a glyph may hide in `MissedInk.swift`.
//
// Tuning: the numbers here were chosen by hand on the training photos
// (`TestImages/newspaper`); only the faint look has a measurement of its own on
// record (see `faintLookOffset`, and the grid-line remnants' position, see
// `lineBandDivisor`). The extractor as a whole is measured: with the true
// corners, 8 wrong empty/ink decisions in 12,879 cells (2 missed, 6 phantom;
// README, "Measured figures").

import Geometry
import Raster

/// The 81 cells of one framing, in the framing's own row order (row 0 along
/// corner 0 → corner 1).
public struct GridCells: Sendable {
    /// Cell pictures, row-major, each `cropSize`×`cropSize`: the cell plus a
    /// margin of `margin` pixels on every side.
    public var images: [GrayImage]
    public var glyphs: [CellGlyph]
    /// Pixels across one cell inside a crop.
    public let cellSize: Int
    public let margin: Int
    public var lattice: GridLattice
    /// The rectified grid the lattice was fitted on.
    public var warped: GrayImage
    public var cropSize: Int { cellSize + 2 * margin }
}

public struct CellExtractor: Sendable {
    /// Cell size, margin and the second and faint looks' thresholds (`Tuning.cells`).
    public var tuning: CellTuning

    public init(tuning: CellTuning = CellTuning()) { self.tuning = tuning }

    /// Cuts the cells of the grid framed by `quad` in `photo`; nil for a degenerate quad.
    public func extract(from photo: GrayImage, quad: Quad) -> GridCells? {
        let side = 9 * tuning.cellSize
        guard let warped = Warper.warp(photo, quad: quad, size: side),
            let toPhoto = Homography(squareOfSide: Double(side), to: quad)
        else { return nil }
        let lattice = tuning.fitLattice ? LatticeFitter.fit(warped) : GridLattice.regular(size: Double(side))
        let noise = self.noise(warped)
        var images: [GrayImage] = []
        var glyphs: [CellGlyph] = []
        images.reserveCapacity(81)
        glyphs.reserveCapacity(81)
        let crop = tuning.cellSize + 2 * tuning.margin
        for row in 0..<9 {
            for col in 0..<9 {
                let q = lattice.cellQuad(row: row, col: col)
                // The crop's square maps onto the cell quad grown by the margin.
                let grow = Double(crop) / Double(tuning.cellSize)
                let c = q.center
                let outer = Quad(q.corners.map { toPhoto.apply(c + ($0 - c) * grow) })
                let cut = Warper.warp(photo, quad: outer, size: crop) ?? GrayImage(width: crop, height: crop, fill: 255)
                // A noisy photo's cells are smoothed for every reader, not only here.
                let image = noise.smooth ? self.boxBlur3(cut) : cut
                images.append(image)
                glyphs.append(
                    self.findGlyph(in: image, cellSize: tuning.cellSize, margin: tuning.margin, noiseFloor: noise.floor)
                )
            }
        }
        // Second look at empty cells, with thresholds set by this photo's own glyphs
        // (a faint photo has faint digits throughout): a glyph nearly as dark as
        // the others is taken; a digit-shaped one much fainter is only marked.
        let contrasts = glyphs.filter(\.hasGlyph).map(\.contrast).sorted()
        if contrasts.count >= tuning.minGlyphsForSecondLook {
            let inks = glyphs.filter(\.hasGlyph).map(\.inkPixels).sorted()
            let typicalContrast = contrasts[contrasts.count / 2], typicalInk = inks[inks.count / 2]
            for i in 0..<81 where !glyphs[i].hasGlyph {
                if glyphs[i].looseInkPixels > 0 {
                    let offset = max(tuning.minSecondLookOffset, Int(typicalContrast * tuning.secondLookOffset))
                    let again = self.findGlyph(
                        in: images[i], cellSize: tuning.cellSize, margin: tuning.margin,
                        offset: max(offset, noise.floor))
                    if again.hasGlyph && again.contrast >= tuning.secondLookContrast * typicalContrast
                        && again.inkPixels >= typicalInk / tuning.inkDivisor
                    {
                        glyphs[i] = again
                        continue
                    }
                }
                // A glyph this faint needs pixels at least that much darker than the
                // paper around the cell's centre; without them there is nothing to look for.
                guard
                    self.centralDepth(images[i], cellSize: tuning.cellSize, margin: tuning.margin)
                        >= tuning.faintContrast * typicalContrast
                else { continue }
                let offset = max(tuning.minFaintLookOffset, Int(typicalContrast * tuning.faintLookOffset))
                let faint = self.findGlyph(
                    in: images[i], cellSize: tuning.cellSize, margin: tuning.margin, offset: max(offset, noise.floor))
                glyphs[i].faintGlyph =
                    faint.hasGlyph && faint.inkPixels >= typicalInk / tuning.inkDivisor
                    && faint.contrast >= tuning.faintContrast * typicalContrast
            }
        }
        return GridCells(
            images: images, glyphs: glyphs, cellSize: tuning.cellSize, margin: tuning.margin,
            lattice: lattice, warped: warped)
    }

    /// How much darker than the median the darkest pixels (2 %) of a cell's middle
    /// 60 % are, in grey levels.
    func centralDepth(_ image: GrayImage, cellSize: Int, margin: Int) -> Double {
        let lo = margin + cellSize / tuning.centralTrim, hi = margin + cellSize - cellSize / tuning.centralTrim
        let histogram = Histogram(of: image, columns: lo..<hi, rows: lo..<hi)
        return Double(Int(histogram.quantile(0.5)) - Int(histogram.quantile(tuning.darkestShare)))
    }
}
