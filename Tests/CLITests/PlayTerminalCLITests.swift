// `sudokit play` on a real terminal: tmux runs it on a window of a set size,
// keys are sent with send-keys and the screen is read back with capture-pane.
// A puzzle finished by keys alone; three hint levels, the last drawn on the
// board; undo; a resize across the switch between the panel beside and below
// the board, and a window too small; quit and --resume; a half-played photo's
// unsure cell settled on the board. tmux is a test dependency (scripts/setup
// installs it): a missing tmux fails, it is not skipped.

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sudokit play` in a tmux window of its own.
struct PlayWindow {
    let terminal = TerminalSession()
    let data: String

    /// Starts `sudokit play ARGUMENTS` on a `width` x `height` window, in the package root,
    /// with its games in a fresh folder (or `data`), and waits for `ready` on the screen.
    init(
        _ arguments: [String], width: Int = 100, height: Int = 42, data: String? = nil, environment: [String] = [],
        ready: String
    ) throws {
        self.data =
            data ?? FileManager.default.temporaryDirectory.path + "/sudokit-tmux-\(UInt32.random(in: 0...UInt32.max))"
        // NO_COLOR only when a test asks for it: the test runner's own environment may set it.
        let command =
            (["env", "-u", "NO_COLOR", "LANG=C.UTF-8", "TERM=xterm-256color"] + environment
            + [sudokitBinary().path, "play", "--data", self.data] + arguments)
            .map { "'" + $0.replacing("'", with: "'\\''") + "'" }.joined(separator: " ")
        try terminal.tmux([
            "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-c", packageRoot().path,
            command + "; echo __EXIT__ $?; sleep 600",
        ])
        try wait(for: ready)
    }

    /// The screen as text.
    func screen() throws -> String { try terminal.tmux(["capture-pane", "-t", "0", "-p"]) }

    /// The screen with its colours and attributes as escape sequences.
    func styledScreen() throws -> String { try terminal.tmux(["capture-pane", "-t", "0", "-p", "-e"]) }

    /// Types `keys` literally (each character a key).
    func type(_ keys: String) throws { try terminal.tmux(["send-keys", "-t", "0", "-l", "--", keys]) }

    /// Presses tmux-named keys (`Up`, `BSpace`, `C-r`, `F1`).
    func press(_ keys: String...) throws { try terminal.tmux(["send-keys", "-t", "0"] + keys) }

    /// Waits until the screen shows `text` (at most `timeout` seconds); the screen.
    @discardableResult
    func wait(for text: String, timeout: Double = 60) throws -> String {
        let start = Date()
        var shown = ""
        while Date().timeIntervalSince(start) < timeout {
            shown = try screen()
            if shown.contains(text) || Self.panel(shown).contains(text) { return shown }
            usleep(50_000)
        }
        Issue.record("the screen never showed '\(text)':\n\(shown)")
        return shown
    }

    /// The words right of the board and below it (the panel), joined into one line, so that
    /// a wrapped message reads as one.
    static func panel(_ screen: String) -> String {
        let words = screen.split(separator: "\n").flatMap { line -> [Substring] in
            let rest = line.lastIndex(where: { "║╗╝╢╣".contains($0) }).map { line[line.index(after: $0)...] } ?? line
            return rest.split(separator: " ")
        }
        return words.joined(separator: " ")
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        try terminal.tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Ends tmux and removes the games folder.
    func close() {
        _ = try? terminal.tmux(["kill-server"], check: false)
        try? FileManager.default.removeItem(atPath: data)
    }
}

@Suite(.tags(.medium), .serialized) struct PlayTerminalCLITests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

    /// The screen line that shows row `row` (1-9) of the board: it starts with the row's number.
    static func row(_ row: Int, of screen: String) -> String {
        screen.split(separator: "\n").map(String.init).first { isRow(row, $0) } ?? ""
    }

    /// True for the screen line of board row `row`: its number, then the grid's edge (the
    /// board is centred when the panel is below it).
    static func isRow(_ row: Int, _ line: String) -> Bool { line.drop(while: { $0 == " " }).hasPrefix("\(row) ║") }

    /// The digits of a board row as the screen shows them ('.' for an empty cell): a cell's
    /// middle line holds one character and its lines above and below are blank (a pencil
    /// mark 5 alone would read as a 5: the tests leave such marks out of the rows they read).
    static func digits(_ row: Int, of screen: String) -> String {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let i = lines.firstIndex(where: { isRow(row, $0) }), i > 0, i + 1 < lines.count else {
            return ""
        }
        // The cells' segments of a line; a grid line between rows (the smallest cells) counts as blank.
        func cells(_ line: String) -> [String] {
            let separators = Set("║│╟╢╫┼╔╗╦╤╠╣╬╪╚╝╩╧")
            return line.split(omittingEmptySubsequences: false, whereSeparator: { separators.contains($0) })
                .dropFirst().prefix(9)
                .map { segment in
                    let text = segment.trimmingCharacters(in: .whitespaces)
                    return text.allSatisfy { $0 == "─" || $0 == "═" } ? "" : text
                }
        }
        let above = cells(lines[i - 1]), middle = cells(lines[i]), below = cells(lines[i + 1])
        guard middle.count == 9, above.count == 9, below.count == 9 else { return "" }
        return (0..<9).map { c in
            middle[c].count == 1 && above[c].isEmpty && below[c].isEmpty ? middle[c] : "."
        }.joined()
    }

    @Test func aPuzzleIsFinishedByKeysAlone() throws {
        let w = try PlayWindow([Self.puzzle], ready: "Welcome.")
        defer { w.close() }
        // The cursor starts on the first empty cell, r1c3; walk the board row by row, in
        // a snake, typing the solution's digit into each empty cell.
        var keys = ""
        let p = Array(Self.puzzle), s = Array(Self.solution)
        var at = 2
        for row in 0..<9 {
            let columns = row % 2 == 0 ? Array(0..<9) : Array((0..<9).reversed())
            for column in columns {
                let i = row * 9 + column
                guard p[i] == "." else { continue }
                while at / 9 < row {
                    keys += "j"
                    at += 9
                }
                while at % 9 < column {
                    keys += "l"
                    at += 1
                }
                while at % 9 > column {
                    keys += "h"
                    at -= 1
                }
                keys.append(s[i])
            }
        }
        try w.type(keys)
        let done = try w.wait(for: "Press any key.")
        #expect(PlayWindow.panel(done).contains("solved. Solved in 0:"), "\(done)")
        #expect(PlayWindow.panel(done).contains("Tier 1 (hidden"), "\(done)")
        for r in 1...9 {
            #expect(Self.digits(r, of: done) == String(s[(r - 1) * 9..<r * 9]), "row \(r): \(Self.row(r, of: done))")
        }
        try w.type(" ")
        let after = try w.wait(for: "__EXIT__")
        #expect(after.contains("__EXIT__ 0"))
        let games = try runSudokit(["games", "--data", w.data])
        #expect(games.stdout.contains("tier 1  solved"), "\(games.stdout)")
    }

    @Test func threeHintLevelsAreDrawnOnTheBoardAndUndoTakesAMoveBack() throws {
        let w = try PlayWindow([Self.puzzle], ready: "Welcome.")
        defer { w.close() }
        let before = try w.styledScreen()
        try w.type("?")
        let one = try w.wait(for: "Hint 1 of 3")
        #expect(PlayWindow.panel(one).contains("box 2"), "level 1 names the house:\n\(one)")
        let shadedOne = try w.styledScreen()
        #expect(shadedOne != before, "level 1 shades the house on the board")
        try w.type("?")
        try w.wait(for: "Hint 2 of 3")
        try w.type("?")
        let three = try w.wait(for: "Hint 3 of 3")
        #expect(PlayWindow.panel(three).contains("So r1c6 is 8."))
        #expect(Self.digits(1, of: three) == "53..78...", "level 3 draws the placement in r1c6:\n\(three)")
        // The placement is a hint's, not an entry: it goes with the next move.
        try w.type("l4")  // r1c4 is 6 in the solution; 4 is wrong
        let entered = try w.wait(for: "r1c4: 4")
        #expect(Self.digits(1, of: entered) == "53.47....")
        try w.type("c")
        let checked = try w.wait(for: "1 wrong entry")
        #expect(PlayWindow.panel(checked).contains("r1c4 is not 4"), "\(checked)")
        try w.type("u")
        let undone = try w.wait(for: "undone: r1c4 empty")
        #expect(Self.digits(1, of: undone) == "53..7....")
        try w.press("C-r")
        let redone = try w.wait(for: "redone: r1c4 4")
        #expect(Self.digits(1, of: redone) == "53.47....")
        try w.press("F1")
        let help = try w.wait(for: "sudokit play: the keys")
        for key in ["arrows hjkl", "Ctrl-R", "shift-1-9", "F1 H"] { #expect(help.contains(key), "\(key)") }
        try w.type(" ")
        try w.wait(for: "hints 3")
    }

    @Test func aResizeMovesThePanelAndATinyWindowSaysHowLargeItMustBe() throws {
        let w = try PlayWindow([Self.puzzle], width: 100, height: 42, ready: "Welcome.")
        defer { w.close() }
        let beside = try w.screen()
        #expect(Self.row(1, of: beside).contains("r1c3"), "the panel is beside the board:\n\(beside)")
        try w.resize(width: 64, height: 60)
        let below = try w.wait(for: "sudokit play: puzzle")
        #expect(!Self.row(1, of: below).contains("r1c3") && below.contains("r1c3"), "the panel moved below:\n\(below)")
        let lines = below.split(separator: "\n").map(String.init)
        let boardEnd = try #require(lines.lastIndex { $0.contains("╚") })
        let title = try #require(lines.firstIndex { $0.contains("sudokit play: puzzle") })
        #expect(title > boardEnd)
        // Back and forth by one column at a size where both fit alike: no flipping.
        try w.resize(width: 100, height: 60)
        let wide = try w.wait(for: "sudokit play: puzzle")
        let wideTitle = wide.split(separator: "\n").firstIndex { $0.contains("sudokit play: puzzle") }
        try w.resize(width: 99, height: 60)
        usleep(300_000)
        let narrower = try w.screen()
        #expect(
            narrower.split(separator: "\n").firstIndex { $0.contains("sudokit play: puzzle") } == wideTitle,
            "one column less keeps the arrangement")
        try w.resize(width: 50, height: 16)
        let tiny = try w.wait(for: "needs at least")
        #expect(PlayWindow.panel(tiny).contains("50x16"), "\(tiny)")
        try w.resize(width: 100, height: 42)
        try w.wait(for: "sudokit play: puzzle")
    }

    @Test func aGameQuitIsResumedWhereItStopped() throws {
        let w = try PlayWindow([Self.puzzle], ready: "Welcome.")
        try w.type("4")
        try w.wait(for: "r1c3: 4")
        try w.type("ln26")  // notes mode: marks 2 and 6 in r1c4
        try w.wait(for: "marks 2 6")
        try w.type("q")
        let quit = try w.wait(for: "__EXIT__")
        #expect(quit.contains("__EXIT__ 0"))
        _ = try? w.terminal.tmux(["kill-server"], check: false)
        let again = try PlayWindow(["--resume"], data: w.data, ready: "Welcome.")
        defer { again.close() }
        let screen = try again.screen()
        #expect(Self.digits(1, of: screen) == "534.7....", "\(screen)")
        let marks = screen.split(separator: "\n").map(String.init)
        let r1Top = try #require(marks.firstIndex { Self.isRow(1, $0) }) - 1
        #expect(marks[r1Top].contains("║  2  │"), "the mark 2 of r1c4, at its place in the cell:\n\(screen)")
        #expect(Self.row(1, of: screen).contains("║    6│"), "the mark 6 of r1c4:\n\(screen)")
    }

    @Test func aPhotosUnsureCellIsSettledOnTheBoard() throws {
        let photo = "TestImages/synthetic/played/played-erased-1.jpg"
        let w = try PlayWindow([photo], ready: "r7c7: read as 1")
        defer { w.close() }
        let asking = try w.screen()
        let lines = asking.split(separator: "\n").map(String.init)
        let r7 = try #require(lines.firstIndex { Self.isRow(7, $0) })
        #expect(lines[r7 - 1].contains("?"), "the unsure cell is marked on the board:\n\(asking)")
        try w.type(".")
        let playing = try w.wait(for: "Welcome.")
        #expect(
            PlayWindow.panel(playing).contains("sudokit play: played-erased-1.jpg")
                && PlayWindow.panel(playing).contains("22 empty"), "\(playing)")
    }

    @Test func aPlayersOwnDeductionIsCheckedFromTheBoard() throws {
        let w = try PlayWindow([Self.puzzle], ready: "Welcome.")
        defer { w.close() }
        try w.type("lll=8")  // the cursor from r1c3 to r1c6: "r1c6 is 8"
        let proven = try w.wait(for: "Proven by a hidden single")
        #expect(PlayWindow.panel(proven).contains("r1c6=8 (r1c6 is 8): true."), "\(proven)")
        try w.type("=4")  // false: the solution puts 8 there
        let wrong = try w.wait(for: "r1c6=4 (r1c6 is 4): false")
        #expect(PlayWindow.panel(wrong).contains("checks 2"), "a claim counts as a check")
        #expect(Self.digits(1, of: wrong) == "53..7....", "a claim writes nothing on the board")
    }

    /// The colours of a styled screen: the SGR parameters that set a foreground or background
    /// colour (30-37, 40-47, 90-97, 100-107, 38;... and 48;...), not the attributes or defaults.
    static func colours(_ styled: String) -> [String] {
        var found: [String] = []
        var rest = Substring(styled)
        while let start = rest.range(of: "\u{1b}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").compactMap { Int($0) }
            if let first = parameters.first,
                [38, 48].contains(first)
                    || parameters.contains(where: {
                        (30...37).contains($0) || (40...47).contains($0)
                            || (90...97).contains($0) || (100...107).contains($0)
                    })
            {
                found.append(String(rest[..<end]))
            }
            rest = rest[end...]
        }
        return found
    }

    @Test func noColourWithNO_COLORAndTheSmallestCellsListTheCursorsMarks() throws {
        let plain = try PlayWindow([Self.puzzle], width: 80, height: 24, environment: ["NO_COLOR=1"], ready: "Welcome.")
        defer { plain.close() }
        // 80 x 24 holds only the smallest cells, the digit alone: the cursor cell's marks are in the panel.
        try plain.type("n14")
        let screen = try plain.wait(for: "marks of r1c3: 1 4")
        #expect(Self.digits(1, of: screen) == "53..7....", "the marks are not drawn in the grid:\n\(screen)")
        #expect(Self.colours(try plain.styledScreen()).isEmpty, "NO_COLOR: attributes only")
        let coloured = try PlayWindow([Self.puzzle], width: 80, height: 24, ready: "Welcome.")
        defer { coloured.close() }
        let styled = try coloured.styledScreen()
        #expect(!Self.colours(styled).isEmpty, "without NO_COLOR the screen has colours:\n\(styled.debugDescription)")
    }
}
