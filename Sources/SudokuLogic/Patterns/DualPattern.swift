// Offers: `DualPattern`, the dual patterns' family (dual two-string kite): two
// patterns of one technique that share a part and conclude together, as one
// step: its summary, facts, JSON, hint templates and marks, each the two
// patterns' own put side by side.

import Basics
import SudokuCore

/// Two patterns of the technique `Technique.single` names (two two-string
/// kites through the same two cells of a box), each with its own elimination.
struct DualPattern: PatternFamily {
    var first: Pattern
    var second: Pattern

    /// The summary of one part without its technique's name: `on 1: r1c8=r1c3-r3c1=r6c1`.
    private func part(_ p: Pattern, _ t: Technique) -> String {
        let s = p.family.summary(t.single)
        let name = t.single.name + " "
        return s.hasPrefix(name) ? String(s.dropFirst(name.count)) : s
    }

    func summary(_ technique: Technique) -> String {
        let a = part(first, technique), b = part(second, technique)
        if let colon = a.firstIndex(of: ":") {
            let head = String(a[...colon]) + " "
            if b.hasPrefix(head) { return "\(technique.name) \(a) and " + b.dropFirst(head.count) }
        }
        return "\(technique.name) \(a); \(b)"
    }

    func addFacts(to f: inout StepFacts) {
        first.family.addFacts(to: &f)
        second.family.addFacts(to: &f)
    }

    var json: String { JSONValue.object("dual", [("first", first.family.json), ("second", second.family.json)]) }

    /// The box whose cells both patterns share (the houses both name), if any.
    private var sharedBox: House? {
        var a = StepFacts(), b = StepFacts()
        first.family.addFacts(to: &a)
        second.family.addFacts(to: &b)
        return a.houses.intersection(b.houses).sorted { Houses.index($0) < Houses.index($1) }.first {
            if case .box = $0 { true } else { false }
        }
    }

    func nudgeHint(_ t: Technique) -> String {
        "Look for \(HintText.a(t)): two \(t.single.name) patterns on one digit that share their cells in "
            + (sharedBox.map(\.description) ?? "one box") + "."
    }

    func patternHint(_ t: Technique) -> String {
        "The first \(t.single.name): " + first.family.patternHint(t.single) + " The second: "
            + second.family.patternHint(t.single)
    }

    func argumentHint(_ t: Technique) -> String {
        "Two \(t.single.name) patterns share their cells in the box, and each removes its own candidates. The "
            + "first: " + first.family.argumentHint(t.single) + " The second: "
            + second.family.argumentHint(t.single)
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        first.family.addMarks(to: &m, on: board)
        second.family.addMarks(to: &m, on: board)
    }
}
