// Offers: `Step`, one deduction as data: the technique, what it places and
// eliminates, and the pattern the argument rests on (`Pattern`, with the
// structures of each family: `ChainNode`/`ChainLink`, `AlmostLockedSet`,
// `Petal`, and the forcing argument's `ForcingBranch` and `Inference`), and
// `Candidate`, one digit in one cell. Text, facts, JSON, hints and marks are
// rendered from these (Step+Text.swift, Step+Facts.swift, Step+JSON.swift,
// and each family's file in Patterns/), never the other way round.

import SudokuCore

/// One digit in one cell: a candidate, a placement or an elimination.
public struct Candidate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var cell: Cell
    /// 1...9.
    public var digit: Int

    public init(_ cell: Cell, _ digit: Int) {
        self.cell = cell
        self.digit = digit
    }

    init(index: Int, digit: Int) { self.init(Cell(index: index), digit) }

    /// Ordered by digit, then cell, as eliminations are listed.
    public static func < (a: Candidate, b: Candidate) -> Bool {
        (a.digit, a.cell.index) < (b.digit, b.cell.index)
    }

    /// `5r1c2`: the digit, then the cell.
    public var description: String { "\(digit)\(cell)" }
}

/// One step of a solving path: what it concludes and why.
public struct Step: Sendable, Hashable {
    public var technique: Technique
    /// Digits the step places; in order.
    public var placements: [Candidate]
    /// Candidates the step removes, sorted by digit then cell.
    public var eliminations: [Candidate]
    /// The structure the argument rests on.
    public var pattern: Pattern

    public init(technique: Technique, placements: [Candidate] = [], eliminations: [Candidate] = [], pattern: Pattern) {
        self.technique = technique
        self.placements = placements
        self.eliminations = eliminations.sorted()
        self.pattern = pattern
    }

    /// True when the argument needs the puzzle to have exactly one solution.
    public var reliesOnUniqueness: Bool { technique.reliesOnUniqueness }
}

