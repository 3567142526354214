// Offers: `RecordIndex`, the JSONL records of earlier `scan --out` runs by photo
// (what `--resume` keeps), and `RecordLocation`, where one record lies in its file.

import Foundation
import GridScanner
import ImageCodecs

/// Where one earlier JSONL record lies, to copy it into the final file unchanged.
struct RecordLocation {
    var fd: Int32
    var offset: Int
    /// Bytes, including the newline.
    var length: Int
}

/// The records of earlier runs (`--resume`) and of this one, by photo.
struct RecordIndex {
    /// The latest record of each photo (by its `file`).
    var latest: [String: (status: ScanStatus, location: RecordLocation)] = [:]
    /// Photos in the order their first record appeared.
    var order: [String] = []

    mutating func add(file: String, status: ScanStatus, location: RecordLocation) {
        if latest[file] == nil { order.append(file) }
        latest[file] = (status, location)
    }

    /// Whether `file` needs no new scan.
    func isDone(_ file: String) -> Bool { latest[file].map { $0.status != .error } ?? false }

    /// Indexes the JSONL records of the file open as `fd`. A last line without its
    /// newline (a write cut short) is left out; returns the length of the whole
    /// lines, so the caller can cut the rest off. Lines that are not a record with
    /// a `file` and a known `status` are left out too, each with a note.
    /// - Throws: `CLIError.noInput` when the file cannot be read.
    mutating func load(fd: Int32, path: String, notes: inout [String]) throws(CLIError) -> Int {
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(descriptor: fd, source: path) } catch {
            throw CLIError.noInput(error.description)
        }
        var start = 0
        var lineNumber = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lineNumber += 1
            if let record = Self.record(bytes[start..<end]) {
                add(
                    file: record.file, status: record.status,
                    location: RecordLocation(fd: fd, offset: start, length: end + 1 - start))
            } else if end > start {
                notes.append("\(path):\(lineNumber): not a scan record; left out")
            }
            start = end + 1
        }
        if start < bytes.count { notes.append("\(path): last line cut short (an interrupted write); left out") }
        return start
    }

    /// The photo and status of one JSONL scan record (a line without its newline),
    /// or nil when the line is not a JSON object with a `file` and a known `status`.
    static func record(_ line: ArraySlice<UInt8>) -> (file: String, status: ScanStatus)? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
            let file = object["file"] as? String,
            let status = (object["status"] as? String).flatMap(ScanStatus.init(rawValue:))
        else { return nil }
        return (file, status)
    }
}
