// Offers: the one-line text of a step (`Step.line`: the conclusion, then the
// technique and where, as `r4c2=7  hidden single in box 4`), its parts
// (`conclusionText`, `summary`), and the short names of houses and cell lists
// that every text of the module uses. Each family's summary is in its file
// in Patterns/.

import SudokuCore

extension Step {
    /// `r4c2=7  hidden single in box 4`, `r1c3,r1c7<>5  X-Wing on 5 in rows 1,6`.
    public var line: String { conclusionText + "  " + summary }

    /// The conclusion: placements `r4c2=7`, then eliminations grouped by digit `r1c3,r1c7<>5`.
    public var conclusionText: String {
        var parts = placements.map { "\($0.cell)=\($0.digit)" }
        var byDigit: [Int: [Cell]] = [:]
        for e in eliminations { byDigit[e.digit, default: []].append(e.cell) }
        for d in byDigit.keys.sorted() {
            parts.append(byDigit[d]!.sorted().map(\.description).joined(separator: ",") + "<>\(d)")
        }
        return parts.joined(separator: " ")
    }

    /// The technique and where it applies, without the conclusion (the family's words, in Patterns/).
    public var summary: String { pattern.family.summary(technique) }
}

/// Short text for the parts of a step, shared by the step line and the hints.
enum Text {
    /// `3,7`.
    static func digits(_ digits: [Int]) -> String { digits.map(String.init).joined(separator: ",") }

    /// `r1c1,r1c5`.
    static func cells(_ cells: [Cell]) -> String { cells.map(\.description).joined(separator: ",") }

    /// `rows 1,6`, `columns 2,5,8`, or a list of mixed houses.
    static func houses(_ houses: [House]) -> String {
        guard let first = houses.first else { return "" }
        func number(_ h: House) -> Int {
            switch h {
            case let .row(n), let .column(n), let .box(n): return n + 1
            }
        }
        let kind: String?
        switch first {
        case .row: kind = houses.allSatisfy { if case .row = $0 { return true } else { return false } } ? "rows" : nil
        case .column:
            kind = houses.allSatisfy { if case .column = $0 { return true } else { return false } } ? "columns" : nil
        case .box: kind = houses.allSatisfy { if case .box = $0 { return true } else { return false } } ? "boxes" : nil
        }
        if houses.count == 1 { return first.description }
        if let kind { return "\(kind) " + houses.map { String(number($0)) }.joined(separator: ",") }
        return houses.map(\.description).joined(separator: ", ")
    }

    /// `r1c1,r1c2 {3,5,8} in row 1`.
    static func set(_ s: AlmostLockedSet) -> String { "\(cells(s.cells)) {\(digits(s.digits))}" }

    /// Eureka notation: `r1c2=r5c2-r5c7=r3c7` for one digit, `(5)r1c2=(5)r5c2-(5=3)r5c7` otherwise.
    static func chain(_ links: [ChainLink], singleDigit: Bool) -> String {
        guard let first = links.first else { return "" }
        func node(_ n: ChainNode) -> String { ChainNode.cellsText(n.cells) }
        if singleDigit {
            var s = node(first.from)
            for l in links { s += (l.kind == .strong ? "=" : "-") + node(l.to) }
            return s
        }
        // Nodes in one cell, joined by a link inside it, print together: (5=3)r5c7.
        var s = ""
        var k = 0
        var pending = "(\(first.from.digit)"
        var pendingCells = first.from.cells
        while k < links.count {
            let l = links[k]
            if l.house == nil && l.from.cells == l.to.cells {
                pending += (l.kind == .strong ? "=" : "-") + "\(l.to.digit)"
            } else {
                s += pending + ")" + ChainNode.cellsText(pendingCells) + (l.kind == .strong ? "=" : "-")
                pending = "(\(l.to.digit)"
                pendingCells = l.to.cells
            }
            k += 1
        }
        s += pending + ")" + ChainNode.cellsText(pendingCells)
        return s
    }
}
