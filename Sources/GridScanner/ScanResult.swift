// Offers: `ScanResult` and its parts (`ScanStatus`, `FlaggedCell`, `Repair`,
// `DoubtfulClash`, `ScanError`): what scanning one photo found, as plain `Sendable` values for any
// output format. Boards are `SudokuCore.Grid`s and positions `SudokuCore.Cell`s.

import Geometry
import ImageCodecs
import Raster
import SudokuCore

/// How far a scan got, and how much of it is proven.
public enum ScanStatus: String, Sendable, CaseIterable {
    /// A board with exactly one solution, every given backed by its glyph and
    /// every empty cell shown empty (no ink inside it that a stage removed or
    /// ignored).
    case solved
    /// A board was read but not proven: no solution, several, an ambiguous repair,
    /// or glyph evidence that disagrees. `flagged` says which cells to check.
    case unverified
    /// A grid was located but not read (no reader configured).
    case located
    /// No framing of a grid was found.
    case noGrid = "no-grid"
    /// The photo could not be read or decoded, or the reader failed (see `ScanResult.error`).
    case error
}

/// Why a cell needs a person's look.
public enum FlagReason: String, Sendable, CaseIterable {
    /// Read as empty, but it holds ink like this photo's digits, or ink inside it
    /// was removed as a grid line or ignored.
    case missedInk = "missed-ink"
    /// The reading was not confident, or the glyph looks like another digit of this photo.
    case lowConfidence = "low-confidence"
    /// The digit repeats in a row, column or box.
    case conflict
    /// Different repairs of equal cost both gave a unique board.
    case ambiguous
    /// Whether the glyph is a printed given or the player's entry is not clear.
    case kindDoubt = "kind"
}

/// A cell to check, in reading orientation.
public struct FlaggedCell: Sendable, Hashable {
    public var cell: Cell
    public var reason: FlagReason
    public init(cell: Cell, reason: FlagReason) {
        self.cell = cell
        self.reason = reason
    }
}

/// A change the repair search made to the raw reading; `from` is 0 for a
/// filled-in missed given.
public struct Repair: Sendable, Hashable {
    public var cell: Cell
    /// The digit read, 0 when the cell was read empty.
    public var from: UInt8
    /// The digit the accepted board holds.
    public var to: UInt8
    public init(cell: Cell, from: UInt8, to: UInt8) {
        self.cell = cell
        self.from = from
        self.to = to
    }
}

/// A player's entry not read surely, unlike the proven solution, whose digit as
/// read repeats in its row, column or box: a cell for the player to look at,
/// not a mistake. On the training photos such a clash was the reader's
/// misreading 15 times in 16 (`eval`'s "doubtful entries that clash"), so it is
/// said as a doubt about the reading, never as the player's mistake.
public struct DoubtfulClash: Sendable, Hashable, CustomStringConvertible {
    public var cell: Cell
    /// The digit as read.
    public var digit: Int
    /// The cells of its houses that hold `digit` too (a given or another entry), in cell order.
    public var with: [Cell]
    public init(cell: Cell, digit: Int, with: [Cell]) {
        self.cell = cell
        self.digit = digit
        self.with = with
    }

    /// `r6c6, read as 7 but not surely, would clash with r5c5 and r6c2`.
    public var description: String {
        "\(cell), read as \(digit) but not surely, would clash with \(spokenList(with.map(\.description)))"
    }
}

/// `a`, `a and b`, `a, b and c`.
func spokenList(_ items: [String]) -> String {
    items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
}

/// Why a scan ended with status `error`: the one error type of GridScanner.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo could not be opened, or its bytes are not a usable image.
    case decode(ImageCodecError)
    /// The digit reader could not start (for example, no `eng.traineddata`);
    /// `reason` is the reader's own message.
    case readerUnavailable(reason: String)
    /// The classifier weights file given in `ScanOptions.classifierWeights`
    /// cannot be read (`unreadable`), or is not a weights file.
    case badClassifierWeights(path: String, reason: String, unreadable: Bool)
    /// The reader started but failed on this photo.
    case readingFailed(source: String, reason: String)

    /// True when the input never reached the decoder (missing, unreadable, a folder).
    public var isCannotOpen: Bool {
        if case .decode(let e) = self { return e.isCannotOpen }
        return false
    }

    public var description: String {
        switch self {
        case .decode(let e): "\(e)"
        case .readerUnavailable(let reason): "cannot start the digit reader: \(reason)"
        case .badClassifierWeights(let path, let reason, true): "cannot read the classifier weights \(path): \(reason)"
        case .badClassifierWeights(let path, let reason, false): "\(path) is not a classifier weights file: \(reason)"
        case .readingFailed(let source, let reason): "\(source): reading failed: \(reason)"
        }
    }
}