/// The structure of a step's argument, one case per family. Each case has its
/// family's file in Patterns/ (its summary, facts, JSON, hint templates and
/// marks), which `Pattern.family` (Patterns/PatternFamily.swift) hands it to.
public indirect enum Pattern: Sendable, Hashable {
    /// Full house and hidden single: `house` is where `digit` has one place left
    /// (the last empty cell, for a full house). Naked single: `house` is nil.
    case single(digit: Int, cell: Cell, house: House?)
    /// Pointing: `digit`'s candidates in `box` all lie in `line`, so it goes in
    /// `line` there. Claiming: its candidates in `line` all lie in `box`.
    /// `cells`: those candidates, all in the intersection.
    case lockedCandidates(digit: Int, box: House, line: House, cells: [Cell])
    /// A naked or hidden subset: `cells` of `house` hold exactly `digits`.
    case subset(house: House, cells: [Cell], digits: [Int])
    /// A fish on `digit`: its candidates in the `base` houses lie in the `cover`
    /// houses (plus the `fins`, all in one box, for a finned or sashimi fish).
    /// `cells`: the base candidates, fins included.
    case fish(digit: Int, base: [House], cover: [House], fins: [Cell], cells: [Cell])
    /// Template set and delete: `templates` ways to place all nine of `digit`
    /// (one in each row, column and box) fit the board; every one uses the
    /// empty cells `common`, none uses the candidates `unused`.
    case template(digit: Int, templates: Int, common: [Cell], unused: [Cell])
    /// An alternating chain (skyscraper, two-string kite, turbot fish, X-chain,
    /// XY-chain, remote pair, AIC): `links` from end to end, each one's `to`
    /// being the next one's `from`; it starts and ends with a strong link. A loop
    /// (nice loop) closes: the last link ends at the first node.
    case chain(links: [ChainLink], isLoop: Bool)
    /// An empty rectangle: `digit` in `box` lies only in `row` and `column`
    /// (`cells`), and `link` is a strong link whose far end gives the elimination.
    case emptyRectangle(digit: Int, box: House, row: House, column: House, cells: [Cell], link: ChainLink)
    /// XY-Wing, XYZ-Wing, W-Wing. `pivot` sees both `pincers` (XY and XYZ); for a
    /// W-Wing the pincers are the two bivalue cells and `link` is the strong link
    /// on the other digit that joins them (`pivot` is then nil). `digits` are the
    /// pattern's digits; `eliminated` is the digit it removes.
    case wing(pivot: Cell?, pincers: [Cell], digits: [Int], eliminated: Int, link: ChainLink?)
    /// Simple colouring on `digit`: the cells of one cluster of conjugate pairs,
    /// split into two colours. `trap`: the eliminated cells see both colours;
    /// `wrap`: two cells of `colours[0]` see each other, so that colour is false.
    case colouring(digit: Int, colours: [[Cell]], rule: ColouringRule)
    /// Multi-colouring on `digit`: two clusters of conjugate pairs, `first` and
    /// `second`, each split into its two colours (one all true, the other all
    /// false). Multi-colouring 1: a cell of `first[0]` sees a cell of
    /// `second[0]`, so `first[1]` or `second[1]` is true and a cell that sees a
    /// cell of each loses the digit. Multi-colouring 2: `first[0]` sees cells of
    /// both colours of `second`, so `first[0]` is false.
    case multiColouring(digit: Int, first: [[Cell]], second: [[Cell]])
    /// A unique rectangle or hidden rectangle on `digits` (two digits), `cells`
    /// its four corners. `roof`: the corners with the extra candidates `extra`;
    /// `house`: the house the type 3 subset or the type 4 link lies in;
    /// `subset`: the type 3 subset's other cells. `type` is 1...4, or 0 for a hidden rectangle.
    case rectangle(type: Int, cells: [Cell], digits: [Int], roof: [Cell], extra: [Int], house: House?, subset: [Cell])
    /// BUG+1: every empty cell but `cell` has two candidates; `digit` is the one
    /// that would otherwise leave each digit twice in each house.
    case bug(cell: Cell, digit: Int)
    /// ALS-XZ (two sets) and ALS-XY-Wing (three sets, the last one the pivot
    /// linked to both others): `restricted` are the restricted common digits
    /// between linked sets, `eliminated` the common digits removed from cells
    /// that see all of their cells in the sets.
    case als(sets: [AlmostLockedSet], restricted: [Int], eliminated: [Int])
    /// Sue de Coq: `intersection` (two or three cells of `box` and `line`) with
    /// `lineCells` in the rest of the line and `boxCells` in the rest of the box.
    case sueDeCoq(box: House, line: House, intersection: [Cell], lineCells: [Cell], boxCells: [Cell])
    /// Death blossom: each candidate of `stem` has a petal, an almost locked set
    /// whose cells with that digit all see the stem, and every petal holds
    /// `eliminated`.
    case deathBlossom(stem: Cell, petals: [Petal], eliminated: Int)
    /// An alternating chain (AIC or nice loop) with almost locked sets among
    /// its nodes: `links` as in `chain`, where a node of a set is a digit in the
    /// set's cells that hold it (ON: one of them holds it), and a strong link
    /// without a house between two such nodes of one set lies inside it (without
    /// one digit the set is locked on the others). `sets`: those sets, in chain order.
    case alsChain(links: [ChainLink], isLoop: Bool, sets: [AlmostLockedSet])
    /// A forcing chain or net.
    case forcing(ForcingArgument)
    /// Two patterns of one technique that share a part (a dual two-string kite:
    /// two kites through the same two cells of a box), each with its own
    /// elimination, concluded as one step.
    case dual(first: Pattern, second: Pattern)
}

/// One end of a chain link: a digit in one cell, or in a group of two or three
/// cells of one box-line intersection (meaning: in one of them).
public struct ChainNode: Sendable, Hashable, CustomStringConvertible {
    public var digit: Int
    /// Sorted; more than one for a grouped node.
    public var cells: [Cell]

    public init(digit: Int, cells: [Cell]) {
        self.digit = digit
        self.cells = cells.sorted()
    }

    public var isGroup: Bool { cells.count > 1 }

    /// `5r1c2`, a group `5r1c23` (columns 2 and 3 of row 1) or `5r12c3`.
    public var description: String { "\(digit)" + Self.cellsText(cells) }

