// Offers: `LocatorTuning` and `CellTuning`, the values the grid search
// (`GridLocator`) and the cell cutting (`CellExtractor`) are tuned with, as data:
// `Codable`, so that an evaluation can vary them without a rebuild
// (`sudokit eval --tuning FILE`). Their defaults, each with its unit and the
// evidence for it, are in `VisionTuning+Default.swift`; the scanner's stages
// above are in `GridScanner`'s `Tuning`.

/// The grid search's sizes, shares and thresholds (`GridLocator`).
public struct LocatorTuning: Sendable, Equatable, Codable {
    /// Longest side of the working copy the search runs on (the photo is shrunk
    /// by a whole factor to fit).
    public var workingLongSide: Int
    /// Most candidates returned.
    public var maxCandidates: Int
    /// How much darker than its neighbourhood's mean, as a share of that mean, a
    /// pixel of the working copy must be to count as ink.
    public var relativeOffset: Double
    /// Candidates scoring this or less are dropped.
    public var minimumScore: Double
    /// A component may be a grid when its box covers this share of the picture
    /// (and spans at least 1/`componentsAcross` of the short side each way).
    public var minComponentShare: Double
    /// Quads covering less than this share of the picture are not considered.
    public var minQuadShare: Double
    /// A blob may be a cell (or a box) when it spans at least 1/`cellsAcross` of
    /// the short side (and `minCell` pixels).
    public var cellsAcross: Int

