// Offers: `RectanglePattern`, the unique rectangles' family (types 1 to 4,
// hidden rectangle): its summary, facts, JSON, hint templates and marks.

import SudokuCore

/// A unique rectangle or hidden rectangle on `digits` (two digits), `cells`
/// its four corners. `roof`: the corners with the extra candidates `extra`;
/// `house`: the house the type 3 subset or the type 4 link lies in; `subset`:
/// the type 3 subset's other cells. `type` is 1...4, or 0 for a hidden rectangle.
struct RectanglePattern: PatternFamily {
    var type: Int
    var cells: [Cell]
    var digits: [Int]
    var roof: [Cell]
    var extra: [Int]
    var house: House?
    var subset: [Cell]

    func summary(_ technique: Technique) -> String {
        "\(technique.name) \(Text.digits(digits)) in \(Text.cells(cells))"
    }

    func addFacts(to f: inout StepFacts) {
        f.add(cells)
        f.add(roof)
        f.add(subset)
        f.digits.formUnion(digits + extra)
        if let house { f.houses.insert(house) }
    }

    var json: String {
        JSONValue.object(
            "rectangle",
            [
                ("type", String(type)), ("cells", JSONValue.cells(cells)), ("digits", JSONValue.digits(digits)),
                ("roof", JSONValue.cells(roof)), ("extra", JSONValue.digits(extra)),
                ("house", JSONValue.optionalHouse(house)), ("subset", JSONValue.cells(subset)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        "Look for \(HintText.a(t)) in \(HintText.spelled(HintText.boxes(cells))) (it relies on the puzzle having one "
            + "solution)."
    }

    func patternHint(_ t: Technique) -> String {
        var s = "The cells \(HintText.cells(cells)) all hold \(HintText.digits(digits))"
        if t == .hiddenRectangle {
            return s + "; look at \(HintText.cells(roof)) and where the digits can go in its row and column."
        }
        if !extra.isEmpty { s += "; \(HintText.cells(roof)) also hold \(HintText.digits(extra))" }
        if let house, !subset.isEmpty {
            s += ", and with \(HintText.cells(subset)) in \(house) they make a subset"
        } else if let house {
            s += "; look at \(house)"
        }
        return s + "."
    }

    func argumentHint(_ t: Technique) -> String {
        let cells = HintText.cells, digits = HintText.digits
        let pattern =
            "If \(cells(self.cells)) held only \(digits(self.digits)), the two digits could swap and the puzzle "
            + "would have two solutions; it has one, so they do not."
        switch type {
        case 1:
            return pattern
                + " Three of them hold nothing else, so \(cells(roof)) must keep a digit other than "
                + "\(digits(self.digits))."
        case 2:
            return pattern
                + " \(cells(roof)) hold only \(digits(self.digits + extra)), so one of them is \(digits(extra)), and "
                + "a cell seeing both cannot be."
        case 3:
            return pattern
                + " So one of \(cells(roof)) holds one of \(digits(extra)); with \(cells(subset)) they lock those "
                + "digits in \(house?.description ?? ""), which its other cells lose."
        case 4:
            return pattern
                + " In \(house?.description ?? ""), one digit of the pair goes only in \(cells(roof)), so one of "
                + "them holds it, and neither can hold the other digit."
        default:
            return
                "If \(cells(roof)) held the other digit of \(digits(self.digits)), the strong links in its row and "
                + "column would fill \(cells(self.cells)) with only \(digits(self.digits)), a pattern that could "
                + "swap: the puzzle has one solution, so it cannot."
        }
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        if let house { m.house(house) }
        m.outline(cells)
        m.mark(digits, in: cells, on: board)
        m.mark(extra, in: roof, .extra, on: board)
        m.outline(subset, .subset)
    }
}
