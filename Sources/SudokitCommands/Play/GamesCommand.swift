// Offers: `GamesCommand`, `sudokit games`: the games kept (one log each), with
// their records by tier (solved, best and median time, hints), and
// `sudokit games merge A B`: two copies of one game's log, played on two
// machines, made one without losing a move (the newest move wins per cell;
// both histories are kept in the merged log).

import ArgumentParsing
import Basics
import Coaching
import Foundation
import GameCore
import Grading
import SudokuCore

struct GamesCommand: Command {
    struct Arguments: ParsableArguments {
        var words: [String] = []
        var data: String?
        var out: String?
        var format = ReportFormat.text

        static var options: [Option<Self>] {
            [
                .value(
                    "data", \.data, valueName: "dir",
                    help:
                        "The games in DIR/games (default: $XDG_DATA_HOME/sudokit, or .local/share/sudokit in the home folder)."
                ),
                .value(
                    "out", \.out, valueName: "file",
                    help: "merge: write the merged log to FILE (default: over A, atomically; B is left as it is)."),
                .reportFormat(\.format, json: "an object per game, then the records by tier"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals("list | merge A B", \.words, help: "list (the default), or merge two logs of one game.")
        }

        func validate() throws(UsageError) {
            switch words.first {
            case nil, "list":
                if words.count > 1 { throw UsageError("'games list' takes no files") }
                if out != nil { throw UsageError("--out goes with 'games merge A B'") }
            case "merge":
                if words.count != 3 { throw UsageError("'games merge' takes two logs: games merge A B") }
            default:
                throw UsageError("unknown 'games \(words[0])': write 'games', 'games list' or 'games merge A B'")
            }
        }
    }

    static let help = CommandHelp(
        name: "games",
        abstract: "The games played with 'sudokit play', and their records; or merge two copies of one game's log.",
        discussion: """
            Lists every game kept (newest last): when it started, where the puzzle came
            from, its tier, solved or not, the time played, hints and checks; then the
            records by tier (games solved, best and median time, hints per game). A damaged
            line in a log is reported and skipped; nothing else is lost.
            'games merge A B' merges two logs of the same game (played on two machines):
            every line of both is kept, each once, ordered by time, so that replaying the
            merged log gives each cell its newest move. The result replaces A (written
            atomically) unless --out names another file.
            """,
        exitStatus: [
            ("0", "listed, or merged"),
            ("64", "usage error"),
            ("65", "a log is not a game's log, or the two logs are of different games"),
            ("66", "a log cannot be read"),
            ("73", "the merged log cannot be written"),
        ],
        examples: [
            "sudokit games",
            "sudokit games --format json",
            "sudokit games merge docs/games/desktop.jsonl docs/games/laptop.jsonl --out merged.jsonl",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        if a.words.first == "merge" { return try merge(a.words[1], a.words[2], out: a.out) }
        let store = try PlayCommand.store(a.data)
        let (games, unusable) = store.games()
        for u in unusable { Console.note(u + "; skipped") }
        for g in games where g.damaged > 0 {
            Console.note("\(g.path): \(g.damaged) damaged line\(g.damaged == 1 ? "" : "s") skipped")
        }
        switch a.format {
        case .json:
            var records = JSONRecords(format: "json")
            for g in games { records?.print(json(g)) }
            records?.finish()
        case .text:
            if games.isEmpty {
                Console.out("no games yet in \(store.folder) (sudokit play starts one)")
                return .success
            }
            for g in games {
                let state = g.solved ? "solved" : "\(g.filled)/81 filled"
                Console.out(
                    "\(g.id)  \(g.started.prefix(16).replacingOccurrences(of: "T", with: " "))  "
                        + "\(g.tier.map { "tier \($0)" } ?? "tier ?")  \(state), "
                        + "\(GameSession.clock(g.elapsed)), \(PlainPlayer.count(g.hints, "hint")), "
                        + "\(PlainPlayer.count(g.checks, "check"))  \(g.source)")
            }
            Console.out("")
            Console.out("records (solved games):")
            let solved = games.filter(\.solved)
            if solved.isEmpty { Console.out("  none solved yet") }
            for tier in Set(solved.compactMap(\.tier)).sorted() {
                let of = solved.filter { $0.tier == tier }
                let times = of.map(\.elapsed).sorted()
                let hints = Double(of.map(\.hints).reduce(0, +)) / Double(of.count)
                Console.out(
                    "  tier \(tier) (\(Tier(tier)?.name ?? "")): \(of.count) solved, best "
                        + "\(GameSession.clock(times[0])), median \(GameSession.clock(times[times.count / 2])), "
                        + "\(JSONText.number(hints, decimals: 1)) hints a game")
            }
        }
        return .success
    }

    static func json(_ g: GameSummary) -> String {
        JSONText.object([
            ("id", JSONText.quoted(g.id)), ("path", JSONText.quoted(g.path)), ("source", JSONText.quoted(g.source)),
            ("tier", g.tier.map(String.init) ?? "null"), ("started", JSONText.quoted(g.started)),
            ("last", JSONText.quoted(g.lastTime)), ("solved", g.solved ? "true" : "false"),
            ("seconds", JSONText.number(g.elapsed, decimals: 1)), ("hints", String(g.hints)),
            ("checks", String(g.checks)), ("filled", String(g.filled)), ("damaged_lines", String(g.damaged)),
        ])
    }

    static func merge(_ a: String, _ b: String, out: String?) throws(CLIError) -> ExitCode {
        func read(_ path: String) throws(CLIError) -> GameLog {
            guard OutputFiles.exists(path) else { throw CLIError.noInput("cannot open '\(path)': no such file") }
            do throws(GameLogError) {
                let log = try GameLog(path: path)
                for d in log.damaged { Console.note("\(path) line \(d.line): \(d.reason); skipped") }
                return log
            } catch {
                throw CLIError.data(error.description)
            }
        }
        let left = try read(a), right = try read(b)
        let merged: GameLog
        do throws(GameLogError) {
            merged = try GameLog.merge(left, right, time: LogTime.now(), origin: GameStore.newOrigin())
        } catch {
            throw CLIError.data(error.description)
        }
        let target = out ?? a
        try OutputFiles.refuseFolder(target, option: out == nil ? "A" : "--out")
        try OutputFiles.writeAtomically(merged.text, to: target)
        let newFromB = merged.events.count - 1 - left.events.count
        let position = merged.replay().position
        let filled = (0..<81).filter { position.digit(at: .init(index: $0)) != nil }.count
        Console.out(
            "merged \(b) into \(target): \(newFromB) line\(newFromB == 1 ? "" : "s") from B not in A, "
                + "\(merged.events.count - 1) in all; the position has \(filled)/81 cells filled"
                + (merged.isSolved ? " (solved)" : ""))
        return .success
    }
}
