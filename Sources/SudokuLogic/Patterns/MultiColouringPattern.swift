// Offers: `MultiColouringPattern`, multi-colouring's family (types 1 and 2:
// two clusters of conjugate pairs on one digit, joined where a cell of one
// sees a cell of the other): its summary, facts, JSON, hint templates and
// marks, the clusters in four colours and the cells that join them.

import Basics
import SudokuCore

/// Multi-colouring on `digit`: two clusters of conjugate pairs, each in its two
/// colours. Type 1 (`multiColouring1`): a cell of `first[0]` sees a cell of
/// `second[0]`, so those two colours are not both true, and `first[1]` or
/// `second[1]` is: a cell seeing a cell of each loses the digit. Type 2
/// (`multiColouring2`): cells of `first[0]` see a cell of `second[0]` and a cell
/// of `second[1]`; one of those is true, so `first[0]` is false.
struct MultiColouringPattern: PatternFamily {
    var digit: Int
    var first: [[Cell]]
    var second: [[Cell]]

    /// The first cell of `a` that sees a cell of `b`, with that cell (cells in their order).
    static func bridge(_ a: [Cell], _ b: [Cell]) -> (Cell, Cell)? {
        for x in a {
            if let y = b.first(where: { Houses.see(x.index, $0.index) }) { return (x, y) }
        }
        return nil
    }

    /// The cells that join the clusters: for type 1 the cell of `first[0]` and the
    /// cell of `second[0]` that see each other; for type 2 those seeing a cell of
    /// `second[0]`, then of `second[1]`.
    var bridges: [(Cell, Cell)] {
        guard first.count == 2, second.count == 2 else { return [] }
        return [Self.bridge(first[0], second[0]), Self.bridge(first[0], second[1])].compactMap { $0 }
    }

    func bridges(_ t: Technique) -> [(Cell, Cell)] { t == .multiColouring2 ? bridges : Array(bridges.prefix(1)) }

    func summary(_ technique: Technique) -> String {
        let joins = bridges(technique).map { "\($0.0)-\($0.1)" }.joined(separator: ",")
        return "\(technique.name) on \(digit) (clusters joined at \(joins))"
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        for c in first + second { f.add(c) }
    }

    var json: String {
        JSONValue.object(
            "multi-colouring",
            [
                ("digit", String(digit)), ("first", JSONText.array(first.map(JSONValue.cells))),
                ("second", JSONText.array(second.map(JSONValue.cells))),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        "Try multi-colouring: colour two separate clusters of one digit's conjugate pairs in "
            + "\(HintText.spelled(HintText.boxes((first + second).flatMap { $0 }))) and see where they meet."
    }

    /// `r1c1 and r5c5 against r1c5`: one cluster's two colours.
    private func cluster(_ colours: [[Cell]]) -> String {
        guard colours.count == 2 else { return HintText.cells(colours.flatMap { $0 }) }
        return "\(HintText.cells(colours[0])) against \(HintText.cells(colours[1]))"
    }

    /// `r2c4 sees r9c4`, `r4c3 sees r4c8 and r4c9`, `r6c8 sees r6c2 and r5c4 sees r8c4`.
    private func meeting(_ joins: [(Cell, Cell)]) -> String {
        if joins.count == 2, joins[0].0 == joins[1].0 { return "\(joins[0].0) sees \(joins[0].1) and \(joins[1].1)" }
        return joins.map { "\($0.0) sees \($0.1)" }.joined(separator: " and ")
    }

    /// Both clusters, each one colour against the other.
    private var clusters: String { "in the first, \(cluster(first)); in the second, \(cluster(second))" }

    func patternHint(_ t: Technique) -> String {
        let joins = bridges(t)
        return "Colour the conjugate pairs of \(digit) in two clusters: \(clusters)."
            + (joins.isEmpty ? "" : " Where they meet, \(meeting(joins)).")
    }

    func argumentHint(_ t: Technique) -> String {
        guard first.count == 2, second.count == 2 else { return patternHint(t) }
        let opening =
            "Along the conjugate pairs of \(digit), the cells of a cluster take two colours, one all true and "
            + "the other all false: \(clusters)."
        let joins = bridges(t)
        if t == .multiColouring2, joins.count == 2 {
            let a1 = HintText.cells(first[0])
            return opening
                + " \(meeting(joins)), cells of both colours of the second cluster. Then "
                + "\(first[0].count == 1 ? a1 + " cannot hold" : "none of " + a1 + " can hold") \(digit): if "
                + "\(first[0].count == 1 ? "it did" : "they did"), neither colour of the second cluster could, "
                + "yet one of them does."
        }
        guard let join = joins.first else { return opening }
        return opening
            + " \(join.0) sees \(join.1), so their colours are not both true: all of \(HintText.cells(first[1])) "
            + "or all of \(HintText.cells(second[1])) hold \(digit), maybe both. A cell that sees a cell of each "
            + "cannot hold \(digit)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        guard first.count == 2, second.count == 2 else { return }
        m.mark([digit], in: first[0], on: board)
        m.mark([digit], in: first[1], .otherColour, on: board)
        m.mark([digit], in: second[0], .secondCluster, on: board)
        m.mark([digit], in: second[1], .secondClusterOther, on: board)
        if let board {
            ColouringPattern.addConjugates(of: first, digit: digit, to: &m, on: board)
            ColouringPattern.addConjugates(of: second, digit: digit, to: &m, on: board)
        }
        // Where the clusters meet: two candidates that see each other, a weak link.
        for (a, b) in bridges {
            m.links.append(
                PatternMarks.Link(
                    from: ChainNode(digit: digit, cells: [a]), to: ChainNode(digit: digit, cells: [b]), kind: .weak,
                    branch: nil))
        }
    }
}
