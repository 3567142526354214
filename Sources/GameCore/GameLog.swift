// Offers: `GameLog`, a game's event log read back (its start, its events, the
// damaged lines reported and skipped) and replayed into a `Game` with its undo
// history; `GameLog.merge`, two copies of one game's log, played apart, made
// one; and `GameLogWriter`, which appends a sitting's lines to the file.
//
// Replay: a change line (enter, erase, mark, fill) is one step of the history,
// set to the cells it left. An undo or redo line takes the history back or
// forward, and its cells are then set if the history disagrees (a damaged line
// skipped before it). In a merged log, the lines before the merge line come
// from two sittings interleaved by time, so there an undo or redo is only its
// cells: the newest line about a cell wins, and nothing is lost, since every
// line of both logs is kept.

import Coaching
import Foundation
import SudokuCore

/// A game's log as read from its file.
public struct GameLog: Sendable {
    /// The first line: the game, its puzzle and starting position.
    public var start: GameEvent
    /// Every line after the start, in file order.
    public var events: [GameEvent]
    /// Lines that are not events: (1-based line number, why), skipped.
    public var damaged: [(line: Int, reason: String)]

    /// The game's id.
    public var id: String { start.game ?? "" }
    /// The puzzle.
    public var puzzle: Grid { (try? Grid(line: start.puzzle ?? "")) ?? Grid() }
    /// The sittings that wrote it.
    public var origins: Set<String> { Set(([start] + events).map(\.origin)) }
    /// The last line written (the start for a new game).
    public var last: GameEvent { events.last ?? start }

    public init(start: GameEvent, events: [GameEvent], damaged: [(line: Int, reason: String)] = []) {
        self.start = start
        self.events = events
        self.damaged = damaged
    }

    /// Reads the log text. A damaged line is reported in `damaged` and skipped.
    /// - Throws: `GameLogError.unusable` when no line is a start.
    public init(text: String) throws(GameLogError) {
        var start: GameEvent?
        var events: [GameEvent] = []
        var damaged: [(line: Int, reason: String)] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            do throws(GameLogError) {
                let event = try GameEvent(line: line)
                if event.kind == .start {
                    if start == nil { start = event } else { damaged.append((i + 1, "a second start")) }
                } else if start == nil {
                    damaged.append((i + 1, "an event before the game's start"))
                } else {
                    events.append(event)
                }
            } catch {
                damaged.append((i + 1, error.description))
            }
        }
        guard let start else { throw .unusable("no line starts a game") }
        self.init(start: start, events: events, damaged: damaged)
    }

    /// Reads the log at `path`.
    /// - Throws: `GameLogError.unusable` when the file cannot be read or has no start.
    public init(path: String) throws(GameLogError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unusable("cannot read '\(path)'")
        }
        do throws(GameLogError) { try self.init(text: String(decoding: data, as: UTF8.self)) } catch {
            throw .unusable("'\(path)': \(error.description)")
        }
    }

    /// The whole log as its file holds it.
    public var text: String { ([start] + events).map { $0.line + "\n" }.joined() }

    /// The game as the log leaves it: the position and the undo history.
    public func replay() -> Game {
        var game = Game(givens: puzzle, start: start.states ?? [])
        let lastMerge = events.lastIndex(where: { $0.kind == .merge }) ?? -1
        for (i, e) in events.enumerated() where e.kind.changesCells {
            let cells = e.states ?? []
            if (e.kind == .undo || e.kind == .redo) && i > lastMerge {
                if e.kind == .undo { game.undo() } else { game.redo() }
                if cells.contains(where: { game.position.state(of: $0.cell) != $0 }) { game.play(.set(cells)) }
            } else {
                game.play(.set(cells))
            }
        }
        return game
    }

    /// Seconds of play so far.
    public var elapsed: Double { ([start] + events).map(\.elapsed).max() ?? 0 }
    /// Hints asked for, checks made (a deduction checked counts as a check).
    public var hintsUsed: Int { events.filter { $0.kind == .hint }.count }
    public var checksUsed: Int { events.filter { $0.kind == .check || $0.kind == .deduction }.count }
    /// True once a solved line is written.
    public var isSolved: Bool { events.contains { $0.kind == .solved } }

    /// Two copies of one game's log made one: every line of both, each once
    /// (a line is its sitting and its number), ordered by time, then a merge
    /// line. Replayed, the newest change of each cell wins.
    /// - Throws: `GameLogError.unusable` when the two are logs of different games.
    public static func merge(_ a: GameLog, _ b: GameLog, time: String, origin: String) throws(GameLogError) -> GameLog {
        guard a.id == b.id, a.start.puzzle == b.start.puzzle else {
            throw .unusable("the logs are of different games ('\(a.id)' and '\(b.id)')")
        }
        var seen = Set<String>()
        var lines: [GameEvent] = []
        for e in a.events + b.events where seen.insert(e.origin + "#" + String(e.seq)).inserted {
            lines.append(e)
        }
        lines.sort { ($0.time, $0.origin, $0.seq) < ($1.time, $1.origin, $1.seq) }
        var merge = GameEvent(
            kind: .merge, time: time, origin: origin, seq: 0, elapsed: max(a.elapsed, b.elapsed))
        merge.merged = b.origins.subtracting(a.origins).sorted()
        return GameLog(start: a.start, events: lines + [merge])
    }
}

/// Appends a sitting's lines to a game's log, one `write` per line on a file
/// opened for appending, so a line is whole or absent.
public final class GameLogWriter {
    public let path: String
    public let origin: String
    private var fd: Int32
    private var seq = 0

    /// Opens (creating) `path` for appending, for the sitting `origin`.
    /// - Throws: `GameLogError.unusable` when the file cannot be opened.
    public init(path: String, origin: String) throws(GameLogError) {
        self.path = path
        self.origin = origin
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw .unusable("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    deinit { close() }

    /// The next line's number in this sitting.
    public func nextSeq() -> Int {
        defer { seq += 1 }
        return seq
    }

    /// Writes `event` as one line.
    /// - Throws: `GameLogError.unusable` when the write fails.
    public func append(_ event: GameEvent) throws(GameLogError) {
        guard fd >= 0 else { throw .unusable("'\(path)' is closed") }
        let bytes = Array((event.line + "\n").utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw .unusable("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes the file to the disk and closes it (again: nothing).
    public func close() {
        guard fd >= 0 else { return }
        fsync(fd)
        Foundation.close(fd)
        fd = -1
    }
}
