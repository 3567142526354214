// Offers: `HintText`, the words the family files' hint templates share: an
// article before a technique's name, lists of cells and digits as a sentence
// says them, houses spelled out, counts in words, and the conclusion sentence
// that ends every level-3 hint. What each hint level shows, and how the
// levels are put together, is Coaching's (Hint.swift).

import Basics
import SudokuCore

package enum HintText {
    /// `a` or `an` before a technique name.
    package static func article(_ name: String) -> String {
        if name.hasPrefix("X") || name.hasPrefix("AIC") || name.hasPrefix("ALS") { return "an" }
        if name.hasPrefix("unique") { return "a" }
        return "aeio".contains(name.lowercased().first ?? "x") ? "an" : "a"
    }

    package static func a(_ t: Technique) -> String { article(t.name) + " " + t.name }

    package static func list(_ items: [String]) -> String { ProseText.list(items) }

    package static func cells(_ cs: [Cell]) -> String { list(cs.map(\.description)) }
    package static func digits(_ ds: [Int]) -> String { list(ds.map(String.init)) }

    /// `rows 1 and 6`, `box 4`, `row 3 and box 2`.
    package static func spelled(_ hs: [House]) -> String {
        guard let first = hs.first else { return "" }
        if hs.count == 1 { return first.description }
        func number(_ h: House) -> String {
            switch h {
            case let .row(n), let .column(n), let .box(n): return String(n + 1)
            }
        }
        let sameKind = hs.allSatisfy { kind($0) == kind(first) }
        if sameKind { return (kind(first) == "box" ? "boxes" : kind(first) + "s") + " " + list(hs.map(number)) }
        return list(hs.map(\.description))
    }

    /// `two`, `three`: counts in words, so that a count is never read as a digit.
    package static func count(_ n: Int) -> String {
        n < 10 ? ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][n] : "many"
    }

    package static func kind(_ h: House) -> String {
        switch h {
        case .row: "row"
        case .column: "column"
        case .box: "box"
        }
    }

    package static func boxes(_ cs: [Cell]) -> [House] { Array(Set(cs.map(\.box))).sorted().map(House.box) }

    /// `r3c5 loses 4` / `r3c5 and r4c5 lose 4; r1c1 loses 2 and 6`; `r4c2 is 7`.
    package static func conclusion(_ step: Step) -> String {
        var parts: [String] = []
        for p in step.placements { parts.append("\(p.cell) is \(p.digit)") }
        var byDigit: [Int: [Cell]] = [:]
        for e in step.eliminations { byDigit[e.digit, default: []].append(e.cell) }
        // Group the digits of one set of cells: "r1c1 loses 2 and 6".
        var byCells: [[Cell]: [Int]] = [:]
        for (d, cs) in byDigit { byCells[cs.sorted(), default: []].append(d) }
        for (cs, ds) in byCells.sorted(by: {
            ($0.value.min() ?? 0, $0.key.first?.index ?? 0) < ($1.value.min() ?? 0, $1.key.first?.index ?? 0)
        }) {
            parts.append("\(cells(cs)) \(cs.count == 1 ? "loses" : "lose") \(digits(ds.sorted()))")
        }
        return "So " + list(parts) + "."
    }
}

extension String {
    /// The string with its first letter capitalised (`row 3` -> `Row 3`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
