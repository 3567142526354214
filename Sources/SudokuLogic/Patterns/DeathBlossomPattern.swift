// Offers: `DeathBlossomPattern`, the death blossom's family: its summary,
// facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// Death blossom: each candidate of `stem` has a petal, an almost locked set
/// whose cells with that digit all see the stem, and every petal holds `eliminated`.
struct DeathBlossomPattern: PatternFamily {
    var stem: Cell
    var petals: [Petal]
    var eliminated: Int

    func summary(_ technique: Technique) -> String {
        "\(technique.name): stem \(stem), petals "
            + petals.map { "\($0.digit): \(Text.set($0.set))" }.joined(separator: "; ")
    }

    func addFacts(to f: inout StepFacts) {
        f.add(stem)
        for p in petals {
            f.digits.insert(p.digit)
            f.add(p.set)
        }
        f.digits.insert(eliminated)
    }

    var json: String {
        let ps = petals.map { JSONText.object([("digit", String($0.digit)), ("set", JSONValue.set($0.set))]) }
        return JSONValue.object(
            "death-blossom",
            [
                ("stem", JSONValue.cell(stem)), ("petals", JSONText.array(ps)),
                ("eliminated", String(eliminated)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String { "Look for a death blossom whose stem is in box \(stem.box + 1)." }

    func patternHint(_ t: Technique) -> String {
        "The stem \(stem) has a petal for each candidate: "
            + petals.map { "\($0.digit) in \(HintText.cells($0.set.cells))" }.joined(separator: ", ")
            + "; every petal holds \(eliminated)."
    }

    func argumentHint(_ t: Technique) -> String {
        let z = eliminated
        return
            "\(stem) holds one of \(HintText.digits(petals.map(\.digit))). Whichever it is, the petal of that digit "
            + "loses it and becomes locked, so it holds \(z). Every petal has \(z), so one of them is \(z), and "
            + "a cell seeing all their \(z) cannot be."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.outline([stem], .pivot)
        for (k, p) in petals.enumerated() {
            m.fill(p.set.cells, set: k)
            m.mark([p.digit], in: [stem] + p.set.cells, .restricted, on: board)
        }
        m.mark([eliminated], in: petals.flatMap(\.set.cells), on: board)
    }
}