    // The search's inner values (`GridLocator` and its extensions use them
    // where they are described).
    /// A picture with a shorter side holds no grid worth reading.
    public var minPictureSide: Int
    /// Illumination is flattened over blocks of 1/`blocksAcross` of the working
    /// copy's short side, at least `minBlock` pixels.
    public var blocksAcross: Int
    public var minBlock: Int
    /// The ink threshold compares each pixel with the mean of a window of
    /// 1/`windowsAcross` of the short side, at least `minWindow` pixels (made odd).
    public var windowsAcross: Int
    public var minWindow: Int
    /// See `minComponentShare`.
    public var componentsAcross: Int
    /// The largest components tried.
    public var maxComponents: Int
    /// A candidate whose corners all lie within this share of its mean side of a
    /// better one's is a duplicate.
    public var duplicateDistance: Double
    /// A blob may be a cell (or a box) when it spans at least `minCell` pixels (and
    /// 1/`cellsAcross` of the short side), and at most `maxBlobShare` of it.
    public var minCell: Int
    public var maxBlobShare: Fraction
    /// A cell's width over its height lies strictly between these.
    public var minBlobAspect: Double
    public var maxBlobAspect: Double
    /// A cell fills at least this share of its box.
    public var minBlobFill: Double
    /// Blobs cluster when their centres are within this many blob sizes...
    public var clusterReach: Double
    /// ...and their sizes' ratio lies strictly between these.
    public var minSizeRatio: Double
    public var maxSizeRatio: Double
    /// A cluster is a grid's cells with at least this many members, or its boxes
    /// with a count in `boxClusterCounts` and blobs at least `boxInCells` smallest
    /// cells wide.
    public var minClusterCells: Int
    public var boxClusterCounts: ClosedRange<Int>
    public var boxInCells: Double
    /// The largest clusters kept.
    public var maxClusters: Int
    /// A grid line's width, as a share of a cell, by which a cluster's quad is
    /// widened on every side.
    public var lineWidthPerCell: Double
    /// Sides shorter than this (pixels) are not refitted.
    public var minRefinedSide: Double
    /// The border is looked for this far either side of a quad's side: a share of
    /// the side's length, at least `minBorderReach` pixels.
    public var borderReachShare: Double
    public var minBorderReach: Double
    /// Points sampled along each side, over the part from `borderSpanStart` of its
    /// length, `borderSpanLength` long (the corners' ends are left out).
    public var borderSamples: Int
    public var borderSpanStart: Double
    public var borderSpanLength: Double
    /// A refined quad whose corners moved more than this share of the mean side is
    /// dropped.
    public var maxRefineShift: Double
    /// Points farther off the first fit than this many pixels, or this many
    /// standard deviations of the residuals if more, are outliers.
    public var outlierPixels: Double
    public var outlierDeviations: Double
    /// Side of the square warps used for scoring and lattice search (32 px a cell).
    public var probeSize: Int
    /// The probe's ink threshold: window (pixels) and offset (share of the mean).
    /// Measured with the components' boxes as quads: offset 0.05 against 0.08
    /// read 152 of the 160 training photos exactly instead of 148 (145 solved
    /// instead of 139), 318 of 343 with the synthetic sets instead of 315.
    public var probeWindow: Int
    public var probeOffset: Double
    /// A line is a run of ink at least this share of a cell long (a digit's stroke
    /// is shorter).
    public var lineRun: Fraction
    /// A grid line counts as covered within this many pixels of where it belongs.
    public var lineTolerance: Int
    /// A comb starting within this many probe pixels of the quad's edge, and
    /// spanning it to within `sameQuadSpan` pixels, is the quad itself.
    public var sameQuadStart: Double
    public var sameQuadSpan: Double
    /// A quad scoring this much shows a grid clearly: its fallback is not tried.
    public var clearGrid: Double
    /// A component quad scoring this much shows the grid so clearly that the
    /// grid's cells are not searched for (the search costs a third of locating).
    public var clearGridWithoutCells: Double
    /// How many of the best scoring quads are polished.
    public var polishedCandidates: Int
    /// Rounds of polishing (each from the last, while the score rises): a side can
    /// be found only once its neighbours are near their borders.
    public var polishRounds: Int
    /// A polished quad must score this much more than its candidate to replace
    /// it: a quad on its border already gains next to nothing, and moving it by a
    /// pixel or two towards the lines' centres changes the cells read.
    public var polishGain: Double
    /// Only quads scoring below this are polished: one scoring higher lies on its
    /// lines already. (Polishing every quad moved good framings of the training
    /// photos by a pixel or two and cost 2 proofs.)
    public var polishBelow: Double
    /// ... and above this: quads showing next to no grid lines (text, pictures)
    /// are not worth the time.
    public var polishAbove: Double
    /// A sample supports a line when one of its runs ends within this many probe
    /// pixels of it.
    public var polishTolerance: Int
    /// A comb line counts when its run spans at least this many pitches.
    public var minLineEndSpan: Double
    /// Gaps in a line's ink up to this many probe pixels are bridged (blur, print).
    public var lineEndGap: Int
    /// Lines whose ends must be seen for the ends to count.
    public var minLineEnds: Int
    /// The ends must give a pitch within this share of the comb's.
    public var lineEndPitchTolerance: Double
    /// A comb's pitch is at least 1/`minPitchDivisor` of the profile.
    public var minPitchDivisor: Double
    /// Bonus per comb span (as a share of the profile), so that of two combs
    /// covering about equally the larger wins (a grid over its own boxes).
    public var largerCombBonus: Double
    /// Combs whose value (coverage plus bonus) is below this are no lattice.
    public var minCombValue: Double
    /// A comb a cell to the side of the best one counts as covering as well
    /// within this much of its value...
    public var shiftedCombTolerance: Double
    /// ...and is taken when its lines 0, 3, 6 and 9 are wider than its others
    /// by this many more pixels (of a 288-pixel probe) than the best comb's.
    /// Both chosen by hand on the one training photo framed wrong before
    /// (a newspaper's fold a cell beside the grid: `sudokit eval` over
    /// TestImages, some candidate right 331 -> 332 of 332).
    public var heavierLines: Double
    /// Directions tried, per degree over half a turn.
    public var boxLineAngles: Int
    /// The second family of lines lies this many degrees from square to the
    /// first at most (a photo taken at an angle shears the grid).
    public var boxLineShear: Int
    /// A box line holds at least this share of the grid's side in ink pixels
    /// per pixel of its width (measured over a three-pixel band).
    public var boxLineFill: Double
    /// The span of the line ends is three times the spacing of the two box
    /// lines, give or take this share (perspective makes the three boxes unequal).
    public var boxLineSpanTolerance: Double
    /// Most pixels of a component looked at (a larger one is sampled evenly).
    public var boxLineSamples: Int
}

/// A share written as a fraction of whole numbers, so that it is computed in
/// whole numbers (`numerator * x / denominator`), as the stage does.
public struct Fraction: Sendable, Equatable, Codable {
    public var numerator: Int
    public var denominator: Int

    public init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }
}

/// The cell cutting's sizes and thresholds (`CellExtractor`).
public struct CellTuning: Sendable, Equatable, Codable {
    /// Pixels across one cell in the crops and the rectified grid. No measurement
    /// recorded.
    public var cellSize: Int
    /// Extra pixels around each cell in its crop. No measurement recorded.
    public var margin: Int
    /// Whether to fit the lattice to the lines seen (bent paper) or trust the quad.
    public var fitLattice: Bool
    /// Threshold of the second look at empty cells, as a share of the photo's
    /// median glyph contrast. No measurement recorded.
    public var secondLookOffset: Double
    /// Threshold of the faint look, as a share of the photo's median glyph
    /// contrast. Measured with `faintContrast` on the newspaper photos: all 17
    /// missed givens flagged.
    public var faintLookOffset: Double
    /// Least contrast of a faint glyph, as a share of the photo's median (see
    /// `faintLookOffset`).
    public var faintContrast: Double

