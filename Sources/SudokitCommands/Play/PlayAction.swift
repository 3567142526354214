// Offers: `PlayAction`, what a player asks of the game, whichever way it is
// asked (a key on the terminal, a line in `--plain`), and `PlayText`, the
// words both players say about a check's problems, a deduction checked, a
// hint and the end.

import Coaching
import GameCore
import SudokuCore
import SudokuLogic

/// One request of the player, about the cursor's cell where it needs one.
enum PlayAction: Equatable {
    case enter(Int)
    case erase
    case mark(Int)
    case undo, redo, hint, check, fill, quit, help, board, status
    case move(rows: Int, columns: Int)
    case toggleNotes
}

enum PlayText {
    /// A check's problems in words, or that all is well.
    static func check(_ problems: [PositionProblem], session: GameSession) -> [String] {
        guard !problems.isEmpty else {
            let empty = Cell.all.filter { session.position.digit(at: $0) == nil }.count
            return ["no mistakes" + (empty == 0 ? "" : " so far; \(empty) empty cell\(empty == 1 ? "" : "s") to go")]
        }
        let wrong = problems.filter { $0.kind == .wrongEntry }.count
        let lost = problems.count - wrong
        var head: [String] = []
        if wrong > 0 { head.append("\(wrong) wrong entr\(wrong == 1 ? "y" : "ies")") }
        if lost > 0 { head.append("\(lost) cell\(lost == 1 ? "" : "s") whose marks lost a needed digit") }
        return [head.joined(separator: " and ") + ":"] + problems.map { "  " + $0.description }
    }

    /// A deduction's verdict in words: `r4c5<>7: true. Proven by an X-Wing: ...`.
    static func deduction(_ claim: Claim, _ verdict: DeductionCheck.Verdict) -> [String] {
        switch verdict {
        case .wrongPosition(let problems) where !problems.isEmpty:
            return ["\(claim): first put right what the solution contradicts:"] + problems.map { "  " + $0.description }
        default:
            return ["\(claim) (\(claim.words)): \(verdict.text)"]
        }
    }

    /// A hint's answer in words.
    static func hint(_ answer: GameSession.HintAnswer) -> [String] {
        switch answer {
        case .hint(let h):
            return ["hint \(h.level.rawValue) of 3 (\(h.step.technique.name)): \(h.text)"]
        case .wrongPosition(let problems):
            return ["first put right what the solution contradicts:"] + problems.map { "  " + $0.description }
        case .none(let why):
            return [why]
        }
    }
}
