// Offers: `FishPattern`, the fish family (X-Wing, swordfish, jellyfish, and
// their finned and sashimi forms): its summary, facts, JSON, hint templates
// and marks.

import SudokuCore

/// A fish on `digit`: its candidates in the `base` houses lie in the `cover`
/// houses (plus the `fins`, all in one box, for a finned or sashimi fish).
/// `cells`: the base candidates, fins included.
struct FishPattern: PatternFamily {
    var digit: Int
    var base: [House]
    var cover: [House]
    var fins: [Cell]
    var cells: [Cell]

    func summary(_ technique: Technique) -> String {
        var s = "\(technique.name) on \(digit) in \(Text.houses(base))"
        if !fins.isEmpty { s += ", fin\(fins.count > 1 ? "s" : "") \(Text.cells(fins))" }
        return s
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.houses.formUnion(base + cover)
        f.add(cells)
        f.add(fins)
        if let fin = fins.first { f.houses.insert(.box(fin.box)) }
    }

    var json: String {
        JSONValue.object(
            "fish",
            [
                ("digit", String(digit)), ("base", JSONValue.houses(base)), ("cover", JSONValue.houses(cover)),
                ("fins", JSONValue.cells(fins)), ("cells", JSONValue.cells(cells)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String { "Look for \(HintText.a(t)) in \(HintText.spelled(base))." }

    func patternHint(_ t: Technique) -> String {
        var s = "Digit \(digit): in \(HintText.spelled(base)) its candidates lie in \(HintText.spelled(cover))"
        s +=
            fins.isEmpty
            ? " (\(HintText.cells(cells)))."
            : ", apart from the fin\(fins.count > 1 ? "s" : "") \(HintText.cells(fins))."
        return s
    }

    func argumentHint(_ t: Technique) -> String {
        let spelled = HintText.spelled
        var s = "Digit \(digit) must appear once in each of \(spelled(base)), and "
        if fins.isEmpty {
            s +=
                "there it can only go in \(spelled(cover)). So the \(HintText.count(base.count)) of them take "
                + "\(spelled(cover)) between them, and no other cell of \(spelled(cover)) can hold \(digit)."
        } else {
            s +=
                "there it can only go in \(spelled(cover)), or in the fin\(fins.count > 1 ? "s" : "") "
                + "\(HintText.cells(fins)). If a fin holds \(digit), cells of box \(fins[0].box + 1) that see it "
                + "cannot; if none does, the fish holds and \(spelled(cover)) lose \(digit) outside "
                + "\(spelled(base)). The cells of \(spelled(cover)) in box \(fins[0].box + 1) lose it either way."
        }
        return s
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        for h in base { m.house(h, .base) }
        for h in cover { m.house(h, .cover) }
        m.mark([digit], in: cells.filter { !fins.contains($0) }, on: board)
        m.mark([digit], in: fins, .fin, on: board)
    }
}
