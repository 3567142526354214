// Offers: `GameStore`, where games are kept: one log per game,
// `$XDG_DATA_HOME/sudokit/games/ID.jsonl` (`.local/share/sudokit/games/` in the home folder
// when XDG_DATA_HOME is unset or not absolute, as the XDG base directory
// specification says); the games listed with their records (`GameSummary`),
// the last game to resume, and new ids and sitting origins.

import Coaching
import Foundation
import SudokuCore

/// The folder of a player's games.
public struct GameStore: Sendable {
    public let folder: String

    public init(folder: String) { self.folder = folder }

    /// The store the XDG base directory specification names for `environment`;
    /// nil when neither XDG_DATA_HOME (absolute) nor HOME is set.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> GameStore? {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return GameStore(folder: xdg + "/sudokit/games")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return GameStore(folder: home + "/.local/share/sudokit/games")
    }

    /// Creates the folder when missing.
    /// - Throws: `GameLogError.unusable` when it cannot be made.
    public func prepare() throws(GameLogError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .unusable("cannot create the games folder '\(folder)': \(error.localizedDescription)")
        }
    }

    /// The log of game `id`.
    public func path(of id: String) -> String { folder + "/" + id + ".jsonl" }

    /// Every game's log in the folder, read (a log without a start is reported in `unusable`).
    public func games() -> (games: [GameSummary], unusable: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var games: [GameSummary] = []
        var unusable: [String] = []
        for name in names.sorted() where name.hasSuffix(".jsonl") {
            let path = folder + "/" + name
            do throws(GameLogError) {
                games.append(GameSummary(log: try GameLog(path: path), path: path))
            } catch {
                unusable.append(error.description)
            }
        }
        return (games.sorted { $0.lastTime < $1.lastTime }, unusable)
    }

    /// The game played last that is not solved, nil when there is none.
    public func lastUnfinished() -> GameSummary? {
        games().games.last { !$0.solved }
    }

    /// A game id: the start's UTC time and the sitting's origin, `20261206-170501-a1b2c3d4`.
    public static func newID(now: String, origin: String) -> String {
        let digits = now.prefix(19).filter { $0.isNumber }
        return String(digits.prefix(8)) + "-" + String(digits.dropFirst(8)) + "-" + origin
    }

    /// A random sitting origin, 8 hexadecimal digits.
    public static func newOrigin() -> String {
        let v = UInt32.random(in: 0...UInt32.max)
        let hex = String(v, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

/// One game as `sudokit games` lists it.
public struct GameSummary: Sendable {
    public var id: String
    public var path: String
    public var source: String
    public var tier: Int?
    public var started: String
    public var lastTime: String
    public var solved: Bool
    public var elapsed: Double
    public var hints: Int
    public var checks: Int
    /// Cells holding a digit (givens and entries).
    public var filled: Int
    public var damaged: Int

    public init(log: GameLog, path: String) {
        id = log.id
        self.path = path
        source = log.start.source ?? "puzzle"
        tier = log.start.tier
        started = log.start.time
        lastTime = log.last.time
        solved = log.isSolved
        elapsed = log.elapsed
        hints = log.hintsUsed
        checks = log.checksUsed
        let position = log.replay().position
        filled = (0..<81).filter { position.digit(at: .init(index: $0)) != nil }.count
        damaged = log.damaged.count
    }
}
