// Offers: `PlainPlayer`, `sudokit play --plain`: the game line by line, for a
// screen reader or a pipe. Each line is a command (`r4c5 7`, `r4c5 .`,
// `m r4c5 3`, `u`, `?`, `c`, `check r4c5<>7`, ...), and each command's effect is said in words
// ("r4c5: 7; box 5 now has 6 digits"). The same session as the full-screen
// game, so the same log.

import Coaching
import Foundation
import GameCore
import Grading
import GridScanner
import SudokuCore

struct PlainPlayer {
    let session: GameSession
    /// Reads the next line; nil at the end of the input.
    let readLine: () -> String?

    static let commands = [
        ("r4c5 7", "write 7 in row 4, column 5"),
        ("r4c5 .", "erase r4c5 (also: x r4c5)"),
        ("m r4c5 3", "add or remove the pencil mark 3 in r4c5"),
        ("u / r", "undo / redo"),
        ("?", "a hint; again for the next level (3 levels)"),
        ("c", "check the position against the solution"),
        ("check r4c5<>7", "check your own deduction (also r4c5=7): true or false, and the technique that proves it"),
        ("a", "fill in every candidate the digits leave"),
        ("cell r4c5", "what r4c5 holds"),
        ("b", "the board"),
        ("s", "time, hints, checks and empty cells"),
        ("q", "save and quit (the game continues with --resume)"),
        ("help", "these commands"),
    ]

    /// Plays until the puzzle is solved, `q`, or the input ends; the exit code.
    func run() -> ExitCode {
        say(
            "sudokit play: \(session.source)\(session.tier.map { ", \($0) (\($0.name))" } ?? ""); "
                + "\(emptyCount) empty cells. Type help for the commands.")
        if let path = session.logPath { say("saved as you play in \(path)") }
        if session.isSolved {
            say("this game is already solved. " + session.summary)
            return .success
        }
        while let raw = readLine() {
            let line = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if line.isEmpty { continue }
            if handle(line) { break }
            if session.isSolved {
                say(session.summary)
                session.quit()
                return .success
            }
        }
        session.quit()
        say("saved; sudokit play --resume continues")
        return .success
    }

    private var emptyCount: Int { Cell.all.filter { session.position.digit(at: $0) == nil }.count }

    private func say(_ text: String) {
        Console.out(text)
        Console.flush()
    }

    /// Carries out one command; true for quit.
    private func handle(_ line: String) -> Bool {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == "," }).map(String.init)
        if ["c", "check"].contains(words[0]), words.count > 1 {
            let text = String(line.drop(while: { $0 != " " }))
            guard let claim = Claim(text: text) else { return unknown(line) }
            for l in PlayText.deduction(claim, session.checkDeduction(claim)) { say(l) }
            return false
        }
        switch words[0] {
        case "q", "quit", "exit": return true
        case "help", "h": for (c, m) in Self.commands { say("  \(c): \(m)") }
        case "u", "undo": say(session.undo().text)
        case "r", "redo": say(session.redo().text)
        case "?", "hint": for l in PlayText.hint(session.askHint()) { say(l) }
        case "c", "check": for l in PlayText.check(session.check(), session: session) { say(l) }
        case "a", "fill": say(session.fillCandidates().text)
        case "b", "board": say(boardText)
        case "s", "status":
            say(
                "time \(GameSession.clock(session.elapsed)), \(Self.count(session.hintsUsed, "hint")), "
                    + "\(Self.count(session.checksUsed, "check")), \(Self.count(emptyCount, "empty cell"))")
        case "cell":
            guard words.count == 2, let cell = Cell(name: words[1]) else { return unknown(line) }
            say(describe(cell))
        case "m", "mark":
            guard words.count == 3, let cell = Cell(name: words[1]), let d = Int(words[2]), (1...9).contains(d) else {
                return unknown(line)
            }
            say(session.toggleMark(d, at: cell).text)
        case "x", "erase":
            guard words.count == 2, let cell = Cell(name: words[1]) else { return unknown(line) }
            say(session.erase(cell).text)
        default:
            guard let cell = Cell(name: words[0]) else { return unknown(line) }
            if words.count == 1 {
                say(describe(cell))
            } else if words.count == 2, words[1] == "." || words[1] == "0" {
                say(session.erase(cell).text)
            } else if words.count == 2, let d = Int(words[1]), (1...9).contains(d) {
                say(session.enter(d, at: cell).text)
            } else {
                return unknown(line)
            }
        }
        return false
    }

    /// `1 hint`, `3 hints`.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    private func unknown(_ line: String) -> Bool {
        say("'\(line)' is not a command: write r4c5 7 to enter, m r4c5 3 for a mark, help for all")
        return false
    }

    /// `r4c5: the given 3`, `r4c5: your 7`, `r4c5: empty, marks 1 5 9`.
    func describe(_ cell: Cell) -> String {
        let p = session.position
        if p.isGiven(cell) { return "\(cell): the given \(p.givens[cell])" }
        if let d = p.digit(at: cell) { return "\(cell): your \(d)" }
        let marks = p.marks[cell.index]
        return "\(cell): empty" + (marks.isEmpty ? "" : ", marks " + marks.map(String.init).joined(separator: " "))
    }

    /// The board, a row a line: digits, '.' for empty.
    var boardText: String {
        (0..<9).map { r in
            "row \(r + 1): "
                + (0..<9).map { c in
                    let d = session.position.digit(at: Cell(row: r, column: c))
                    return (d.map(String.init) ?? ".") + (c == 2 || c == 5 ? " |" : "")
                }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Settles a photo's unsure cells line by line until the board is proven; false when the
    /// input ends (or says q) first.
    static func settle(_ photo: inout PhotoToSettle, readLine: () -> String?) -> Bool {
        while photo.game == nil, let f = photo.toSettle.first {
            Console.out("\(photo.prompt(f)). Type the digit, or . for empty:")
            Console.flush()
            guard let line = readLine()?.trimmingCharacters(in: .whitespaces), line != "q" else { return false }
            if line == "." || line == "0" {
                photo.settle(f.cell, digit: 0)
            } else if let d = Int(line), (1...9).contains(d) {
                photo.settle(f.cell, digit: d)
            } else {
                Console.out("'\(line)' is not a digit or '.'")
                continue
            }
            Console.out("\(f.cell) settled; \(photo.blocked)")
        }
        return true
    }
}
