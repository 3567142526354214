// Offers: `ScanResult` and its parts (`ScanStatus`, `FlaggedCell`, `Repair`): what
// scanning one photo found, as plain `Sendable` values for any output format.

import Geometry
import Raster

/// How far a scan got, and how much of it is proven.
public enum ScanStatus: String, Sendable, CaseIterable {
    /// A board with exactly one solution, every given backed by its glyph.
    case solved
    /// A board was read but not proven: no solution, several, an ambiguous repair,
    /// or glyph evidence that disagrees. `flagged` says which cells to check.
    case unverified
    /// A grid was located but not read (no reader configured).
    case located
    /// No framing of a grid was found.
    case noGrid = "no-grid"
    /// The file could not be read or decoded.
    case error
}

/// Why a cell needs a person's look.
public enum FlagReason: String, Sendable, CaseIterable {
    /// Read as empty, but it holds ink like this photo's digits.
    case missedInk = "missed-ink"
    /// The reading was not confident, or the glyph looks like another digit of this photo.
    case lowConfidence = "low-confidence"
    /// The digit repeats in a row, column or box.
    case conflict
    /// Different repairs of equal cost both gave a unique board.
    case ambiguous
}

/// A cell to check, 1-based as players write r1c1.
public struct FlaggedCell: Sendable, Hashable {
    public var row: Int
    public var col: Int
    public var reason: FlagReason
    public init(row: Int, col: Int, reason: FlagReason) { self.row = row; self.col = col; self.reason = reason }
}

/// A change the repair search made to the raw reading; `from` is 0 for a filled-in missed given.
public struct Repair: Sendable, Hashable {
    public var row: Int
    public var col: Int
    public var from: Int
    public var to: Int
    public init(row: Int, col: Int, from: Int, to: Int) { self.row = row; self.col = col; self.from = from; self.to = to }
}

/// Everything a scan of one photo found.
public struct ScanResult: Sendable {
    /// The photo's name as given by the caller.
    public var file: String
    public var status: ScanStatus
    /// 81 values, row-major in reading orientation, 0 empty; nil when no grid was read.
    public var puzzle: [UInt8]?
    /// The unique solution when `status` is `solved`, else nil.
    public var solution: [UInt8]?
    public var flagged: [FlaggedCell] = []
    public var repairs: [Repair] = []
    /// The chosen framing in pixels of the upright photo, starting at the outer
    /// corner of r1c1, then r1c9, r9c9, r9c1.
    public var corners: Quad?
    /// Every framing proposed, best first (same coordinates), for measurement and overlays.
    public var candidateQuads: [Quad] = []
    /// Wall time for the photo, decode to result, in milliseconds.
    public var milliseconds: Double = 0
    /// The message when `status` is `error`.
    public var error: String?
    /// Whether the error was that the file could not be opened (not bad data).
    public var errorIsCannotOpen = false
    /// Overlay pictures (name, picture) when the scan was asked for them.
    public var debugImages: [(name: String, image: RGBImage)] = []

    public init(file: String, status: ScanStatus) {
        self.file = file
        self.status = status
    }

    /// Number of framings proposed.
    public var candidates: Int { candidateQuads.count }
}
