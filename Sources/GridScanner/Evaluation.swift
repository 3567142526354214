// Offers: `TruthSet` (a folder of photos with truth files and optional true
// outlines), `PhotoScore` (one scan judged against its truth),
// `EvaluationSummary` (the figures `sudokit eval` prints), and `Baseline` with
// `BaselineComparison` (a stored result, and what changed since).

import Foundation
import Geometry
import SudokuCore

/// One photo with what is known to be in it.
public struct TruthPhoto: Sendable {
    public var name: String
    /// `FOLDER/NAME`, FOLDER the last component of the folder's real path: the
    /// same whatever the working directory or spelling of the path (the key of a
    /// photo in a baseline).
    public var key: String
    public var path: String
    /// The puzzle in reading orientation, 81 values, 0 empty.
    public var puzzle: [UInt8]
    /// The grid's true corners in the upright photo, as listed (any rotation), when known.
    public var outline: Quad?
}

public enum TruthSetError: Error, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case badTruth(path: String, reason: String)
    case badOutlines(path: String, line: Int, reason: String)
    case empty(path: String)

    public var description: String {
        switch self {
        case .cannotRead(let p, let r): "\(p): cannot read: \(r)"
        case .badTruth(let p, let r): "\(p): bad truth file: \(r)"
        case .badOutlines(let p, let l, let r): "\(p):\(l): bad outline row: \(r)"
        case .empty(let p): "\(p): no photo with a truth file (NAME.jpg/.png beside NAME.dat)"
        }
    }
}

public enum TruthSet {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]

    /// The photos in `directory` that have a `.dat` truth file beside them, sorted
    /// by name, with outlines from `outlines.csv` when present.
    /// - Throws: `TruthSetError` for an unreadable folder, truth or outline file.
    public static func load(directory: String) throws -> [TruthPhoto] {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory) } catch {
            throw TruthSetError.cannotRead(path: directory, reason: error.localizedDescription)
        }
        let outlines = try loadOutlines((directory as NSString).appendingPathComponent("outlines.csv"))
        let folder = folderName(directory)
        var photos: [TruthPhoto] = []
        for name in names.sorted() {
            let ext = (name as NSString).pathExtension.lowercased()
            guard imageExtensions.contains(ext) else { continue }
            let stem = (name as NSString).deletingPathExtension
            let datPath = (directory as NSString).appendingPathComponent(stem + ".dat")
            guard fm.fileExists(atPath: datPath) else { continue }
            guard let data = fm.contents(atPath: datPath) else {
                throw TruthSetError.cannotRead(path: datPath, reason: "unreadable")
            }
            let grid: Grid
            do { grid = try Grid(dat: String(decoding: data, as: UTF8.self)) } catch {
                throw TruthSetError.badTruth(path: datPath, reason: "\(error)")
            }
            photos.append(TruthPhoto(name: name, key: folder + "/" + name, path: (directory as NSString).appendingPathComponent(name),
                                     puzzle: grid.cells, outline: outlines[name]))
        }
        guard !photos.isEmpty else { throw TruthSetError.empty(path: directory) }
        return photos
    }

    /// The last component of `directory`'s real path (`newspaper` for
    /// `TestImages/newspaper/`, the working folder's name for `.`).
    static func folderName(_ directory: String) -> String {
        guard let real = realpath(directory, nil) else { return (directory as NSString).lastPathComponent }
        defer { free(real) }
        let name = (String(cString: real) as NSString).lastPathComponent
        return name.isEmpty ? "/" : name
    }

    /// `outlines.csv`: a header, then `path,x1,y1,x2,y2,x3,y3,x4,y4` rows; keyed by file name.
    static func loadOutlines(_ path: String) throws -> [String: Quad] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var result: [String: Quad] = [:]
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        for (i, line) in lines.enumerated() where i > 0 && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 9 else {
                throw TruthSetError.badOutlines(path: path, line: i + 1, reason: "expected 9 fields, found \(fields.count)")
            }
            let values = fields[1...].compactMap(Double.init)
            guard values.count == 8 else {
                throw TruthSetError.badOutlines(path: path, line: i + 1, reason: "corner values must be numbers")
            }
            let name = (fields[0].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) as NSString).lastPathComponent
            result[name] = Quad((0..<4).map { Point(values[2 * $0], values[2 * $0 + 1]) })
        }
        return result
    }
}

/// One scan judged against the truth.
public struct PhotoScore: Sendable {
    public var name: String
    /// `FOLDER/NAME` (see `TruthPhoto.key`).
    public var key: String
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
    /// Cells that differ: (row, col, truth, read), 1-based.
    public var differences: [(row: Int, col: Int, truth: Int, read: Int)] = []

    /// Status `solved` with any cell wrong: the one outcome that must never happen.
    public var silentWrong: Bool { status == .solved && !exact }

