// Offers: `ALSPattern`, the almost locked sets' family (ALS-XZ singly and
// doubly linked, ALS-XY-Wing, ALS-XY-chain): its summary, facts, JSON, hint
// templates and marks.

import Basics
import SudokuCore

/// ALS-XZ (two sets), ALS-XY-Wing (three sets, the last one the pivot
/// linked to both others) and ALS-XY-chain (four or more sets in chain order,
/// `restricted[i]` linking set i to set i+1): `restricted` are the restricted
/// common digits between linked sets, `eliminated` the common digits (of the
/// chain's two ends) removed from cells that see all of their cells in the sets.
struct ALSPattern: PatternFamily {
    var sets: [AlmostLockedSet]
    var restricted: [Int]
    var eliminated: [Int]

    func summary(_ technique: Technique) -> String {
        "\(technique.name): " + sets.map { Text.set($0) }.joined(separator: ", ")
            + ", restricted \(Text.digits(restricted))"
    }

    func addFacts(to f: inout StepFacts) {
        for s in sets { f.add(s) }
        f.digits.formUnion(restricted + eliminated)
    }

    var json: String {
        JSONValue.object(
            "als",
            [
                ("sets", JSONText.array(sets.map(JSONValue.set))), ("restricted", JSONValue.digits(restricted)),
                ("eliminated", JSONValue.digits(eliminated)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        "Look for \(HintText.a(t)) with sets in \(HintText.spelled(sets.map(\.house)))."
    }

    func patternHint(_ t: Technique) -> String {
        let cells = HintText.cells, digits = HintText.digits
        return "The sets " + sets.map { "\(cells($0.cells)) (\(digits($0.digits)))" }.joined(separator: ", ")
            + " each have one digit more than cells; the restricted digit\(restricted.count > 1 ? "s" : "") "
            + "\(digits(restricted)) join\(restricted.count > 1 ? "" : "s") them, and look at \(digits(eliminated))."
    }

    func argumentHint(_ t: Technique) -> String {
        let cells = HintText.cells, digits = HintText.digits
        let names = sets.map { "\(cells($0.cells)) (\(digits($0.digits)))" }
        if t == .alsXYChain, sets.count >= 2, restricted.count == sets.count - 1 {
            let z = digits(eliminated)
            let steps = (1..<sets.count).map { k in
                "\(names[k]) cannot hold \(restricted[k - 1]) and is locked on the rest"
                    + (k < sets.count - 1 ? ", so it holds \(restricted[k])" : ", \(z) among them")
            }
            return
                "Each of \(HintText.list(names)) has one digit more than cells, and each is linked to the next by a "
                + "restricted digit (\(digits(restricted))): it cannot be in both. If the "
                + "first held no \(z), it would be locked on its other digits and hold \(restricted[0]); then "
                + steps.joined(separator: "; then ") + ". So the first or the last holds \(z), and a cell seeing "
                + "all of its places in the two cannot hold it."
        }
        if t == .alsXYWing {
            return
                "Each of \(HintText.list(names)) has one digit more than cells. The last is linked to the first by "
                + "\(restricted[0]) and to the second by \(restricted[1]): if neither of the first two held "
                + "\(digits(eliminated)), both would be locked and take \(restricted[0]) and \(restricted[1]) "
                + "from the last, leaving it short. So one of them holds "
                + "\(eliminated.count > 1 ? "each of " : "")\(digits(eliminated)), and a cell seeing all of its "
                + "places in the two cannot hold it."
        }
        if restricted.count > 1 {
            return
                "Each of \(HintText.list(names)) has one digit more than cells, and neither \(digits(restricted)) "
                + "can be in both (their places see each other). So each set holds exactly one of them and is "
                + "locked on the rest of its digits: a cell that sees every place of one of its digits in a set "
                + "(or of \(digits(restricted)) in both) cannot hold it."
        }
        let zs = eliminated.count > 1 ? "each of \(digits(eliminated)) is" : "\(digits(eliminated)) is"
        return
            "Each of \(HintText.list(names)) has one digit more than cells, and \(digits(restricted)) cannot be in "
            + "both (their places see each other). The set without it is locked, so \(zs) in one of the two "
            + "sets, and a cell seeing all of its places there cannot hold it."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        for (k, s) in sets.enumerated() {
            m.fill(s.cells, set: k)
            m.mark(restricted, in: s.cells, .restricted, on: board)
        }
    }
}
