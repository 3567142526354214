// Offers: `ALSChainPattern`, the family of chains with almost locked sets
// among their nodes (AIC and nice loop with ALS nodes): its summary, facts,
// JSON, hint templates and marks.

import Basics
import SudokuCore

/// An AIC or nice loop with ALS nodes: `links` as a chain's, where a node of
/// one of `sets` is a digit in that set's cells holding it, and a strong link
/// between two such nodes of one set (no house, two digits) lies inside it.
struct ALSChainPattern: PatternFamily {
    var links: [ChainLink]
    var isLoop: Bool
    var sets: [AlmostLockedSet]

    /// The set a link lies inside: both ends in its cells, on two digits, not one cell's link.
    func set(inside l: ChainLink) -> AlmostLockedSet? {
        guard l.house == nil, l.from.digit != l.to.digit, !(l.from.cells.count == 1 && l.from.cells == l.to.cells)
        else { return nil }
        return sets.first { s in (l.from.cells + l.to.cells).allSatisfy(s.cells.contains) }
    }

    func summary(_ technique: Technique) -> String {
        "\(technique.name): " + Text.chain(links, singleDigit: false) + "; ALS "
            + sets.map { Text.set($0) }.joined(separator: ", ")
    }

    func addFacts(to f: inout StepFacts) {
        for l in links { f.add(l) }
        for s in sets { f.add(s) }
    }

    var json: String {
        JSONValue.object(
            "alsChain",
            [
                ("loop", isLoop ? "true" : "false"), ("links", JSONText.array(links.map(JSONValue.link))),
                ("sets", JSONText.array(sets.map(JSONValue.set))),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        let a = HintText.a, spelled = HintText.spelled, boxes = HintText.boxes
        let what = sets.count == 1 ? "an almost locked set in \(sets[0].house)" : "almost locked sets"
        if isLoop {
            return "Look for \(a(t)) through \(spelled(boxes(links.flatMap { $0.from.cells }))), using \(what)."
        }
        let ends = [links.first!.from, links.last!.to].flatMap(\.cells)
        return "Look for \(a(t)) whose ends lie in \(spelled(boxes(ends))), using \(what)."
    }

    func patternHint(_ t: Technique) -> String {
        let cells = HintText.cells, digits = HintText.digits
        let named = sets.map { "\(cells($0.cells)) (\(digits($0.digits)))" }
        return "Follow the chain " + ChainPattern.nodes(links) + (isLoop ? ", which closes into a loop" : "")
            + "; \(sets.count == 1 ? "the almost locked set" : "the almost locked sets") \(HintText.list(named)) "
            + "\(sets.count == 1 ? "has" : "each have") one digit more than cells."
    }

    /// The chain in words: each strong link "if not A then B", each weak link "then not C".
    func argumentHint(_ t: Technique) -> String {
        func node(_ n: ChainNode) -> String {
            n.cells.count == 1 ? "\(n.cells[0]) is \(n.digit)" : "\(n.digit) is in \(ChainNode.cellsText(n.cells))"
        }
        func negated(_ n: ChainNode) -> String {
            n.cells.count == 1
                ? "\(n.cells[0]) is not \(n.digit)" : "\(n.digit) is not in \(ChainNode.cellsText(n.cells))"
        }
        func why(_ l: ChainLink) -> String {
            if let s = set(inside: l) {
                return "the almost locked set \(ChainNode.cellsText(s.cells)) (\(HintText.digits(s.digits))) "
                    + "is then locked on its other digits"
            }
            if let h = l.house {
                return l.kind == .strong ? "the only other place of \(l.from.digit) in \(h)" : h.description
            }
            if l.from.digit == l.to.digit { return "they see each other" }
            return l.kind == .strong ? "the cell's other candidate" : "one cell"
        }
        let first = links[0].from
        var s = "If \(negated(first)), then"
        var parts: [String] = []
        for (k, l) in links.enumerated() where !(isLoop && k == links.count - 1 && l.kind == .weak) {
            parts.append(l.kind == .strong ? "\(node(l.to)) (\(why(l)))" : "\(negated(l.to)) (\(why(l)))")
        }
        s += " " + parts.joined(separator: ", then ") + "."
        let last = isLoop ? links[links.count - 2].to : links.last!.to
        if isLoop {
            s +=
                " The chain closes on itself, so each link holds both ways: of any two linked ends exactly one is "
                + "true, and a candidate that sees both ends of a link is false."
        } else if last == first {
            s += " So \(node(first)) either way."
        } else {
            s += " So \(node(first)) or \(node(last)), and a candidate that conflicts with both is false."
        }
        return s
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        for (k, s) in sets.enumerated() { m.fill(s.cells, set: k) }
        for l in links {
            m.node(l.from, on: board)
            m.node(l.to, on: board)
            m.link(l)
        }
        // A set's nodes boxed as a group's: the cells holding the node's digit.
        for l in links where set(inside: l) != nil { m.outline(l.from.cells + l.to.cells) }
    }
}
