// A game's event log: every change written as it happens, read back and
// replayed to the same position with its undo history; a damaged line
// reported and skipped, nothing else lost; two copies of one game played
// apart merged without losing a move, the newest move winning per cell.

import Coaching
import Foundation
import GameCore
import Grading
import SudokuCore
import TestSupport
import Testing

@Suite(.tags(.small)) struct GameLogTests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let r1c3 = Cell(row: 0, column: 2), r1c4 = Cell(row: 0, column: 3), r2c2 = Cell(row: 1, column: 1)

    /// A fresh games folder.
    static func store() -> GameStore {
        let folder = FileManager.default.temporaryDirectory.path + "/sudokit-games-\(UInt32.random(in: 0...UInt32.max))"
        return GameStore(folder: folder)
    }

    @Test func theLogReplaysToThePositionWithItsHistory() throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let s = try GameSession(puzzle: try Grid(line: Self.puzzle), source: "test", store: store)
        _ = s.enter(4, at: Self.r1c3)
        _ = s.toggleMark(2, at: Self.r1c4)
        _ = s.toggleMark(6, at: Self.r1c4)
        _ = s.undo()
        _ = s.fillCandidates()
        _ = s.askHint()
        _ = s.check()
        s.quit()
        let path = try #require(s.logPath)
        let log = try GameLog(path: path)
        #expect(log.damaged.isEmpty && log.id == s.id && log.start.tier == 1 && log.start.source == "test")
        #expect(log.events.map(\.kind) == [.enter, .mark, .mark, .undo, .fill, .hint, .check, .quit])
        var game = log.replay()
        #expect(game.position == s.position)
        #expect(log.hintsUsed == 1 && log.checksUsed == 1)
        // The history came back too: undoing the fill, then the first mark.
        #expect(game.undo() && game.position.marks[Self.r1c4.index] == CandidateSet([2]))
        #expect(game.undo() && game.position.marks[Self.r1c4.index].isEmpty && game.undo() && !game.undo())
        // The store lists it, and resuming continues it.
        #expect(store.lastUnfinished()?.id == s.id)
        let resumed = try GameSession(resuming: log, path: path)
        #expect(resumed.position == s.position && resumed.hintsUsed == 1)
        #expect(resumed.undo().changed && resumed.position.marks[Self.r1c4.index] == CandidateSet([2]))
        resumed.quit()
        let again = try GameLog(path: path)
        #expect(again.events.map(\.kind).suffix(3) == [.resume, .undo, .quit] && again.origins.count == 2)
    }

    @Test func aDeductionCheckedIsLoggedAndCountedAsACheck() throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let s = try GameSession(puzzle: try Grid(line: Self.puzzle), source: "test", store: store)
        let proven = s.checkDeduction(try #require(Claim(text: "r1c6=8")))
        #expect(proven.name == "proven")
        #expect(s.checkDeduction(try #require(Claim(text: "r1c3<>4"))) == .false("the solution puts 4 in r1c3"))
        #expect(s.checksUsed == 2)
        s.quit()
        let log = try GameLog(path: try #require(s.logPath))
        let lines = log.events.filter { $0.kind == .deduction }
        #expect(lines.map(\.claim) == ["r1c6=8", "r1c3<>4"] && lines.map(\.verdict) == ["proven", "false"])
        #expect(lines.first?.technique == "hidden single" && log.checksUsed == 2)
    }

    @Test func aDamagedLineIsReportedAndSkipped() throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let s = try GameSession(puzzle: try Grid(line: Self.puzzle), source: "test", store: store)
        _ = s.enter(4, at: Self.r1c3)
        _ = s.enter(2, at: Self.r2c2)
        s.quit()
        let path = try #require(s.logPath)
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("{\"event\":\"enter\",\"cells\":[{\"cell\":\"r0c9\"", at: 2)
        lines.insert("not json at all", at: 3)
        lines.append(
            "{\"event\":\"enter\",\"time\":\"x\",\"origin\":\"o\",\"seq\":1,\"elapsed\":1,"
                + "\"cells\":[{\"cell\":\"r12c1\",\"digit\":1,\"marks\":\"\"}]}")
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let log = try GameLog(path: path)
        #expect(log.damaged.map(\.line) == [3, 4, 7])
        #expect(log.damaged.last?.reason == "a cell that is not one")
        let position = log.replay().position
        #expect(position.digit(at: Self.r1c3) == 4 && position.digit(at: Self.r2c2) == 2, "the other lines are kept")
        #expect(throws: GameLogError.self) { try GameLog(text: "garbage\n") }
    }

    @Test func twoCopiesPlayedApartMergeWithoutLosingAMove() throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(atPath: store.folder) }
        let s = try GameSession(
            puzzle: try Grid(line: Self.puzzle), source: "test", store: store, origin: "aaaaaaaa",
            now: "2026-12-06T10:00:00.000Z")
        _ = s.enter(4, at: Self.r1c3)
        s.quit()
        let path = try #require(s.logPath)
        let copy = path + ".laptop"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        // The same game goes on on two machines: each writes its own lines.
        let here = try GameSession(resuming: try GameLog(path: path), path: path, origin: "bbbbbbbb")
        _ = here.enter(2, at: Self.r2c2)
        _ = here.toggleMark(2, at: Self.r1c4)
        here.quit()
        let there = try GameSession(resuming: try GameLog(path: copy), path: copy, origin: "cccccccc")
        _ = there.toggleMark(6, at: Self.r1c4)  // newer than here's mark in r1c4: it wins
        _ = there.enter(7, at: Self.r2c2)  // and this entry wins over here's 2
        _ = there.undo()  // taken back: r2c2 is 2... as there had it before, empty
        there.quit()
        let a = try GameLog(path: path), b = try GameLog(path: copy)
        let merged = try GameLog.merge(a, b, time: "2026-12-06T12:00:00.000Z", origin: "dddddddd")
        let ids = Set(merged.events.map { "\($0.origin)#\($0.seq)" })
        let all = Set((a.events + b.events).map { "\($0.origin)#\($0.seq)" })
        #expect(ids.subtracting(["dddddddd#0"]) == all, "every line of both, each once")
        #expect(merged.events.last?.kind == .merge && merged.events.last?.merged == ["cccccccc"])
        let times = merged.events.dropLast().map(\.time)
        #expect(times == times.sorted())
        let position = merged.replay().position
        #expect(position.digit(at: Self.r1c3) == 4)
        #expect(position.marks[Self.r1c4.index] == CandidateSet([6]), "the newest line about r1c4 wins")
        #expect(position.digit(at: Self.r2c2) == nil, "the newest line about r2c2 is there's undo")
        // Merging again changes nothing; logs of two games do not merge.
        let twice = try GameLog.merge(merged, b, time: "2026-12-06T12:00:01.000Z", origin: "eeeeeeee")
        #expect(twice.events.count == merged.events.count + 1 && twice.replay().position == position)
        let other = try GameSession(puzzle: try Grid(line: Self.puzzle), source: "test", store: store)
        other.quit()
        #expect(throws: GameLogError.self) {
            try GameLog.merge(a, try GameLog(path: other.logPath!), time: "t", origin: "o")
        }
    }

    @Test func eventLinesRoundTrip() throws {
        var e = GameEvent(kind: .enter, time: LogTime.text(1_765_000_000.5), origin: "abc", seq: 3, elapsed: 12.5)
        e.cells = [GameEvent.CellLine(CellState(cell: Self.r1c4, digit: 0, marks: CandidateSet([2, 6])))]
        #expect(e.time == "2025-12-06T05:46:40.500Z")
        #expect(
            e.line == #"{"cells":[{"cell":"r1c4","digit":0,"marks":"26"}],"elapsed":12.5,"event":"enter","#
                + #""origin":"abc","seq":3,"time":"2025-12-06T05:46:40.500Z"}"#)
        #expect(try GameEvent(line: e.line) == e)
    }
}
