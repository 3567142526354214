// Offers: the default values of `LocatorTuning` and `CellTuning`, each with its
// unit and its evidence: "measured" with how, or "chosen by hand" (the value was
// picked while the stage was written and only the stage as a whole was
// measured: `sudokit eval` against TestImages/baseline.json).

extension LocatorTuning {
    /// The values the locator was written and measured with.
    public init() {
        workingLongSide = 800  // pixels; chosen by hand on TestImages/newspaper
        maxCandidates = 8  // candidates; chosen by hand
        relativeOffset = 0.05  // share of the window's mean grey; chosen by hand
        minimumScore = 0.15  // grid score (0 to about 1); chosen by hand
        minComponentShare = 0.03  // share of the picture's area; chosen by hand
        minQuadShare = 0.02  // share of the picture's area; chosen by hand
        cellsAcross = 40  // cells across the short side (a cell at least 1/40 of it); chosen by hand
    }

    /// For a grid that is a small part of a large photo (a whole page with the
    /// puzzle in a corner: the grid 13 % of the frame's width covers 2 % of it): a
    /// working copy twice as fine, and components, quads and cells down to a
    /// third (a half) of the usual share of the picture. Chosen by hand; the
    /// scanner's second pass over a large photo (`ScanOptions.smallGridShrink`)
    /// searches with it.
    public static var smallGrids: LocatorTuning {
        var t = LocatorTuning()
        t.workingLongSide = 1600  // pixels
        t.minComponentShare = 0.01  // share of the picture's area
        t.minQuadShare = 0.01  // share of the picture's area
        t.cellsAcross = 80  // cells across the short side
        return t
    }
}

extension CellTuning {
    /// The values the cell cutting was written and measured with.
    public init() {
        cellSize = 48  // pixels across a cell picture; chosen by hand (the readers' crops are cut from it)
        margin = 8  // pixels around a cell picture; chosen by hand
        fitLattice = true  // on/off; chosen by hand (bent paper reads better fitted)
        secondLookOffset = 0.4  // share of the photo's median glyph contrast; chosen by hand
        faintLookOffset = 0.2  // share of the median glyph contrast; measured on TestImages/newspaper with faintContrast: all 17 missed givens flagged
        faintContrast = 0.3  // share of the median glyph contrast; measured with faintLookOffset (above)
    }
}
