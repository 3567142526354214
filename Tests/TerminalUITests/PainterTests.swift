// The painters: a board with givens, entries, a wrong entry, pencil marks,
// a flagged cell and the cursor drawn at the right characters in the right
// styles (the cursor reversed, its peers shaded, its digit marked wherever it
// is); a hint's houses, pattern and elimination, at the floor size and at the
// emergency size; the grid's lines in box drawing and ASCII; the panel's
// wrapping and truncation; the help screen's columns.

import BoardLayout
import BoardRendering
import SudokuCore
import SudokuLogic
import TerminalUI
import TestSupport
import Testing

@Suite(.tags(.small)) struct PainterTests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

    func cell(_ name: String) -> Cell { Cell(name: name)! }

    /// The character and style at the centre of `cell`'s frame.
    func centre(_ canvas: Canvas, _ layout: TerminalLayout, _ cell: Cell) -> CanvasCell {
        let f = layout.frame(of: cell)
        return canvas[f.x + f.width / 2, f.y + f.height / 2]
    }

    /// The character and style of pencil mark `digit` in `cell`.
    func mark(_ canvas: Canvas, _ layout: TerminalLayout, _ cell: Cell, _ digit: Int) -> CanvasCell {
        let f = layout.frame(of: cell)
        return canvas[
            f.x + BoardPainter.markColumn(digit, width: f.width), f.y + BoardPainter.markRow(digit, height: f.height)]
    }

    func played() -> BoardView {
        var view = BoardView(givens: Self.puzzle)
        view[cell("r1c3")] = .entry(4)
        view[cell("r1c4")] = .entry(9)
        view.wrong = [cell("r1c4")]
        view.marks[cell("r4c2").index] = CandidateSet([5, 7])
        view.marks[cell("r1c6").index] = CandidateSet([2, 8])
        view.flagged = [cell("r9c1"), cell("r1c2")]
        view.cursor = cell("r1c1")
        return view
    }

    @Test func aBoardAtTheFloorSize() {
        let layout = TerminalLayout(columns: 100, rows: 40)
        #expect(layout.cellSize.description == "5x3")
        var canvas = Canvas(columns: 100, rows: 40)
        BoardPainter.paint(played(), into: &canvas, layout: layout, glyphs: .unicode)
        // The digits at their cells' centres, in their inks.
        let r1c1 = centre(canvas, layout, cell("r1c1"))
        #expect(r1c1.character == "5" && r1c1.style == Style(.sameDigit, shade: .cursor))
        #expect(centre(canvas, layout, cell("r1c2")).character == "3")
        #expect(centre(canvas, layout, cell("r1c2")).style == Style(.given, shade: .peer))
        #expect(centre(canvas, layout, cell("r1c3")).style == Style(.entry, shade: .peer))
        #expect(centre(canvas, layout, cell("r1c3")).character == "4")
        #expect(centre(canvas, layout, cell("r1c4")).style == Style(.wrong, shade: .peer))
        // The cursor's digit elsewhere: r2c6 holds a 5 (not a peer), r4c2 a pencil mark 5.
        #expect(centre(canvas, layout, cell("r2c6")).style == Style(.sameDigit, shade: .sameDigit))
        #expect(mark(canvas, layout, cell("r4c2"), 5).character == "5")
        #expect(mark(canvas, layout, cell("r4c2"), 5).style.ink == .sameDigit)
        #expect(mark(canvas, layout, cell("r4c2"), 7).style == Style(.mark))
        // Pencil marks at their mini-grid places: 2 top middle, 8 bottom middle of r1c6.
        let r1c6 = layout.frame(of: cell("r1c6"))
        #expect(canvas[r1c6.x + 2, r1c6.y].character == "2")
        #expect(canvas[r1c6.x + 2, r1c6.y + 2].character == "8")
        #expect(canvas[r1c6.x, r1c6.y].character == " ")
        // Peers: row, column and box; r5c5 is none of them.
        #expect(centre(canvas, layout, cell("r9c1")).style.shade == .peer)
        #expect(centre(canvas, layout, cell("r3c3")).style.shade == .peer)
        #expect(centre(canvas, layout, cell("r5c5")).style.shade == .none)
        // Flagged: '?' in an empty cell's centre, in a filled cell's top-right corner.
        #expect(centre(canvas, layout, cell("r9c1")).character == "?")
        let r1c2 = layout.frame(of: cell("r1c2"))
        #expect(canvas[r1c2.maxX - 1, r1c2.y].character == "?")
        #expect(canvas[r1c2.maxX - 1, r1c2.y].style.ink == .flagged)
        // The lines: double around the board and boxes, light between cells; labels 1-9.
        let g = layout.grid
        #expect(canvas[g.x, g.y].character == "╔" && canvas[g.maxX - 1, g.maxY - 1].character == "╝")
        #expect(canvas[g.x + 6, g.y].character == "╤" && canvas[g.x + 18, g.y].character == "╦")
        #expect(canvas[g.x + 6, g.y + 4].character == "┼" && canvas[g.x + 18, g.y + 12].character == "╬")
        #expect(canvas[g.x + 18, g.y + 4].character == "╫" && canvas[g.x + 6, g.y + 12].character == "╪")
        #expect(canvas[g.x, g.y + 1].style.ink == .boxBorder && canvas[g.x + 6, g.y + 1].style.ink == .border)
        #expect(canvas.line(layout.board.y).trimmingPrefixSpaces == "1     2     3     4     5     6     7     8     9")
        #expect(canvas[layout.board.x, layout.frame(of: cell("r4c1")).y + 1].character == "4")
        // The first row of cells as text: the mini-grid's middle row holds the digits.
        let middle = canvas.line(layout.frame(of: cell("r1c1")).y + 1)
        #expect(middle.contains("║  5  │  3  │  4  ║  9  │  7  │     ║"), "\(canvas.text)")
    }

    @Test func asciiLines() {
        let layout = TerminalLayout(columns: 100, rows: 40)
        var canvas = Canvas(columns: 100, rows: 40)
        BoardPainter.paint(BoardView(givens: Self.puzzle), into: &canvas, layout: layout, glyphs: .ascii)
        let row = canvas.line(layout.frame(of: cell("r1c1")).y + 1)
        #expect(row.contains("|  5  :  3  :     |  "), "\(canvas.text)")
        #expect(canvas.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    /// An X-Wing on 7: rows 1 and 9 (base), columns 1 and 9 (cover), eliminating 7 from r5c5 (not a real
    /// position: the picture only).
    func xWing() -> HintMarks {
        let step = Step(
            technique: .xWing, eliminations: [Candidate(cell("r5c5"), 7)],
            pattern: .fish(
                digit: 7, base: [.row(0), .row(8)], cover: [.column(0), .column(8)], fins: [],
                cells: [cell("r1c1"), cell("r1c9"), cell("r9c1"), cell("r9c9")]))
        return HintMarks(step: step, board: nil)
    }

    @Test func aHintAtTheFloorSize() {
        var view = BoardView()
        for c in Cell.all { view.marks[c.index] = CandidateSet([7]) }
        view.marks[cell("r5c5").index] = CandidateSet([3, 7])
        view.hint = xWing()
        let layout = TerminalLayout(columns: 100, rows: 40)
        var canvas = Canvas(columns: 100, rows: 40)
        BoardPainter.paint(view, into: &canvas, layout: layout, glyphs: .unicode)
        // The elimination in its ink, the other candidate as a plain mark.
        #expect(mark(canvas, layout, cell("r5c5"), 7).style.ink == .elimination)
        #expect(mark(canvas, layout, cell("r5c5"), 3).style.ink == .mark)
        // The houses shaded; a cell off them not.
        #expect(centre(canvas, layout, cell("r1c5")).style.shade == .hintHouse)
        #expect(centre(canvas, layout, cell("r5c9")).style.shade == .hintHouse)
        #expect(centre(canvas, layout, cell("r5c5")).style.shade == .none)
        #expect(centre(canvas, layout, cell("r4c4")).style.shade == .none)
        // The pattern's candidates in the hint's ink.
        let corner = mark(canvas, layout, cell("r1c1"), 7)
        #expect(corner.style.ink == .hintCandidate || corner.style.ink == .hintSecondary, "\(corner.style)")
    }

    @Test func aHintAtTheEmergencySize() {
        var view = BoardView()
        view.marks[cell("r5c5").index] = CandidateSet([3, 7])
        view.hint = xWing()
        let layout = TerminalLayout(columns: 80, rows: 24)
        #expect(!layout.cellSize.showsMarks)
        var canvas = Canvas(columns: 80, rows: 24)
        BoardPainter.paint(view, into: &canvas, layout: layout, glyphs: .unicode)
        let f = layout.frame(of: cell("r5c5"))
        #expect(canvas.line(f.y).contains("-7"))
        #expect(canvas[f.x, f.y].style.ink == .elimination && canvas[f.x + 1, f.y].character == "7")
        #expect(centre(canvas, layout, cell("r9c5")).style.shade == .hintHouse)
        // No pencil marks drawn: the 3 of r5c5 is not on the board.
        #expect(!canvas.line(f.y).contains("3"))
    }

    @Test func aPlacementShowsItsDigit() {
        let step = Step(
            technique: .nakedSingle, placements: [Candidate(cell("r2c2"), 6)],
            pattern: .single(digit: 6, cell: cell("r2c2"), house: nil))
        var view = BoardView()
        view.hint = HintMarks(step: step, board: nil)
        let layout = TerminalLayout(columns: 100, rows: 40)
        var canvas = Canvas(columns: 100, rows: 40)
        BoardPainter.paint(view, into: &canvas, layout: layout, glyphs: .unicode)
        let c = centre(canvas, layout, cell("r2c2"))
        #expect(c.character == "6" && c.style.ink == .placement)
    }

    @Test func thePanelWrapsAndTruncates() {
        let panel = PanelView(
            title: "sudokit play: tier 4",
            status: ["time 03:25", "hints 1, checks 0"],
            message:
                "Digit 8 must appear once in box 2, and r1c6 is the only cell there that can still hold it. So r1c6 is 8.",
            keys: [KeyHelp("arrows", "move"), KeyHelp("1-9", "enter"), KeyHelp("h", "hint"), KeyHelp("q", "quit")])
        var canvas = Canvas(columns: 30, rows: 20)
        PanelPainter.paint(panel, into: &canvas, frame: TextRect(x: 0, y: 0, width: 30, height: 20), glyphs: .unicode)
        let lines = canvas.lines
        #expect(lines[0] == "sudokit play: tier 4")
        #expect(canvas[0, 0].style.ink == .heading)
        #expect(lines[1] == "time 03:25" && lines[2] == "hints 1, checks 0" && lines[3] == "")
        #expect(lines[4] == "Digit 8 must appear once in")
        #expect(lines[5] == "box 2, and r1c6 is the only")
        #expect(lines.allSatisfy { $0.count <= 30 })
        #expect(canvas.text.contains("So r1c6 is 8."))
        #expect(canvas.text.contains("arrows move"))
        #expect(canvas.text.contains("q      quit"))

        // Six rows: title, status, blank, and three lines of the message, the last cut with "…".
        var small = Canvas(columns: 30, rows: 6)
        PanelPainter.paint(panel, into: &small, frame: TextRect(x: 0, y: 0, width: 30, height: 6), glyphs: .unicode)
        #expect(small.lines[5].hasSuffix("…"), "\(small.text)")
        #expect(small.lines[5].count <= 30)
        #expect(!small.text.contains("quit"))
    }

    @Test func wrappingBreaksLongWords() {
        #expect(TextWrap.wrap("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect(TextWrap.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TextWrap.truncate("abcdefghij", width: 6, ellipsis: "...") == "abc...")
        #expect(TextWrap.limit(["a", "b", "c"], to: 2, width: 10, ellipsis: "…") == ["a", "b…"])
    }

    @Test func theHelpScreenUsesTwoColumnsWhenTheyFit() {
        let keys = (1...10).map { KeyHelp("k\($0)", "does thing \($0)") }
        let wide = HelpPainter.paint(
            title: "Keys", keys: keys, footer: "press any key", columns: 80, rows: 20, glyphs: .unicode)
        #expect(wide.lines[0].contains("Keys"))
        #expect(wide.lines[2].contains("k1 ") && wide.lines[2].contains("k6 "), "\(wide.text)")
        #expect(wide.lines[19].contains("press any key"))
        let narrow = HelpPainter.paint(title: "Keys", keys: keys, columns: 24, rows: 20, glyphs: .unicode)
        #expect(narrow.lines[2].contains("k1 ") && !narrow.lines[2].contains("k6"))
        #expect(narrow.lines[7].contains("k6"))
    }

    @Test func keysOfCharacterCodes() {
        #expect(Key.character(code: 127) == .backspace && Key.character(code: 8) == .backspace)
        #expect(Key.character(code: 18) == .control("r") && Key.character(code: 3) == .control("c"))
        #expect(Key.character(code: 13) == .enter && Key.character(code: 27) == .escape)
        #expect(Key.character(code: 53) == .character("5"))
    }
}

extension String {
    fileprivate var trimmingPrefixSpaces: String { String(drop { $0 == " " }) }
}

@Suite(.tags(.small)) struct ScreenTests {
    @Test func theScreenIsBoardAndPanelOrTooSmall() {
        let layout = TerminalLayout(columns: 100, rows: 40)
        let canvas = ScreenPainter.paint(
            board: BoardView(givens: PainterTests.puzzle), panel: PanelView(title: "sudokit play"), layout: layout,
            glyphs: .unicode)
        #expect(canvas.columns == 100 && canvas.rows == 40)
        #expect(canvas.line(layout.panel.y).hasSuffix("sudokit play"))
        #expect(canvas.text.contains("╔"))
        let small = ScreenPainter.paint(
            board: BoardView(), panel: PanelView(title: "sudokit play"), layout: TerminalLayout(columns: 50, rows: 20),
            glyphs: .unicode)
        #expect(small.text.contains("39x30") && !small.text.contains("╔"), "\(small.text)")
    }
}
