// Offers: `HintMarks`, what a step's picture shows, read from the step's data:
// the houses shaded (base and cover apart), the cells filled and outlined,
// the candidates marked in the pattern's colours, the placements and
// eliminations, and the chain links (strong and weak) as arrows between
// candidates. Which parts a family shows, and in which role, is the family's
// (SudokuLogic's `Step.marks(on:)`, from its file in Patterns/); here each
// role gets its colour and the name a picture's shapes carry, including the
// context the families work out on the board for the reader's sake: a
// single's blocking digits (the digits that keep the other cells from holding
// it), a colouring's conjugate pairs, and a forcing argument's contradiction.

import BoardLayout
import Coaching
import Drawing
import SudokuCore
import SudokuLogic

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
        /// False for a link with no direction (a colouring's conjugate pair): drawn without an arrowhead.
        public var directed = true
    }

    public var houses: [Mark<House>] = []
    public var cellFills: [Mark<Cell>] = []
    public var outlines: [Mark<Cell>] = []
    public var candidates: [Mark<Candidate>] = []
    public var links: [Link] = []
    public var placements: [Candidate] = []
    public var eliminations: [Candidate] = []
    /// A single's blocking digits: the cells whose digit keeps the `blocked` cells from holding the
    /// single's digit (a hidden single), or the cell from holding any other digit (a naked single).
    public var blockers: [Cell] = []
    public var blocked: [Cell] = []
    /// Where a forcing branch breaks a rule: a candidate both true and false, a cell left without
    /// candidates, or a house left without a place for a digit (its cells).
    public var contradictionCandidates: [Candidate] = []
    public var contradictionCells: [Cell] = []

    public init() {}

    mutating func house(_ h: House, _ colour: Colour = Palette.house, role: String = "house") {
        houses.append(Mark(item: h, colour: colour, role: role))
    }

    /// The marks of `step`, taken on `board` (the position before the step: it
    /// says which candidates are there to be marked).
    public init(step: Step, board: Board?) {
        placements = step.placements
        eliminations = step.eliminations
        let marks = step.marks(on: board)
        houses = marks.houses.map { m in
            switch m.role {
            case .house: Mark(item: m.item, colour: Palette.house, role: "house")
            case .base: Mark(item: m.item, colour: Palette.house, role: "house base")
            case .cover: Mark(item: m.item, colour: Palette.cover, role: "house cover")
            }
        }
        cellFills = marks.fills.map {
            Mark(item: $0.item, colour: Palette.sets[$0.role % Palette.sets.count], role: "set")
        }
        outlines = marks.outlines.map { m in
            switch m.role {
            case .pattern: Mark(item: m.item, colour: Palette.outline, role: "pattern-cell")
            case .pivot: Mark(item: m.item, colour: Palette.pivot, role: "pivot")
            case .pincer: Mark(item: m.item, colour: Palette.outline, role: "pincer")
            case .subset: Mark(item: m.item, colour: Palette.pivot, role: "subset")
            }
        }
        candidates = marks.candidates.map { m in
            switch m.role {
            case .pattern: Mark(item: m.item, colour: Palette.patternCandidate, role: "pattern-candidate")
            case .secondary: Mark(item: m.item, colour: Palette.secondCandidate, role: "pattern-candidate")
            case .pivot: Mark(item: m.item, colour: Palette.secondCandidate, role: "pattern-candidate pivot")
            case .otherColour: Mark(item: m.item, colour: Palette.secondCandidate, role: "pattern-candidate other")
            case .secondCluster: Mark(item: m.item, colour: Palette.secondCluster, role: "pattern-candidate cluster")
            case .secondClusterOther:
                Mark(item: m.item, colour: Palette.secondClusterOther, role: "pattern-candidate cluster other")
            case .fin: Mark(item: m.item, colour: Palette.fin, role: "fin")
            case .extra: Mark(item: m.item, colour: Palette.fin, role: "extra")
            case .restricted: Mark(item: m.item, colour: Palette.secondCandidate, role: "restricted")
            case .inferenceTrue: Mark(item: m.item, colour: Palette.placementFill, role: "inference true")
            case .inferenceFalse: Mark(item: m.item, colour: Palette.eliminationFill, role: "inference false")
            }
        }
        links = marks.links.map { l in
            // A chain's links by kind; a forcing argument's by branch, so that the branches tell apart.
            let colour =
                l.branch.map { [Palette.strongLink, Palette.pivot, Palette.outline, Palette.placement][$0 % 4] }
                ?? (l.kind == .strong ? Palette.strongLink : Palette.weakLink)
            return Link(from: l.from, to: l.to, kind: l.kind, colour: colour)
        }
        blockers = marks.blockers
        blocked = marks.blocked
        links += marks.conjugates.map {
            Link(from: $0.from, to: $0.to, kind: .strong, colour: Palette.strongLink, directed: false)
        }
        contradictionCandidates = marks.contradictionCandidates
        contradictionCells = marks.contradictionCells
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
    /// The picture of `step` found on `board` (a position of `puzzle`), at hint `level`: the hint's
    /// text as its title and, unless `caption` is false, as a caption under the board, with a key to
    /// the marks unless `key` is false; `margin` is the room around the board when `boardOnly`.
    public static func hint(
        _ step: Step, board: Board, puzzle: Grid, level: HintLevel, layout: Layout,
        boardOnly: Bool = true, caption: Bool = true, key: Bool = true, margin: Double = LayoutRules.margin
    ) -> BoardPicture {
        BoardPicture(
            layout: layout, content: Content(board: board, puzzle: puzzle),
            marks: HintMarks(step: step, board: board).limited(to: level), boardOnly: boardOnly,
            title: step.hint(level), caption: caption ? step.hint(level) : nil, key: key, margin: margin)
    }
}
