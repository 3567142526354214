// Offers: `PhotoScore`, one scan judged against its truth: the framing, exact or
// not, and each wrong cell.

import Geometry
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

    /// For a played photo (`TruthPhoto.written`): its cells' kinds and entries judged.
    public var played: PlayedScore?

    /// Status `solved` with any given wrong (or, on a played photo, an entry
    /// reported wrong that the player got right): the one outcome that must
    /// never happen.
    public var silentWrong: Bool { status == .solved && (!exact || (played?.rightCalledWrong ?? 0) > 0) }

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
        if truth.written != nil { played = PlayedScore(result: result, truth: truth) }
        guard let read = result.puzzle else { return }
        let flaggedCells = Set(result.flagged.map(\.cell))
        for cell in Cell.all {
            let t = truth.puzzle[cell], r = read[cell]
            if t == r {
                cellsRight += 1
                continue
            }
            differences.append((cell, t, r))
            if r == 0 {
                missed += 1
                if flaggedCells.contains(cell) { missedFlagged += 1 }
            } else if t == 0 {
                phantom += 1
            } else {
                wrong += 1
            }
        }
        exact = differences.isEmpty
        if differences.count <= ReaderConfusion.maxDifferences && result.votes.count == 81 {
            votes = Cell.all.map { (truth.puzzle[$0], result.votes[$0.index]) }
        }
    }
}

/// A played photo's cells and entries judged against the truth.
public struct PlayedScore: Sendable {
    /// Cells by true kind (rows) and kind read (columns), in `CellKind.allCases`
    /// order (empty, printed, handwritten, marks); all 81 cells count as read
    /// empty when no board was read. A cell of `TruthPhoto.marks` is truly marks.
    public var kinds = [[Int]](
        repeating: [Int](repeating: 0, count: CellKind.allCases.count), count: CellKind.allCases.count)
    /// The player's entries in the truth, and those read with the right digit
    /// in a cell read as handwritten.
    public var entries = 0
    public var entriesRight = 0
    /// Entries read but flagged as not read surely.
    public var entriesDoubtful = 0
    /// The player's mistakes in the truth (entries unlike the solution of the
    /// printed givens), those reported wrong, and entries reported wrong that
    /// are right (a silent wrong).
    public var mistakes = 0
    public var mistakesFound = 0
    public var rightCalledWrong = 0
    /// The doubtful entries reported as clashing (`ScanResult.doubtfulClashes`),
    /// and of those the player's real mistakes: the rest are misreadings, which
    /// is why a clash is reported as a doubt and never as a mistake.
    public var doubtfulClashes = 0
    public var clashesOnMistakes = 0
    /// Pencil-mark cells (`TruthPhoto.marks`) whose marks were read surely,
    /// and of those the ones whose digits hold the solution's digit (the truth
    /// names the cells holding marks, not their digits: marks that leave the
    /// solution's digit out are a misreading, or a player's partial marks).
    public var marksSure = 0
    public var marksSureWithSolution = 0

    public init(result: ScanResult, truth: TruthPhoto) {
        guard let written = truth.written, let trueEntries = truth.entries else { return }
        let solution = Solver.solve(truth.puzzle, limit: 2)
        let solved = solution.count == 1 ? solution.solution : nil
        let read = result.kinds.count == 81 ? result.kinds : [CellKind](repeating: .empty, count: 81)
        let wrong = Set(result.wrongEntries)
        let doubtful = Set(result.doubtfulEntries)
        let clashing = Set(result.doubtfulClashes.map(\.cell))
        for cell in Cell.all {
            let i = cell.index
            let kind: CellKind =
                truth.puzzle.cells[i] != 0
                ? .printed
                : written.cells[i] != 0 ? .handwritten : truth.marks.contains(i) ? .marks : .empty
            kinds[Self.row(kind)][Self.row(read[i])] += 1
            let entry = trueEntries.cells[i]
            if entry != 0 {
                entries += 1
                if read[i] == .handwritten && result.entries.count == 81 && result.entries[i] == entry {
                    entriesRight += 1
                }
                if doubtful.contains(cell) { entriesDoubtful += 1 }
                if let solved, solved.cells[i] != entry {
                    mistakes += 1
                    if wrong.contains(cell) { mistakesFound += 1 }
                }
            }
            if wrong.contains(cell), let solved, entry == solved.cells[i] || entry == 0 { rightCalledWrong += 1 }
            if clashing.contains(cell) {
                doubtfulClashes += 1
                if let solved, entry != 0 && entry != solved.cells[i] { clashesOnMistakes += 1 }
            }
            if kind == .marks, let m = result.marks.first(where: { $0.cell == cell }), m.sure {
                marksSure += 1
                if let solved, m.digits.contains(Int(solved.cells[i])) { marksSureWithSolution += 1 }
            }
        }
    }

    static func row(_ kind: CellKind) -> Int { CellKind.allCases.firstIndex(of: kind)! }
}
