// Offers the plain-text puzzle formats, read and write:
// - line: one 81-character line, `.` or `0` for an empty cell (`Grid(line:)`,
//   `lineString`); a list of them one per line with `#` comment lines
//   (`Grid.parseList`);
// - grid: nine lines of nine cells, with or without `|`, `-`, `+` separators and
//   spaces (`Grid(gridText:)`, `gridText(separators:)`);
// - dat: the corpus truth files, two header lines then nine rows of nine
//   space-separated digits, `0` for empty; CRLF and trailing spaces accepted
//   (`Grid(dat:)`, `datText(header:)`).
// JSON is in Grid+JSON.swift. `PuzzleFormat` and `Grid.parseAll` pick one by name.
// Parsers work on UTF-8 bytes; errors give 1-based line and column in characters.

/// The text formats `Grid.parseAll` reads.
public enum PuzzleFormat: String, Sendable, CaseIterable {
    /// One 81-character puzzle per line; blank and `#` lines skipped.
    case line
    /// One 9-line grid; separators `|` `-` `+` `=` and spaces ignored.
    case grid
    /// A corpus truth file: two header lines, nine rows of nine space-separated digits.
    case dat
    /// One or more JSON objects, each with `"puzzle": "<81 chars>"`.
    case json
}

/// A puzzle read from text, with the 1-based line it starts on.
public struct NumberedPuzzle: Sendable, Hashable {
    public var line: Int
    public var grid: Grid
    public init(line: Int, grid: Grid) {
        self.line = line
        self.grid = grid
    }
}

extension Grid {
    /// Reads every puzzle in `text` as `format`.
    /// - Throws: `SudokuCoreError` for the first malformed part, `.noPuzzle` when
    ///   there is nothing to read.
    public static func parseAll(_ text: String, format: PuzzleFormat) throws(SudokuCoreError) -> [NumberedPuzzle] {
        switch format {
        case .line: return try parseList(text)
        case .grid: return [NumberedPuzzle(line: 1, grid: try Grid(gridText: text))]
        case .dat: return [NumberedPuzzle(line: 1, grid: try Grid(dat: text))]
        case .json: return try parseJSONList(text)
        }
    }

    // MARK: line format

    /// Reads one puzzle written as 81 characters: `1`-`9`, and `.` or `0` for empty.
    /// Leading and trailing spaces, tabs and a final newline are ignored.
    /// - Throws: `.unexpectedCharacter` (with its column) or `.wrongCellCount`; lines count from 1.
    public init(line text: String) throws(SudokuCoreError) {
        let lines = TextLines(text)
        let nonBlank = lines.lines.enumerated().filter { !lines.isBlank($0.element) }
        guard let first = nonBlank.first else { throw .wrongCellCount(line: 1, found: 0, expected: 81) }
        if nonBlank.count > 1 {
            let second = nonBlank[1]
            let p = second.element.first { !TextLines.isSpace(lines.bytes[$0]) } ?? second.element.lowerBound
            throw lines.unexpected(at: p, line: second.offset + 1, expected: "nothing after the puzzle line")
        }
        self = try lines.parseCellLine(first.element, number: first.offset + 1)
    }

    /// Reads a list of 81-character puzzles, one per line; blank lines and lines
    /// starting with `#` are skipped. O(length of text).
    /// - Throws: the first malformed line's error; `.noPuzzle` when no line holds a puzzle.
    public static func parseList(_ text: String) throws(SudokuCoreError) -> [NumberedPuzzle] {
        let lines = TextLines(text)
        var result: [NumberedPuzzle] = []
        for (i, range) in lines.lines.enumerated() where !lines.isBlank(range) && !lines.isComment(range) {
            result.append(NumberedPuzzle(line: i + 1, grid: try lines.parseCellLine(range, number: i + 1)))
        }
        if result.isEmpty { throw .noPuzzle }
        return result
    }

    /// The puzzle as 81 characters, `empty` for an empty cell.
    public func lineString(empty: Character = ".") -> String {
        let e = empty.asciiValue ?? UInt8(ascii: ".")
        return String(decoding: cells.map { (1...9).contains($0) ? $0 + 48 : e }, as: UTF8.self)
    }

