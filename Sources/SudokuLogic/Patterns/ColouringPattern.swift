// Offers: `ColouringPattern`, simple colouring's family (trap and wrap): its
// summary, facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// Simple colouring on `digit`: the cells of one cluster of conjugate pairs,
/// split into two colours. `trap`: the eliminated cells see both colours;
/// `wrap`: two cells of `colours[0]` see each other, so that colour is false.
struct ColouringPattern: PatternFamily {
    var digit: Int
    var colours: [[Cell]]
    var rule: ColouringRule

    func summary(_ technique: Technique) -> String { "\(technique.name) on \(digit) (colour \(rule.rawValue))" }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        for c in colours { f.add(c) }
    }

    var json: String {
        JSONValue.object(
            "colouring",
            [
                ("digit", String(digit)), ("colours", JSONText.array(colours.map(JSONValue.cells))),
                ("rule", JSONText.quoted(rule.rawValue)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        "Try simple colouring on one digit's conjugate pairs in "
            + "\(HintText.spelled(HintText.boxes(colours.flatMap { $0 })))."
    }

    func patternHint(_ t: Technique) -> String {
        "Colour the conjugate pairs of \(digit): one colour is \(HintText.cells(colours[0])), the other "
            + "\(HintText.cells(colours[1]))."
    }

    func argumentHint(_ t: Technique) -> String {
        if rule == .wrap {
            return
                "Along the conjugate pairs of \(digit), the cells alternate: all of \(HintText.cells(colours[0])) "
                + "are \(digit), or all of \(HintText.cells(colours[1])) are. Two cells of the first colour see "
                + "each other, so that colour cannot be true: its cells lose \(digit)."
        }
        return
            "Along the conjugate pairs of \(digit), either all of \(HintText.cells(colours[0])) or all of "
            + "\(HintText.cells(colours[1])) hold \(digit). A cell that sees a cell of each colour cannot hold "
            + "\(digit)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        if colours.count > 0 { m.mark([digit], in: colours[0], on: board) }
        if colours.count > 1 { m.mark([digit], in: colours[1], .otherColour, on: board) }
        if colours.count == 2, let board { Self.addConjugates(of: colours, digit: digit, to: &m, on: board) }
    }

    /// The conjugate pairs of a cluster's two `colours`: two candidates of `digit` of opposite
    /// colours that are its only two places in a house they share (once a pair, through the
    /// first such house).
    static func addConjugates(of colours: [[Cell]], digit: Int, to m: inout PatternMarks, on board: Board) {
        guard colours.count == 2 else { return }
        for a in colours[0] {
            for b in colours[1] where a.row == b.row || a.column == b.column || a.box == b.box {
                let shared = [House.row(a.row), .column(a.column), .box(a.box)].filter { $0.cells.contains(b) }
                guard shared.contains(where: { h in h.cells.filter { board.hasCandidate(digit, at: $0) }.count == 2 })
                else { continue }
                m.conjugates.append(
                    PatternMarks.Link(
                        from: ChainNode(digit: digit, cells: [a]), to: ChainNode(digit: digit, cells: [b]),
                        kind: .strong, branch: nil))
            }
        }
    }
}
