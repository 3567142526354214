// Offers: `Canvas`, a screen as a grid of character cells, each a character and
// a semantic `Style` (an `Ink` for the character, a `Shade` for the cell behind
// it); what the painters draw into and what `Terminal` shows. `text` gives the
// plain rows (trailing spaces trimmed), for tests and for a plain dump. `Glyphs`
// are the characters of lines and the ellipsis: box drawing when the terminal
// speaks UTF-8, ASCII otherwise. `TextRect` is a rectangle in character cells.

/// A rectangle in character cells: `x` columns from the left, `y` rows from the top.
public struct TextRect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The column just past the right edge.
    public var maxX: Int { x + width }
    /// The row just below the bottom edge.
    public var maxY: Int { y + height }
    /// True when the rectangle holds no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// `12,3 40x20`: origin, then size.
    public var description: String { "\(x),\(y) \(width)x\(height)" }
}

/// What a character means; `Terminal` maps each to a colour and attributes
/// (without colour, to attributes only: bold, underline, dim).
public enum Ink: String, Sendable, Hashable, CaseIterable {
    case plain
    /// The light lines between cells.
    case border
    /// The heavy (double) lines around boxes and the board.
    case boxBorder
    /// The row and column numbers around the board.
    case label
    /// A printed given: bold.
    case given
    /// The player's entry.
    case entry
    /// An entry a check found wrong.
    case wrong
    /// A pencil mark.
    case mark
    /// A digit (entry, given or pencil mark) equal to the cursor's digit.
    case sameDigit
    /// The '?' of a cell the photo's reader was unsure of.
    case flagged
    /// A hint pattern's candidate.
    case hintCandidate
    /// A hint pattern's other candidates (the second colour, fins, ...).
    case hintSecondary
    /// A candidate the hint eliminates.
    case elimination
    /// A digit the hint places.
    case placement
    /// A title.
    case heading
    /// A key's name in a legend.
    case keyName
    /// Text of less importance.
    case dim
    /// An error message.
    case error
}

/// What lies behind a character: the shading of a cell.
public enum Shade: String, Sendable, Hashable, CaseIterable {
    case none
    /// The cursor's cell (reversed).
    case cursor
    /// A cell in the cursor's row, column or box.
    case peer
    /// A cell holding the cursor's digit.
    case sameDigit
    /// A house the hint rests on.
    case hintHouse
    /// A cell the hint outlines or fills.
    case hintCell
}

/// A character's style: its ink and the shade behind it.
public struct Style: Sendable, Hashable, CustomStringConvertible {
    public var ink: Ink
    public var shade: Shade

    public init(_ ink: Ink = .plain, shade: Shade = .none) {
        self.ink = ink
        self.shade = shade
    }

    public static let plain = Style()

    /// `given/peer`, or just `given` without shade.
    public var description: String { shade == .none ? ink.rawValue : "\(ink.rawValue)/\(shade.rawValue)" }
}

/// The characters lines and truncations are drawn with.
public struct Glyphs: Sendable, Hashable {
    /// True for box-drawing characters, false for ASCII.
    public var unicode: Bool

    public init(unicode: Bool) { self.unicode = unicode }

    /// Box-drawing characters (double lines around boxes, light lines between cells) and "…".
    public static let unicode = Glyphs(unicode: true)
    /// ASCII: `=` and `|` around boxes, `-` and `:` between cells, `+` at crossings, and "...".
    public static let ascii = Glyphs(unicode: false)

    /// What ends a truncated line.
    public var ellipsis: String { unicode ? "…" : "..." }
}

/// One character cell of a canvas.
public struct CanvasCell: Sendable, Hashable {
    public var character: Character
    public var style: Style

    public init(_ character: Character = " ", style: Style = .plain) {
        self.character = character
        self.style = style
    }
}

/// A screen's worth of styled characters, row-major; writes outside it are dropped.
public struct Canvas: Sendable, Hashable {
    /// The width in character cells.
    public let columns: Int
    /// The height in character cells.
    public let rows: Int
    /// The cells, row-major (`y * columns + x`).
    public private(set) var cells: [CanvasCell]

    /// A blank canvas (spaces, plain style).
    public init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        cells = Array(repeating: CanvasCell(), count: self.columns * self.rows)
    }

    /// True when (x, y) lies on the canvas.
    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < columns && y < rows }

    /// The cell at column `x`, row `y`. - Precondition: it lies on the canvas.
    public subscript(x: Int, y: Int) -> CanvasCell {
        get {
            precondition(contains(x: x, y: y), "(\(x), \(y)) outside the \(columns)x\(rows) canvas")
            return cells[y * columns + x]
        }
        set {
            guard contains(x: x, y: y) else { return }
            cells[y * columns + x] = newValue
        }
    }

    /// Puts `character` at (x, y) in `ink`, keeping the shade already there unless `shade` is given.
    public mutating func put(_ character: Character, x: Int, y: Int, ink: Ink, shade: Shade? = nil) {
        guard contains(x: x, y: y) else { return }
        let i = y * columns + x
        cells[i] = CanvasCell(character, style: Style(ink, shade: shade ?? cells[i].style.shade))
    }

    /// Writes `text` from (x, y) rightwards, at most `limit` characters (to the canvas edge by default).
    public mutating func write(_ text: String, x: Int, y: Int, ink: Ink, shade: Shade? = nil, limit: Int? = nil) {
        var column = x
        let end = limit.map { x + $0 } ?? columns
        for ch in text {
            guard column < end else { break }
            put(ch, x: column, y: y, ink: ink, shade: shade)
            column += 1
        }
    }

    /// Sets the shade of every cell in `rect`, keeping the characters and inks.
    public mutating func shade(_ rect: TextRect, _ shade: Shade) {
        for y in max(0, rect.y)..<min(rows, rect.maxY) where rect.x < columns {
            for x in max(0, rect.x)..<min(columns, rect.maxX) {
                cells[y * columns + x].style.shade = shade
            }
        }
    }

    /// The characters of row `y`, trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        var s = String(cells[(y * columns)..<(y * columns + columns)].map(\.character))
        while s.last == " " { s.removeLast() }
        return s
    }

    /// The rows as plain text, trailing spaces trimmed.
    public var lines: [String] { (0..<rows).map(line) }

    /// The rows joined by newlines, trailing spaces trimmed (empty rows at the end kept as empty lines).
    public var text: String { lines.joined(separator: "\n") }

    /// The column of the first occurrence of `needle` in row `y`, if any (for tests and the painters' checks).
    public func column(of needle: String, inRow y: Int) -> Int? {
        let row = Array(cells[(y * columns)..<(y * columns + columns)].map(\.character))
        let n = Array(needle)
        guard !n.isEmpty, n.count <= row.count else { return nil }
        for start in 0...(row.count - n.count) where Array(row[start..<(start + n.count)]) == n {
            return start
        }
        return nil
    }
}
