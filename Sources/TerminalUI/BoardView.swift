// Offers: `BoardView`, what the game shows on the board (the cells, pencil marks,
// cursor, wrong entries, flagged cells and a hint's marks), and `BoardPainter`,
// which draws it into a `Canvas` at a `TerminalLayout`: the grid's lines (double
// around boxes, light between cells), the row and column numbers, givens bold,
// entries, wrong entries, pencil marks at their mini-grid place (digit d at row
// (d-1)/3, column (d-1)%3), the cursor's cell reversed with its row, column and
// box shaded, every cell and pencil mark holding the cursor's digit marked,
// flagged cells with '?', and a hint: its houses and cells shaded, its
// candidates in their roles' inks, its eliminations and placements (a hint's
// candidates drawn whether or not the player pencilled them). At the
// emergency size (no pencil marks in the grid) an eliminated candidate shows as
// "-d" in its cell.

import BoardLayout
import BoardRendering
import Drawing
import SudokuCore
import SudokuLogic

/// The board as the game shows it.
public struct BoardView: Sendable, Hashable {
    /// What a cell holds.
    public enum Content: Sendable, Hashable {
        case empty
        /// A printed given (1...9).
        case given(Int)
        /// The player's entry (1...9).
        case entry(Int)

        /// The digit, if any.
        public var digit: Int? {
            switch self {
            case .empty: return nil
            case let .given(d), let .entry(d): return d
            }
        }
    }

    /// The 81 cells, row-major.
    public var cells: [Content]
    /// The 81 cells' pencil marks (drawn only in empty cells).
    public var marks: [CandidateSet]
    /// The cursor's cell, if shown.
    public var cursor: Cell?
    /// Entries a check found wrong.
    public var wrong: Set<Cell>
    /// Cells a photo's reader was unsure of, for the player to settle ('?').
    public var flagged: Set<Cell>
    /// The hint's marks, already limited to the hint's level.
    public var hint: HintMarks?

    public init(
        cells: [Content] = Array(repeating: .empty, count: 81),
        marks: [CandidateSet] = Array(repeating: .empty, count: 81), cursor: Cell? = nil, wrong: Set<Cell> = [],
        flagged: Set<Cell> = [], hint: HintMarks? = nil
    ) {
        precondition(cells.count == 81 && marks.count == 81, "a board view has 81 cells and 81 pencil marks")
        self.cells = cells
        self.marks = marks
        self.cursor = cursor
        self.wrong = wrong
        self.flagged = flagged
        self.hint = hint
    }

    /// The board of an 81-character puzzle text (digits givens, anything else empty).
    public init(givens: String) {
        var cells: [Content] = []
        for ch in givens.prefix(81) {
            if let d = ch.wholeNumberValue, (1...9).contains(d) {
                cells.append(.given(d))
            } else {
                cells.append(.empty)
            }
        }
        cells += Array(repeating: .empty, count: 81 - cells.count)
        self.init(cells: cells)
    }

    /// The content of `cell`.
    public subscript(cell: Cell) -> Content {
        get { cells[cell.index] }
        set { cells[cell.index] = newValue }
    }

    /// The cursor cell's digit, if it holds one.
    public var cursorDigit: Int? { cursor.flatMap { cells[$0.index].digit } }
}

/// Draws a `BoardView` into a canvas.
public enum BoardPainter {
    /// The column of pencil mark `digit` inside a cell `width` wide (3 columns apart from 9 wide, else 2).
    public static func markColumn(_ digit: Int, width: Int) -> Int {
        let k = (digit - 1) % 3
        return width >= 9 ? (width - 7) / 2 + 3 * k : (width - 5) / 2 + 2 * k
    }

    /// The row of pencil mark `digit` inside a cell `height` tall.
    public static func markRow(_ digit: Int, height: Int) -> Int { (height - 3) / 2 + (digit - 1) / 3 }

