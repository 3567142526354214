// Offers: `TerminalLayout`, the terminal game's layout in character cells: the
// cell size, the board's frame (with its row and column numbers), the grid's
// frame, the panel's frame and the arrangement, for a terminal of any size;
// with its rules (`TerminalLayout.Rules`) and sizes (`TerminalLayout.Size`,
// `TerminalLayout.CellSize`). The same rules as the picture's layout function
// (BoardLayout's Layout.swift), counted in characters.
//
// The board: 9 cells of w x h characters inside lines, double lines around
// the boxes and light lines between cells, so the grid is 9w + 10 columns by
// 9h + 10 rows; the row numbers take 2 columns on its left and the column
// numbers 1 row above it, so the board is 9w + 12 by 9h + 11.
//
// The rules, in the order they apply:
// 1. The cell size is the largest of a ladder that fits with the panel:
//    3 x 1 (emergency: the digit only, pencil marks not drawn in the grid),
//    5 x 3 (the floor: the 3 x 3 mini-grid of pencil marks, "1 2 3"), 7 x 3,
//    9 x 5, 11 x 5 (the ceiling). A terminal character is about twice as tall
//    as wide, so each size is about square on the screen.
// 2. The panel needs at least 30 columns beside the board (2 columns apart)
//    or 9 rows below it (1 row apart); it grows to 48 columns beside or 14 rows
//    below when there is room, and is as wide as the board below it.
// 3. Both arrangements are computed; the one with the larger cell wins; on a
//    tie the terminal's aspect decides (wider than tall on the screen, that is
//    more columns than twice its rows: beside). Given the previous arrangement,
//    the layout switches only when the other gives a strictly larger cell and
//    fits with 2 spare columns and 1 spare row: a resize by one character at
//    the switch point does not make it flip back and forth.
// 4. When not even the emergency size fits, `fits` is false and `required`
//    is the smallest terminal that fits (of the two arrangements, the one
//    that needs the fewer extra characters, a row counting as two columns).
//
// Sizes needed (columns x rows), beside / below: 3 x 1: 71 x 20 / 39 x 30;
// 5 x 3: 89 x 38 / 57 x 48; 7 x 3: 107 x 38 / 75 x 48; 9 x 5: 125 x 56 /
// 93 x 66; 11 x 5: 143 x 56 / 111 x 66.

import BoardLayout
import SudokuCore

/// Where everything goes on a terminal of a given size.
public struct TerminalLayout: Sendable, Hashable {
    /// A size in character cells.
    public struct Size: Sendable, Hashable, CustomStringConvertible {
        public var columns: Int
        public var rows: Int

        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }

        /// True when `other` fits inside this size.
        public func holds(_ other: Size) -> Bool { other.columns <= columns && other.rows <= rows }

