// Offers: `TruthSet`, a folder of photos with truth files (`NAME.dat`) and
// optional true outlines (`outlines.csv`), read into `TruthPhoto`s; and
// `EvaluationError`, the one error type of this module.
//
// The module measures the scanner: TruthSet.swift (what is known), PhotoScore.swift
// (one scan judged), EvaluationSummary.swift (the figures over a set),
// PhotoGroup.swift (the groups the figures can be split by), Baseline.swift (a
// stored result, its file, and what changed since).

import Basics
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
    /// For a played photo (a `NAME.givens.dat` beside `NAME.dat`): the grid as
    /// written on the paper, printed givens and the player's entries together
    /// (`NAME.dat`); `puzzle` is then the printed givens alone. Nil for a photo
    /// of a puzzle as printed.
    public var written: Grid?
    /// Cells that hold only the player's pencil marks (`NAME.candidates`: cell
    /// names like `r9c3`, separated by white space); empty when there is no
    /// such file. To the truth they are empty cells.
    public var marks: Set<Int> = []

    /// The player's entries of a played photo: the written cells that hold no
    /// given (0 elsewhere); nil for a photo of a puzzle as printed.
    public var entries: Grid? {
        guard let written else { return nil }
        var cells = written.cells
        for i in 0..<81 where puzzle.cells[i] != 0 { cells[i] = 0 }
        return try? Grid(cells: cells)
    }
}

/// Why a truth set or a baseline could not be used.
public enum EvaluationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A folder or file could not be opened or read.
    case cannotRead(path: String, reason: String)
    case badTruth(path: String, reason: String)
    /// A row of `outlines.csv` that cannot be read; line and column are 1-based,
    /// the column in characters, at the start of the bad field.
    case badOutlines(path: String, line: Int, column: Int, reason: String)
    /// The folder holds no photo with a truth file.
    case empty(path: String)
    /// The file is not a baseline `sudokit eval --write-baseline` wrote.
    case badBaseline(path: String, reason: String)
    /// The file is not a tuning file (`TuningFile`): the reason names the key.
    case badTuning(path: String, reason: String)

    /// True when the input could not be opened (rather than holding bad data).
    public var isCannotRead: Bool {
        if case .cannotRead = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .cannotRead(let p, let r): "\(p): cannot read: \(r)"
        case .badTruth(let p, let r): "\(p): bad truth file: \(r)"
        case .badOutlines(let p, let l, let c, let r): "\(p):\(l):\(c): bad outline row: \(r)"
        case .empty(let p): "\(p): no photo with a truth file (NAME.jpg/.png beside NAME.dat)"
        case .badBaseline(let p, let r): "\(p): not a sudokit baseline: \(r)"
        case .badTuning(let p, let r): "\(p): bad tuning file: \(r)"
        }
    }
}