    /// Paints `view` into `canvas` at `layout`'s board frame.
    public static func paint(_ view: BoardView, into canvas: inout Canvas, layout: TerminalLayout, glyphs: Glyphs) {
        drawLines(into: &canvas, layout: layout, glyphs: glyphs)
        drawLabels(into: &canvas, layout: layout)
        let hint = view.hint
        let houses = Set(hint?.houses.map(\.item) ?? [])
        let hintCells = Set((hint?.outlines.map(\.item) ?? []) + (hint?.cellFills.map(\.item) ?? []))
        var hintInks: [Candidate: Ink] = [:]
        for m in hint?.candidates ?? [] {
            hintInks[m.item] =
                m.role == "inference false"
                ? .elimination
                : m.role == "inference true"
                    ? .placement : m.colour == Palette.patternCandidate ? .hintCandidate : .hintSecondary
        }
        let eliminations = Set(hint?.eliminations ?? [])
        let placements = Dictionary(
            (hint?.placements ?? []).map { ($0.cell, $0.digit) }, uniquingKeysWith: { a, _ in a })
        let cursorDigit = view.cursorDigit
        let size = layout.cellSize

        for cell in Cell.all {
            let f = layout.frame(of: cell)
            // The shade: cursor, then the hint's cells and houses, then the cursor's digit, then its peers.
            var shade = Shade.none
            if let c = view.cursor, c.row == cell.row || c.column == cell.column || c.box == cell.box { shade = .peer }
            if let d = cursorDigit, view[cell].digit == d { shade = .sameDigit }
            if cell.houses.contains(where: houses.contains) { shade = .hintHouse }
            if hintCells.contains(cell) { shade = .hintCell }
            if view.cursor == cell { shade = .cursor }
            canvas.shade(f, shade)

            let cx = f.x + size.width / 2
            let cy = f.y + size.height / 2
            let content = view[cell]
            if let placed = placements[cell], content.digit == nil {
                canvas.put(Character(String(placed)), x: cx, y: cy, ink: .placement)
            } else if let d = content.digit {
                let ink: Ink
                switch content {
                case .given: ink = d == cursorDigit ? .sameDigit : .given
                default: ink = view.wrong.contains(cell) ? .wrong : d == cursorDigit ? .sameDigit : .entry
                }
                canvas.put(Character(String(d)), x: cx, y: cy, ink: ink)
                if placements[cell] != nil { canvas.put(Character(String(d)), x: cx, y: cy, ink: .placement) }
            } else if size.showsMarks {
                for d in 1...9 {
                    let candidate = Candidate(cell, d)
                    let ink: Ink
                    if eliminations.contains(candidate) {
                        ink = .elimination
                    } else if let h = hintInks[candidate] {
                        ink = h
                    } else if view.marks[cell.index].contains(d) {
                        ink = d == cursorDigit ? .sameDigit : .mark
                    } else {
                        continue
                    }
                    canvas.put(
                        Character(String(d)), x: f.x + markColumn(d, width: size.width),
                        y: f.y + markRow(d, height: size.height), ink: ink)
                }
            } else {
                // Emergency size: no pencil marks; an elimination shows as "-d" ("-*" for several).
                let gone = (1...9).filter { eliminations.contains(Candidate(cell, $0)) }
                if !gone.isEmpty {
                    canvas.put("-", x: cx - 1, y: cy, ink: .elimination)
                    canvas.put(gone.count == 1 ? Character(String(gone[0])) : "*", x: cx, y: cy, ink: .elimination)
                }
            }
            if view.flagged.contains(cell) {
                if content.digit == nil && placements[cell] == nil {
                    canvas.put("?", x: cx, y: cy, ink: .flagged)
                } else {
                    canvas.put("?", x: f.maxX - 1, y: f.y, ink: .flagged)
                }
            }
        }
    }

    /// The row numbers left of the grid and the column numbers above it.
    static func drawLabels(into canvas: inout Canvas, layout: TerminalLayout) {
        for i in 0..<9 {
            let f = layout.frame(of: Cell(row: i, column: i))
            let digit = Character(String(i + 1))
            canvas.put(digit, x: layout.board.x, y: f.y + f.height / 2, ink: .label)
            canvas.put(digit, x: f.x + f.width / 2, y: layout.board.y, ink: .label)
        }
    }

    /// The grid's lines: double (heavy) around boxes and the board, light between cells.
    static func drawLines(into canvas: inout Canvas, layout: TerminalLayout, glyphs: Glyphs) {
        let g = layout.grid
        let w = layout.cellSize.width + 1
        let h = layout.cellSize.height + 1
        for y in 0..<g.height {
            for x in 0..<g.width {
                let onRowLine = y % h == 0
                let onColumnLine = x % w == 0
                guard onRowLine || onColumnLine else { continue }
                let rowLine = y / h
                let columnLine = x / w
                let heavyRow = onRowLine && rowLine % 3 == 0
                let heavyColumn = onColumnLine && columnLine % 3 == 0
                let ch: Character
                if onRowLine && onColumnLine {
                    ch = junction(
                        row: rowLine, column: columnLine, heavyRow: heavyRow, heavyColumn: heavyColumn, glyphs: glyphs)
                } else if onRowLine {
                    ch = glyphs.unicode ? (heavyRow ? "═" : "─") : (heavyRow ? "=" : "-")
                } else {
                    ch = glyphs.unicode ? (heavyColumn ? "║" : "│") : (heavyColumn ? "|" : ":")
                }
                canvas.put(ch, x: g.x + x, y: g.y + y, ink: heavyRow || heavyColumn ? .boxBorder : .border)
            }
        }
    }

    /// The character where row line `row` (0...9) crosses column line `column` (0...9).
    static func junction(row: Int, column: Int, heavyRow: Bool, heavyColumn: Bool, glyphs: Glyphs) -> Character {
        guard glyphs.unicode else { return "+" }
        let top = row == 0
        let bottom = row == 9
        let left = column == 0
        let right = column == 9
        switch (top, bottom, left, right) {
        case (true, _, true, _): return "╔"
        case (true, _, _, true): return "╗"
        case (_, true, true, _): return "╚"
        case (_, true, _, true): return "╝"
        case (true, _, _, _): return heavyColumn ? "╦" : "╤"
        case (_, true, _, _): return heavyColumn ? "╩" : "╧"
        case (_, _, true, _): return heavyRow ? "╠" : "╟"
        case (_, _, _, true): return heavyRow ? "╣" : "╢"
        default:
            switch (heavyRow, heavyColumn) {
            case (true, true): return "╬"
            case (true, false): return "╪"
            case (false, true): return "╫"
            case (false, false): return "┼"
            }
        }
    }
}
