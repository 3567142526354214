// Offers the JSON puzzle format, read and write, without Foundation:
// `Grid(json:)` reads one object, `Grid.parseJSONList` a sequence of objects
// (a JSON Lines file, or objects separated by any whitespace); each object needs
// `"puzzle": "<81 characters>"` and may carry any other keys, which are ignored.
// `jsonText(count:solution:)` writes one object on one line (with `JSONText`).

import Basics

extension Grid {
    /// Reads one JSON object with a `"puzzle"` key holding 81 cell characters
    /// (`1`-`9`, `.` or `0`); other keys are ignored.
    /// - Throws: `.invalidJSON` with line and column, `.missingPuzzleKey`, or the
    ///   line format's errors for the puzzle string (column inside the JSON text).
    public init(json text: String) throws(SudokuCoreError) {
        let list = try Grid.parseJSONList(text)
        if list.count > 1 {
            throw .invalidJSON(line: list[1].line, column: 1, message: "expected a single JSON object, found another")
        }
        self = list[0].grid
    }

    /// Reads one or more JSON objects separated by whitespace (JSON Lines works).
    /// - Throws: as `init(json:)`; `.noPuzzle` when the text holds no object.
    public static func parseJSONList(_ text: String) throws(SudokuCoreError) -> [NumberedPuzzle] {
        var reader = JSONReader(Array(text.utf8))
        var result: [NumberedPuzzle] = []
        reader.skipSpace()
        while !reader.atEnd {
            let line = reader.line
            guard reader.peek == UInt8(ascii: "{") else { throw reader.error("expected '{' to start a puzzle object") }
            var puzzle: Grid?
            try reader.readObject { key, reader throws(SudokuCoreError) in
                if key == "puzzle" {
                    guard reader.peek == UInt8(ascii: "\"") else {
                        throw reader.error("expected a string of 81 cells for \"puzzle\"")
                    }
                    puzzle = try reader.readPuzzleString()
                } else {
                    try reader.skipValue()
                }
            }
            guard let puzzle else { throw .missingPuzzleKey(line: line) }
            result.append(NumberedPuzzle(line: line, grid: puzzle))
            reader.skipSpace()
        }
        if result.isEmpty { throw .noPuzzle }
        return result
    }

    /// One JSON object on one line: `{"puzzle":"...","count":1,"solution":"..."}`.
    /// `count` and `solution` are written only when given; `solutionIsNull`
    /// writes `"solution":null` (no unique solution).
    public func jsonText(count: Int? = nil, solution: Grid? = nil, solutionIsNull: Bool = false) -> String {
        var out = "{\"puzzle\":\"" + lineString() + "\""
        if let count { out += ",\"count\":\(count)" }
        if let solution {
            out += ",\"solution\":\"" + solution.lineString() + "\""
        } else if solutionIsNull {
            out += ",\"solution\":null"
        }
        return out + "}"
    }
}

