// Offers: `StepFacts` and `Step.facts`: every cell, digit and house a step's
// argument mentions (its conclusion and its pattern), which is all a hint may
// name: the narrator's reply is checked against them (Coaching's Narration.swift).
// What each family's pattern adds is in its file in Patterns/.

import SudokuCore

/// The cells, digits and houses a step rests on or concludes.
public struct StepFacts: Sendable, Hashable {
    public var cells: Set<Cell> = []
    public var digits: Set<Int> = []
    public var houses: Set<House> = []
    /// The cells of the pattern alone (not only concluded about), in the order first mentioned.
    public var patternCells: [Cell] = []

    /// The houses the cells lie in: where a hint may point (a region).
    public var regions: Set<House> { Set(cells.flatMap(\.houses)) }

    mutating func add(_ c: Cell, pattern: Bool = true) {
        cells.insert(c)
        if pattern && !patternCells.contains(c) { patternCells.append(c) }
    }
    mutating func add(_ cs: [Cell]) { for c in cs { add(c) } }
    mutating func add(_ node: ChainNode) {
        digits.insert(node.digit)
        add(node.cells)
    }
    mutating func add(_ link: ChainLink) {
        add(link.from)
        add(link.to)
        if let h = link.house { houses.insert(h) }
    }
    mutating func add(_ s: AlmostLockedSet) {
        add(s.cells)
        digits.formUnion(s.digits)
        houses.insert(s.house)
    }
}

extension Step {
    /// Everything the step mentions.
    public var facts: StepFacts {
        var f = StepFacts()
        pattern.family.addFacts(to: &f, technique: technique)
        for p in placements {
            f.add(p.cell, pattern: false)
            f.digits.insert(p.digit)
        }
        for e in eliminations {
            f.add(e.cell, pattern: false)
            f.digits.insert(e.digit)
        }
        return f
    }
}
