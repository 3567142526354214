// Offers: `HintMarks`, what a step's picture shows, read from the step's data:
// the houses shaded (base and cover apart), the cells filled and outlined,
// the candidates marked in the pattern's colours, the placements and
// eliminations, and the chain links (strong and weak) as arrows between
// candidates. One case per pattern family, as in Step+Facts.swift.

import BoardLayout
import Drawing
import SudokuCore
import SudokuLogic
import Coaching

/// The marks of one step.
public struct HintMarks: Sendable, Hashable {
    public struct Mark<Item: Sendable & Hashable>: Sendable, Hashable {
        public var item: Item
        public var colour: Colour
        public var role: String
    }

    public struct Link: Sendable, Hashable {
        public var from: ChainNode
        public var to: ChainNode
        public var kind: LinkKind
        public var colour: Colour
    }

    public var houses: [Mark<House>] = []
    public var cellFills: [Mark<Cell>] = []
    public var outlines: [Mark<Cell>] = []
    public var candidates: [Mark<Candidate>] = []
    public var links: [Link] = []
    public var placements: [Candidate] = []
    public var eliminations: [Candidate] = []

    public init() {}

    mutating func house(_ h: House, _ colour: Colour = Palette.house, role: String = "house") {
        houses.append(Mark(item: h, colour: colour, role: role))
    }
    mutating func outline(_ cells: [Cell], _ colour: Colour = Palette.outline, role: String = "pattern-cell") {
        for c in cells { outlines.append(Mark(item: c, colour: colour, role: role)) }
    }
    mutating func fill(_ cells: [Cell], _ colour: Colour, role: String) {
        for c in cells { cellFills.append(Mark(item: c, colour: colour, role: role)) }
    }
    mutating func mark(_ digits: [Int], in cells: [Cell], _ colour: Colour = Palette.patternCandidate,
                       role: String = "pattern-candidate", on board: Board?) {
        for c in cells {
            for d in digits where board?.hasCandidate(d, at: c) ?? true {
                candidates.append(Mark(item: Candidate(c, d), colour: colour, role: role))
            }
        }
    }
    mutating func link(_ l: ChainLink, colour: Colour? = nil) {
        links.append(Link(from: l.from, to: l.to, kind: l.kind,
                          colour: colour ?? (l.kind == .strong ? Palette.strongLink : Palette.weakLink)))
    }
    mutating func node(_ n: ChainNode, _ colour: Colour = Palette.patternCandidate, on board: Board?) {
        mark([n.digit], in: n.cells, colour, on: board)
    }

