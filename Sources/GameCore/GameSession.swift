// Offers: `GameSession`, one sitting of a game as a player plays it, whatever
// shows it (the terminal, the line-by-line player, the web page): the game
// and its history, the puzzle's proven solution, the hint being given (asked
// again at the same position, it goes one level further), the last check's
// wrong cells, the timer and the counts of hints and checks, and the event
// log every change is written to. Each action answers with what it did in
// words (`Feedback.text`, what `--plain` says and the status line shows).
//
// A session is only made for a puzzle with exactly one solution: nothing that
// cannot be proven is played.

import Basics
import Coaching
import Foundation
import Grading
import SudokuCore
import SudokuLogic

/// One sitting of a game.
public final class GameSession {
    /// The game's id (its log's name without `.jsonl`).
    public let id: String
    /// Where the puzzle came from: `daily 2026-12-06`, `tier 4 seed 7`, a photo's path, `puzzle`.
    public let source: String
    public let puzzle: Grid
    /// The puzzle's one solution.
    public let solution: Grid
    /// The game and its undo history.
    public private(set) var game: Game
    /// The hint being given, while the position is the one it was found on.
    public private(set) var hint: ActiveHint?
    /// The entries the last check found wrong, until the position changes.
    public private(set) var wrong: Set<Cell> = []
    public private(set) var hintsUsed: Int
    public private(set) var checksUsed: Int
    /// True once every cell holds the solution's digit.
    public private(set) var isSolved: Bool
    /// The log's path, nil for a session not kept.
    public var logPath: String? { writer?.path }

    private let writer: GameLogWriter?
    private let elapsedBefore: Double
    private let sittingStart = Clocks.monotonicSeconds()
    private var tierKnown: Tier?
    /// The puzzle's grade, made once when first needed (the tier of a new puzzle, the summary).
    private var gradeMade: Grade?
    private var grade: Grade {
        if let gradeMade { return gradeMade }
        let made = Grade(uniquePuzzle: puzzle)
        gradeMade = made
        return made
    }
    /// Problems writing the log (the game goes on; the player is told once).
    public private(set) var logProblem: String?

    /// The position now.
    public var position: GamePosition { game.position }
    /// Seconds of play, this sitting's and the ones before.
    public var elapsed: Double { elapsedBefore + (isSolved ? solvedAt : Clocks.monotonicSeconds()) - sittingStart }
    private var solvedAt = 0.0