    /// Judges `result` against `truth`. A framing is right when each corner lies
    /// within 5 % of the grid's side from the true corner, up to rotation.
    public init(result: ScanResult, truth: TruthPhoto) {
        name = truth.name
        key = truth.key
        status = result.status
        milliseconds = result.milliseconds
        if let outline = truth.outline {
            someCandidateRight = result.candidateQuads.contains { $0.matches(outline, tolerance: 0.05) }
            chosenRight = result.corners.map { $0.matches(outline, tolerance: 0.05) } ?? false
        }
        guard let read = result.puzzle else { return }
        let flaggedCells = Set(result.flagged.map { ($0.row - 1) * 9 + $0.col - 1 })
        for i in 0..<81 {
            let t = Int(truth.puzzle[i]), r = Int(read[i])
            if t == r { cellsRight += 1; continue }
            differences.append((i / 9 + 1, i % 9 + 1, t, r))
            if r == 0 { missed += 1; if flaggedCells.contains(i) { missedFlagged += 1 } }
            else if t == 0 { phantom += 1 }
            else { wrong += 1 }
        }
        exact = differences.isEmpty
    }
}

/// The figures over a whole truth set.
public struct EvaluationSummary: Sendable {
    public var photos = 0
    public var exact = 0
    public var silentWrong = 0
    public var solved = 0
    public var unverified = 0
    public var located = 0
    public var noGrid = 0
    public var errors = 0
    public var withOutline = 0
    public var someCandidateRight = 0
    public var chosenRight = 0
    public var missed = 0
    public var missedFlagged = 0
    public var phantom = 0
    public var wrong = 0
    /// Right cells over all cells of photos where a board was read or not (a photo without a board counts 0 of 81).
    public var cellAccuracy = 0.0
    public var medianMilliseconds = 0.0
    public var p90Milliseconds = 0.0

    public init(_ scores: [PhotoScore]) {
        photos = scores.count
        var right = 0
        for s in scores {
            if s.exact { exact += 1 }
            if s.silentWrong { silentWrong += 1 }
            switch s.status {
            case .solved: solved += 1
            case .unverified: unverified += 1
            case .located: located += 1
            case .noGrid: noGrid += 1
            case .error: errors += 1
            }
            if let some = s.someCandidateRight {
                withOutline += 1
                if some { someCandidateRight += 1 }
                if s.chosenRight == true { chosenRight += 1 }
            }
            missed += s.missed
            missedFlagged += s.missedFlagged
            phantom += s.phantom
            wrong += s.wrong
            right += s.cellsRight
        }
        cellAccuracy = photos == 0 ? 0 : Double(right) / Double(photos * 81)
        let times = scores.map(\.milliseconds).sorted()
        if !times.isEmpty {
            medianMilliseconds = times[times.count / 2]
            p90Milliseconds = times[min(times.count - 1, Int(Double(times.count) * 0.9))]
        }
    }
}

/// One photo's outcome as a baseline keeps it.
public struct BaselineOutcome: Sendable, Equatable {
    public var exact: Bool
    public var status: ScanStatus
    public init(exact: Bool, status: ScanStatus) { self.exact = exact; self.status = status }
}

/// A stored evaluation: each photo's outcome by key (`TruthPhoto.key`) and the
/// figures that must not get worse.
public struct Baseline: Sendable {
    public var photos: [String: BaselineOutcome]
    public var exact: Int
    public var silentWrong: Int

    public init(photos: [String: BaselineOutcome], exact: Int, silentWrong: Int) {
        self.photos = photos
        self.exact = exact
        self.silentWrong = silentWrong
    }

    /// The baseline of a run.
    public init(_ scores: [PhotoScore]) {
        photos = Dictionary(scores.map { ($0.key, BaselineOutcome(exact: $0.exact, status: $0.status)) },
                            uniquingKeysWith: { a, _ in a })
        exact = scores.filter(\.exact).count
        silentWrong = scores.filter(\.silentWrong).count
    }
}

/// What changed between a baseline and a run of (some of) its photos.
public struct BaselineComparison: Sendable {
    /// Exact in the baseline, not now: these fail the comparison.
    public var regressions: [(score: PhotoScore, was: BaselineOutcome)] = []
    /// Exact now, not in the baseline (or not in it at all).
    public var newlyExact: [(score: PhotoScore, was: BaselineOutcome?)] = []
    /// Still exact, but solved then and not now (the proof was lost): reported, not a failure.
    public var noLongerSolved: [(score: PhotoScore, was: BaselineOutcome)] = []
    /// Status solved with a wrong cell, now.
    public var silentWrong: [PhotoScore] = []
    /// Photos of the run that the baseline does not know.
    public var notInBaseline: Int = 0
    /// Photos of the baseline that this run did not scan.
    public var notInRun: Int = 0
    public var silentWrongBefore: Int
    public var exactBefore: Int

    /// Whether the run is worse than the baseline: a photo exact then and not
    /// now, or more silent wrong boards than the baseline had.
    public var failed: Bool { !regressions.isEmpty || silentWrong.count > silentWrongBefore }

    /// Compares `scores` (in the order to report them) with `baseline`.
    public init(_ scores: [PhotoScore], against baseline: Baseline) {
        silentWrongBefore = baseline.silentWrong
        exactBefore = baseline.exact
        var seen = Set<String>()
        for s in scores {
            seen.insert(s.key)
            if s.silentWrong { silentWrong.append(s) }
            guard let was = baseline.photos[s.key] else {
                notInBaseline += 1
                if s.exact { newlyExact.append((s, nil)) }
                continue
            }
            if was.exact && !s.exact { regressions.append((s, was)) }
            if !was.exact && s.exact { newlyExact.append((s, was)) }
            if was.exact && s.exact && was.status == .solved && s.status != .solved { noLongerSolved.append((s, was)) }
        }
        notInRun = baseline.photos.keys.filter { !seen.contains($0) }.count
    }
}