    /// `r1c2`, `r1c23`, `r12c3`, or a comma list.
    package static func cellsText(_ cells: [Cell]) -> String {
        guard let first = cells.first else { return "" }
        if cells.count == 1 { return first.description }
        if cells.allSatisfy({ $0.row == first.row }) {
            return "r\(first.row + 1)c" + cells.map { String($0.column + 1) }.joined()
        }
        if cells.allSatisfy({ $0.column == first.column }) {
            return "r" + cells.map { String($0.row + 1) }.joined() + "c\(first.column + 1)"
        }
        return cells.map(\.description).joined(separator: ",")
    }
}

/// Strong: at least one end is true. Weak: at most one end is true.
public enum LinkKind: String, Sendable, Hashable {
    case strong, weak
}

/// A link between two chain nodes.
public struct ChainLink: Sendable, Hashable {
    public var from: ChainNode
    public var to: ChainNode
    public var kind: LinkKind
    /// The house both ends lie in when they share the digit; nil for two digits of one cell.
    public var house: House?

    public init(from: ChainNode, to: ChainNode, kind: LinkKind, house: House?) {
        self.from = from
        self.to = to
        self.kind = kind
        self.house = house
    }
}

/// An almost locked set: `cells` (all in `house`) with one candidate more than cells.
public struct AlmostLockedSet: Sendable, Hashable {
    public var cells: [Cell]
    public var digits: [Int]
    public var house: House

    public init(cells: [Cell], digits: [Int], house: House) {
        self.cells = cells
        self.digits = digits
        self.house = house
    }
}

/// A petal of a death blossom: the set that takes over when the stem is not `digit`.
public struct Petal: Sendable, Hashable {
    public var digit: Int
    public var set: AlmostLockedSet
}

/// How a simple colouring step concludes.
public enum ColouringRule: String, Sendable, Hashable {
    case trap, wrap
}

/// What a forcing argument starts from.
public enum ForcingSource: Sendable, Hashable {
    /// One candidate, assumed true and false (or only one way, when that way fails).
    case candidate(Candidate)
    /// Each candidate of a cell in turn.
    case cell(Cell)
    /// Each place of a digit in a house in turn.
    case house(House, digit: Int)
}

/// A forcing chain or net: every branch starts from one assumption about
/// `source` and ends either in the step's conclusion or in a contradiction.
public struct ForcingArgument: Sendable, Hashable {
    public var source: ForcingSource
    public var branches: [ForcingBranch]
}

/// One branch: inferences from the assumption (`inferences[0]`), each following
/// from earlier ones in the same branch.
public struct ForcingBranch: Sendable, Hashable {
    public var inferences: [Inference]
    /// Nil when the branch ends in the conclusion (its last inference); otherwise
    /// the rule it breaks, which proves its assumption false.
    public var contradiction: Contradiction?

    /// The first inference: what the branch assumes.
    public var assumption: Inference { inferences[0] }
}

/// One inference of a forcing branch: `candidate` is true (placed) or false.
public struct Inference: Sendable, Hashable {
    public var candidate: Candidate
    public var isTrue: Bool
    public var reason: InferenceReason
    /// Indices of the earlier inferences this one follows from.
    public var premises: [Int]
}

/// Why an inference follows from its premises.
public enum InferenceReason: Sendable, Hashable {
    /// The branch's starting assumption.
    case assumption
    /// A digit placed in a peer cell of `house` removes it here (one premise).
    case sameHouse(House)
    /// A digit placed in the cell removes the cell's other candidates (one premise).
    case sameCell
    /// Every other place of the digit in `house` is false (a conjugate pair, or a hidden single).
    case onlyPlace(House)
    /// Every other candidate of the cell is false (a bivalue cell, or a naked single).
    case onlyCandidate
}

/// A rule a branch breaks.
public enum Contradiction: Sendable, Hashable {
    /// The candidate would be both true and false (inference indices `trueAt`, `falseAt`).
    case both(Candidate, trueAt: Int, falseAt: Int)
    /// Every candidate of the cell would be false (`premises`: those inferences).
    case emptyCell(Cell, premises: [Int])
    /// Every place of `digit` in `house` would be false.
    case noPlace(House, digit: Int, premises: [Int])
}
