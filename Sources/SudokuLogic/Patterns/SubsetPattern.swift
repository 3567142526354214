// Offers: `SubsetPattern`, the subsets' family (naked and hidden pairs,
// triples and quads, locked pairs and triples): its summary, facts, JSON, hint
// templates and marks.

import Basics
import SudokuCore

/// A naked or hidden subset: `cells` of `house` hold exactly `digits`. A
/// locked pair or triple is a naked one whose `house` is a box and whose cells
/// also lie in a line (`line`): its text names both houses.
struct SubsetPattern: PatternFamily {
    var house: House
    var cells: [Cell]
    var digits: [Int]

    static func isLocked(_ t: Technique) -> Bool { t == .lockedPair || t == .lockedTriple }

    /// The row or column all the cells lie in besides `house` (nil when none).
    var line: House? {
        guard let first = cells.first else { return nil }
        return [House.row(first.row), .column(first.column)].first { h in
            h != house && cells.allSatisfy { h.cells.contains($0) }
        }
    }

    /// `box 1`, or for a locked subset `box 1 and row 2`.
    func houses(_ t: Technique) -> String {
        guard Self.isLocked(t), let line else { return house.description }
        return "\(house) and \(line)"
    }

    func summary(_ technique: Technique) -> String {
        "\(technique.name) \(Text.digits(digits)) in \(houses(technique)) (\(Text.cells(cells)))"
    }

    func addFacts(to f: inout StepFacts) {
        f.houses.insert(house)
        f.add(cells)
        f.digits.formUnion(digits)
    }

    /// A locked subset's line is a fact too: the step names it and clears it.
    func addFacts(to f: inout StepFacts, technique: Technique) {
        addFacts(to: &f)
        if Self.isLocked(technique), let line { f.houses.insert(line) }
    }

    var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    func writeJSON(to w: inout JSONWriter) {
        JSONValue.write(kind: "subset", to: &w) { w in
            w.key("house")
            JSONValue.write(house, to: &w)
            w.key("cells")
            JSONValue.write(cells, to: &w)
            w.key("digits")
            JSONValue.write(digits: digits, to: &w)
        }
    }

    func nudgeHint(_ t: Technique) -> String {
        guard Self.isLocked(t), let line else { return "Look for \(HintText.a(t)) in \(house)." }
        return "Look for \(HintText.a(t)) where \(house) meets \(line)."
    }

    func patternHint(_ t: Technique) -> String {
        if Self.isLocked(t), let line {
            return "Where \(house) meets \(line), the cells \(HintText.cells(cells)) hold only the digits "
                + "\(HintText.digits(digits))."
        }
        return t.rawValue.hasPrefix("naked")
            ? "In \(house), the cells \(HintText.cells(cells)) hold only the digits \(HintText.digits(digits))."
            : "In \(house), the digits \(HintText.digits(digits)) can only go in \(HintText.cells(cells))."
    }

    func argumentHint(_ t: Technique) -> String {
        let count = HintText.count
        if Self.isLocked(t), let line {
            return "The \(count(cells.count)) cells \(HintText.cells(cells)) lie in both \(house) and \(line), and "
                + "hold only the \(count(digits.count)) digits \(HintText.digits(digits)). So those digits fill "
                + "them, and no other cell of \(house), nor of \(line), can hold them."
        }
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

    /// A locked subset shades its line as well as its box: both lose the digits.
    func addMarks(to m: inout PatternMarks, on board: Board?, technique: Technique) {
        addMarks(to: &m, on: board)
        if Self.isLocked(technique), let line { m.house(line) }
    }
}
