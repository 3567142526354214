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

        // The search's inner values: chosen by hand on TestImages/newspaper when
        // the locator was written, unless said; the locator as a whole is
        // measured by `sudokit eval` (some candidate, and the chosen one, within
        // 5 % of the true corners).
        minPictureSide = 32  // pixels; chosen by hand
        blocksAcross = 12  // blocks across the short side; chosen by hand
        minBlock = 8  // pixels; chosen by hand
        windowsAcross = 24  // windows across the short side; chosen by hand
        minWindow = 11  // pixels; chosen by hand
        componentsAcross = 6  // parts of the short side; chosen by hand
        maxComponents = 8  // components; chosen by hand
        duplicateDistance = 0.02  // share of the mean side; chosen by hand
        minCell = 4  // pixels; chosen by hand
        maxBlobShare = Fraction(numerator: 10, denominator: 22)  // share of the short side; chosen by hand
        minBlobAspect = 0.6  // width over height; chosen by hand
        maxBlobAspect = 1.66  // width over height; chosen by hand
        minBlobFill = 0.55  // share of the box; chosen by hand
        clusterReach = 1.7  // blob sides; chosen by hand
        minSizeRatio = 0.7  // size ratio; chosen by hand
        maxSizeRatio = 1.43  // size ratio; chosen by hand
        minClusterCells = 20  // blobs; chosen by hand
        boxClusterCounts = 7...12  // blobs (from, to); chosen by hand
        boxInCells = 3.0  // cells per box; chosen by hand
        maxClusters = 3  // clusters; chosen by hand
        lineWidthPerCell = 0.06  // share of a cell; chosen by hand
        minRefinedSide = 8.0  // pixels; chosen by hand
        borderReachShare = 0.06  // share of the side; chosen by hand
        minBorderReach = 4.0  // pixels; chosen by hand
        borderSamples = 40  // samples a side; chosen by hand
        borderSpanStart = 0.08  // share of the side; chosen by hand
        borderSpanLength = 0.84  // share of the side; chosen by hand
        maxRefineShift = 0.12  // share of the side; chosen by hand
        outlierPixels = 1.5  // pixels; chosen by hand
        outlierDeviations = 2.5  // standard deviations; chosen by hand
        probeSize = 288  // pixels; chosen by hand
        probeWindow = 15  // pixels; measured with probeOffset (below)
        // share of the mean grey; measured on the training photos, boxes as quads: 0.05 read 152 of 160 exactly, 0.08
        // 148
        probeOffset = 0.05
        lineRun = Fraction(numerator: 7, denominator: 10)  // share of a cell; chosen by hand
        lineTolerance = 2  // probe pixels; chosen by hand
        sameQuadStart = 4.0  // probe pixels; chosen by hand
        sameQuadSpan = 8.0  // probe pixels; chosen by hand
        clearGrid = 0.5  // grid score; chosen by hand
        clearGridWithoutCells = 0.7  // grid score; chosen by hand
        polishedCandidates = 4  // quads; chosen by hand
        polishRounds = 3  // rounds; chosen by hand
        polishGain = 0.05  // grid score; chosen by hand
        polishBelow = 0.6  // grid score; chosen by hand (polishing every quad cost 2 proofs on the training photos)
        polishAbove = 0.05  // grid score; chosen by hand
        polishTolerance = 2  // probe pixels; chosen by hand
        minLineEndSpan = 6.0  // pitches; chosen by hand
        lineEndGap = 3  // probe pixels; chosen by hand
        minLineEnds = 5  // lines; chosen by hand
        lineEndPitchTolerance = 0.15  // share of the pitch; chosen by hand
        minPitchDivisor = 14.0  // parts of the profile; chosen by hand
        largerCombBonus = 0.02  // comb value per share of the profile; chosen by hand
        minCombValue = 0.5  // comb value; chosen by hand
        // comb value; chosen by hand on the one training photo framed wrong before (some candidate right 331 -> 332 of
        // 332)
        shiftedCombTolerance = 0.05
        heavierLines = 0.5  // probe pixels; chosen by hand with shiftedCombTolerance (above)
        boxLineAngles = 180  // directions per degree; chosen by hand
        boxLineShear = 25  // degrees; chosen by hand
        boxLineFill = 0.5  // share of the side per pixel of width; chosen by hand
        boxLineSpanTolerance = 0.25  // share of the span; chosen by hand
        boxLineSamples = 4_000  // points sampled; chosen by hand
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
        // share of the median glyph contrast; measured on TestImages/newspaper with faintContrast: all 17 missed givens
        // flagged
        faintLookOffset = 0.2
        faintContrast = 0.3  // share of the median glyph contrast; measured with faintLookOffset (above)

        // The cutting's inner values: chosen by hand on the training photos
        // unless said; the cutting as a whole is measured by `sudokit eval`.
        minGlyphsForSecondLook = 8  // glyphs; chosen by hand
        minSecondLookOffset = 4  // grey levels; chosen by hand
        minFaintLookOffset = 3  // grey levels; chosen by hand
        secondLookContrast = 0.5  // share of the typical contrast; chosen by hand
        inkDivisor = 3  // parts of the typical ink; chosen by hand
        centralTrim = 5  // parts of a cell; chosen by hand
        darkestShare = 0.02  // share of the pixels; chosen by hand
        noisySpread = 3.0  // times the noise; chosen by hand
        // times the noise; measured on the 408 photos of the baseline: 1.5 and 2.5 made dim-1 exact, 2.5 missed 12
        // givens more in dim-2
        noiseFloorSpread = 1.5
        windowDivisor = 2  // parts of a cell; chosen by hand
        inkRelativeOffset = 0.08  // share of the mean grey; chosen by hand
        inkMinimumOffset = 6  // grey levels; chosen by hand
        lineRun = Fraction(numerator: 7, denominator: 10)  // share of a cell; chosen by hand
        lineOverhangDivisor = 8  // parts of a cell; chosen by hand
        edgeRingDivisor = 20  // parts of a cell; chosen by hand
        pieceAreaDivisor = 400  // parts of a cell's area; chosen by hand
        minPieceArea = 3  // pixels; chosen by hand
        groupGap = 0.08  // share of a cell; chosen by hand
        edgeBandDivisor = 8  // parts of a cell; chosen by hand
        edgeBandShare = 0.7  // share of the piece's pixels; chosen by hand
        minGlyphLong = 0.28  // share of a cell; chosen by hand
        maxGlyphLong = 0.95  // share of a cell; chosen by hand
        maxGlyphShort = 0.9  // share of a cell; chosen by hand
        minShortLying = 0.12  // share of a cell; chosen by hand
        minShortUpright = 0.04  // share of a cell; chosen by hand
        maxCentreOffset = 0.28  // share of a cell; chosen by hand
        markOffCentre = 0.2  // share of a cell; chosen by hand
        minMarkLong = 0.08  // share of a cell; chosen by hand
        straddleInsideShare = 0.2  // share of the piece's pixels; chosen by hand
        // share of a cell; measured on the newspaper photos: remnants thinner than 0.2 of a cell, cut digits 0.23 to
        // 0.29 across
        straddleShort = 0.2
        // share of the piece's box; measured with straddleShort: remnants fill under 0.2 of their box, cut digits 0.45
        // to 0.48
        straddleFill = 0.2
    }
}