    // MARK: grid format

    /// Reads a puzzle written as nine lines of nine cells (`1`-`9`, `.` or `0`).
    ///
    /// Spaces, tabs and `|` between cells are ignored; lines made only of `-`,
    /// `+`, `=`, `|` and spaces are separators; blank lines and `#` lines are skipped.
    /// - Throws: `.unexpectedCharacter`, `.wrongCellCount` for a row without nine
    ///   cells, `.wrongRowCount` when there are not nine rows.
    public init(gridText text: String) throws(SudokuCoreError) {
        let lines = TextLines(text)
        var cells: [UInt8] = []
        cells.reserveCapacity(81)
        var rows = 0
        for (i, range) in lines.lines.enumerated() where !lines.isBlank(range) && !lines.isComment(range) {
            var rowCells = 0
            var sawCell = false
            var sawOther = false
            for p in range {
                let b = lines.bytes[p]
                switch b {
                case UInt8(ascii: "1")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "0"):
                    sawCell = true
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "|"), UInt8(ascii: "-"),
                    UInt8(ascii: "+"), UInt8(ascii: "="):
                    break
                default:
                    sawOther = true
                }
                if sawOther {
                    throw lines.unexpected(
                        at: p, line: i + 1,
                        expected: "a digit 1-9, '.' or '0' for an empty cell, or a separator (space, '|', '-', '+')")
                }
            }
            guard sawCell else { continue }  // a separator line
            rows += 1
            if rows > 9 { throw .wrongRowCount(line: i + 1, found: rows, expected: 9) }
            for p in range {
                let b = lines.bytes[p]
                switch b {
                case UInt8(ascii: "1")...UInt8(ascii: "9"):
                    cells.append(b - 48)
                    rowCells += 1
                case UInt8(ascii: "."), UInt8(ascii: "0"):
                    cells.append(0)
                    rowCells += 1
                case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
                    throw lines.unexpected(
                        at: p, line: i + 1,
                        expected: "a digit 1-9, '.' or '0' for an empty cell, a space or '|' in a row")
                default:
                    break
                }
            }
            if rowCells != 9 { throw .wrongCellCount(line: i + 1, found: rowCells, expected: 9) }
        }
        if rows != 9 { throw .wrongRowCount(line: max(lines.lines.count, 1), found: rows, expected: 9) }
        self.init(unchecked: cells)
    }

    /// Nine lines of nine cells, `.` for empty, each ending in a newline. With
    /// `separators`, cells are spaced and boxes divided by `|` and `------+-------+------`.
    public func gridText(separators: Bool = true) -> String {
        var out = ""
        for r in 0..<9 {
            if separators && (r == 3 || r == 6) { out += "------+-------+------\n" }
            for c in 0..<9 {
                let v = self[row: r, col: c]
                let ch: Character = (1...9).contains(v) ? Character(Unicode.Scalar(v + 48)) : "."
                if separators {
                    if c == 3 || c == 6 { out += " |" }
                    if c > 0 { out += " " }
                }
                out.append(ch)
            }
            out += "\n"
        }
        return out
    }

    // MARK: dat format

    /// Reads a corpus truth file: two free-text header lines, then nine rows of
    /// nine digits `0`-`9` separated by spaces (`0` for empty). CRLF line ends,
    /// trailing spaces and trailing blank lines are accepted; the header is not kept.
    /// - Throws: `.missingHeader`, `.unexpectedCharacter`, `.wrongCellCount` (a row
    ///   without nine digits), `.wrongRowCount`.
    public init(dat text: String) throws(SudokuCoreError) {
        let lines = TextLines(text)
        guard lines.lines.count >= 3 else { throw .missingHeader(found: lines.lines.count) }
        var cells: [UInt8] = []
        cells.reserveCapacity(81)
        var rows = 0
        for (i, range) in lines.lines.enumerated().dropFirst(2) where !lines.isBlank(range) {
            rows += 1
            if rows > 9 { throw .wrongRowCount(line: i + 1, found: rows, expected: 9) }
            var rowCells = 0
            var previousWasDigit = false
            for p in range {
                let b = lines.bytes[p]
                switch b {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    if previousWasDigit {
                        throw lines.unexpected(at: p, line: i + 1, expected: "a space between cells")
                    }
                    cells.append(b - 48)
                    rowCells += 1
                    previousWasDigit = true
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    previousWasDigit = false
                default:
                    throw lines.unexpected(at: p, line: i + 1, expected: "a digit 0-9 (0 for an empty cell) or a space")
                }
            }
            if rowCells != 9 { throw .wrongCellCount(line: i + 1, found: rowCells, expected: 9) }
        }
        if rows != 9 { throw .wrongRowCount(line: lines.lines.count, found: rows, expected: 9) }
        self.init(unchecked: cells)
    }

    /// The grid as a truth file: the two `header` lines, then nine rows of
    /// space-separated digits with `0` for empty; LF line ends.
    public func datText(header: (String, String) = ("sudokit", "")) -> String {
        var out = header.0 + "\n" + header.1 + "\n"
        for r in 0..<9 {
            out += (0..<9).map { c in String(self[row: r, col: c] <= 9 ? self[row: r, col: c] : 0) }
                .joined(separator: " ")
            out += "\n"
        }
        return out
    }
}

