// Offers: `Step.json`, a step as one JSON object: `technique`, `name`, `text`,
// `placements` and `eliminations` (lists of {"row","col","digit"}, 1-based),
// `uniqueness` (whether the argument needs one solution) and `structure`, the
// pattern with every part named, so any outside tool can check the step
// against the solution and draw it. `JSONValue` builds the parts.

import Basics
import SudokuCore

extension Step {
    /// The step as one line of JSON.
    public var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    /// Writes `json` into `w`.
    func writeJSON(to w: inout JSONWriter) {
        w.beginObject()
        w.key("technique")
        w.string(technique.rawValue)
        w.key("name")
        w.string(technique.name)
        w.key("text")
        w.string(line)
        w.key("placements")
        JSONValue.write(placements, to: &w)
        w.key("eliminations")
        JSONValue.write(eliminations, to: &w)
        w.key("uniqueness")
        w.bool(reliesOnUniqueness)
        w.key("structure")
        pattern.family.writeJSON(to: &w)
        w.endObject()
    }
}

/// JSON for the parts of a step: rows, columns, boxes and digits 1-based.
enum JSONValue {
    static func cell(_ c: Cell) -> String { JSONWriter.text { write(c, to: &$0) } }
    static func cells(_ cs: [Cell]) -> String { JSONWriter.text { write(cs, to: &$0) } }
    static func candidate(_ c: Candidate) -> String { JSONWriter.text { write(c, to: &$0) } }
    static func digits(_ ds: [Int]) -> String { JSONWriter.text { write(digits: ds, to: &$0) } }

    static func house(_ h: House) -> String { h.json }
    static func houses(_ hs: [House]) -> String { JSONWriter.text { write(hs, to: &$0) } }
    static func optionalHouse(_ h: House?) -> String { h.map(house) ?? "null" }

    /// The same values written into a `JSONWriter` (the strings above are
    /// these, written alone).
    static func write(_ c: Cell, to w: inout JSONWriter) {
        w.beginObject()
        w.key("row")
        w.int(c.row + 1)
        w.key("col")
        w.int(c.column + 1)
        w.endObject()
    }
    static func write(_ cs: [Cell], to w: inout JSONWriter) {
        w.beginArray()
        for c in cs { write(c, to: &w) }
        w.endArray()
    }
    static func write(_ c: Candidate, to w: inout JSONWriter) {
        w.beginObject()
        w.key("row")
        w.int(c.cell.row + 1)
        w.key("col")
        w.int(c.cell.column + 1)
        w.key("digit")
        w.int(c.digit)
        w.endObject()
    }
    static func write(_ cs: [Candidate], to w: inout JSONWriter) {
        w.beginArray()
        for c in cs { write(c, to: &w) }
        w.endArray()
    }
    static func write(digits ds: [Int], to w: inout JSONWriter) {
        w.beginArray()
        for d in ds { w.int(d) }
        w.endArray()
    }
    static func write(_ h: House, to w: inout JSONWriter) { h.writeJSON(to: &w) }
    static func write(_ hs: [House], to w: inout JSONWriter) {
        w.beginArray()
        for h in hs { write(h, to: &w) }
        w.endArray()
    }
    static func write(_ h: House?, to w: inout JSONWriter) {
        if let h { write(h, to: &w) } else { w.null() }
    }
    /// A pattern's object: `kind` first, then what `members` writes.
    static func write(kind: String, to w: inout JSONWriter, _ members: (inout JSONWriter) -> Void) {
        w.beginObject()
        w.key("kind")
        w.string(kind)
        members(&w)
        w.endObject()
    }

    static func node(_ n: ChainNode) -> String {
        JSONText.object([("digit", String(n.digit)), ("cells", cells(n.cells))])
    }
    static func link(_ l: ChainLink) -> String {
        JSONText.object([
            ("from", node(l.from)), ("to", node(l.to)), ("type", JSONText.quoted(l.kind.rawValue)),
            ("house", optionalHouse(l.house)),
        ])
    }
    static func set(_ s: AlmostLockedSet) -> String {
        JSONText.object([("cells", cells(s.cells)), ("digits", digits(s.digits)), ("house", house(s.house))])
    }

    /// A pattern as an object: `kind` first, then the family's parts (each family's in its file in Patterns/).
    static func object(_ kind: String, _ pairs: [(String, String)]) -> String {
        JSONText.object([("kind", JSONText.quoted(kind))] + pairs)
    }
}
