// Offers: `SinglePattern`, the singles' family (full house, hidden single,
// naked single): its summary, facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// Full house and hidden single: `house` is where `digit` has one place left
/// (the last empty cell, for a full house). Naked single: `house` is nil.
struct SinglePattern: PatternFamily {
    var digit: Int
    var cell: Cell
    var house: House?

    func summary(_ technique: Technique) -> String {
        house.map { "\(technique.name) in \($0)" } ?? technique.name
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.add(cell)
        if let house { f.houses.insert(house) }
    }

    var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    func writeJSON(to w: inout JSONWriter) {
        JSONValue.write(kind: "single", to: &w) { w in
            w.key("digit")
            w.int(digit)
            w.key("cell")
            JSONValue.write(cell, to: &w)
            w.key("house")
            JSONValue.write(house, to: &w)
        }
    }

    func nudgeHint(_ t: Technique) -> String {
        switch t {
        case .fullHouse: return "Look at \(house?.description ?? ""): it has one empty cell left (a full house)."
        case .hiddenSingle: return "Look for a hidden single in \(house?.description ?? "")."
        default: return "Look for a naked single in box \(cell.box + 1): a cell with one candidate left."
        }
    }

    func patternHint(_ t: Technique) -> String {
        switch t {
        case .fullHouse: return "In \(house?.description ?? ""), \(cell) is the only empty cell."
        case .hiddenSingle: return "In \(house?.description ?? ""), digit \(digit) has only one place left."
        default: return "Look at \(cell): count the candidates its row, column and box leave."
        }
    }

    func argumentHint(_ t: Technique) -> String {
        switch t {
        case .fullHouse:
            return
                "\(house?.description.capitalizedFirst ?? "") has every digit but \(digit), and \(cell) is its only "
                + "empty cell."
        case .hiddenSingle:
            return
                "Digit \(digit) must appear once in \(house?.description ?? ""), and \(cell) is the only cell there "
                + "that can still hold it."
        default:
            return
                "\(cell) sees every digit but \(digit) in its row, column and box (or has lost the others as "
                + "candidates)."
        }
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        if let house { m.house(house) }
        m.outline([cell])
        // A naked single shows the cell's candidates: the one left.
        if house == nil, let board { m.mark(Array(board.candidates(at: cell)), in: [cell], on: board) }
        if let board { addBlockers(to: &m, on: board) }
    }

    /// The blocking digits on `board`. A hidden single: for each other empty cell of the house
    /// that cannot hold `digit`, a cell it sees that holds `digit` (one cell may block several).
    /// A naked single: for each other digit, a cell `cell` sees that holds it.
    private func addBlockers(to m: inout PatternMarks, on board: Board) {
        func sees(_ a: Cell, _ b: Cell) -> Bool { a.row == b.row || a.column == b.column || a.box == b.box }
        func holder(of d: Int, seenBy e: Cell) -> Cell? {
            // Prefer a blocker already marked, then the nearest.
            let all = Cell.all.filter { $0 != e && board.value(at: $0) == d && sees($0, e) }
            return all.first { m.blockers.contains($0) }
                ?? all.min {
                    abs($0.row - e.row) + abs($0.column - e.column) < abs($1.row - e.row) + abs($1.column - e.column)
                }
        }
        if let house {
            for e in house.cells where e != cell && board.value(at: e) == nil {
                guard let b = holder(of: digit, seenBy: e) else { continue }
                m.blocked.append(e)
                if !m.blockers.contains(b) { m.blockers.append(b) }
            }
        } else {
            for d in 1...9 where d != digit {
                if let b = holder(of: d, seenBy: cell), !m.blockers.contains(b) { m.blockers.append(b) }
            }
        }
    }
}
