// Offers the position formats, read and write:
// - a puzzle and the player's entries (two 81-character lines; `Board(puzzle:entries:)`);
// - pencil marks as a candidate grid: nine rows of nine candidate groups
//   (`1368`), with or without `|`, `-`, `+`, `.`, `*`, `:` separators, as sudoku
//   programs export it (`candidateGridText()`);
// - pencil marks as one 729-character line: nine characters per cell, digit k
//   at place k or `.`/`0` (`candidateLine()`).
// Errors name the line and column of the text, or the cell at fault.

import SudokuCore

extension Board {
    /// A position from pencil marks (`text` in either candidate format), with
    /// the puzzle (and the player's entries) when known.
    ///
    /// With a puzzle, the filled cells are its givens and the entries; the
    /// marks give the candidates of the other cells (a single mark is one
    /// candidate left, not a placed digit), and a filled cell's group must hold
    /// its digit. Without one, a cell with a single mark counts as filled (and
    /// as a given: `uniqueness` is then about the filled cells). Marks that a
    /// peer's digit rules out are dropped.
    /// - Throws: `.candidateText` for text that does not parse; `.candidatesContradictValue`,
    ///   `.entryOnGiven`, `.conflict`, `.noCandidates`.
    public init(candidates text: String, puzzle: Grid? = nil, entries: Grid? = nil) throws(SudokuLogicError) {
        try self.init(marks: try Board.parseCandidates(text), puzzle: puzzle, entries: entries)
    }

    /// A position from pencil marks as 81 candidate masks (bit `d − 1` for
    /// digit `d`), as `init(candidates:puzzle:entries:)` reads them from text.
    /// - Throws: `.candidatesContradictValue`, `.entryOnGiven`, `.conflict`, `.noCandidates`.
    public init(marks: [UInt16], puzzle: Grid? = nil, entries: Grid? = nil) throws(SudokuLogicError) {
        var values = [UInt8](repeating: 0, count: 81)
        var givens = CellSet()
        if let puzzle {
            for i in 0..<81 where (1...9).contains(puzzle.cells[i]) {
                values[i] = puzzle.cells[i]
                givens.insert(i)
            }
            if let entries {
                for i in 0..<81 where (1...9).contains(entries.cells[i]) {
                    if values[i] != 0 && values[i] != entries.cells[i] {
                        throw .entryOnGiven(cell: Cell(index: i), given: Int(values[i]), entry: Int(entries.cells[i]))
                    }
                    values[i] = entries.cells[i]
                }
            }
            for i in 0..<81 where values[i] != 0 && marks[i] & DigitMask.bit(Int(values[i])) == 0 {
                throw .candidatesContradictValue(
                    cell: Cell(index: i), value: Int(values[i]),
                    candidates: CandidateSet(rawValue: marks[i]))
            }
        } else {
            for i in 0..<81 where marks[i].nonzeroBitCount == 1 {
                values[i] = UInt8(marks[i].trailingZeroBitCount + 1)
                givens.insert(i)
            }
        }
        let uniqueGrid =
            puzzle.map { p in Grid(cellsUnchecked: p.cells.map { $0 <= 9 ? $0 : 0 }) } ?? Grid(cellsUnchecked: values)
        try self.init(values: values, masks: marks, givens: givens, uniqueness: Board.uniqueness(of: uniqueGrid))
    }

