// Offers: `PatternMarks` and `Step.marks(on:)`, what a picture of a step
// highlights, as facts of the step: the houses (base and cover apart), the
// cells outlined or filled as a set, the candidates of the pattern, and the
// links between candidates, each with its role in the argument. Which colour a
// role is drawn in is the renderer's business (BoardRendering's HintMarks.swift);
// the family files say which roles their parts play.

import SudokuCore

/// The parts of a step's pattern a picture shows, each with its role, in the
/// order the family lists them (a picture draws them in that order).
package struct PatternMarks: Sendable, Hashable {
    /// One item and the part it plays.
    package struct Mark<Item: Sendable & Hashable, Role: Sendable & Hashable>: Sendable, Hashable {
        package var item: Item
        package var role: Role
    }

    package enum HouseRole: Sendable, Hashable {
        /// A house the step rests on.
        case house
        /// A fish's base set.
        case base
        /// A fish's cover set, the line of locked candidates or of an empty rectangle.
        case cover
    }

    package enum CellRole: Sendable, Hashable {
        /// A cell of the pattern.
        case pattern
        /// A wing's pivot, a death blossom's stem, a forcing argument's source.
        case pivot
        /// A wing's pincer.
        case pincer
        /// The other cells of a unique rectangle's type 3 subset.
        case subset
    }

    package enum CandidateRole: Sendable, Hashable {
        /// A candidate of the pattern.
        case pattern
        /// A candidate of the pattern in the second colour (a wing's other digits, a link's ends).
        case secondary
        /// A candidate of a wing's pivot.
        case pivot
        /// The other colour of a simple colouring (and of a multi-colouring's first cluster).
        case otherColour
        /// The colours of a multi-colouring's second cluster.
        case secondCluster, secondClusterOther
        /// A fish's fin.
        case fin
        /// A unique rectangle's extra candidates.
        case extra
        /// A restricted common digit of almost locked sets, a petal's digit.
        case restricted
        /// An inference of a forcing branch: the candidate is true, or false.
        case inferenceTrue, inferenceFalse
    }

    /// A link between two candidates (or groups); `branch` is the forcing branch it belongs to.
    package struct Link: Sendable, Hashable {
        package var from: ChainNode
        package var to: ChainNode
        package var kind: LinkKind
        package var branch: Int?
    }

    package var houses: [Mark<House, HouseRole>] = []
    package var outlines: [Mark<Cell, CellRole>] = []
    /// Cells filled as one of several sets (almost locked sets, petals, a Sue de Coq's parts): the set's number.
    package var fills: [Mark<Cell, Int>] = []
    package var candidates: [Mark<Candidate, CandidateRole>] = []
    package var links: [Link] = []

    // What a picture adds around the pattern, worked out on the board: context
    // that helps a reader see the argument, not facts the step names.
    /// A single's blocking digits: the cells holding the digit (hidden single) or the
    /// other digits (naked single) that rule out the other cells or candidates.
    package var blockers: [Cell] = []
    /// The empty cells of a hidden single's house that a blocker rules out.
    package var blocked: [Cell] = []
    /// A colouring's conjugate pairs: two places of the digit of opposite colours
    /// that are its only two in a house they share (drawn as links without a direction).
    package var conjugates: [Link] = []
    /// A forcing argument's contradictions: a candidate a branch makes both true and false,
    /// and the cells of one left empty or of a house left without a place for its digit.
    package var contradictionCandidates: [Candidate] = []
    package var contradictionCells: [Cell] = []

    package init() {}

    mutating func house(_ h: House, _ role: HouseRole = .house) {
        houses.append(Mark(item: h, role: role))
    }
    mutating func outline(_ cells: [Cell], _ role: CellRole = .pattern) {
        for c in cells { outlines.append(Mark(item: c, role: role)) }
    }
    mutating func fill(_ cells: [Cell], set: Int) {
        for c in cells { fills.append(Mark(item: c, role: set)) }
    }
    /// Marks `digits` in `cells`, those that are candidates on `board` (all of them without a board).
    mutating func mark(_ digits: [Int], in cells: [Cell], _ role: CandidateRole = .pattern, on board: Board?) {
        for c in cells {
            for d in digits where board?.hasCandidate(d, at: c) ?? true {
                candidates.append(Mark(item: Candidate(c, d), role: role))
            }
        }
    }
    mutating func link(_ l: ChainLink) {
        links.append(Link(from: l.from, to: l.to, kind: l.kind, branch: nil))
    }
    mutating func node(_ n: ChainNode, _ role: CandidateRole = .pattern, on board: Board?) {
        mark([n.digit], in: n.cells, role, on: board)
    }
}

extension Step {
    /// What a picture of the step highlights, taken on `board` (the position
    /// before the step: it says which candidates are there to be marked).
    package func marks(on board: Board?) -> PatternMarks {
        var m = PatternMarks()
        pattern.family.addMarks(to: &m, on: board, technique: technique)
        return m
    }
}
