// Offers: `LocationStage`, the reading-free first half of a scan (candidate
// framings, then the warp, lattice fit and cells of the best one) as two calls a
// benchmark can time separately.

import Geometry
import GridVision
import Raster

/// Locates the grid in a photo and cuts the cells of the best framing, exactly
/// as `GridScanner.scan` does before it reads. Not thread-safe: one per thread.
public struct LocationStage {
    let locator = GridLocator()
    let extractor = CellExtractor()

    public init() {}

    /// The best candidate framing of `gray`, nil when no grid is found.
    public func locate(_ gray: GrayImage) -> Quad? { locator.locate(gray).first?.quad }

    /// Warps `quad`, fits the lattice and cuts the 81 cells with their glyphs;
    /// returns whether that succeeded.
    @discardableResult
    public func cutCells(_ gray: GrayImage, quad: Quad) -> Bool { extractor.extract(from: gray, quad: quad) != nil }
}