public enum TruthSet {
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]

    /// The photos in `directory` that have a `.dat` truth file beside them, sorted
    /// by name, with outlines from `outlines.csv` when present. A photo with a
    /// `NAME.givens.dat` too is a played photo: that file holds the printed
    /// givens, `NAME.dat` the grid as written (see `TruthPhoto.written`); every
    /// given must be written with its own digit.
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
            let source =
                text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            var photo = TruthPhoto(
                name: name, key: folder + "/" + name, path: (directory as NSString).appendingPathComponent(name),
                puzzle: grid, outline: outlines[name], source: source)
            let givensPath = (directory as NSString).appendingPathComponent(stem + ".givens.dat")
            if fm.fileExists(atPath: givensPath) {
                guard let givensData = fm.contents(atPath: givensPath) else {
                    throw EvaluationError.cannotRead(path: givensPath, reason: "unreadable")
                }
                let givens: Grid
                do { givens = try Grid(dat: String(decoding: givensData, as: UTF8.self)) } catch {
                    throw EvaluationError.badTruth(path: givensPath, reason: "\(error)")
                }
                if let i = (0..<81).first(where: { givens.cells[$0] != 0 && givens.cells[$0] != grid.cells[$0] }) {
                    throw EvaluationError.badTruth(
                        path: givensPath,
                        reason:
                            "the given \(givens.cells[i]) at \(Cell(index: i)) is written as \(grid.cells[i]) in "
                            + "\(stem).dat"
                    )
                }
                photo.written = grid
                photo.puzzle = givens
            }
            let marksPath = (directory as NSString).appendingPathComponent(stem + ".candidates")
            if fm.fileExists(atPath: marksPath) {
                guard let data = fm.contents(atPath: marksPath) else {
                    throw EvaluationError.cannotRead(path: marksPath, reason: "unreadable")
                }
                for word in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace) {
                    guard let cell = Cell(name: String(word)) else {
                        throw EvaluationError.badTruth(
                            path: marksPath, reason: "'\(word)' is not a cell name like r9c3")
                    }
                    guard grid.cells[cell.index] == 0 else {
                        throw EvaluationError.badTruth(
                            path: marksPath,
                            reason: "\(cell) holds \(grid.cells[cell.index]) in \(stem).dat, not only pencil marks")
                    }
                    photo.marks.insert(cell.index)
                }
            }
            photos.append(photo)
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
    /// No file means no outlines.
    /// - Throws: `EvaluationError.badOutlines` as `parseOutlines`.
    static func loadOutlines(_ path: String) throws(EvaluationError) -> [String: Quad] {
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return try parseOutlines(Array(data), path: path)
    }

    /// The outlines in the text of an `outlines.csv` (`path` names it in errors),
    /// keyed by the file name of each row's first field.
    ///
    /// Line 1 is the header and is not read. Every other line that is not blank
    /// holds 9 comma-separated fields: the photo's path (in double quotes or not)
    /// and 8 finite numbers, the corners' x and y. Spaces around fields, CRLF line
    /// ends and a missing last newline are accepted. Works on the UTF-8 bytes; a
    /// later row for the same name replaces an earlier one. O(length of the text).
    /// - Throws: `EvaluationError.badOutlines` with the 1-based line and the
    ///   column (in characters) of the bad field.
    public static func parseOutlines(_ bytes: [UInt8], path: String) throws(EvaluationError) -> [String: Quad] {
        var result: [String: Quad] = [:]
        var next = 0
        var number = 0
        while next < bytes.count {
            number += 1
            let lineStart = next
            let newline = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            next = newline + 1
            var lineEnd = newline
            if lineEnd > lineStart && bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            let line = bytes[lineStart..<lineEnd]
            guard number > 1, line.contains(where: { !isSpace($0) }) else { continue }
            func column(_ p: Int) -> Int { bytes[lineStart..<p].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
            func bad(_ p: Int, _ reason: String) -> EvaluationError {
                .badOutlines(path: path, line: number, column: column(p), reason: reason)
            }
            let fields = line.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map(trimmed)
            guard fields.count == 9 else { throw bad(lineStart, "expected 9 fields, found \(fields.count)") }
            var values: [Double] = []
            for (k, field) in fields.enumerated().dropFirst() {
                guard let v = finiteNumber(unquoted(field)) else {
                    let name = (k % 2 == 1 ? "x" : "y") + String((k + 1) / 2)
                    throw bad(field.startIndex, "expected a number for corner \(name), found \(shown(field))")
                }
                values.append(v)
            }
            let file = unquoted(fields[0])
            guard !file.isEmpty else {
                throw bad(fields[0].startIndex, "expected the photo's path, found an empty field")
            }
            let name = file.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).last ?? file[...]
            result[String(decoding: name, as: UTF8.self)] = Quad(
                (0..<4).map { Point(values[2 * $0], values[2 * $0 + 1]) })
        }
        return result
    }

    static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    /// `field` without the spaces and tabs around it.
    static func trimmed(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var lo = field.startIndex, hi = field.endIndex
        while lo < hi && isSpace(field[lo]) { lo += 1 }
        while hi > lo && isSpace(field[hi - 1]) { hi -= 1 }
        return field[lo..<hi]
    }

    /// `field` without one pair of double quotes around it.
    static func unquoted(_ field: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let quote = UInt8(ascii: "\"")
        guard field.count >= 2, field.first == quote, field.last == quote else { return field }
        return field.dropFirst().dropLast()
    }

    /// A decimal number (`-12`, `3.5`, `1e3`) that is finite; nil for anything else,
    /// including `nan`, `inf` and hexadecimal, which `Double(_:)` would accept.
    static func finiteNumber(_ field: ArraySlice<UInt8>) -> Double? {
        guard !field.isEmpty, field.count <= 64,
            field.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-")
                    || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            })
        else { return nil }
        guard let v = Double(String(decoding: field, as: UTF8.self)), v.isFinite else { return nil }
        return v
    }

    /// A field as an error shows it: a JSON string literal (so control characters
    /// are escaped and the message stays on one line) of at most 20 characters.
    static func shown(_ field: ArraySlice<UInt8>) -> String {
        if field.isEmpty { return "an empty field" }
        let scalars = String(decoding: field, as: UTF8.self).unicodeScalars
        return JSONText.quoted(String(scalars.prefix(20)) + (scalars.count > 20 ? "..." : ""))
    }
}