    // The cutting's inner values (`CellExtractor` and its extensions use them
    // where they are described).
    /// The second looks need this many glyphs for the photo's typical contrast and ink.
    public var minGlyphsForSecondLook: Int
    /// Least ink threshold of the second look and of the faint look, grey levels.
    public var minSecondLookOffset: Int
    public var minFaintLookOffset: Int
    /// A glyph found by the second look is taken when its contrast is this share
    /// of the typical contrast...
    public var secondLookContrast: Double
    /// ...and it (like a faint glyph) has at least 1/`inkDivisor` of the typical ink.
    public var inkDivisor: Int
    /// The faint look's depth test reads the middle of the cell (1/`centralTrim`
    /// of a cell off each side) and its darkest `darkestShare` of pixels.
    public var centralTrim: Int
    public var darkestShare: Double
    /// A photo is noisy when its pixel noise (`residualNoise`, at the pixel's own
    /// scale) times `noisySpread` exceeds the ink threshold of `findGlyph` on its
    /// paper: the threshold then sits within reach of the noise, and sensor noise
    /// in empty cells comes out as specks that group into digit-sized blobs.
    public var noisySpread: Double
    /// In a noisy photo the cells are smoothed (3×3 mean) and ink must be darker
    /// than its neighbourhood by `noiseFloorSpread` times the noise left after
    /// smoothing (at least the usual threshold). Measured on the 408 photos of the
    /// baseline (37 of them noisy in their first framing: dim, heavy print, pencil
    /// photos among them): 1.5 and 2.5 both made `dim-1` exact with no photo lost
    /// but one (`played-messy-2`, a pencil 7 now printed in doubt, flagged);
    /// 2.5 missed 12 givens more in `dim-2` (its digits are barely darker than
    /// the noise), so 1.5.
    public var noiseFloorSpread: Double
    /// The ink threshold's window is 1/`windowDivisor` of a cell (made odd); without
    /// an offset, ink is `inkRelativeOffset` of the mean darker, at least
    /// `inkMinimumOffset` grey levels.
    public var windowDivisor: Int
    public var inkRelativeOffset: Double
    public var inkMinimumOffset: Int
    /// A grid-line remnant is a run at least this share of a cell long that lies on
    /// a lattice line or reaches out of the cell (see `lineRuns`).
    public var lineRun: Fraction
    /// A run reaches out of the cell when it goes on more than 1/`lineOverhangDivisor`
    /// of a cell past a lattice line (at most `margin` − 1): a grid line crosses into
    /// the next cells (to the crop's edge, `margin` past the line); a digit stroke
    /// ends inside its cell, or on the line it touches (half a box line, up to 4 px
    /// for the bold prints' box lines). See `lineBandDivisor`.
    public var lineOverhangDivisor: Int
    /// Ink within 1/`edgeRingDivisor` of a cell of the cell's edge is cleared.
    public var edgeRingDivisor: Int
    /// Pieces smaller than 1/`pieceAreaDivisor` of a cell's area (and than
    /// `minPieceArea` pixels) are specks.
    public var pieceAreaDivisor: Int
    public var minPieceArea: Int
    /// Pieces whose boxes come within this share of a cell are one group.
    public var groupGap: Double
    /// A piece with more than `edgeBandShare` of its pixels in the band of
    /// 1/`edgeBandDivisor` of a cell along the edges is a grid-line remnant.
    public var edgeBandDivisor: Int
    public var edgeBandShare: Double
    /// A digit-like group, as shares of a cell: its longer side in
    /// `minGlyphLong...maxGlyphLong`, its shorter side at most `maxGlyphShort` and
    /// at least `minShortLying` (wider than high: a digit on its side) or
    /// `minShortUpright` (an upright 1), its centre within `maxCentreOffset` of the
    /// cell's each way.
    public var minGlyphLong: Double
    public var maxGlyphLong: Double
    public var maxGlyphShort: Double
    public var minShortLying: Double
    public var minShortUpright: Double
    public var maxCentreOffset: Double
    /// A mark this far or farther from the cell's centre (share of the cell,
    /// either way) sits in a pencil-mark place other than the middle one.
    public var markOffCentre: Double
    /// A small mark's longer side is at least this share of a cell (and below
    /// `minGlyphLong`, a digit's): `CellExtractor.markLong`.
    public var minMarkLong: Double
    /// A piece crossing a lattice line must hold at least this share of its
    /// pixels inside the cell, past the cleared edge ring. No measurement recorded.
    public var straddleInsideShare: Double
    /// A crossing piece must be at least this share of a cell across, thicker
    /// than any grid line, and fill at least `straddleFill` of its box (a line
    /// remnant joined to a stub is long and sparse). Measured on the newspaper
    /// photos: crossing pieces in empty cells of otherwise proven boards are
    /// grid-line remnants thinner than 0.2 of a cell or filling less than 0.2 of
    /// their box, but one; the cut digits of a misframed no-border grid are
    /// 0.23–0.29 across, filling 0.45–0.48.
    public var straddleShort: Double
    public var straddleFill: Double
}
