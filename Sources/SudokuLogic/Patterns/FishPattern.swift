// Offers: `FishPattern`, the fish family (X-Wing, swordfish, jellyfish, and
// their finned and sashimi forms, and the Franken and Mutant fish whose houses
// may be boxes): its summary, facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// A fish on `digit`: its candidates in the `base` houses lie in the `cover`
/// houses (plus the `fins`, all in one box, for a finned or sashimi fish).
/// `cells`: the base candidates, fins included. A Franken or Mutant fish's
/// fins need not share a box: a cell in two base houses is a fin (endo fin) as
/// well as a base candidate in no cover house.
struct FishPattern: PatternFamily {
    var digit: Int
    var base: [House]
    var cover: [House]
    var fins: [Cell]
    var cells: [Cell]

    func summary(_ technique: Technique) -> String {
        if Self.complex.contains(technique) {
            var s = "\(complexName(technique)) on \(digit) in \(Self.short(base)) / \(Self.short(cover))"
            if !fins.isEmpty { s += ", fin\(fins.count > 1 ? "s" : "") \(Text.cells(fins))" }
            return s
        }
        var s = "\(technique.name) on \(digit) in \(Text.houses(base))"
        if !fins.isEmpty { s += ", fin\(fins.count > 1 ? "s" : "") \(Text.cells(fins))" }
        return s
    }

    /// A finned fish's technique for its size, sashimi or not as the fish is
    /// (a Siamese fish's part is named finned by its step's technique).
    func member(_ t: Technique) -> Technique {
        let finned: [Technique] = [.finnedXWing, .finnedSwordfish, .finnedJellyfish]
        let sashimi: [Technique] = [.sashimiXWing, .sashimiSwordfish, .sashimiJellyfish]
        guard let i = finned.firstIndex(of: t) ?? sashimi.firstIndex(of: t) else { return t }
        return isSashimi ? sashimi[i] : finned[i]
    }

    /// As a Siamese fish's part: the base both parts share, then this part's cover and fins.
    func partSummary(_ t: Technique) -> String {
        var s = "on \(digit) in \(Text.houses(base)): \(Text.houses(cover))"
        if !fins.isEmpty { s += ", fin\(fins.count > 1 ? "s" : "") \(Text.cells(fins))" }
        return s
    }

    /// The Franken and Mutant techniques, whose houses may be boxes.
    static let complex: Set<Technique> = [.frankenFish, .finnedFrankenFish, .mutantFish, .finnedMutantFish]

    /// A Franken or Mutant fish's full name, with its size and whether it is
    /// sashimi: `finned Franken swordfish`, `sashimi Mutant X-Wing`, `Franken jellyfish`.
    func complexName(_ t: Technique) -> String {
        let kind = t == .frankenFish || t == .finnedFrankenFish ? "Franken" : "Mutant"
        let size = (2...4).contains(base.count) ? ["X-Wing", "swordfish", "jellyfish"][base.count - 2] : "fish"
        if fins.isEmpty { return "\(kind) \(size)" }
        return "\(isSashimi ? "sashimi" : "finned") \(kind) \(size)"
    }

    /// Some base house keeps at most one candidate that is not a fin: without its
    /// fins the fish would not stand.
    var isSashimi: Bool {
        base.contains { h in cells.filter { $0.houses.contains(h) && !fins.contains($0) }.count <= 1 }
    }

    /// The base candidates that are no fin and lie in two cover houses: a
    /// Franken or Mutant fish removes them (cannibalism).
    var cannibals: [Cell] {
        cells.filter { c in !fins.contains(c) && cover.filter { c.houses.contains($0) }.count >= 2 }
    }

    /// The fins in two base houses (endo fins).
    var endoFins: [Cell] { fins.filter { c in base.filter { c.houses.contains($0) }.count >= 2 } }

    /// `r2,r5,b7`: houses by letter and number.
    static func short(_ hs: [House]) -> String {
        hs.map { h in
            switch h {
            case let .row(n): "r\(n + 1)"
            case let .column(n): "c\(n + 1)"
            case let .box(n): "b\(n + 1)"
            }
        }.joined(separator: ",")
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.houses.formUnion(base + cover)
        f.add(cells)
        f.add(fins)
        if let fin = fins.first { f.houses.insert(.box(fin.box)) }
    }

    var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    func writeJSON(to w: inout JSONWriter) {
        JSONValue.write(kind: "fish", to: &w) { w in
            w.key("digit")
            w.int(digit)
            w.key("base")
            JSONValue.write(base, to: &w)
            w.key("cover")
            JSONValue.write(cover, to: &w)
            w.key("fins")
            JSONValue.write(fins, to: &w)
            w.key("cells")
            JSONValue.write(cells, to: &w)
        }
    }

    func nudgeHint(_ t: Technique) -> String { "Look for \(HintText.a(t)) in \(HintText.spelled(base))." }

    func patternHint(_ t: Technique) -> String {
        if Self.complex.contains(t) {
            var s = "Digit \(digit): in \(HintText.spelled(base)) its candidates lie in \(HintText.spelled(cover))"
            if fins.isEmpty { return s + " (\(HintText.cells(cells)))." }
            let exo = fins.filter { !endoFins.contains($0) }
            if !exo.isEmpty { s += ", apart from \(HintText.cells(exo))" }
            let endo = endoFins
            if !endo.isEmpty {
                s += "\(exo.isEmpty ? "; " : ", and ")\(HintText.cells(endo)) "
                s += endo.count > 1 ? "lie in two of those houses each" : "lies in two of those houses"
            }
            return s + ". The fin\(fins.count > 1 ? "s are" : " is") \(HintText.cells(fins))."
        }
        var s = "Digit \(digit): in \(HintText.spelled(base)) its candidates lie in \(HintText.spelled(cover))"
        s +=
            fins.isEmpty
            ? " (\(HintText.cells(cells)))."
            : ", apart from the fin\(fins.count > 1 ? "s" : "") \(HintText.cells(fins))."
        return s
    }

    func argumentHint(_ t: Technique) -> String {
        let spelled = HintText.spelled
        if Self.complex.contains(t) { return complexArgument() }
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

    /// The argument of a Franken or Mutant fish, fins anywhere, endo fins and cannibalism included.
    func complexArgument() -> String {
        let spelled = HintText.spelled
        let n = HintText.count(base.count)
        var s = "Digit \(digit) must appear once in each of \(spelled(base)), and there it can only go in "
        s += "\(spelled(cover))"
        let endo = endoFins
        let exo = fins.filter { !endo.contains($0) }
        if !exo.isEmpty { s += ", or in \(HintText.cells(exo))" }
        s += "."
        if !endo.isEmpty {
            s += " \(HintText.cells(endo)) \(endo.count > 1 ? "lie" : "lies") in two of \(spelled(base)) at once."
        }
        s +=
            fins.isEmpty
            ? " So the \(n) of them put it"
            : " If none of the fins \(HintText.cells(fins)) holds \(digit), the \(n) of them put it"
        s +=
            " in \(n) different cells, each in one of \(spelled(cover)), and those \(n) take one each: no other cell of \(spelled(cover)) can hold \(digit)"
        let eaten = cannibals
        if !eaten.isEmpty {
            s += ", nor can \(HintText.cells(eaten)), which would fill two of them at once"
        }
        s += "."
        if !fins.isEmpty {
            s +=
                " If a fin holds \(digit), the cells that see it cannot. Either way the cells that see every fin lose \(digit)."
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
