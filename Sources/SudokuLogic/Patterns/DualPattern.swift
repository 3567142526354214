// Offers: `DualPattern`, the dual patterns' family (dual two-string kite, dual
// empty rectangle, Siamese fish): two patterns of one technique that share a
// part and conclude together, as one step: its summary, facts, JSON, hint
// templates and marks, each the two patterns' own put side by side.

import Basics
import SudokuCore

/// Two patterns of the technique `Technique.single` names, each with its own
/// elimination: two two-string kites through the same two cells of a box, two
/// empty rectangles of one box, or two finned fish on the same base sets that
/// differ in one cover set and in their fins (Siamese fish).
struct DualPattern: PatternFamily {
    var first: Pattern
    var second: Pattern

    /// True for Siamese fish, whose parts share their base rather than a box.
    private func isFish(_ t: Technique) -> Bool { t.family == .fish }

    func summary(_ technique: Technique) -> String {
        let a = first.family.partSummary(technique.single), b = second.family.partSummary(technique.single)
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

    /// The houses both patterns name, in house order.
    private var sharedHouses: [House] {
        var a = StepFacts(), b = StepFacts()
        first.family.addFacts(to: &a)
        second.family.addFacts(to: &b)
        return a.houses.intersection(b.houses).sorted { Houses.index($0) < Houses.index($1) }
    }

    /// The box whose cells both patterns share (the houses both name), if any.
    private var sharedBox: House? { sharedHouses.first { if case .box = $0 { true } else { false } } }

    /// A Siamese fish's base sets: of the lines both fish name (the base and
    /// the covers they share, one fewer), the kind with more.
    private var sharedBase: [House] {
        // A Franken or Mutant fish's base may hold boxes, or rows and columns: both parts name it.
        if let fish = first.family as? FishPattern {
            let kinds = Set(
                fish.base.map { h -> Int in
                    switch h {
                    case .row: 0
                    case .column: 1
                    case .box: 2
                    }
                })
            if kinds.count > 1 || kinds.contains(2) { return fish.base }
        }
        let lines = sharedHouses.filter { if case .box = $0 { false } else { true } }
        let rows = lines.filter { if case .row = $0 { true } else { false } }
        let columns = lines.filter { if case .column = $0 { true } else { false } }
        return rows.count >= columns.count ? rows : columns
    }

    /// What each part is called before its hint: `The first two-string kite: `
    /// and `The second: ` (`The first: ` in the argument), or for a Siamese
    /// fish each named as what it is, `The second, a sashimi X-Wing: `.
    private func headings(_ t: Technique, argument: Bool) -> (String, String) {
        if isFish(t) {
            return (
                "The first, \(HintText.a(first.family.member(t.single))): ",
                "The second, \(HintText.a(second.family.member(t.single))): "
            )
        }
        return (argument ? "The first: " : "The first \(t.single.name): ", "The second: ")
    }

    func nudgeHint(_ t: Technique) -> String {
        if isFish(t) {
            return "Look for \(HintText.a(t)): two finned fish on one digit with the same base, "
                + "\(HintText.spelled(sharedBase)), each with its own cover and fins."
        }
        return "Look for \(HintText.a(t)): two \(t.single.name) patterns on one digit that share their cells in "
            + (sharedBox.map(\.description) ?? "one box") + "."
    }

    func patternHint(_ t: Technique) -> String {
        let (a, b) = headings(t, argument: false)
        return a + first.family.patternHint(first.family.member(t.single)) + " " + b
            + second.family.patternHint(second.family.member(t.single))
    }

    func argumentHint(_ t: Technique) -> String {
        let (a, b) = headings(t, argument: true)
        let intro =
            isFish(t)
            ? "Two finned fish share their base, \(HintText.spelled(sharedBase)), and differ in one cover and in "
                + "their fins; each removes its own candidates. "
            : "Two \(t.single.name) patterns share their cells in the box, and each removes its own candidates. "
        return intro + a + first.family.argumentHint(first.family.member(t.single)) + " " + b
            + second.family.argumentHint(second.family.member(t.single))
    }

    /// Both patterns' marks; a house or candidate both mark is drawn once, in
    /// the first pattern's role, except that a fin of either fish stays a fin.
    func addMarks(to m: inout PatternMarks, on board: Board?) {
        var a = PatternMarks(), b = PatternMarks()
        first.family.addMarks(to: &a, on: board)
        second.family.addMarks(to: &b, on: board)
        let fins = Set((a.candidates + b.candidates).filter { $0.role == .fin }.map(\.item))
        var houses: Set<House> = [], candidates: Set<Candidate> = []
        for mark in a.houses + b.houses where houses.insert(mark.item).inserted { m.houses.append(mark) }
        for var mark in a.candidates + b.candidates where candidates.insert(mark.item).inserted {
            if fins.contains(mark.item) { mark.role = .fin }
            m.candidates.append(mark)
        }
        m.outlines += a.outlines + b.outlines.filter { o in !a.outlines.contains { $0.item == o.item } }
        m.links += a.links + b.links.filter { !a.links.contains($0) }
        m.fills += a.fills + b.fills
    }
}
