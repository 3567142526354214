// Offers: `PlayCommand`, `sudokit play`: a puzzle played from the keyboard,
// full screen in a terminal (or line by line with --plain), with hints at
// three levels that say which technique, where and why, checks against the
// proven solution, undo and redo, and every move kept in the game's log so
// that `--resume` continues it. The puzzle comes from the command line, the
// day's pool, the generator or a photo.

import ArgumentParsing
import Basics
import Foundation
import GameCore
import Grading
import GridScanner
import SudokuCore
import TerminalUI

struct PlayCommand: Command {
    struct Arguments: ParsableArguments {
        var sources: [String] = []
        var daily = false
        var date: CivilDate?
        var tier: Int?
        var seed: Int?
        var resume = false
        var plain = false
        var data: String?
        var assume = AssumeOptions()

        static var options: [Option<Self>] {
            [
                .flag("daily", \.daily, help: "Play the day's puzzle (the default without a puzzle or photo)."),
                .value("date", \.date, valueName: "yyyy-mm-dd", help: "With --daily: that day's puzzle."),
                .value("tier", \.tier, in: 1...11, help: "Play a generated puzzle of this tier."),
                .value(
                    "seed", \.seed, in: 0...Int.max,
                    help: "With --tier: the puzzle 'generate --tier N --seed S' makes first (default: from the clock)."
                ),
                .flag("resume", \.resume, help: "Continue the last game not yet solved."),
                .flag(
                    "plain", \.plain,
                    help: "Play line by line, each move's effect said in words (for screen readers and pipes)."),
                .value(
                    "data", \.data, valueName: "dir",
                    help:
                        "Keep games in DIR/games (default: $XDG_DATA_HOME/sudokit, or .local/share/sudokit in the home folder)."
                ),
            ] + Option.group(\.assume)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "puzzle-or-photo", \.sources,
                help: "81 characters (the givens, '.' or '0' for empty), or a photo of a puzzle to scan and play.")
        }

