// Offers: `TruthSet` (a folder of photos with truth files and optional true
// outlines), `PhotoScore` (one scan judged against its truth) and
// `EvaluationSummary` (the figures `sudokit eval` prints).

import Foundation
import Geometry
import SudokuCore

/// One photo with what is known to be in it.
public struct TruthPhoto: Sendable {
    public var name: String
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
            photos.append(TruthPhoto(name: name, path: (directory as NSString).appendingPathComponent(name),
                                     puzzle: grid.cells, outline: outlines[name]))
        }
        guard !photos.isEmpty else { throw TruthSetError.empty(path: directory) }
        return photos
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
