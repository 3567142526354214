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
}