    /// The errors of making a session.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        case noSolution, severalSolutions
        case log(String)
        public var description: String {
            switch self {
            case .noSolution: "the puzzle has no solution: there is nothing to play"
            case .severalSolutions: "the puzzle has more than one solution: it cannot be played as a puzzle"
            case .log(let s): s
            }
        }
    }

    /// A new game of `puzzle` from `start` (a photo's entries and marks), kept
    /// in `store` (nil: not kept).
    /// - Throws: `Refusal` when the puzzle has no single solution or the log cannot be made.
    public init(
        puzzle: Grid, source: String, tier: Tier? = nil, start: [CellState] = [], store: GameStore?,
        origin: String = GameStore.newOrigin(), now: String = LogTime.now()
    ) throws(Refusal) {
        let solved = Solver.solve(puzzle)
        guard solved.count == 1, let solution = solved.solution else {
            throw solved.count == 0 ? .noSolution : .severalSolutions
        }
        self.puzzle = puzzle
        self.solution = solution
        self.source = source
        game = Game(givens: puzzle, start: start)
        hintsUsed = 0
        checksUsed = 0
        isSolved = false
        elapsedBefore = 0
        tierKnown = tier
        id = GameStore.newID(now: now, origin: origin)
        if let store {
            do throws(GameLogError) {
                try store.prepare()
                writer = try GameLogWriter(path: store.path(of: id), origin: origin)
            } catch {
                throw .log(error.description)
            }
        } else {
            writer = nil
        }
        var first = GameEvent(kind: .start, time: now, origin: origin, seq: writer?.nextSeq() ?? 0, elapsed: 0)
        first.game = id
        first.puzzle = puzzle.lineString()
        first.source = source
        if tierKnown == nil { tierKnown = grade.tier }
        first.tier = tierKnown?.number
        first.cells = GamePosition(givens: puzzle).changes(to: game.position).map(GameEvent.CellLine.init)
        if let writer {
            do throws(GameLogError) { try writer.append(first) } catch { throw .log(error.description) }
        }
    }

    /// The game of `log` (at `path`), continued in a new sitting.
    /// - Throws: `Refusal` when its puzzle has no single solution or the log cannot be appended to.
    public init(resuming log: GameLog, path: String, origin: String = GameStore.newOrigin()) throws(Refusal) {
        let puzzle = log.puzzle
        let solved = Solver.solve(puzzle)
        guard solved.count == 1, let solution = solved.solution else {
            throw solved.count == 0 ? .noSolution : .severalSolutions
        }
        self.puzzle = puzzle
        self.solution = solution
        id = log.id
        source = log.start.source ?? "puzzle"
        tierKnown = log.start.tier.flatMap(Tier.init)
        game = log.replay()
        hintsUsed = log.hintsUsed
        checksUsed = log.checksUsed
        isSolved = log.isSolved
        elapsedBefore = log.elapsed
        solvedAt = sittingStart
        do throws(GameLogError) { writer = try GameLogWriter(path: path, origin: origin) } catch {
            throw .log(error.description)
        }
        write(.resume)
    }

    // MARK: - Moves

    /// What an action did.
    public struct Feedback: Sendable, Hashable {
        /// False when nothing changed.
        public var changed: Bool
        /// In words: `r4c5: 7; box 5 now has 6 digits`.
        public var text: String
        /// True when this action finished the puzzle.
        public var finished: Bool

        public init(changed: Bool, text: String, finished: Bool = false) {
            self.changed = changed
            self.text = text
            self.finished = finished
        }
    }

    /// Writes `digit` in `cell`.
    public func enter(_ digit: Int, at cell: Cell) -> Feedback {
        if position.isGiven(cell) { return Feedback(changed: false, text: "\(cell) holds the given \(puzzle[cell])") }
        if position.entries[cell] == digit { return Feedback(changed: false, text: "\(cell) already holds \(digit)") }
        return change(.enter(digit, cell), kind: .enter) {
            "\(cell): \(digit); \(self.houseCounts(cell))"
        }
    }

    /// Clears `cell`'s entry and marks.
    public func erase(_ cell: Cell) -> Feedback {
        if position.isGiven(cell) {
            return Feedback(changed: false, text: "\(cell) holds a given: it cannot be erased")
        }
        return change(.erase(cell), kind: .erase) { "\(cell) erased" }
            .orElse("\(cell) is already empty")
    }

    /// Adds the pencil mark `digit` to `cell`, or takes it away.
    public func toggleMark(_ digit: Int, at cell: Cell) -> Feedback {
        if position.digit(at: cell) != nil {
            return Feedback(changed: false, text: "\(cell) holds a digit: pencil marks go in empty cells")
        }
        let adding = !position.marks[cell.index].contains(digit)
        return change(.mark(digit, cell), kind: .mark) {
            let marks = self.position.marks[cell.index]
            let now = marks.isEmpty ? "no marks" : "marks " + marks.map(String.init).joined(separator: " ")
            return "\(cell): pencil mark \(digit) \(adding ? "added" : "removed"); \(now)"
        }
    }

    /// Fills every empty cell's marks with the digits its row, column and box leave.
    public func fillCandidates() -> Feedback {
        var states: [CellState] = []
        for cell in Cell.all where position.digit(at: cell) == nil {
            var left = CandidateSet.all
            for house in cell.houses {
                for other in house.cells { if let d = position.digit(at: other) { left.remove(d) } }
            }
            states.append(CellState(cell: cell, digit: 0, marks: left))
        }
        return change(.set(states), kind: .fill) {
            "every candidate filled in: \(states.count) empty cells, "
                + "\(states.reduce(0) { $0 + $1.marks.count }) candidates"
        }.orElse("every candidate is already filled in")
    }

    /// Takes back the last change.
    public func undo() -> Feedback {
        let before = position
        guard game.undo() else { return Feedback(changed: false, text: "nothing to undo") }
        return changed(from: before, kind: .undo, prefix: "undone")
    }

    /// Makes the last change undone again.
    public func redo() -> Feedback {
        let before = position
        guard game.redo() else { return Feedback(changed: false, text: "nothing to redo") }
        return changed(from: before, kind: .redo, prefix: "redone")
    }

    private func change(_ move: GameMove, kind: GameEvent.Kind, _ text: () -> String) -> Feedback {
        let before = position
        guard game.play(move) else { return Feedback(changed: false, text: "") }
        var feedback = changed(from: before, kind: kind, prefix: nil)
        feedback.text = text() + (feedback.text.isEmpty ? "" : "; " + feedback.text)
        return feedback
    }

    /// After a change: the log line, the hint and check forgotten, the end noticed.
    private func changed(from before: GamePosition, kind: GameEvent.Kind, prefix: String?) -> Feedback {
        let cells = before.changes(to: position)
        write(kind) { $0.cells = cells.map(GameEvent.CellLine.init) }
        hint = nil
        wrong = []
        var text = ""
        if let prefix {
            let said = cells.prefix(4).map { s in
                s.digit != 0
                    ? "\(s.cell) \(s.digit)"
                    : s.marks.isEmpty
                        ? "\(s.cell) empty"
                        : "\(s.cell) marks \(s.marks.map(String.init).joined())"
            }
            text =
                "\(prefix): " + said.joined(separator: ", ") + (cells.count > 4 ? " and \(cells.count - 4) more" : "")
        }
        var feedback = Feedback(changed: true, text: text)
        if !isSolved && position.isFilled {
            if Cell.all.allSatisfy({ position.digit(at: $0) == Int(solution[$0]) }) {
                isSolved = true
                solvedAt = Clocks.monotonicSeconds()
                write(.solved)
                feedback.finished = true
                feedback.text += (feedback.text.isEmpty ? "" : "; ") + "solved"
            } else {
                feedback.text +=
                    (feedback.text.isEmpty ? "" : "; ")
                    + "every cell is filled, but not every digit is right: check to see which"
            }
        }
        return feedback
    }

    /// `box 5 now has 6 digits` (and the row and column when they are complete).
    private func houseCounts(_ cell: Cell) -> String {
        func count(_ h: House) -> Int { h.cells.filter { position.digit(at: $0) != nil }.count }
        var parts = ["box \(cell.box + 1) now has \(count(.box(cell.box))) digits"]
        if count(.row(cell.row)) == 9 { parts.append("row \(cell.row + 1) is full") }
        if count(.column(cell.column)) == 9 { parts.append("column \(cell.column + 1) is full") }
        return parts.joined(separator: ", ")
    }

    // MARK: - Hints and checks

    /// A hint as the player is given it.
    public struct ActiveHint: Sendable {
        public var step: Step
        /// The position the step was found on.
        public var board: Board
        public var level: HintLevel
        /// The hint's sentences at `level`.
        public var text: String
    }

    /// What asking for a hint gave.
    public enum HintAnswer: Sendable {
        /// The hint, at its level.
        case hint(ActiveHint)
        /// The position is wrong: these first (a wrong entry with the cell it clashes with).
        case wrongPosition([PositionProblem])
        /// No hint: solved, or no technique of the ladder applies.
        case none(String)
    }

    /// The next hint: one level further when asked again at the same position, else level 1 of
    /// the ladder's simplest step from the player's position, marks included.
    public func askHint() -> HintAnswer {
        if var h = hint, h.level < .full {
            h.level = HintLevel(rawValue: h.level.rawValue + 1)!
            h.text = h.step.hint(h.level)
            hint = h
            hintsUsed += 1
            write(.hint) {
                $0.level = h.level.rawValue
                $0.technique = h.step.technique.name
            }
            return .hint(h)
        }
        if let h = hint {
            return .hint(h)
        }
        let position = self.position
        let next: NextStep
        do {
            next = try NextStep.find(
                puzzle: puzzle, entries: position.entries, marks: position.markMasks, solution: solution
            ) { () throws(SudokuLogicError) -> Board in try position.board() }
        } catch {
            return .none("the position cannot be read as candidates: \(error)")
        }
        switch next {
        case .noSolution, .severalSolutions:
            return .none("the puzzle has no single solution")
        case .wrongPosition(let problems):
            wrong = Set(problems.filter { $0.kind == .wrongEntry }.map(\.cell))
            return .wrongPosition(problems)
        case .solved:
            return .none("the puzzle is solved: no hint needed")
        case .needsTrialAndError, .onlyAvoided:
            return .none("no technique of the ladder applies here: this position needs trial and error")
        case let .step(step, board):
            let h = ActiveHint(step: step, board: board, level: .nudge, text: step.hint(.nudge))
            hint = h
            hintsUsed += 1
            write(.hint) {
                $0.level = 1
                $0.technique = step.technique.name
            }
            return .hint(h)
        }
    }

    /// Checks the position against the solution: wrong entries (with the cells they clash
    /// with) and pencil marks that lost a digit their cell needs.
    public func check() -> [PositionProblem] {
        let problems = PositionProblem.find(
            puzzle: puzzle, entries: position.entries, marks: position.markMasks, solution: solution)
        checksUsed += 1
        wrong = Set(problems.filter { $0.kind == .wrongEntry }.map(\.cell))
        write(.check) { $0.mistakes = problems.count }
        return problems
    }

    /// Checks the player's own deduction `claim` on the position (marks included)
    /// against the session's solution and the ladder; counted as a check, and logged.
    public func checkDeduction(_ claim: Claim) -> DeductionCheck.Verdict {
        let position = self.position
        let verdict: DeductionCheck.Verdict
        do {
            verdict = try DeductionCheck.check(
                claim, puzzle: puzzle, entries: position.entries, marks: position.markMasks, solution: solution
            ) { () throws(SudokuLogicError) -> Board in try position.board() }
        } catch {
            verdict = .wrongPosition([])
        }
        checksUsed += 1
        if case .wrongPosition(let problems) = verdict {
            wrong = Set(problems.filter { $0.kind == .wrongEntry }.map(\.cell))
        }
        write(.deduction) {
            $0.claim = claim.description
            $0.verdict = verdict.name
            if case .proven(let step) = verdict { $0.technique = step.technique.name }
        }
        return verdict
    }

    /// The puzzle's tier (graded once, when first asked).
    public var tier: Tier? {
        if tierKnown == nil { tierKnown = grade.tier }
        return tierKnown
    }

    /// At the end: the time, the hints and checks, the tier and what it needed.
    public var summary: String {
        let grade = self.grade
        let needed = grade.techniqueCounts.filter { $0.count > 0 }.map { "\($0.technique.name) x\($0.count)" }
        var text =
            "Solved in \(Self.clock(elapsed)) with \(hintsUsed) hint\(hintsUsed == 1 ? "" : "s") and "
            + "\(checksUsed) check\(checksUsed == 1 ? "" : "s")."
        if let tier = grade.tier ?? tierKnown {
            text += " \(tier.description.prefix(1).uppercased() + tier.description.dropFirst()) (\(tier.name))"
            text += needed.isEmpty ? "." : ": it needed " + needed.joined(separator: ", ") + "."
        }
        return text
    }

    /// `m:ss`, or `h:mm:ss` past an hour.
    public static func clock(_ seconds: Double) -> String {
        let s = max(0, Int(seconds))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    /// Writes the quit line and closes the log.
    public func quit() {
        write(.quit)
        writer?.close()
    }

    private func write(_ kind: GameEvent.Kind, _ fill: (inout GameEvent) -> Void = { _ in }) {
        guard let writer else { return }
        var event = GameEvent(
            kind: kind, time: LogTime.now(), origin: writer.origin, seq: writer.nextSeq(),
            elapsed: (elapsed * 1000).rounded() / 1000)
        fill(&event)
        do throws(GameLogError) { try writer.append(event) } catch {
            if logProblem == nil { logProblem = error.description }
        }
    }
}

extension GameSession.Feedback {
    /// `text` replaced by `other` when nothing changed.
    func orElse(_ other: String) -> GameSession.Feedback {
        changed ? self : GameSession.Feedback(changed: false, text: other)
    }
}
