// Offers: `RectanglePattern`, the unique rectangles' family (types 1 to 6,
// hidden rectangle, avoidable rectangles 1 and 2): its summary, facts, JSON,
// hint templates and marks.

import SudokuCore

/// A unique, hidden or avoidable rectangle on `digits` (two digits), `cells`
/// its four corners. `roof`: the corners with the extra candidates `extra`
/// (for an avoidable rectangle, its empty corners); `house`: the house the
/// type 3 subset or the type 4 link lies in, or the first of the two lines of
/// a type 6 X-Wing (on the first of `digits`); `subset`: the type 3 subset's
/// other cells. `type` is 1...6, or 0 for a hidden rectangle; the technique
/// tells a unique rectangle from an avoidable one. A type 3 subset locks its
/// digits in every house holding the roof and the subset's cells.
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
        if !subset.isEmpty { f.houses.formUnion(lockedHouses) }
        f.houses.formUnion(xWingLines)
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

    /// The houses holding the roof and the type 3 subset (the subset's house, and the box or line beside it).
    var lockedHouses: [House] {
        House.all.filter { h in (roof + subset).allSatisfy { h.cells.contains($0) } }
    }

    /// The two lines of a type 6 X-Wing: `house` and the other row or column of the rectangle.
    var xWingLines: [House] {
        switch house {
        case .row?: Array(Set(cells.map { House.row($0.row) })).sorted { $0.description < $1.description }
        case .column?: Array(Set(cells.map { House.column($0.column) })).sorted { $0.description < $1.description }
        default: []
        }
    }

    func patternHint(_ t: Technique) -> String {
        let cells = HintText.cells, digits = HintText.digits
        switch t {
        case .avoidableRectangleType1, .avoidableRectangleType2:
            var s =
                "None of \(cells(self.cells)) is a given; all but \(cells(roof)) were solved, with "
                + "\(digits(self.digits))"
            if !extra.isEmpty { s += "; \(cells(roof)) also hold \(digits(extra))" }
            return s + "."
        case .uniqueRectangleType6:
            return "The cells \(cells(self.cells)) hold \(digits(self.digits)), two opposite corners nothing else; "
                + "look at where \(self.digits[0]) can go in \(HintText.list(xWingLines.map(\.description)))."
        default: break
        }
        var s = "The cells \(cells(self.cells)) hold \(digits(self.digits))"
        if t == .hiddenRectangle {
            return s + "; look at \(cells(roof)) and where the digits can go in its row and column."
        }
        if !extra.isEmpty { s += "; \(cells(roof)) also hold \(digits(extra))" }
        if house != nil, !subset.isEmpty {
            s += ", and with \(cells(subset)) in \(HintText.list(lockedHouses.map(\.description))) they make a subset"
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
        switch t {
        case .avoidableRectangleType1:
            return "None of \(cells(self.cells)) is a given. If \(cells(roof)) took the digit of the corner opposite "
                + "it, the four cells would hold only \(digits(self.digits)), opposite corners equal, and the two "
                + "digits could swap: the puzzle has one solution, so \(cells(roof)) cannot take it."
        case .avoidableRectangleType2:
            return "None of \(cells(self.cells)) is a given. If neither of \(cells(roof)) were \(digits(extra)), each "
                + "would take the digit of the solved corner opposite it, and \(digits(self.digits)) could swap in "
                + "the four cells: the puzzle has one solution, so one of them is \(digits(extra)), and a cell "
                + "seeing both cannot be."
        case .uniqueRectangleType5:
            return pattern
                + " \(cells(roof)) hold nothing but \(digits(self.digits + extra)), so one of them is "
                + "\(digits(extra)), and a cell seeing all of them cannot be."
        case .uniqueRectangleType6:
            let x = self.digits[0], y = self.digits.count > 1 ? self.digits[1] : x
            return pattern
                + " Digit \(x) goes only in the rectangle in \(HintText.list(xWingLines.map(\.description))). If \(x) "
                + "were in either of \(cells(roof)), the corners beside it would be \(y), the opposite corner would "
                + "have to be \(x), and the four cells would hold only \(x) and \(y). So \(cells(roof)) cannot be "
                + "\(x)."
        default: break
        }
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
                + "digits in \(HintText.list(lockedHouses.map(\.description))), whose other cells lose them."
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
        if !subset.isEmpty { for h in lockedHouses where h != house { m.house(h) } }
        for h in xWingLines where h != house { m.house(h) }
        m.outline(cells)
        m.mark(digits, in: cells, on: board)
        m.mark(extra, in: roof, .extra, on: board)
        m.outline(subset, .subset)
    }
}
