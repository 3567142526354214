// Offers: `TruthSet`, a folder of photos with truth files (`NAME.dat`) and
// optional true outlines (`outlines.csv`), read into `TruthPhoto`s; and
// `EvaluationError`, the one error type of this module.
//
// The module measures the scanner: TruthSet.swift (what is known), PhotoScore.swift
// (one scan judged), EvaluationSummary.swift (the figures over a set),
// PhotoGroup.swift (the groups the figures can be split by), Baseline.swift (a
// stored result, its file, and what changed since).

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
    /// The puzzle in reading orientation.
    public var puzzle: Grid
    /// The grid's true corners in the upright photo, as listed (any rotation), when known.
    public var outline: Quad?
    /// Line 1 of the truth file, free text naming where the photo comes from (the
    /// camera in the corpus, `synthetic make-synthetic seed=... case=...` for the
    /// generated photos), without surrounding spaces.
    public var source = ""
}

/// Why a truth set or a baseline could not be used.
public enum EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A folder or file could not be opened or read.
    case cannotRead(path: String, reason: String)
    case badTruth(path: String, reason: String)
    case badOutlines(path: String, line: Int, reason: String)
    /// The folder holds no photo with a truth file.
    case empty(path: String)
    /// The file is not a baseline `sudokit eval --write-baseline` wrote.
    case badBaseline(path: String, reason: String)

    /// True when the input could not be opened (rather than holding bad data).
    public var isCannotRead: Bool {
        if case .cannotRead = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .cannotRead(let p, let r): "\(p): cannot read: \(r)"
        case .badTruth(let p, let r): "\(p): bad truth file: \(r)"
        case .badOutlines(let p, let l, let r): "\(p):\(l): bad outline row: \(r)"
        case .empty(let p): "\(p): no photo with a truth file (NAME.jpg/.png beside NAME.dat)"
        case .badBaseline(let p, let r): "\(p): not a sudokit baseline: \(r)"
        }
    }
}

public enum TruthSet {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]

    /// The photos in `directory` that have a `.dat` truth file beside them, sorted
    /// by name, with outlines from `outlines.csv` when present.
    /// - Throws: `EvaluationError` for an unreadable folder, truth or outline file.
    public static func load(directory: String) throws(EvaluationError) -> [TruthPhoto] {
        let fm = FileManager.default
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory) } catch {
            throw EvaluationError.cannotRead(path: directory, reason: error.localizedDescription)
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
                throw EvaluationError.cannotRead(path: datPath, reason: "unreadable")
            }
            let text = String(decoding: data, as: UTF8.self)
            let grid: Grid
            do { grid = try Grid(dat: text) } catch {
                throw EvaluationError.badTruth(path: datPath, reason: "\(error)")
            }
            let source = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            photos.append(TruthPhoto(name: name, key: folder + "/" + name, path: (directory as NSString).appendingPathComponent(name),
                                     puzzle: grid, outline: outlines[name], source: source))
        }
        guard !photos.isEmpty else { throw EvaluationError.empty(path: directory) }
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
    static func loadOutlines(_ path: String) throws(EvaluationError) -> [String: Quad] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        var result: [String: Quad] = [:]
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        for (i, line) in lines.enumerated() where i > 0 && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 9 else {
                throw EvaluationError.badOutlines(path: path, line: i + 1, reason: "expected 9 fields, found \(fields.count)")
            }
            let values = fields[1...].compactMap(Double.init)
            guard values.count == 8 else {
                throw EvaluationError.badOutlines(path: path, line: i + 1, reason: "corner values must be numbers")
            }
            let name = (fields[0].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) as NSString).lastPathComponent
            result[name] = Quad((0..<4).map { Point(values[2 * $0], values[2 * $0 + 1]) })
        }
        return result
    }
}