        func validate() throws(UsageError) {
            let chosen = [!sources.isEmpty, daily || date != nil, tier != nil, resume].filter { $0 }.count
            if chosen > 1 {
                throw UsageError("give one of: a PUZZLE or PHOTO, --daily, --tier N, --resume")
            }
            if sources.count > 1 { throw UsageError("one puzzle or photo at a time") }
            if seed != nil && tier == nil { throw UsageError("--seed goes with --tier N") }
            if !assume.cells.isEmpty && (sources.isEmpty || !PlaySource.isPhoto(sources[0])) {
                throw UsageError("--assume settles cells of a photo: give a PHOTO")
            }
        }
    }

    static let help = CommandHelp(
        name: "play",
        abstract: "Play a puzzle from the keyboard, with hints that say which technique, where and why.",
        discussion: """
            Full screen in the terminal: the board with givens, your entries and pencil
            marks; arrows or hjkl move, 1-9 enter, n switches to notes (or shift-digit
            toggles a mark), x or Backspace erases, u undoes, Ctrl-R redoes, ? gives a hint
            (again: the pattern, then the whole argument, drawn on the board), c checks
            your entries against the proven solution, a fills in every candidate, q saves
            and quits, F1 or H lists every key. The board is sized to the terminal; a
            terminal too small says how large it must be.
            With a PHOTO, the photo is scanned: each cell the reader was unsure of is
            shown for you to settle (type the digit, or '.'); a half-played photo's
            entries and pencil marks are the starting position. A board that cannot be
            proven to have one solution is never played.
            Every move is written to the game's log (one JSON line each) under
            $XDG_DATA_HOME/sudokit/games/; --resume continues the last unsolved game;
            'sudokit games' lists games and merges two copies of one.
            --plain plays line by line (commands such as 'r4c5 7', 'm r4c5 3', '?', 'c';
            'help' lists them), saying each move's effect in words; so does play when its
            input or output is not a terminal. NO_COLOR is honoured.
            """,
        exitStatus: [
            ("0", "the game ended (solved, or saved to resume)"),
            ("1", "the puzzle or photo cannot be proven to have one solution, so it is not played"),
            ("64", "usage error"),
            ("65", "unreadable puzzle"),
            ("66", "the photo cannot be opened, or there is no game to resume"),
            ("69", "the reader (Tesseract) cannot start"),
            ("73", "the games folder cannot be created"),
        ],
        examples: [
            "sudokit play",
            "sudokit play --tier 4 --seed 7",
            "sudokit play 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "sudokit play TestImages/synthetic/played/played-partial-1.jpg",
            "sudokit play --assume r7c7=. TestImages/synthetic/played/played-erased-1.jpg",
            "sudokit play --resume",
            "sudokit play --daily --plain",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let store = try Self.store(a.data)
        var terminal = !a.plain
        if terminal && (isatty(0) == 0 || isatty(1) == 0) {
            Console.note("not a terminal: playing line by line, as with --plain")
            terminal = false
        }
        // Started when first needed (after a photo's scan, which takes a moment), stopped at the end.
        var screen: Terminal?
        defer { screen?.stop() }
        func started() throws(CLIError) -> Terminal {
            if let screen { return screen }
            let started = try TerminalPlayer.startTerminal()
            screen = started
            return started
        }
        let session: GameSession
        if a.resume {
            guard let last = store.lastUnfinished() else {
                throw CLIError.noInput("no unsolved game to resume in \(store.folder) (sudokit games lists them)")
            }
            let log: GameLog
            do throws(GameLogError) { log = try GameLog(path: last.path) } catch {
                throw CLIError.data(error.description)
            }
            for d in log.damaged { Console.note("\(last.path) line \(d.line): \(d.reason); skipped") }
            do throws(GameSession.Refusal) { session = try GameSession(resuming: log, path: last.path) } catch {
                throw CLIError(message: error.description, code: .notVerified)
            }
        } else {
            var game: NewGame
            if let source = a.sources.first, PlaySource.isPhoto(source) {
                var photo = try PlaySource.photo(source, assumed: try a.assume.settled())
                if photo.game == nil && !photo.toSettle.isEmpty {
                    let settled: Bool
                    if terminal {
                        settled = TerminalPlayer.settle(&photo, terminal: try started())
                    } else {
                        Console.out(
                            "\(source): \(PlainPlayer.count(photo.toSettle.count, "cell")) the reader was unsure of:")
                        settled = PlainPlayer.settle(&photo, readLine: { Swift.readLine() })
                    }
                    if !settled {
                        throw CLIError(
                            message: "'\(source)': stopped before the board was proven (\(photo.blocked)); "
                                + "nothing is played", code: .notVerified)
                    }
                }
                guard let proven = photo.game else {
                    throw CLIError(
                        message: "'\(source)': the board cannot be proven to have one solution (\(photo.blocked)); "
                            + "it is not played", code: .notVerified)
                }
                game = proven
            } else if let source = a.sources.first {
                game = try PlaySource.puzzle(source)
            } else if let tier = a.tier {
                game = try PlaySource.generated(
                    tier: tier, seed: a.seed ?? Int(Clocks.realtimeSeconds() * 1000) % 1_000_000)
            } else {
                game = try PlaySource.daily(date: a.date)
            }
            do throws(GameSession.Refusal) {
                session = try GameSession(
                    puzzle: game.puzzle, source: game.source, tier: game.tier, start: game.start, store: store)
            } catch {
                if case .log(let message) = error { throw CLIError.cannotCreate(message) }
                throw CLIError(message: error.description, code: .notVerified)
            }
        }
        if terminal { return TerminalPlayer(session: session, terminal: try started()).run() }
        return PlainPlayer(session: session, readLine: { Swift.readLine() }).run()
    }

    /// The games folder of `--data DIR`, or the XDG one.
    static func store(_ data: String?) throws(CLIError) -> GameStore {
        if let data { return GameStore(folder: data + "/games") }
        guard let store = GameStore.standard() else {
            throw CLIError.usage("neither XDG_DATA_HOME nor HOME is set: give --data DIR for the games")
        }
        return store
    }
}
