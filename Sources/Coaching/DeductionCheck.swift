// Offers: `Claim` (a player's own deduction: a placement `r4c5=7`, or an
// elimination `r4c5<>7`, `r4c5,r4c6<>7`, read from text) and
// `DeductionCheck.check`, which says whether the claim is true (from the
// puzzle's unique solution, first, so a false claim is never called true),
// already known, or proven from the position by one step of the ladder: the
// simplest rung, in ladder order, with a step that concludes it.

import Basics
import SudokuCore
import SudokuLogic

/// A player's deduction about a position.
public enum Claim: Sendable, Hashable, CustomStringConvertible {
    /// The digit belongs in the cell.
    case placement(Candidate)
    /// The digit cannot go in any of the cells (one digit, one or more cells).
    case elimination(digit: Int, cells: [Cell])

    /// Reads `r4c5=7`, `r4c5<>7` (also `!=`, `≠`) and `r4c5,r4c6<>7`; spaces
    /// are ignored, case too. Nil for anything else.
    public init?(text: String) {
        let t = text.lowercased().filter { !$0.isWhitespace }
        let chars = Array(t)
        guard let at = chars.firstIndex(where: { "<!≠=".contains($0) }) else { return nil }
        let op: String
        switch chars[at] {
        case "<": op = "<>"
        case "!": op = "!="
        case "≠": op = "≠"
        default: op = "="
        }
        let width = op.count
        guard chars.count >= at + width, String(chars[at..<at + width]) == op else { return nil }
        let left = String(chars[..<at]), right = String(chars[(at + width)...])
        guard right.count == 1, let digit = Int(right), (1...9).contains(digit) else { return nil }
        let names = left.split(separator: ",", omittingEmptySubsequences: false)
        let cells = names.compactMap { Cell(name: $0) }
        guard !cells.isEmpty, cells.count == names.count else { return nil }
        if op == "=" {
            guard cells.count == 1 else { return nil }
            self = .placement(Candidate(cells[0], digit))
        } else {
            var seen = Set<Cell>()
            self = .elimination(digit: digit, cells: cells.filter { seen.insert($0).inserted })
        }
    }

    /// The digit claimed.
    public var digit: Int {
        switch self {
        case .placement(let c): c.digit
        case .elimination(let d, _): d
        }
    }

    /// The cells claimed about.
    public var cells: [Cell] {
        switch self {
        case .placement(let c): [c.cell]
        case .elimination(_, let cs): cs
        }
    }

    /// `r4c5=7`, `r4c5<>7`, `r4c5,r4c6<>7`.
    public var description: String {
        switch self {
        case .placement(let c): "\(c.cell)=\(c.digit)"
        case let .elimination(d, cs): cs.map(\.description).joined(separator: ",") + "<>\(d)"
        }
    }

    /// The claim in words: `r4c5 is 7`, `r4c5 cannot be 7`, `none of r4c5 and r4c6 can be 7`.
    public var words: String {
        switch self {
        case .placement(let c): "\(c.cell) is \(c.digit)"
        case let .elimination(d, cs):
            cs.count == 1
                ? "\(cs[0]) cannot be \(d)" : "none of \(ProseText.list(cs.map(\.description))) can be \(d)"
        }
    }
}

/// Checks a player's claim against the solution and the ladder.
public enum DeductionCheck {
    /// What a claim is worth from a position.
    public enum Verdict: Sendable, Hashable {
        /// The claim is false; why (`the solution puts 3 in r4c5`).
        case `false`(String)
        /// True, and the position already shows it (the digit is there, the candidate is gone); why.
        case alreadyKnown(String)
        /// True, and this step (of the simplest rung that concludes it) proves it.
        case proven(Step)
        /// True, but no single step of the ladder concludes it from the position;
        /// the ladder's next step there, the one a hint gives (nil when the
        /// position needs trial and error).
        case trueButNotOneStep(next: Step?)
        /// The position contradicts the solution: its wrong entries or lost marks,
        /// reported before anything is built on it.
        case wrongPosition([PositionProblem])

        /// `proven`, `false`, `true-not-one-step`, `already-known`, `wrong-position`.
        public var name: String {
            switch self {
            case .false: "false"
            case .alreadyKnown: "already-known"
            case .proven: "proven"
            case .trueButNotOneStep: "true-not-one-step"
            case .wrongPosition: "wrong-position"
            }
        }

