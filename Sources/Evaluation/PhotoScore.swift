// Offers: `PhotoScore`, one scan judged against its truth: the framing, exact or
// not, and each wrong cell.

import GridScanner
import SudokuCore

/// One scan judged against the truth.
public struct PhotoScore: Sendable {
    public var name: String
    /// `FOLDER/NAME` (see `TruthPhoto.key`).
    public var key: String
    /// Line 1 of the truth file (see `TruthPhoto.source`).
    public var source: String
    public var status: ScanStatus
    public var milliseconds: Double
    /// Whether some candidate framing / the chosen one lies within 5 % of the true outline (nil: no outline).
    public var someCandidateRight: Bool?
    public var chosenRight: Bool?
    /// Reading figures; zero when no board was read.
    public var exact = false
    public var missed = 0
    public var missedFlagged = 0
    public var phantom = 0
    public var wrong = 0
    public var cellsRight = 0
    /// Cells that differ: what the truth holds and what was read (0 empty).
    public var differences: [(cell: Cell, truth: UInt8, read: UInt8)] = []
    /// Per cell, the truth and each reader's digit, when the board read is
    /// framed right (at most `ReaderConfusion.maxDifferences` cells differ, so
    /// the cells line up with the truth's); empty otherwise.
    public var votes: [(truth: UInt8, votes: ReaderVotes)] = []

    /// Status `solved` with any cell wrong: the one outcome that must never happen.
    public var silentWrong: Bool { status == .solved && !exact }

    /// Judges `result` against `truth`. A framing is right when each corner lies
    /// within 5 % of the grid's side from the true corner, up to rotation.
    public init(result: ScanResult, truth: TruthPhoto) {
        name = truth.name
        key = truth.key
        source = truth.source
        status = result.status
        milliseconds = result.milliseconds
        if let outline = truth.outline {
            someCandidateRight = result.candidateQuads.contains { $0.matches(outline, tolerance: 0.05) }
            chosenRight = result.corners.map { $0.matches(outline, tolerance: 0.05) } ?? false
        }
        guard let read = result.puzzle else { return }
        let flaggedCells = Set(result.flagged.map(\.cell))
        for cell in Cell.all {
            let t = truth.puzzle[cell], r = read[cell]
            if t == r { cellsRight += 1; continue }
            differences.append((cell, t, r))
            if r == 0 { missed += 1; if flaggedCells.contains(cell) { missedFlagged += 1 } }
            else if t == 0 { phantom += 1 }
            else { wrong += 1 }
        }
        exact = differences.isEmpty
        if differences.count <= ReaderConfusion.maxDifferences && result.votes.count == 81 {
            votes = Cell.all.map { (truth.puzzle[$0], result.votes[$0.index]) }
        }
    }
}

