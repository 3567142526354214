// Offers: `ChainPattern`, the alternating chains' family (skyscraper,
// two-string kite, turbot fish, X-chain, XY-chain, remote pair, AIC, nice
// loop, grouped or not): its summary, facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// An alternating chain: `links` from end to end, each one's `to` being the
/// next one's `from`; it starts and ends with a strong link. A loop (nice
/// loop) closes: the last link ends at the first node.
struct ChainPattern: PatternFamily {
    var links: [ChainLink]
    var isLoop: Bool

    func summary(_ technique: Technique) -> String {
        let name = technique.name
        let digits = Set(links.flatMap { [$0.from.digit, $0.to.digit] })
        if digits.count == 1, let d = digits.first,
            [.skyscraper, .twoStringKite, .turbotFish, .xChain].contains(technique)
        {
            return "\(name) on \(d): " + Text.chain(links, singleDigit: true)
        }
        return "\(name): " + Text.chain(links, singleDigit: false)
    }

    func addFacts(to f: inout StepFacts) {
        for l in links { f.add(l) }
    }

    var json: String {
        JSONValue.object(
            "chain", [("loop", isLoop ? "true" : "false"), ("links", JSONText.array(links.map(JSONValue.link)))])
    }

    func nudgeHint(_ t: Technique) -> String {
        let a = HintText.a, spelled = HintText.spelled, boxes = HintText.boxes
        switch t {
        case .skyscraper, .twoStringKite, .turbotFish:
            return
                "Look for \(a(t)): two strong links on one digit, in "
                + "\(spelled(links.compactMap { $0.kind == .strong ? $0.house : nil }))."
        default:
            if links.first?.from == links.last?.to
                || links.last.map({ l in l.kind == .weak && l.to == links[0].from }) == true
            {
                return "Look for \(a(t)) through \(spelled(boxes(links.flatMap { $0.from.cells })))."
            }
            let ends = [links.first!.from, links.last!.to].flatMap(\.cells)
            return "Look for \(a(t)) whose ends lie in \(spelled(boxes(ends)))."
        }
    }

    func patternHint(_ t: Technique) -> String {
        "Follow the chain " + Self.nodes(links) + (isLoop ? ", which closes into a loop." : ".")
    }

    /// The chain's nodes in words: `5 in r1c2, 5 in r5c2`; nodes of one cell
    /// in a row together: `4/9 in r4c3`.
    static func nodes(_ links: [ChainLink]) -> String {
        var nodes = [links[0].from]
        for (k, l) in links.enumerated() where !(k == links.count - 1 && l.to == links[0].from) { nodes.append(l.to) }
        var parts: [(digits: [Int], cells: [Cell])] = []
        for n in nodes {
            if let last = parts.last, last.cells == n.cells {
                parts[parts.count - 1].digits.append(n.digit)
            } else {
                parts.append(([n.digit], n.cells))
            }
        }
        return parts.map { $0.digits.map(String.init).joined(separator: "/") + " in " + ChainNode.cellsText($0.cells) }
            .joined(separator: ", ")
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
            if let h = l.house {
                return l.kind == .strong ? "the only other place of \(l.from.digit) in \(h)" : h.description
            }
            return l.kind == .strong ? "the cell's other candidate" : "one cell"
        }
        let first = links[0].from
        var s = "If \(negated(first)), then"
        var k = 0
        var parts: [String] = []
        for l in links where !(isLoop && k == links.count - 1 && l.kind == .weak) {
            parts.append(l.kind == .strong ? "\(node(l.to)) (\(why(l)))" : "\(negated(l.to)) (\(why(l)))")
            k += 1
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
        for l in links {
            m.node(l.from, on: board)
            m.node(l.to, on: board)
            m.link(l)
        }
    }
}
