// Offers: `Step.json`, a step as one JSON object: `technique`, `name`, `text`,
// `placements` and `eliminations` (lists of {"row","col","digit"}, 1-based),
// `uniqueness` (whether the argument needs one solution) and `structure`, the
// pattern with every part named, so any outside tool can check the step
// against the solution and draw it. `JSONValue` builds the parts.

import Basics
import SudokuCore

extension Step {
    /// The step as one line of JSON.
    public var json: String {
        JSONText.object([
            ("technique", JSONText.quoted(technique.rawValue)),
            ("name", JSONText.quoted(technique.name)),
            ("text", JSONText.quoted(line)),
            ("placements", JSONText.array(placements.map(JSONValue.candidate))),
            ("eliminations", JSONText.array(eliminations.map(JSONValue.candidate))),
            ("uniqueness", reliesOnUniqueness ? "true" : "false"),
            ("structure", pattern.family.json),
        ])
    }
}

/// JSON for the parts of a step: rows, columns, boxes and digits 1-based.
enum JSONValue {
    static func cell(_ c: Cell) -> String { "{\"row\":\(c.row + 1),\"col\":\(c.column + 1)}" }
    static func cells(_ cs: [Cell]) -> String { JSONText.array(cs.map(cell)) }
    static func candidate(_ c: Candidate) -> String {
        "{\"row\":\(c.cell.row + 1),\"col\":\(c.cell.column + 1),\"digit\":\(c.digit)}"
    }
    static func digits(_ ds: [Int]) -> String { JSONText.array(ds.map(String.init)) }

    static func house(_ h: House) -> String { h.json }
    static func houses(_ hs: [House]) -> String { JSONText.array(hs.map(house)) }
    static func optionalHouse(_ h: House?) -> String { h.map(house) ?? "null" }

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
