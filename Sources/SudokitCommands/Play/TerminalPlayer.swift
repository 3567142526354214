// Offers: `TerminalPlayer`, `sudokit play` full screen: the keys turned into
// the session's actions, the board and panel drawn by TerminalUI at the
// layout the terminal's size allows (laid out again on every resize, keeping
// the arrangement unless the other one is clearly better), the hint's marks
// on the board level by level, a claim about the cursor's cell (`=` or `-`,
// then a digit) checked, the help screen, and a photo's unsure cells
// settled on the board before play.

import BoardLayout
import BoardRendering
import Coaching
import GameCore
import Grading
import GridScanner
import SudokuCore
import SudokuLogic
import TerminalUI

/// The full-screen game on one terminal.
final class TerminalPlayer {
    let session: GameSession
    let terminal: Terminal
    var cursor: Cell
    var notes = false
    var showingHelp = false
    var message = ""
    var messageInk = Ink.plain
    var previous: Arrangement?
    /// `=` or `-` when the first key of a claim about the cursor's cell waits for its digit.
    var pendingClaim: Character?

    init(session: GameSession, terminal: Terminal) {
        self.session = session
        self.terminal = terminal
        cursor = Cell.all.first { session.position.digit(at: $0) == nil } ?? Cell(index: 0)
    }

    /// Every key, as the help screen lists it.
    static let keys: [KeyHelp] = [
        KeyHelp("arrows hjkl", "move"),
        KeyHelp("1-9", "enter the digit (in notes mode: a pencil mark)"),
        KeyHelp("n", "notes mode on or off"),
        KeyHelp("shift-1-9", "toggle a pencil mark (!@#$%^&*()"),
        KeyHelp("x Backspace", "erase the cell"),
        KeyHelp("u", "undo"),
        KeyHelp("Ctrl-R", "redo"),
        KeyHelp("?", "hint; again for the pattern, then the argument"),
        KeyHelp("c", "check against the solution"),
        KeyHelp("= 1-9", "claim the cursor's cell holds the digit: checked, with the technique that proves it"),
        KeyHelp("- 1-9", "claim the cursor's cell cannot hold the digit: checked the same way (Escape cancels)"),
        KeyHelp("a", "fill in every candidate"),
        KeyHelp("q", "save and quit (--resume continues)"),
        KeyHelp("F1 H", "this help"),
    ]

    /// The short legend under the status.
    static let legend: [KeyHelp] = [
        KeyHelp("1-9", "digit"), KeyHelp("n", "notes"), KeyHelp("x", "erase"), KeyHelp("u ^R", "undo redo"),
        KeyHelp("?", "hint"), KeyHelp("c", "check"), KeyHelp("a", "candidates"), KeyHelp("q", "save, quit"),
        KeyHelp("F1 H", "all keys"),
    ]

    /// The terminal, started; a failure to start is a usage error (not a terminal).
    static func startTerminal() throws(CLIError) -> Terminal {
        let terminal = Terminal()
        guard terminal.start() else {
            throw CLIError.usage("the terminal cannot be used full screen (TERM unknown?); --plain plays line by line")
        }
        return terminal
    }

    /// Plays until solved and a key pressed, or `q`.
    func run() -> ExitCode {
        if session.isSolved {
            say(session.summary + " Press any key.")
        } else if let problem = session.logProblem {
            say("the game cannot be saved: \(problem)", ink: .error)
        } else {
            say("Welcome. Arrows move, 1-9 enter, ? gives a hint, F1 lists every key.")
        }
        while true {
            draw()
            guard let key = terminal.readKey(timeoutMilliseconds: 1000) else { continue }
            if session.isSolved && key != .resize || key == .hangup {
                break
            }
            if showingHelp {
                showingHelp = false
                if key != .resize { continue }
            }
            if handle(key) { break }
        }
        session.quit()
        return .success
    }