/// Another grid seen in a photo: its best framing, in pixels of the upright
/// photo, and how much it looks like a 9 × 9 grid (the locator's score, 0 to about 1).
public struct OtherGrid: Sendable, Hashable {
    public var quad: Quad
    public var score: Double
    public init(quad: Quad, score: Double) {
        self.quad = quad
        self.score = score
    }
}

/// Everything a scan of one photo found.
public struct ScanResult: Sendable {
    /// The photo's name as given by the caller.
    public var file: String
    public var status: ScanStatus
    /// The board in reading orientation; nil when no grid was read.
    public var puzzle: Grid?
    /// The unique solution when `status` is `solved`, else nil.
    public var solution: Grid?
    public var flagged: [FlaggedCell] = []
    public var repairs: [Repair] = []
    /// Each reader's digit per cell of the chosen framing, in reading
    /// orientation (81, or empty when no board was read), for measurement.
    public var votes: [ReaderVotes] = []
    /// The chosen framing in pixels of the upright photo, starting at the outer
    /// corner of r1c1, then r1c9, r9c9, r9c1.
    public var corners: Quad?
    /// Every framing proposed, best first (same coordinates), for measurement and overlays.
    public var candidateQuads: [Quad] = []
    /// Wall time for the photo, decode to result, in milliseconds.
    public var milliseconds: Double = 0
    /// Why `status` is `error`; nil otherwise.
    public var error: ScanError?
    /// What each cell holds, in reading orientation (81; empty when no board was
    /// read), and how sure that is (0...1).
    public var kinds: [CellKind] = []
    public var kindConfidence: [Float] = []
    /// Cells whose kind (printed or the player's) the readers were unsure of
    /// and the puzzle settled: the only kinds that give printed givens
    /// symmetric under a half turn and one solution.
    public var kindsSettledByPuzzle: [Cell] = []
    /// The player's handwritten entries (81 values, 0 where none; empty when no
    /// board was read). `puzzle` holds the printed givens alone.
    public var entries: [UInt8] = []
    /// Entries whose digit was not read confidently: shown, never called wrong.
    public var doubtfulEntries: [Cell] = []
    /// Entries, read confidently, that differ from the proven solution (only
    /// when `status` is `solved`; empty otherwise).
    public var wrongEntries: [Cell] = []
    /// For each wrong entry, the cells of its row, column and box that hold the
    /// same digit (a given or another entry): the direct conflicts.
    public var entryConflicts: [(entry: Cell, with: [Cell])] = []
    /// Cells a person settled (`settling(_:)`): their digits are the person's,
    /// not readings. Empty for a scan alone.
    public var settled: [SettledCell] = []
    /// What the readers found about each entry, kept to check the entries again
    /// once a person has settled cells: the digits each may be, and the entries a
    /// second reader confirmed (nil: all).
    var entryEvidence: (plausible: [Int: [Int]], confirmed: Set<Int>?) = ([:], nil)
    /// The doubtful entries that clash with a given or another entry and are
    /// unlike the proven solution (only when `status` is `solved`): never
    /// called wrong or a mistake, but worth the player's look.
    public var doubtfulClashes: [DoubtfulClash] = []
    /// The player's pencil marks, per cell holding them, in cell order.
    public var marks: [CellMarks] = []
    /// Whether the player's entries were checked against a proven solution.
    public var entriesChecked: Bool { status == .solved }
    /// Whether any cell holds a handwritten entry.
    public var isPlayed: Bool { kinds.contains(.handwritten) }

    public init(file: String, status: ScanStatus) {
        self.file = file
        self.status = status
    }

    /// The result of a photo that ended in `error`.
    public init(file: String, error: ScanError) {
        self.init(file: file, status: .error)
        self.error = error
    }

    /// Other grids seen in the photo (a second puzzle on the page), in the
    /// locator's order.
    public var otherGrids: [OtherGrid] = []
    /// With `ScanOptions.allGrids`, the reading of each of `otherGrids`, in order.
    public var otherReadings: [ScanResult] = []

    /// Number of framings proposed.
    public var candidates: Int { candidateQuads.count }
}
