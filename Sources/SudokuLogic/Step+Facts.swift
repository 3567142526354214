// Offers: `StepFacts` and `Step.facts`: every cell, digit and house a step's
// argument mentions (its conclusion and its pattern), which is all a hint may
// name: the narrator's reply is checked against them (Coaching's Narration.swift).

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
        switch pattern {
        case let .single(digit, cell, house):
            f.digits.insert(digit)
            f.add(cell)
            if let house { f.houses.insert(house) }
        case let .lockedCandidates(digit, box, line, cells):
            f.digits.insert(digit)
            f.houses.formUnion([box, line])
            f.add(cells)
        case let .subset(house, cells, digits):
            f.houses.insert(house)
            f.add(cells)
            f.digits.formUnion(digits)
        case let .fish(digit, base, cover, fins, cells):
            f.digits.insert(digit)
            f.houses.formUnion(base + cover)
            f.add(cells)
            f.add(fins)
            if let fin = fins.first { f.houses.insert(.box(fin.box)) }
        case let .chain(links, _):
            for l in links { f.add(l) }
        case let .emptyRectangle(digit, box, row, column, cells, link):
            f.digits.insert(digit)
            f.houses.formUnion([box, row, column])
            f.add(cells)
            f.add(link)
        case let .wing(pivot, pincers, digits, eliminated, link):
            if let pivot { f.add(pivot) }
            f.add(pincers)
            f.digits.formUnion(digits + [eliminated])
            if let link { f.add(link) }
        case let .colouring(digit, colours, _):
            f.digits.insert(digit)
            for c in colours { f.add(c) }
        case let .rectangle(_, cells, digits, roof, extra, house, subset):
            f.add(cells)
            f.add(roof)
            f.add(subset)
            f.digits.formUnion(digits + extra)
            if let house { f.houses.insert(house) }
        case let .bug(cell, digit):
            f.add(cell)
            f.digits.insert(digit)
        case let .als(sets, restricted, eliminated):
            for s in sets { f.add(s) }
            f.digits.formUnion(restricted + eliminated)
        case let .sueDeCoq(box, line, intersection, lineCells, boxCells):
            f.houses.formUnion([box, line])
            f.add(intersection + lineCells + boxCells)
        case let .deathBlossom(stem, petals, eliminated):
            f.add(stem)
            for p in petals {
                f.digits.insert(p.digit)
                f.add(p.set)
            }
            f.digits.insert(eliminated)
        case let .forcing(argument):
            switch argument.source {
            case let .candidate(c):
                f.add(c.cell)
                f.digits.insert(c.digit)
            case let .cell(c):
                f.add(c)
            case let .house(h, d):
                f.houses.insert(h)
                f.digits.insert(d)
            }
            for b in argument.branches {
                for i in b.inferences {
                    f.add(i.candidate.cell)
                    f.digits.insert(i.candidate.digit)
                    switch i.reason {
                    case let .sameHouse(h), let .onlyPlace(h): f.houses.insert(h)
                    case .assumption, .sameCell, .onlyCandidate: break
                    }
                }
                switch b.contradiction {
                case let .emptyCell(c, _): f.add(c)
                case let .noPlace(h, d, _):
                    f.houses.insert(h)
                    f.digits.insert(d)
                case .both, nil: break
                }
            }
        }
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