    /// Carries out a key; true to quit.
    func handle(_ key: Key) -> Bool {
        if let kind = pendingClaim {
            pendingClaim = nil
            guard case .character(let ch) = key, let d = ch.wholeNumberValue, (1...9).contains(d) else {
                if key != .resize { say("claim cancelled") }
                return false
            }
            let claim: Claim =
                kind == "=" ? .placement(Candidate(cursor, d)) : .elimination(digit: d, cells: [cursor])
            checkClaim(claim)
            return false
        }
        switch key {
        case .up, .character("k"): move(-1, 0)
        case .down, .character("j"): move(1, 0)
        case .left, .character("h"): move(0, -1)
        case .right, .character("l"): move(0, 1)
        case .home: cursor = Cell(row: cursor.row, column: 0)
        case .end: cursor = Cell(row: cursor.row, column: 8)
        case .character("q"), .control("c"), .hangup: return true
        case .function(1), .character("H"): showingHelp = true
        case .character("n"):
            notes.toggle()
            say(notes ? "notes mode: 1-9 toggle pencil marks" : "digits mode: 1-9 enter digits")
        case .character("x"), .backspace, .delete, .character("."), .character("0"): act(session.erase(cursor))
        case .character("u"): act(session.undo())
        case .control("r"): act(session.redo())
        case .character("a"): act(session.fillCandidates())
        case .character("?"): hint()
        case .character("c"): check()
        case .character("="):
            pendingClaim = "="
            say("= digit? (claim \(cursor) is ...; Escape cancels)")
        case .character("-"):
            pendingClaim = "-"
            say("- digit? (claim \(cursor) cannot be ...; Escape cancels)")
        case .resize: previous = nil
        case .character(let ch):
            if let d = ch.wholeNumberValue, (1...9).contains(d) {
                act(notes ? session.toggleMark(d, at: cursor) : session.enter(d, at: cursor))
            } else if let i = Array("!@#$%^&*(").firstIndex(of: ch) {
                act(session.toggleMark(i + 1, at: cursor))
            } else {
                say("'\(ch)' is no key here; F1 or H lists the keys", ink: .error)
            }
        default:
            break
        }
        return false
    }

    private func move(_ rows: Int, _ columns: Int) {
        cursor = Cell(row: (cursor.row + rows + 9) % 9, column: (cursor.column + columns + 9) % 9)
    }

    private func say(_ text: String, ink: Ink = .plain) {
        message = text
        messageInk = ink
    }

    private func act(_ feedback: GameSession.Feedback) {
        say(feedback.finished ? feedback.text + ". " + session.summary + " Press any key." : feedback.text)
    }

    private func hint() {
        switch session.askHint() {
        case .hint(let h):
            say("Hint \(h.level.rawValue) of 3: \(h.text)" + (h.level < .full ? " (? again for more)" : ""))
        case .wrongPosition(let problems):
            say(
                "First put right what the solution contradicts: "
                    + problems.map(\.description).joined(separator: "; "), ink: .error)
            if let first = problems.first { cursor = first.cell }
        case .none(let why):
            say(why)
        }
    }

    private func check() {
        let problems = session.check()
        let lines = PlayText.check(problems, session: session)
        say(lines.joined(separator: "\n"), ink: problems.isEmpty ? .plain : .error)
    }

    private func checkClaim(_ claim: Claim) {
        let verdict = session.checkDeduction(claim)
        let ink: Ink
        switch verdict {
        case .proven, .alreadyKnown, .trueButNotOneStep: ink = .plain
        case .false, .wrongPosition: ink = .error
        }
        say(PlayText.deduction(claim, verdict).joined(separator: "\n"), ink: ink)
    }

    /// The board as the view shows it.
    var boardView: BoardView {
        let p = session.position
        let cells: [BoardView.Content] = Cell.all.map { c in
            if p.isGiven(c) { return .given(Int(p.givens[c])) }
            return p.entries[c] == 0 ? .empty : .entry(Int(p.entries[c]))
        }
        var hint: HintMarks?
        if let h = session.hint { hint = HintMarks(step: h.step, board: h.board).limited(to: h.level) }
        return BoardView(cells: cells, marks: p.marks, cursor: cursor, wrong: session.wrong, hint: hint)
    }