/// A byte cursor over JSON text that tracks line and column for errors. Reads
/// just enough JSON to find the puzzle and skip everything else correctly.
struct JSONReader {
    let bytes: [UInt8]
    var pos = 0
    var line = 1
    var lineStart = 0
    var depth = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { pos >= bytes.count }
    var peek: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    /// 1-based column, in characters, of byte `p` on the current line.
    func column(of p: Int) -> Int {
        bytes[lineStart..<min(p, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    func error(_ message: String) -> SudokuCoreError {
        let found: String
        if peek != nil {
            var end = pos + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            let scalar = String(decoding: bytes[pos..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
            found = ", found " + SudokuCoreError.quoted(Character(scalar))  // a control character by its code
        } else {
            found = ", found the end of the text"
        }
        return .invalidJSON(line: line, column: column(of: pos), message: message + found)
    }

    mutating func skipSpace() {
        while let b = peek {
            switch b {
            case UInt8(ascii: "\n"):
                pos += 1
                line += 1
                lineStart = pos
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): pos += 1
            default: return
            }
        }
    }

    mutating func expect(_ c: UInt8, _ message: String) throws(SudokuCoreError) {
        guard peek == c else { throw error(message) }
        pos += 1
    }

    /// Reads `{ "key": value, ... }`, calling `body` with the cursor on each value.
    mutating func readObject(_ body: (String, inout JSONReader) throws(SudokuCoreError) -> Void) throws(SudokuCoreError)
    {
        depth += 1
        if depth > 64 { throw error("expected JSON nested at most 64 deep") }
        try expect(UInt8(ascii: "{"), "expected '{'")
        skipSpace()
        if peek == UInt8(ascii: "}") {
            pos += 1
            depth -= 1
            return
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw error("expected a key in double quotes") }
            let key = try readString()
            skipSpace()
            try expect(UInt8(ascii: ":"), "expected ':' after the key")
            skipSpace()
            try body(key, &self)
            skipSpace()
            if peek == UInt8(ascii: ",") {
                pos += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "expected ',' or '}' in the object")
            depth -= 1
            return
        }
    }

    /// Reads a string literal with its escapes; the cursor is on the opening quote.
    mutating func readString() throws(SudokuCoreError) -> String {
        var ignored: [Int]? = nil
        return String(decoding: try readStringBytes(sources: &ignored), as: UTF8.self)
    }

    /// Reads a string literal as the UTF-8 bytes it stands for; the cursor is on
    /// the opening quote. When `sources` is not nil, it receives for each byte
    /// returned the position in `bytes` of the text it came from (the backslash of
    /// an escape), so an error about the value can point into the JSON text.
    /// Invalid UTF-8 is passed through: callers decode or compare bytes.
    mutating func readStringBytes(sources: inout [Int]?) throws(SudokuCoreError) -> [UInt8] {
        try expect(UInt8(ascii: "\""), "expected '\"'")
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw error("expected '\"' to close the string") }
            let start = pos
            pos += 1
            switch b {
            case UInt8(ascii: "\""):
                return out
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw error("expected an escape after '\\'") }
                pos += 1
                let decoded: [UInt8]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = [e]
                case UInt8(ascii: "n"): decoded = [10]
                case UInt8(ascii: "t"): decoded = [9]
                case UInt8(ascii: "r"): decoded = [13]
                case UInt8(ascii: "b"): decoded = [8]
                case UInt8(ascii: "f"): decoded = [12]
                case UInt8(ascii: "u"):
                    var v = try readHex4()
                    // A surrogate pair makes one scalar; a lone surrogate becomes U+FFFD.
                    if (0xD800...0xDBFF).contains(v), peek == UInt8(ascii: "\\"),
                        pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u")
                    {
                        let mark = pos
                        pos += 2
                        let low = try readHex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            pos = mark  // not a pair: read the second escape on its own
                        }
                    }
                    decoded = Array(String(Unicode.Scalar(v) ?? "\u{FFFD}").utf8)
                default:
                    pos -= 1
                    throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
                }
                out.append(contentsOf: decoded)
                sources?.append(contentsOf: repeatElement(start, count: decoded.count))
            default:
                if b < 0x20 {
                    pos -= 1
                    throw error("expected '\"' to close the string before the line end")
                }
                out.append(b)
                sources?.append(start)
            }
        }
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func readHex4() throws(SudokuCoreError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let h = peek, let d = Self.hexValue(h) else { throw error("expected 4 hex digits after \\u") }
            v = v * 16 + d
            pos += 1
        }
        return v
    }

    static func hexValue(_ h: UInt8) -> UInt32? {
        switch h {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(h - 48)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(h - 87)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(h - 55)
        default: return nil
        }
    }

    /// Reads the `"puzzle"` string as 81 cells. The cells are the string's bytes
    /// after its escapes are decoded, never its `Character`s: a digit followed by a
    /// combining mark is a digit, then an unexpected character (the mark). Errors point into the JSON text: the
    /// column is that of the raw character or of the escape that wrote it.
    mutating func readPuzzleString() throws(SudokuCoreError) -> Grid {
        let quoteLine = line
        var sources: [Int]? = []
        let value = try readStringBytes(sources: &sources)
        let from = sources ?? []
        // A string holds no raw line end, so the cursor is still on the quote's line.
        var cells = [UInt8](repeating: 0, count: 81)
        var n = 0
        var k = 0
        while k < value.count {
            let b = value[k]
            let v: UInt8
            switch b {
            case UInt8(ascii: "1")...UInt8(ascii: "9"): v = b - 48
            case UInt8(ascii: "."), UInt8(ascii: "0"): v = 0
            default:
                var end = k + 1
                while end < value.count && value[end] & 0xC0 == 0x80 { end += 1 }
                let found =
                    String(decoding: value[k..<end], as: UTF8.self).unicodeScalars.first.map(Character.init) ?? "?"
                throw .unexpectedCharacter(
                    line: quoteLine, column: column(of: from[k]), found: found,
                    expected: "a digit 1-9, or '.' or '0' for an empty cell")
            }
            if n < 81 { cells[n] = v }
            n += 1
            k += 1
        }
        if n != 81 { throw .wrongCellCount(line: quoteLine, found: n, expected: 81) }
        return Grid(unchecked: cells)
    }

    /// Skips any JSON value.
    mutating func skipValue() throws(SudokuCoreError) {
        guard let b = peek else { throw error("expected a value") }
        switch b {
        case UInt8(ascii: "{"):
            try readObject { _, r throws(SudokuCoreError) in try r.skipValue() }
        case UInt8(ascii: "["):
            depth += 1
            if depth > 64 { throw error("expected JSON nested at most 64 deep") }
            pos += 1
            skipSpace()
            if peek == UInt8(ascii: "]") {
                pos += 1
                depth -= 1
                return
            }
            while true {
                skipSpace()
                try skipValue()
                skipSpace()
                if peek == UInt8(ascii: ",") {
                    pos += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "expected ',' or ']' in the array")
                depth -= 1
                return
            }
        case UInt8(ascii: "\""):
            _ = try readString()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = pos
            while let c = peek,
                c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
            {
                pos += 1
            }
            if Double(String(decoding: bytes[start..<pos], as: UTF8.self)) == nil {
                pos = start
                throw error("expected a number")
            }
        default:
            throw error("expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String) throws(SudokuCoreError) {
        for c in word.utf8 {
            guard peek == c else { throw error("expected '\(word)'") }
            pos += 1
        }
    }
}
