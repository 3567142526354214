// Offers: `SubsetPattern`, the subsets' family (naked and hidden pairs,
// triples and quads): its summary, facts, JSON, hint templates and marks.

import SudokuCore

/// A naked or hidden subset: `cells` of `house` hold exactly `digits`.
struct SubsetPattern: PatternFamily {
    var house: House
    var cells: [Cell]
    var digits: [Int]

    func summary(_ technique: Technique) -> String {
        "\(technique.name) \(Text.digits(digits)) in \(house) (\(Text.cells(cells)))"
    }

    func addFacts(to f: inout StepFacts) {
        f.houses.insert(house)
        f.add(cells)
        f.digits.formUnion(digits)
    }

    var json: String {
        JSONValue.object(
            "subset",
            [
                ("house", JSONValue.house(house)), ("cells", JSONValue.cells(cells)),
                ("digits", JSONValue.digits(digits)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String { "Look for \(HintText.a(t)) in \(house)." }

    func patternHint(_ t: Technique) -> String {
        t.rawValue.hasPrefix("naked")
            ? "In \(house), the cells \(HintText.cells(cells)) hold only the digits \(HintText.digits(digits))."
            : "In \(house), the digits \(HintText.digits(digits)) can only go in \(HintText.cells(cells))."
    }

    func argumentHint(_ t: Technique) -> String {
        let count = HintText.count
        return t.rawValue.hasPrefix("naked")
            ? "The \(count(cells.count)) cells \(HintText.cells(cells)) of \(house) hold only the "
                + "\(count(digits.count)) digits \(HintText.digits(digits)), so those digits fill them, and no other "
                + "cell of \(house) can hold them."
            : "In \(house), the \(count(digits.count)) digits \(HintText.digits(digits)) can only go in the "
                + "\(count(cells.count)) cells \(HintText.cells(cells)), so those cells hold them and nothing else."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.house(house)
        m.outline(cells)
        m.mark(digits, in: cells, on: board)
    }
}