    /// The panel; `marksShown` false (the smallest cells) adds the cursor cell's pencil marks to
    /// the status, since the board cannot show them.
    func panel(marksShown: Bool = true) -> PanelView {
        let tier = session.tier.map { "tier \($0.number), \($0.name)" } ?? ""
        let empty = Cell.all.filter { session.position.digit(at: $0) == nil }.count
        return PanelView(
            title: "sudokit play: \(Self.shortName(session.source))",
            status: [
                "\(tier)",
                "time \(GameSession.clock(session.elapsed))   hints \(session.hintsUsed)   checks \(session.checksUsed)",
                "\(cursor)   \(empty) empty   \(notes ? "NOTES mode" : "digits mode")",
            ] + (marksShown ? [] : [cursorMarks]),
            message: message, messageInk: messageInk, keys: Self.legend)
    }

    /// `marks of r4c5: 1 5 9` (or none).
    var cursorMarks: String {
        let marks = session.position.marks[cursor.index]
        return "marks of \(cursor): " + (marks.isEmpty ? "none" : marks.map(String.init).joined(separator: " "))
    }

    /// A photo's file name without its folders (the title's room is short); other sources as they are.
    static func shortName(_ source: String) -> String {
        source.hasPrefix("daily ") || source.hasPrefix("tier ")
            ? source : String(source.split(separator: "/").last ?? "")
    }

    private func draw() {
        let size = terminal.size
        if showingHelp {
            terminal.draw(
                HelpPainter.paint(
                    title: "sudokit play: the keys", keys: Self.keys, footer: "press any key to return",
                    columns: size.columns, rows: size.rows, glyphs: terminal.glyphs))
            return
        }
        let layout = TerminalLayout(columns: size.columns, rows: size.rows, previous: previous)
        if layout.fits { previous = layout.arrangement }
        terminal.draw(
            ScreenPainter.paint(
                board: boardView, panel: panel(marksShown: layout.cellSize.showsMarks), layout: layout,
                glyphs: terminal.glyphs))
    }

    // MARK: - A photo's unsure cells

    /// Shows the photo's board with its unsure cells and lets the player settle them, one key
    /// each, until the board is proven; false when the player quits first.
    static func settle(_ photo: inout PhotoToSettle, terminal: Terminal) -> Bool {
        var previous: Arrangement?
        var note = ""
        while photo.game == nil, let f = photo.toSettle.first {
            let size = terminal.size
            let layout = TerminalLayout(columns: size.columns, rows: size.rows, previous: previous)
            if layout.fits { previous = layout.arrangement }
            var view = BoardView(givens: photo.result.puzzle?.lineString() ?? "")
            if photo.result.entries.count == 81 {
                for c in Cell.all where photo.result.entries[c.index] != 0 && view[c].digit == nil {
                    view[c] = .entry(Int(photo.result.entries[c.index]))
                }
            }
            view.flagged = Set(photo.toSettle.map(\.cell))
            view.cursor = f.cell
            let panel = PanelView(
                title: "sudokit play: \(shortName(photo.path))",
                status: ["\(PlainPlayer.count(photo.toSettle.count, "cell")) to settle before play"],
                message: (note.isEmpty ? "" : note + "\n") + photo.prompt(f) + ". Type the digit, or . for empty.",
                messageInk: .plain,
                keys: [KeyHelp("1-9", "the digit"), KeyHelp(". x", "empty"), KeyHelp("q", "quit")])
            terminal.draw(ScreenPainter.paint(board: view, panel: panel, layout: layout, glyphs: terminal.glyphs))
            guard let key = terminal.readKey(timeoutMilliseconds: -1) else { continue }
            switch key {
            case .character("q"), .control("c"), .hangup: return false
            case .character("."), .character("0"), .character("x"), .backspace, .delete:
                photo.settle(f.cell, digit: 0)
                note = "\(f.cell) settled as empty; \(photo.blocked)."
            case .character(let ch) where ch.wholeNumberValue.map { (1...9).contains($0) } == true:
                photo.settle(f.cell, digit: ch.wholeNumberValue!)
                note = "\(f.cell) settled as \(ch); \(photo.blocked)."
            default:
                break
            }
        }
        return true
    }
}
