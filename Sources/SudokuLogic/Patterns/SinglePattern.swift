// Offers: `SinglePattern`, the singles' family (full house, hidden single,
// naked single): its summary, facts, JSON, hint templates and marks.

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

    var json: String {
        JSONValue.object(
            "single",
            [
                ("digit", String(digit)), ("cell", JSONValue.cell(cell)),
                ("house", JSONValue.optionalHouse(house)),
            ])
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
    }
}