    /// The marks of `step`, taken on `board` (the position before the step: it
    /// says which candidates are there to be marked).
    public init(step: Step, board: Board?) {
        placements = step.placements
        eliminations = step.eliminations
        switch step.pattern {
        case let .single(digit, cell, house):
            if let house { self.house(house) }
            outline([cell])
            if house == nil, let board { mark(Array(board.candidates(at: cell)), in: [cell], on: board) }
            _ = digit
        case let .lockedCandidates(digit, box, line, cells):
            self.house(box)
            self.house(line, Palette.cover, role: "house cover")
            mark([digit], in: cells, on: board)
        case let .subset(house, cells, digits):
            self.house(house)
            outline(cells)
            mark(digits, in: cells, on: board)
        case let .fish(digit, base, cover, fins, cells):
            for h in base { self.house(h, role: "house base") }
            for h in cover { self.house(h, Palette.cover, role: "house cover") }
            mark([digit], in: cells.filter { !fins.contains($0) }, on: board)
            mark([digit], in: fins, Palette.fin, role: "fin", on: board)
        case let .chain(chainLinks, _):
            for l in chainLinks {
                node(l.from, on: board)
                node(l.to, on: board)
                link(l)
            }
        case let .emptyRectangle(digit, box, row, column, cells, l):
            self.house(box)
            self.house(row, Palette.cover, role: "house cover")
            self.house(column, Palette.cover, role: "house cover")
            mark([digit], in: cells, on: board)
            node(l.from, Palette.secondCandidate, on: board)
            node(l.to, Palette.secondCandidate, on: board)
            link(l)
        case let .wing(pivot, pincers, digits, eliminated, l):
            if let pivot {
                outline([pivot], Palette.pivot, role: "pivot")
                mark(digits, in: [pivot], Palette.secondCandidate, role: "pattern-candidate pivot", on: board)
            }
            outline(pincers, role: "pincer")
            mark(digits.filter { $0 != eliminated }, in: pincers, Palette.secondCandidate, role: "pattern-candidate", on: board)
            mark([eliminated], in: pincers, on: board)
            if let l {
                node(l.from, Palette.secondCandidate, on: board)
                node(l.to, Palette.secondCandidate, on: board)
                link(l)
            }
        case let .colouring(digit, colours, _):
            if colours.count > 0 { mark([digit], in: colours[0], on: board) }
            if colours.count > 1 { mark([digit], in: colours[1], Palette.secondCandidate, role: "pattern-candidate other", on: board) }
        case let .rectangle(_, cells, digits, roof, extra, house, subset):
            if let house { self.house(house) }
            outline(cells)
            mark(digits, in: cells, on: board)
            mark(extra, in: roof, Palette.fin, role: "extra", on: board)
            outline(subset, Palette.pivot, role: "subset")
        case let .bug(cell, digit):
            outline([cell])
            mark([digit], in: [cell], on: board)
        case let .als(sets, restricted, _):
            for (k, s) in sets.enumerated() {
                fill(s.cells, Palette.sets[k % Palette.sets.count], role: "set")
                mark(restricted, in: s.cells, Palette.secondCandidate, role: "restricted", on: board)
            }
        case let .sueDeCoq(box, line, intersection, lineCells, boxCells):
            self.house(box)
            self.house(line, Palette.cover, role: "house cover")
            fill(lineCells, Palette.sets[1], role: "set")
            fill(boxCells, Palette.sets[2], role: "set")
            outline(intersection)
        case let .deathBlossom(stem, petals, eliminated):
            outline([stem], Palette.pivot, role: "pivot")
            for (k, p) in petals.enumerated() {
                fill(p.set.cells, Palette.sets[k % Palette.sets.count], role: "set")
                mark([p.digit], in: [stem] + p.set.cells, Palette.secondCandidate, role: "restricted", on: board)
            }
            mark([eliminated], in: petals.flatMap(\.set.cells), on: board)
        case let .forcing(argument):
            switch argument.source {
            case let .candidate(c): outline([c.cell], Palette.pivot, role: "pivot")
            case let .cell(c): outline([c], Palette.pivot, role: "pivot")
            case let .house(h, _): self.house(h)
            }
            for (k, branch) in argument.branches.enumerated() {
                let colour = [Palette.strongLink, Palette.pivot, Palette.outline, Palette.placement][k % 4]
                for inference in branch.inferences {
                    mark([inference.candidate.digit], in: [inference.candidate.cell],
                         inference.isTrue ? Palette.placementFill : Palette.eliminationFill,
                         role: inference.isTrue ? "inference true" : "inference false", on: nil)
                    for premise in inference.premises where branch.inferences.indices.contains(premise) {
                        let from = branch.inferences[premise].candidate
                        let strong: Bool
                        switch inference.reason {
                        case .onlyPlace, .onlyCandidate: strong = true
                        case .sameHouse, .sameCell, .assumption: strong = false
                        }
                        links.append(Link(from: ChainNode(digit: from.digit, cells: [from.cell]),
                                          to: ChainNode(digit: inference.candidate.digit, cells: [inference.candidate.cell]),
                                          kind: strong ? .strong : .weak, colour: colour))
                    }
                }
            }
        }
    }
}

extension HintMarks {
    /// What a picture of the hint at `level` may show, as the text hint of that level does:
    /// 1 the houses to look at (the boxes of the pattern's cells when the pattern names no
    /// house), 2 the whole pattern without its conclusion, 3 everything.
    public func limited(to level: HintLevel) -> HintMarks {
        switch level {
        case .full:
            return self
        case .pattern:
            var m = self
            m.placements = []
            m.eliminations = []
            return m
        case .nudge:
            var m = HintMarks()
            m.houses = houses
            if m.houses.isEmpty {
                let cells = outlines.map(\.item) + cellFills.map(\.item) + candidates.map(\.item.cell)
                var boxes: [Int] = []
                for c in cells where !boxes.contains(c.box) { boxes.append(c.box) }
                for b in boxes { m.house(.box(b)) }
            }
            return m
        }
    }
}

extension BoardPicture {
    /// The picture of `step` found on `board` (a position of `puzzle`), at hint `level`.
    public static func hint(_ step: Step, board: Board, puzzle: Grid, level: HintLevel, layout: Layout,
                            boardOnly: Bool = true) -> BoardPicture {
        BoardPicture(layout: layout, content: Content(board: board, puzzle: puzzle),
                     marks: HintMarks(step: step, board: board).limited(to: level), boardOnly: boardOnly,
                     title: step.hint(level))
    }
}
