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
            ("structure", JSONValue.pattern(pattern)),
        ])
    }
}

/// JSON for the parts of a step: rows, columns, boxes and digits 1-based.
enum JSONValue {
    static func cell(_ c: Cell) -> String { "{\"row\":\(c.row + 1),\"col\":\(c.column + 1)}" }
    static func cells(_ cs: [Cell]) -> String { JSONText.array(cs.map(cell)) }
    static func candidate(_ c: Candidate) -> String { "{\"row\":\(c.cell.row + 1),\"col\":\(c.cell.column + 1),\"digit\":\(c.digit)}" }
    static func digits(_ ds: [Int]) -> String { JSONText.array(ds.map(String.init)) }

    static func house(_ h: House) -> String { h.json }
    static func houses(_ hs: [House]) -> String { JSONText.array(hs.map(house)) }
    static func optionalHouse(_ h: House?) -> String { h.map(house) ?? "null" }

    static func node(_ n: ChainNode) -> String {
        JSONText.object([("digit", String(n.digit)), ("cells", cells(n.cells))])
    }
    static func link(_ l: ChainLink) -> String {
        JSONText.object([("from", node(l.from)), ("to", node(l.to)), ("type", JSONText.quoted(l.kind.rawValue)),
                         ("house", optionalHouse(l.house))])
    }
    static func set(_ s: AlmostLockedSet) -> String {
        JSONText.object([("cells", cells(s.cells)), ("digits", digits(s.digits)), ("house", house(s.house))])
    }

    static func pattern(_ p: Pattern) -> String {
        func obj(_ kind: String, _ pairs: [(String, String)]) -> String {
            JSONText.object([("kind", JSONText.quoted(kind))] + pairs)
        }
        switch p {
        case let .single(digit, c, h):
            return obj("single", [("digit", String(digit)), ("cell", cell(c)), ("house", optionalHouse(h))])
        case let .lockedCandidates(digit, box, line, cs):
            return obj("locked-candidates", [("digit", String(digit)), ("box", house(box)), ("line", house(line)), ("cells", cells(cs))])
        case let .subset(h, cs, ds):
            return obj("subset", [("house", house(h)), ("cells", cells(cs)), ("digits", digits(ds))])
        case let .fish(digit, base, cover, fins, cs):
            return obj("fish", [("digit", String(digit)), ("base", houses(base)), ("cover", houses(cover)),
                                ("fins", cells(fins)), ("cells", cells(cs))])
        case let .chain(links, isLoop):
            return obj("chain", [("loop", isLoop ? "true" : "false"), ("links", JSONText.array(links.map(link)))])
        case let .emptyRectangle(digit, box, row, column, cs, l):
            return obj("empty-rectangle", [("digit", String(digit)), ("box", house(box)), ("row", house(row)),
                                           ("column", house(column)), ("cells", cells(cs)), ("link", link(l))])
        case let .wing(pivot, pincers, ds, eliminated, l):
            return obj("wing", [("pivot", pivot.map(cell) ?? "null"), ("pincers", cells(pincers)), ("digits", digits(ds)),
                                ("eliminated", String(eliminated)), ("link", l.map(link) ?? "null")])
        case let .colouring(digit, colours, rule):
            return obj("colouring", [("digit", String(digit)), ("colours", JSONText.array(colours.map(cells))),
                                     ("rule", JSONText.quoted(rule.rawValue))])
        case let .rectangle(type, cs, ds, roof, extra, h, subset):
            return obj("rectangle", [("type", String(type)), ("cells", cells(cs)), ("digits", digits(ds)), ("roof", cells(roof)),
                                     ("extra", digits(extra)), ("house", optionalHouse(h)), ("subset", cells(subset))])
        case let .bug(c, digit):
            return obj("bug", [("cell", cell(c)), ("digit", String(digit))])
        case let .als(sets, restricted, eliminated):
            return obj("als", [("sets", JSONText.array(sets.map(set))), ("restricted", digits(restricted)),
                               ("eliminated", digits(eliminated))])
        case let .sueDeCoq(box, line, intersection, lineCells, boxCells):
            return obj("sue-de-coq", [("box", house(box)), ("line", house(line)), ("intersection", cells(intersection)),
                                      ("line_cells", cells(lineCells)), ("box_cells", cells(boxCells))])
        case let .deathBlossom(stem, petals, eliminated):
            let ps = petals.map { JSONText.object([("digit", String($0.digit)), ("set", set($0.set))]) }
            return obj("death-blossom", [("stem", cell(stem)), ("petals", JSONText.array(ps)), ("eliminated", String(eliminated))])
        case let .forcing(argument):
            return obj("forcing", [("source", source(argument.source)),
                                   ("branches", JSONText.array(argument.branches.map(branch)))])
        }
    }

    static func source(_ s: ForcingSource) -> String {
        switch s {
        case let .candidate(c):
            return JSONText.object([("type", "\"candidate\""), ("cell", cell(c.cell)), ("digit", String(c.digit))])
        case let .cell(c):
            return JSONText.object([("type", "\"cell\""), ("cell", cell(c))])
        case let .house(h, digit):
            return JSONText.object([("type", "\"house\""), ("house", house(h)), ("digit", String(digit))])
        }
    }

    static func branch(_ b: ForcingBranch) -> String {
        let inferences = b.inferences.map { i in
            JSONText.object([("cell", cell(i.candidate.cell)), ("digit", String(i.candidate.digit)),
                             ("value", i.isTrue ? "true" : "false"), ("reason", reason(i.reason)),
                             ("premises", JSONText.array(i.premises.map(String.init)))])
        }
        return JSONText.object([("inferences", JSONText.array(inferences)),
                                ("contradiction", b.contradiction.map(contradiction) ?? "null")])
    }

    static func reason(_ r: InferenceReason) -> String {
        switch r {
        case .assumption: return "{\"type\":\"assumption\"}"
        case .sameCell: return "{\"type\":\"same-cell\"}"
        case .onlyCandidate: return "{\"type\":\"only-candidate\"}"
        case let .sameHouse(h): return JSONText.object([("type", "\"same-house\""), ("house", house(h))])
        case let .onlyPlace(h): return JSONText.object([("type", "\"only-place\""), ("house", house(h))])
        }
    }

    static func contradiction(_ c: Contradiction) -> String {
        switch c {
        case let .both(cand, on, off):
            return JSONText.object([("type", "\"both\""), ("cell", cell(cand.cell)), ("digit", String(cand.digit)),
                                    ("true_at", String(on)), ("false_at", String(off))])
        case let .emptyCell(c, premises):
            return JSONText.object([("type", "\"empty-cell\""), ("cell", cell(c)), ("premises", JSONText.array(premises.map(String.init)))])
        case let .noPlace(h, digit, premises):
            return JSONText.object([("type", "\"no-place\""), ("house", house(h)), ("digit", String(digit)),
                                    ("premises", JSONText.array(premises.map(String.init)))])
        }
    }
}