/// The lines of a text as byte ranges, with `\r` before `\n` dropped, plus
/// helpers that turn a byte position into a character column for errors.
struct TextLines {
    let bytes: [UInt8]
    /// Byte ranges of each line, without the line end. A final newline does not
    /// start another line.
    let lines: [Range<Int>]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            lines.append(start..<Self.trimCR(bytes, start, i))
            start = i + 1
        }
        if start < bytes.count { lines.append(start..<Self.trimCR(bytes, start, bytes.count)) }
        self.lines = lines
    }

    private static func trimCR(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        end > start && bytes[end - 1] == UInt8(ascii: "\r") ? end - 1 : end
    }

    static func isSpace(_ b: UInt8) -> Bool { b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") }

    func isBlank(_ r: Range<Int>) -> Bool { r.allSatisfy { Self.isSpace(bytes[$0]) } }

    func isComment(_ r: Range<Int>) -> Bool {
        r.first { !Self.isSpace(bytes[$0]) }.map { bytes[$0] == UInt8(ascii: "#") } ?? false
    }

    /// 1-based column in characters (Unicode scalars) of byte `p` in line `r`.
    func column(of p: Int, in line: Int) -> Int {
        let start = lines.indices.contains(line - 1) ? lines[line - 1].lowerBound : 0
        return bytes[start..<p].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The character starting at byte `p`.
    func character(at p: Int) -> Character {
        var end = p + 1
        while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[p..<end], as: UTF8.self).first ?? "?"
    }

    func unexpected(at p: Int, line: Int, expected: String) -> SudokuCoreError {
        .unexpectedCharacter(line: line, column: column(of: p, in: line), found: character(at: p), expected: expected)
    }

    /// One 81-cell line, surrounding spaces and tabs ignored.
    func parseCellLine(_ r: Range<Int>, number: Int) throws(SudokuCoreError) -> Grid {
        var lo = r.lowerBound, hi = r.upperBound
        while lo < hi && Self.isSpace(bytes[lo]) { lo += 1 }
        while hi > lo && Self.isSpace(bytes[hi - 1]) { hi -= 1 }
        var cells = [UInt8](repeating: 0, count: 81)
        var n = 0
        for p in lo..<hi {
            let b = bytes[p]
            let v: UInt8
            switch b {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): v = b - 48
            case UInt8(ascii: "."), UInt8(ascii: "0"): v = 0
            default:
                throw unexpected(at: p, line: number, expected: "a digit 1-9, or '.' or '0' for an empty cell")
            }
            if n < 81 { cells[n] = v }
            n += 1
        }
        if n != 81 { throw .wrongCellCount(line: number, found: n, expected: 81) }
        return Grid(unchecked: cells)
    }
}
