// Offers `PositionFile`: reads the rung positions of Fixtures/positions/FAMILY.txt
// into `RungCase`s, and `PositionFileError`, what keeps a file from being read.
//
// The format, one position a block:
//
//     # from <the puzzle it came from>, where the ladder needs it
//     technique: x-wing
//     values: ..654..98..9.2..35..5..86..5....3.619..2..3.7......8...9.....16.518.2..34.3.1..8.
//     marks:
//      237 237  6    | 5   4    17   | 127 9   8
//      ... (the nine rows of the candidate grid, with or without the box rules)
//     step: r6c5,r9c4<>9  X-Wing on 9 in columns 6,9
//
// - `technique:` starts a position: the technique's identifier (`Technique.rawValue`).
// - `values:` the filled cells, 81 characters, `.` for an empty cell.
// - `givens:` (optional) the puzzle's givens, 81 characters like `values:`:
//   the filled cells that are not among them were solved since (an avoidable
//   rectangle rests on them); without it every filled cell counts as a given.
// - `marks:` (optional) every cell's candidates as a candidate grid, on the
//   lines after it up to a blank, `#` or `key:` line, taken as they are written;
//   without it the candidates are what the filled cells leave.
// - `step:` `Step.line` of the step the rung must find there, everything after
//   `step: ` as written (two spaces part it from its text); `none` for a near
//   miss, where the rung must find nothing.
// - Lines starting with `#` are comments (the puzzle a position comes from, what
//   a near miss changed); `## name` heads each technique's positions.

import Foundation
import SudokuLogic
import TestSupport

/// What keeps a position file from being read.
package enum PositionFileError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    /// `line` is 1-based.
    case malformed(path: String, line: Int, reason: String)

    package var description: String {
        switch self {
        case let .unreadable(path, reason): return "cannot read \(path): \(reason)"
        case let .malformed(path, line, reason): return "\(path):\(line): \(reason)"
        }
    }
}

package enum PositionFile {
    /// Where the position files are, relative to the package root.
    package static let folder = "Tests/RungPositions/Fixtures/positions"

    /// The positions of `folder/NAME.txt`, in file order.
    /// - Throws: `PositionFileError` when the file cannot be read or a block is malformed.
    package static func load(_ name: String) throws(PositionFileError) -> [RungCase] {
        let path = folder + "/" + name + ".txt"
        let data: Data
        do {
            data = try Data(contentsOf: packageRoot().appendingPathComponent(path))
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        return try parse(String(decoding: data, as: UTF8.self), path: path)
    }

    /// The positions written in `text` (the format above); `path` names the file in errors.
    /// - Throws: `PositionFileError.malformed` naming the line.
    package static func parse(_ text: String, path: String) throws(PositionFileError) -> [RungCase] {
        var cases: [RungCase] = []
        var current: Block?
        var inMarks = false

        func fail(_ line: Int, _ reason: String) -> PositionFileError {
            .malformed(path: path, line: line, reason: reason)
        }
        func finish() throws(PositionFileError) {
            guard let block = current else { return }
            guard let values = block.values else { throw fail(block.line, "the position has no values: line") }
            guard let expect = block.step else { throw fail(block.line, "the position has no step: line") }
            if let marks = block.marks, marks.isEmpty { throw fail(block.line, "marks: is followed by no rows") }
            cases.append(
                RungCase(
                    block.technique, values: values, givens: block.givens,
                    marks: block.marks?.joined(separator: "\n"), expect: expect == "none" ? nil : expect))
            current = nil
        }

        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let key = line.firstIndex(of: ":").map { String(line[..<$0]) }
            let isKey = key.map { !$0.isEmpty && $0.allSatisfy { $0.isLetter } } ?? false
            if inMarks {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix("#") && !isKey {
                    current?.marks?.append(String(line))
                    continue
                }
                inMarks = false
            }
            if line.trimmingCharacters(in: .whitespaces).isEmpty || line.hasPrefix("#") { continue }
            guard isKey, let key else { throw fail(number, "expected `key: value`, found \"\(line)\"") }
            var value = String(line.dropFirst(key.count + 1))
            if value.hasPrefix(" ") { value.removeFirst() }
            if key == "technique" {
                try finish()
                guard let technique = Technique(rawValue: value) else {
                    throw fail(number, "unknown technique \"\(value)\"")
                }
                current = Block(technique: technique, line: number)
                continue
            }
            guard current != nil else { throw fail(number, "\(key): before the first technique: line") }
            switch key {
            case "values":
                guard current?.values == nil else { throw fail(number, "a second values: line") }
                guard value.count == 81, value.allSatisfy({ $0 == "." || ("1"..."9").contains($0) }) else {
                    throw fail(number, "values must be 81 characters of 1-9 and '.', found \"\(value)\"")
                }
                current?.values = value
            case "givens":
                guard current?.givens == nil else { throw fail(number, "a second givens: line") }
                guard value.count == 81, value.allSatisfy({ $0 == "." || ("1"..."9").contains($0) }) else {
                    throw fail(number, "givens must be 81 characters of 1-9 and '.', found \"\(value)\"")
                }
                current?.givens = value
            case "marks":
                guard current?.marks == nil else { throw fail(number, "a second marks: line") }
                guard value.isEmpty else { throw fail(number, "the candidate grid goes on the lines after marks:") }
                current?.marks = []
                inMarks = true
            case "step":
                guard current?.step == nil else { throw fail(number, "a second step: line") }
                guard !value.isEmpty else { throw fail(number, "an empty step: write `none` for a near miss") }
                current?.step = value
            default:
                throw fail(number, "unknown key \"\(key)\"")
            }
        }
        try finish()
        return cases
    }

    /// A position being read: its fields as far as they have come.
    private struct Block {
        var technique: Technique
        /// The 1-based line of its `technique:`.
        var line: Int
        var values: String?
        var givens: String?
        var marks: [String]?
        var step: String?
    }
}
