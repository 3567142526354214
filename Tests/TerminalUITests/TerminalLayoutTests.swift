// The terminal layout's rules: the cell size chosen at several terminal sizes,
// the arrangement with the larger cell, the tie decided by the aspect, the
// switch across the boundary only past the margin (no flip-flop a column
// either side of it), frames inside the terminal, and the too-small report.

import BoardLayout
import TerminalUI
import TestSupport
import Testing

@Suite(.tags(.small)) struct TerminalLayoutTests {
    typealias Size = TerminalLayout.Size

    @Test func theSizesNeededAreAsDocumented() {
        let expected: [(String, Size, Size)] = [
            ("3x1", Size(columns: 71, rows: 20), Size(columns: 39, rows: 30)),
            ("5x3", Size(columns: 89, rows: 38), Size(columns: 57, rows: 48)),
            ("7x3", Size(columns: 107, rows: 38), Size(columns: 75, rows: 48)),
            ("9x5", Size(columns: 125, rows: 56), Size(columns: 93, rows: 66)),
            ("11x5", Size(columns: 143, rows: 56), Size(columns: 111, rows: 66)),
        ]
        for (cell, (name, beside, below)) in zip(TerminalLayout.Rules.standardLadder, expected) {
            #expect(cell.description == name)
            #expect(TerminalLayout.requiredSize(.sideBySide, cell: cell) == beside, "\(name) beside")
            #expect(TerminalLayout.requiredSize(.stacked, cell: cell) == below, "\(name) below")
        }
    }

    @Test(arguments: [
        // columns, rows, arrangement, cell
        (80, 24, Arrangement.sideBySide, "3x1"),  // the classic terminal: the emergency size beside
        (50, 40, .stacked, "3x1"),
        (100, 40, .sideBySide, "5x3"),
        (80, 50, .stacked, "7x3"),
        (120, 40, .sideBySide, "7x3"),
        (130, 60, .sideBySide, "9x5"),
        (200, 70, .sideBySide, "11x5"),
        (120, 70, .stacked, "11x5"),
    ])
    func chosenSizes(columns: Int, rows: Int, arrangement: Arrangement, cell: String) {
        let layout = TerminalLayout(columns: columns, rows: rows)
        #expect(layout.fits)
        #expect(layout.arrangement == arrangement, "\(columns)x\(rows)")
        #expect(layout.cellSize.description == cell, "\(columns)x\(rows)")
        checkFrames(layout)
    }

    @Test func marksAreDrawnFromTheFloorUp() {
        #expect(!TerminalLayout(columns: 80, rows: 24).cellSize.showsMarks)
        #expect(TerminalLayout(columns: 100, rows: 40).cellSize.showsMarks)
    }

    @Test func aTieAtTheCeilingGoesByTheAspect() {
        // Both arrangements reach 11x5 in 150 x 70 (wider than tall on the screen: 150 > 140).
        #expect(TerminalLayout(columns: 150, rows: 70).arrangement == .sideBySide)
        // 150 x 80 is taller than wide on the screen (150 < 160): stacked.
        #expect(TerminalLayout(columns: 150, rows: 80).arrangement == .stacked)
    }

    @Test func frameEverywhere() {
        for columns in stride(from: 30, through: 200, by: 7) {
            for rows in stride(from: 10, through: 90, by: 3) {
                let layout = TerminalLayout(columns: columns, rows: rows)
                if layout.fits {
                    checkFrames(layout)
                } else {
                    #expect(!Size(columns: columns, rows: rows).holds(layout.required))
                }
            }
        }
    }

    /// Board, grid and panel lie inside the terminal and do not overlap; the panel has its least size.
    func checkFrames(_ layout: TerminalLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        let t = layout.terminal
        for f in [layout.board, layout.grid, layout.panel] {
            #expect(
                f.x >= 0 && f.y >= 0 && f.maxX <= t.columns && f.maxY <= t.rows, "\(f) in \(t)",
                sourceLocation: sourceLocation)
        }
        #expect(
            layout.grid.x >= layout.board.x && layout.grid.maxX == layout.board.maxX, sourceLocation: sourceLocation)
        #expect(layout.grid.maxY == layout.board.maxY, sourceLocation: sourceLocation)
        switch layout.arrangement {
        case .sideBySide:
            #expect(layout.panel.x >= layout.board.maxX + 2, sourceLocation: sourceLocation)
            #expect(layout.panel.width >= 30, sourceLocation: sourceLocation)
        case .stacked:
            #expect(layout.panel.y >= layout.board.maxY + 1, sourceLocation: sourceLocation)
            #expect(layout.panel.height >= 9, sourceLocation: sourceLocation)
        }
    }

    @Test func switchingNeedsTheMarginAndDoesNotFlipFlop() {
        // At 45 rows, stacked gets 3x1 (5x3 needs 48 rows); beside gets 5x3 from 89 columns on.
        let rows = 45
        #expect(TerminalLayout(columns: 88, rows: rows).arrangement == .stacked)
        #expect(TerminalLayout(columns: 89, rows: rows).arrangement == .sideBySide)
        // Coming from stacked, the switch waits for 2 spare columns.
        #expect(TerminalLayout(columns: 89, rows: rows, previous: .stacked).arrangement == .stacked)
        #expect(TerminalLayout(columns: 90, rows: rows, previous: .stacked).arrangement == .stacked)
        #expect(TerminalLayout(columns: 91, rows: rows, previous: .stacked).arrangement == .sideBySide)
        // Coming from beside, it stays beside while its cell is the larger, and on a tie.
        #expect(TerminalLayout(columns: 89, rows: rows, previous: .sideBySide).arrangement == .sideBySide)
        #expect(TerminalLayout(columns: 88, rows: rows, previous: .sideBySide).arrangement == .sideBySide)
        // Rows: at 80 columns stacked gets 7x3 from 48 rows on; from beside it waits for 1 spare row.
        #expect(TerminalLayout(columns: 80, rows: 48).arrangement == .stacked)
        #expect(TerminalLayout(columns: 80, rows: 48, previous: .sideBySide).arrangement == .sideBySide)
        #expect(TerminalLayout(columns: 80, rows: 49, previous: .sideBySide).arrangement == .stacked)
        #expect(TerminalLayout(columns: 80, rows: 47, previous: .stacked).arrangement == .stacked)

        // A drag, a column at a time, each layout fed the one before: one switch, at 91 going up,
        // and none on the way back (beside keeps the larger or an equal cell).
        var previous: Arrangement? = nil
        var history: [Arrangement] = []
        let widths = Array(80...100) + Array((80...100).reversed())
        for columns in widths {
            let layout = TerminalLayout(columns: columns, rows: rows, previous: previous)
            history.append(layout.arrangement)
            previous = layout.arrangement
        }
        let switches = zip(history, history.dropFirst()).filter { $0 != $1 }.count
        #expect(switches == 1, "\(history)")
        #expect(history[11] == .sideBySide && history[10] == .stacked, "\(history)")
        // Wiggling one column around the switch point after switching keeps the arrangement.
        for start in [Arrangement.stacked, .sideBySide] {
            var p = start
            for columns in [90, 89, 90, 89, 90] {
                p = TerminalLayout(columns: columns, rows: rows, previous: p).arrangement
                #expect(p == start, "from \(start) at \(columns)")
            }
        }
    }

    @Test func aTerminalTooSmallSaysHowLargeItMustBe() {
        let layout = TerminalLayout(columns: 60, rows: 20)
        #expect(!layout.fits)
        // Beside needs 11 more columns, stacked 10 more rows: beside is the nearer.
        #expect(layout.required == Size(columns: 71, rows: 20))
        #expect(layout.tooSmallSentence() == "The terminal is 60x20; sudokit play needs at least 71x20.")
        let narrow = TerminalLayout(columns: 45, rows: 28)
        #expect(!narrow.fits)
        #expect(narrow.required == Size(columns: 39, rows: 30))
        let canvas = TooSmallPainter.paint(layout: layout)
        #expect(canvas.text.contains("needs at least 71x20"))
        // Centred: the first text row is in the middle third.
        let first = canvas.lines.firstIndex { !$0.isEmpty }!
        #expect((6...12).contains(first), "\(canvas.text)")
        #expect(TerminalLayout(columns: 71, rows: 20).fits)
        #expect(TerminalLayout(columns: 39, rows: 30).fits)
    }
}