        /// The verdict in one sentence (the proof at hint level 3 for a proven claim).
        public var text: String {
            switch self {
            case .false(let why): return "false: \(why)"
            case .alreadyKnown(let why): return "true, and already known: \(why)"
            case .proven(let step):
                return "true. Proven by \(HintText.a(step.technique)): \(step.hint(.full))"
            case .trueButNotOneStep(let next):
                let tail =
                    next.map { "the next step here is: \($0.hint(.nudge))" }
                    ?? "no technique of the ladder applies here: the position needs trial and error"
                return "true, but it does not follow from this position by one technique; \(tail)"
            case .wrongPosition(let problems):
                if problems.isEmpty { return "the position cannot be read as candidates" }
                return "the position is wrong: " + problems.map(\.description).joined(separator: "; ")
            }
        }
    }

    /// Checks `claim` on `board`, a position of the puzzle whose unique
    /// solution is `solution`. Truth comes from the solution first; then a
    /// claim the board already shows is `alreadyKnown`; then every step each
    /// rung returns is looked at, rungs in ladder order, for one that concludes
    /// the claim: a placement among its placements; for an elimination, the
    /// candidates among its eliminations (or, failing that, a placement that
    /// removes them: another digit in the cell, the digit in a cell they see).
    /// `ladder` is the ladder the steps come from, and whose next step is
    /// named when none concludes the claim.
    public static func check(_ claim: Claim, board: Board, solution: Grid, ladder: Ladder = .standard) -> Verdict {
        let d = claim.digit
        switch claim {
        case .placement(let c):
            let truth = Int(solution[c.cell])
            if truth != d {
                return .false("the solution puts \(truth) in \(c.cell)")
            }
            if board.value(at: c.cell) == d {
                let what = board.givens.contains(c.cell) ? "a given" : "already there"
                return .alreadyKnown("\(c.cell) holds \(d) (\(what))")
            }
        case .elimination(_, let cells):
            if let wrong = cells.first(where: { Int(solution[$0]) == d }) {
                return .false("the solution puts \(d) in \(wrong)")
            }
        }
        let open = claim.cells.filter { board.hasCandidate(d, at: $0) && board.value(at: $0) == nil }
        if case .elimination = claim, open.isEmpty {
            let held = claim.cells.compactMap { c in
                board.value(at: c).map { "\(c) holds \($0)\(board.givens.contains(c) ? " (a given)" : "")" }
            }
            let gone = claim.cells.filter { board.value(at: $0) == nil }.map(\.description)
            var why = held
            if !gone.isEmpty { why.append("the position has no candidate \(d) left in \(ProseText.list(gone))") }
            return .alreadyKnown(why.joined(separator: "; "))
        }
        let target = open.map { Candidate($0, d) }
        func direct(_ s: Step) -> Bool {
            switch claim {
            case .placement(let c): return s.placements.contains(c)
            case .elimination: return target.allSatisfy { s.eliminations.contains($0) }
            }
        }
        func implied(_ s: Step) -> Bool {
            guard case .elimination = claim else { return false }
            return target.allSatisfy { t in
                s.eliminations.contains(t)
                    || s.placements.contains { p in
                        (p.cell == t.cell && p.digit != d)
                            || (p.digit == d && p.cell != t.cell && !Set(p.cell.houses).isDisjoint(with: t.cell.houses))
                    }
            }
        }
        if !board.isSolved {
            for rung in ladder.rungs {
                let steps = rung.steps(on: board)
                if let s = steps.first(where: direct) ?? steps.first(where: implied) { return .proven(s) }
            }
        }
        return .trueButNotOneStep(next: ladder.nextStep(board))
    }

    /// Checks `claim` on a player's position: the puzzle with `entries` and
    /// pencil `marks` (81 masks; nil for none). Wrong entries (then lost marks)
    /// are reported first, as a hint does; only then is `board` built and the
    /// claim checked on it.
    public static func check<E: Error>(
        _ claim: Claim, puzzle: Grid, entries: Grid?, marks: [UInt16]?, solution: Grid, ladder: Ladder = .standard,
        board: () throws(E) -> Board
    ) throws(E) -> Verdict {
        let problems = PositionProblem.find(puzzle: puzzle, entries: entries, marks: marks, solution: solution)
        if !problems.isEmpty { return .wrongPosition(problems) }
        return check(claim, board: try board(), solution: solution, ladder: ladder)
    }
}
