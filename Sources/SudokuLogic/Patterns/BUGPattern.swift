// Offers: `BUGPattern`, BUG+1's family: its summary, facts, JSON, hint
// templates and marks.

import SudokuCore

/// BUG+1: every empty cell but `cell` has two candidates; `digit` is the one
/// that would otherwise leave each digit twice in each house.
struct BUGPattern: PatternFamily {
    var cell: Cell
    var digit: Int

    func summary(_ technique: Technique) -> String { "\(technique.name) at \(cell)" }

    func addFacts(to f: inout StepFacts) {
        f.add(cell)
        f.digits.insert(digit)
    }

    var json: String { JSONValue.object("bug", [("cell", JSONValue.cell(cell)), ("digit", String(digit))]) }

    func nudgeHint(_ t: Technique) -> String {
        "Every empty cell but one has two candidates: look for a BUG+1 (it relies on the puzzle having one solution)."
    }

    func patternHint(_ t: Technique) -> String { "\(cell) is the only empty cell with three candidates." }

    func argumentHint(_ t: Technique) -> String {
        "Without \(digit) in \(cell), every empty cell would have two candidates and every digit two places in each "
            + "house: such a position has no solution or two. The puzzle has one, so \(cell) must be \(digit)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.outline([cell])
        m.mark([digit], in: [cell], on: board)
    }
}