    /// The 81 candidate masks of pencil-mark text in either format.
    /// - Throws: `.candidateText` with the line and column.
    public static func parseCandidates(_ text: String) throws(SudokuLogicError) -> [UInt16] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let nonBlank = lines.enumerated().filter { !$0.element.allSatisfy { $0 == " " || $0 == "\t" } }
        // One line of text is the 729-character format; several are a grid.
        if nonBlank.count == 1, let only = nonBlank.first { return try parseLine(only.element, line: only.offset + 1) }
        return try parseGrid(lines)
    }

    /// One 729-character line.
    static func parseLine(_ text: String, line: Int) throws(SudokuLogicError) -> [UInt16] {
        var masks = [UInt16](repeating: 0, count: 81)
        var n = 0
        for (column, ch) in text.enumerated() {
            if ch == " " || ch == "\t" { continue }
            guard n < 729 else {
                throw .candidateText(line: line, column: column + 1, message: "more than 729 characters")
            }
            let cell = n / 9, place = n % 9
            switch ch {
            case ".", "0":
                break
            case "1"..."9":
                let d = Int(ch.asciiValue! - 48)
                guard d == place + 1 else {
                    throw .candidateText(
                        line: line, column: column + 1,
                        message:
                            "'\(ch)' at place \(place + 1) of \(Cell(index: cell))'s nine characters; digit k goes "
                            + "at place k, '.' elsewhere"
                    )
                }
                masks[cell] |= DigitMask.bit(d)
            default:
                throw .candidateText(
                    line: line, column: column + 1,
                    message: "unexpected \(SudokuLogicError.quoted(ch)), expected a digit 1-9, '.' or '0'")
            }
            n += 1
        }
        guard n == 729 else {
            throw .candidateText(line: line, column: nil, message: "expected 729 characters, found \(n)")
        }
        return masks
    }

    /// Nine rows of nine candidate groups.
    static func parseGrid(_ lines: [String]) throws(SudokuLogicError) -> [UInt16] {
        var masks: [UInt16] = []
        var rows = 0
        let separators: Set<Character> = ["|", "-", "+", "=", ".", "*", ":", "'", "_"]
        for (k, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") { continue }
            guard line.contains(where: { ("1"..."9").contains($0) }) else {
                // A separator line: only separators and spaces.
                if let bad = line.enumerated().first(where: {
                    !separators.contains($0.element) && $0.element != " " && $0.element != "\t"
                }) {
                    throw .candidateText(
                        line: k + 1, column: bad.offset + 1,
                        message:
                            "unexpected \(SudokuLogicError.quoted(bad.element)), expected candidate digits or a "
                            + "separator"
                    )
                }
                continue
            }
            rows += 1
            if rows > 9 { throw .candidateText(line: k + 1, column: nil, message: "more than 9 rows of candidates") }
            var groups: [UInt16] = []
            var current: UInt16 = 0
            var inGroup = false
            for (column, ch) in line.enumerated() {
                if let d = ch.asciiValue.map({ Int($0) - 48 }), (1...9).contains(d) {
                    let bit = DigitMask.bit(d)
                    if current & bit != 0 {
                        throw .candidateText(line: k + 1, column: column + 1, message: "digit \(d) twice in one group")
                    }
                    current |= bit
                    inGroup = true
                } else if ch == " " || ch == "\t" || separators.contains(ch) {
                    if inGroup { groups.append(current) }
                    current = 0
                    inGroup = false
                } else {
                    throw .candidateText(
                        line: k + 1, column: column + 1,
                        message:
                            "unexpected \(SudokuLogicError.quoted(ch)), expected candidate digits 1-9 or a separator")
                }
            }
            if inGroup { groups.append(current) }
            guard groups.count == 9 else {
                throw .candidateText(
                    line: k + 1, column: nil, message: "expected 9 candidate groups, found \(groups.count)")
            }
            masks += groups
        }
        guard rows == 9 else {
            throw .candidateText(
                line: max(1, lines.count), column: nil, message: "expected 9 rows of candidates, found \(rows)")
        }
        return masks
    }

    // MARK: writing

    /// The position as a candidate grid: each cell's candidates (a filled
    /// cell's digit), columns aligned, boxes divided by `|` and
    /// `-------+-------` lines. `Board(candidates:puzzle:)` reads it back.
    public func candidateGridText() -> String {
        let groups = (0..<81).map { i -> String in
            values[i] != 0 ? String(values[i]) : DigitMask.digits(masks[i]).map(String.init).joined()
        }
        let widths = (0..<9).map { c in (0..<9).map { groups[$0 * 9 + c].count }.max() ?? 1 }
        var out = ""
        let boxWidth = (0..<3).map { b in widths[(b * 3)..<(b * 3 + 3)].reduce(0, +) + 4 }
        for r in 0..<9 {
            if r == 3 || r == 6 {
                out += boxWidth.map { String(repeating: "-", count: $0) }.joined(separator: "+") + "\n"
            }
            var line = ""
            for c in 0..<9 {
                if c == 3 || c == 6 { line += "|" }
                let g = groups[r * 9 + c]
                line += " " + g + String(repeating: " ", count: widths[c] - g.count)
                if c % 3 == 2 { line += " " }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// The position as 729 characters: nine per cell, digit k at place k when
    /// it is a candidate (for a filled cell, its digit) and `.` elsewhere.
    public func candidateLine() -> String {
        var out = ""
        out.reserveCapacity(729)
        for i in 0..<81 {
            let m = values[i] != 0 ? DigitMask.bit(Int(values[i])) : masks[i]
            for d in 1...9 { out.append(m & DigitMask.bit(d) != 0 ? Character(String(d)) : ".") }
        }
        return out
    }
}

extension SudokuLogicError {
    /// `c` as an error message shows it: quoted when printable, else named by code.
    static func quoted(_ c: Character) -> String {
        switch c {
        case "\t": return "tab"
        case "'": return "\"'\""
        default:
            if let a = c.asciiValue, a < 32 || a == 127 { return "control character \(a)" }
            if !c.isASCII, let s = c.unicodeScalars.first {
                return "U+" + String(s.value, radix: 16, uppercase: true)
            }
            return "'\(c)'"
        }
    }
}