        /// `80x24`.
        public var description: String { "\(columns)x\(rows)" }
    }

    /// The inside of one board cell in characters, lines not counted.
    public struct CellSize: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var width: Int
        public var height: Int

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }

        /// True when pencil marks are drawn in the cell (a 3 x 3 mini-grid needs 5 x 3).
        public var showsMarks: Bool { width >= 5 && height >= 3 }

        /// Ordered by area, then width.
        public static func < (a: CellSize, b: CellSize) -> Bool {
            (a.width * a.height, a.width) < (b.width * b.height, b.width)
        }

        /// `5x3`.
        public var description: String { "\(width)x\(height)" }
    }

    /// The numbers the rules use, in character cells.
    public struct Rules: Sendable, Hashable {
        /// The cell sizes from the emergency size up to the ceiling, smallest first.
        public var ladder: [CellSize]
        /// The least panel width beside the board, and the most it grows to.
        public var panelBeside: Int
        public var maximumPanelWidth: Int
        /// The least panel height below the board, and the most it grows to.
        public var panelBelow: Int
        public var maximumPanelHeight: Int
        /// The space between board and panel: columns beside, rows below.
        public var gapBeside: Int
        public var gapBelow: Int
        /// The spare room the other arrangement needs before the layout switches to it.
        public var hysteresis: Size

        public init(
            ladder: [CellSize] = Rules.standardLadder, panelBeside: Int = 30, maximumPanelWidth: Int = 48,
            panelBelow: Int = 9, maximumPanelHeight: Int = 14, gapBeside: Int = 2, gapBelow: Int = 1,
            hysteresis: Size = Size(columns: 2, rows: 1)
        ) {
            precondition(!ladder.isEmpty, "a layout needs at least one cell size")
            self.ladder = ladder.sorted()
            self.panelBeside = panelBeside
            self.maximumPanelWidth = max(panelBeside, maximumPanelWidth)
            self.panelBelow = panelBelow
            self.maximumPanelHeight = max(panelBelow, maximumPanelHeight)
            self.gapBeside = gapBeside
            self.gapBelow = gapBelow
            self.hysteresis = hysteresis
        }

        /// 3x1 (emergency), 5x3 (floor), 7x3, 9x5, 11x5 (ceiling).
        public static let standardLadder = [
            CellSize(width: 3, height: 1), CellSize(width: 5, height: 3), CellSize(width: 7, height: 3),
            CellSize(width: 9, height: 5), CellSize(width: 11, height: 5),
        ]

        public static let standard = Rules()
    }

    /// The columns the row numbers take left of the grid, and the rows the column numbers take above it.
    public static let labelColumns = 2
    public static let labelRows = 1

    /// The terminal's size.
    public let terminal: Size
    /// False when not even the emergency size fits: show the too-small screen, naming `required`.
    public let fits: Bool
    /// How board and panel share the terminal.
    public let arrangement: Arrangement
    /// The inside of one cell.
    public let cellSize: CellSize
    /// The board with its row and column numbers.
    public let board: TextRect
    /// The grid: the cells and their lines, outer lines included.
    public let grid: TextRect
    /// The panel: title, status, message and keys.
    public let panel: TextRect
    /// The smallest terminal that fits the board and its panel.
    public let required: Size
    /// The rules the layout was computed with.
    public let rules: Rules

    /// The grid's size (lines included) for a cell size.
    public static func gridSize(_ cell: CellSize) -> Size {
        Size(columns: 9 * cell.width + 10, rows: 9 * cell.height + 10)
    }

    /// The board's size (grid and numbers) for a cell size.
    public static func boardSize(_ cell: CellSize) -> Size {
        let g = gridSize(cell)
        return Size(columns: g.columns + labelColumns, rows: g.rows + labelRows)
    }

    /// The least terminal for a board of `cell` and the panel in `arrangement`.
    public static func requiredSize(_ arrangement: Arrangement, cell: CellSize, rules: Rules = .standard) -> Size {
        let b = boardSize(cell)
        switch arrangement {
        case .sideBySide: return Size(columns: b.columns + rules.gapBeside + rules.panelBeside, rows: b.rows)
        case .stacked: return Size(columns: b.columns, rows: b.rows + rules.gapBelow + rules.panelBelow)
        }
    }

    /// The layout of a terminal `columns` wide and `rows` tall; `previous` is the arrangement shown
    /// before this size (nil for the first layout).
    public init(columns: Int, rows: Int, previous: Arrangement? = nil, rules: Rules = .standard) {
        let terminal = Size(columns: columns, rows: rows)
        self.terminal = terminal
        self.rules = rules
        func best(_ a: Arrangement) -> Int? {
            rules.ladder.indices.last { terminal.holds(Self.requiredSize(a, cell: rules.ladder[$0], rules: rules)) }
        }
        let stacked = best(.stacked)
        let beside = best(.sideBySide)
        let wide = columns > 2 * rows
        var chosen: Arrangement?
        switch (stacked, beside) {
        case (nil, nil): chosen = nil
        case (.some, nil): chosen = .stacked
        case (nil, .some): chosen = .sideBySide
        case let (s?, b?): chosen = s > b ? .stacked : b > s ? .sideBySide : (wide ? .sideBySide : .stacked)
        }
        if let p = previous, let kept = best(p), chosen != p {
            let other: Arrangement = p == .stacked ? .sideBySide : .stacked
            let otherBest = other == .stacked ? stacked : beside
            var switches = false
            if let o = otherBest, o > kept {
                let need = Self.requiredSize(other, cell: rules.ladder[o], rules: rules)
                switches = terminal.holds(
                    Size(
                        columns: need.columns + rules.hysteresis.columns, rows: need.rows + rules.hysteresis.rows))
            }
            if !switches { chosen = p }
        }
        // The smallest terminal that fits: of the two emergency sizes, the one needing fewer extra characters.
        let small = rules.ladder[0]
        let needs = [Arrangement.stacked, .sideBySide].map { a in
            (a, Self.requiredSize(a, cell: small, rules: rules))
        }
        let cheapest = needs.min { x, y in
            func extra(_ s: Size) -> Int { max(0, s.columns - columns) + 2 * max(0, s.rows - rows) }
            return (extra(x.1), x.1.columns * x.1.rows) < (extra(y.1), y.1.columns * y.1.rows)
        }!
        required = cheapest.1
        fits = chosen != nil
        let arrangement = chosen ?? previous ?? cheapest.0
        self.arrangement = arrangement
        let index = (arrangement == .stacked ? stacked : beside) ?? 0
        let cell = rules.ladder[index]
        cellSize = cell
        let b = Self.boardSize(cell)
        switch arrangement {
        case .sideBySide:
            let panelWidth = max(0, min(columns - b.columns - rules.gapBeside, rules.maximumPanelWidth))
            let left = max(0, (columns - (b.columns + rules.gapBeside + panelWidth)) / 2)
            let top = max(0, (rows - b.rows) / 2)
            board = TextRect(x: left, y: top, width: b.columns, height: b.rows)
            panel = TextRect(x: left + b.columns + rules.gapBeside, y: top, width: panelWidth, height: b.rows)
        case .stacked:
            let panelHeight = max(0, min(rows - b.rows - rules.gapBelow, rules.maximumPanelHeight))
            let left = max(0, (columns - b.columns) / 2)
            let top = max(0, (rows - (b.rows + rules.gapBelow + panelHeight)) / 2)
            board = TextRect(x: left, y: top, width: b.columns, height: b.rows)
            panel = TextRect(x: left, y: top + b.rows + rules.gapBelow, width: b.columns, height: panelHeight)
        }
        let g = Self.gridSize(cell)
        grid = TextRect(
            x: board.x + Self.labelColumns, y: board.y + Self.labelRows, width: g.columns, height: g.rows)
    }

    /// The inside of `cell` (lines not included).
    public func frame(of cell: Cell) -> TextRect {
        TextRect(
            x: grid.x + 1 + cell.column * (cellSize.width + 1), y: grid.y + 1 + cell.row * (cellSize.height + 1),
            width: cellSize.width, height: cellSize.height)
    }

    /// The terminal-size sentence of the too-small screen: "the terminal is 60x20; sudokit play needs at least 71x20".
    public func tooSmallSentence(program: String = "sudokit play") -> String {
        "The terminal is \(terminal); \(program) needs at least \(required)."
    }
}
