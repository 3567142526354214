// Offers: `GameEvent`, one line of a game's event log: what happened (a move,
// an undo, a hint asked, a check, the end), when (UTC, to the millisecond),
// by which sitting (`origin`, `seq`: together they name a line in any copy of
// the log), after how many seconds of play, and for a change the states of the
// cells it left (so a log replays, and two logs merge, cell by cell). The first
// line of a log is its `start`: the game's id, the puzzle, where it came from,
// and the starting entries and marks (a photo's). One JSON object per line.

import Coaching
import Foundation
import Grading
import SudokuCore

/// One line of a game's event log.
public struct GameEvent: Sendable, Hashable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The game began: `game`, `puzzle`, `source`, `tier`, and `cells` the starting position.
        case start
        /// A digit entered, erased, a pencil mark toggled, every candidate filled in.
        case enter, erase, mark, fill
        /// The last change taken back, or made again.
        case undo, redo
        /// A hint asked for (`level`, `technique`).
        case hint
        /// The position checked against the solution (`mistakes`).
        case check
        /// A player's own deduction checked (`claim`, `verdict`, and the proving step's `technique`).
        case deduction
        /// Every cell filled, rightly.
        case solved
        /// The player stopped, or came back.
        case quit, resume
        /// Two logs were merged into this one (`merged` names the other log's sittings).
        case merge

        /// True for a kind that changes cells.
        public var changesCells: Bool { [.enter, .erase, .mark, .fill, .undo, .redo].contains(self) }
    }

    /// One cell's state as a log line holds it: `{"cell":"r4c5","digit":7,"marks":""}`.
    public struct CellLine: Sendable, Hashable, Codable {
        public var cell: String
        public var digit: Int
        public var marks: String

        public init(_ s: CellState) {
            cell = s.cell.description
            digit = s.digit
            marks = s.marks.map(String.init).joined()
        }

        /// The state; nil for a cell name or a mark that is not one.
        public var state: CellState? {
            guard let c = Cell(name: cell), (0...9).contains(digit),
                marks.allSatisfy({ ("1"..."9").contains($0) })
            else { return nil }
            return CellState(cell: c, digit: digit, marks: CandidateSet(marks.compactMap { Int(String($0)) }))
        }
    }

    public var kind: Kind
    /// UTC, `2026-12-06T17:05:01.123Z` (sorts as text).
    public var time: String
    /// The sitting that wrote the line (random, fixed for one run of the program).
    public var origin: String
    /// The line's number within its sitting, from 0.
    public var seq: Int
    /// Seconds of play when the line was written.
    public var elapsed: Double
    /// A change's cells as it left them; the start's starting cells.
    public var cells: [CellLine]?
    /// The start's game id, puzzle (81 characters), source and tier.
    public var game: String?
    public var puzzle: String?
    public var source: String?
    public var tier: Int?
    /// A hint's level (1-3) and technique.
    public var level: Int?
    public var technique: String?
    /// A check's count of problems found.
    public var mistakes: Int?
    /// A merge's other sittings.
    public var merged: [String]?
    /// A deduction's claim (`r4c5<>7`) and verdict (`proven`, `false`, ...).
    public var claim: String?
    public var verdict: String?

    enum CodingKeys: String, CodingKey {
        case kind = "event"
        case time, origin, seq, elapsed, cells, game, puzzle, source, tier, level, technique, mistakes, merged, claim,
            verdict
    }

    public init(kind: Kind, time: String, origin: String, seq: Int, elapsed: Double) {
        self.kind = kind
        self.time = time
        self.origin = origin
        self.seq = seq
        self.elapsed = elapsed
    }

    /// The cell states of a change (or the start), nil when a line names a cell that is not one.
    public var states: [CellState]? {
        let decoded = (cells ?? []).map(\.state)
        return decoded.contains(where: { $0 == nil }) ? nil : decoded.compactMap { $0 }
    }

    /// The line as it is written: one JSON object, keys sorted, no newline.
    public var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a value of plain strings and numbers cannot fail.
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// The event of one log line; throws a message when the line is not one.
    public init(line: String) throws(GameLogError) {
        let decoded: GameEvent
        do {
            decoded = try JSONDecoder().decode(GameEvent.self, from: Data(line.utf8))
        } catch {
            throw GameLogError.damaged("not a game event (\(Self.reason(error)))")
        }
        if decoded.kind.changesCells || decoded.kind == .start {
            guard decoded.states != nil else { throw GameLogError.damaged("a cell that is not one") }
        }
        if decoded.kind == .start {
            guard let p = decoded.puzzle, (try? Grid(line: p)) != nil, decoded.game != nil else {
                throw GameLogError.damaged("a start without its game id or puzzle")
            }
        }
        self = decoded
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            let path = c.codingPath.map { $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "not JSON" : "'\(path)' is not what it should be"
        case DecodingError.dataCorrupted: return "not JSON"
        default: return "not JSON"
        }
    }
}

/// What goes wrong with a game's log.
public enum GameLogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A line that is not an event (reported, skipped).
    case damaged(String)
    /// The log cannot be used at all: no start line, not readable, not writable.
    case unusable(String)

    public var description: String {
        switch self {
        case .damaged(let s), .unusable(let s): s
        }
    }
}

/// UTC time as the log writes it.
public enum LogTime {
    /// `seconds` since 1970 as `2026-12-06T17:05:01.123Z`.
    public static func text(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded(.down))
        let secondsOfDay = (millis / 1000) % 86_400
        let days = millis / 86_400_000
        let date = CivilDate(dayNumber: days)
        let (y, m, d) = (date.year, date.month, date.day)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let ms = millis % 1000
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(y)-\(two(m))-\(two(d))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):"
            + "\(two(secondsOfDay % 60)).\(msText)Z"
    }

    /// Now, as `text`.
    public static func now() -> String { text(Date().timeIntervalSince1970) }
}
