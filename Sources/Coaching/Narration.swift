// Offers: `Narration`, the guard between a step and an outside rewording of
// its hint: the prompt (the authored hint and only the facts it states, with
// the instruction to rephrase, never to reason), and the check of the reply:
// every cell, digit, house and technique the reply names must be among the
// hint's facts, or the reply is rejected and the authored text stands.
// `Mentions` is what a text names, read with the notation the hints use
// (`r3c5`, `row 3`, `rows 1 and 6`, `r3`, `c5`, `b4`, technique names and
// their common aliases). The library runs no program: the front end does.

import SudokuCore
import SudokuLogic

/// The cells, digits, houses and techniques a text names.
public struct Mentions: Sendable, Hashable {
    public var cells: Set<Cell> = []
    public var digits: Set<Int> = []
    public var houses: Set<House> = []
    /// Each technique name or alias found, with the techniques it can denote.
    public var techniqueNames: [String: Set<Technique>] = [:]
    /// Numbers that are not digits 1-9 (`10`, `0`).
    public var otherNumbers: Set<String> = []

    public init() {}
}

/// What the guard made of a reply.
public enum NarrationVerdict: Sendable, Hashable {
    /// The reply names nothing outside the hint's facts: show it.
    case accepted(String)
    /// The reply names something else (`reason` says what): show the authored hint.
    case rejected(reason: String)
}

public enum Narration {
    /// Names and aliases of the techniques, normalised (lower case, hyphens as
    /// spaces), with the techniques each can denote.
    static let lexicon: [(phrase: String, techniques: Set<Technique>)] = {
        var entries: [String: Set<Technique>] = [:]
        func add(_ phrase: String, _ ts: [Technique]) { entries[normalise(phrase), default: []].formUnion(ts) }
        for t in Technique.allCases { add(t.name, [t]) }
        let ur: [Technique] = [
            .uniqueRectangleType1, .uniqueRectangleType2, .uniqueRectangleType3, .uniqueRectangleType4,
            .hiddenRectangle, .uniqueRectangleType5, .uniqueRectangleType6,
        ]
        let ar: [Technique] = [.avoidableRectangleType1, .avoidableRectangleType2]
        let fish: [Technique] = Technique.allCases.filter { $0.family == .fish } + [.turbotFish]
        add("xwing", [.xWing])
        add("y-wing", [.xyWing])
        add("ywing", [.xyWing])
        add("xywing", [.xyWing])
        add("xyzwing", [.xyzWing])
        add("wwing", [.wWing])
        add("locked candidates", [.pointing, .claiming])
        add("locked candidate", [.pointing, .claiming])
        add("box-line reduction", [.claiming])
        add("box/line reduction", [.claiming])
        add("line-box reduction", [.claiming])
        add("last digit", [.fullHouse])
        add("sole candidate", [.nakedSingle])
        add("single candidate", [.nakedSingle])
        add("unique rectangle", ur)
        add("uniqueness rectangle", ur)
        add("deadly pattern", ur + ar + [.bugPlusOne])
        add("avoidable rectangle", ar)
        add("bug", [.bugPlusOne])
        add("bug+1", [.bugPlusOne])
        add("bivalue universal grave", [.bugPlusOne])
        add("coloring", [.simpleColouring])
        add("colouring", [.simpleColouring])
        add("simple coloring", [.simpleColouring])
        let multi: [Technique] = [.multiColouring1, .multiColouring2]
        for name in [
            "multi-colouring", "multi-coloring", "multicolouring", "multicoloring", "multi-colors", "multi colours",
        ] {
            add(name, multi)
        }
        add("multi-coloring 1", [.multiColouring1])
        add("multi-coloring 2", [.multiColouring2])
        add("multi-colors 1", [.multiColouring1])
        add("multi-colors 2", [.multiColouring2])
        add("colour wing", [.multiColouring1])
        add("color wing", [.multiColouring1])
        add("kite", [.twoStringKite])
        add("2-string kite", [.twoStringKite])
        add("turbot", [.turbotFish])
        add("fish", fish)
        add("finned fish", fish)
        add("sashimi", fish)
        // A Siamese fish's hints name its two parts, finned or sashimi fish of its size.
        for (t, size) in [
            (Technique.siameseFinnedXWing, "x-wing"), (.siameseFinnedSwordfish, "swordfish"),
            (.siameseFinnedJellyfish, "jellyfish"),
        ] {
            for kind in ["", "finned ", "sashimi "] { add("siamese \(kind)\(size)", [t]) }
            add("sashimi \(size)", [t])
            add("finned \(size)", [t])
            add("siamese fish", [t])
        }
        let franken: [Technique] = [.frankenFish, .finnedFrankenFish]
        let mutant: [Technique] = [.mutantFish, .finnedMutantFish]
        for size in ["x-wing", "xwing", "swordfish", "jellyfish", "fish"] {
            for kind in ["", "finned ", "sashimi "] {
                // A Siamese Franken or Mutant fish's hints name its two parts, finned fish of the family.
                add("\(kind)franken \(size)", kind.isEmpty ? franken : [.finnedFrankenFish, .siameseFrankenFish])
                add("\(kind)mutant \(size)", kind.isEmpty ? mutant : [.finnedMutantFish, .siameseMutantFish])
                add("siamese \(kind)franken \(size)", [.siameseFrankenFish])
                add("siamese \(kind)mutant \(size)", [.siameseMutantFish])
            }
        }
        add("template", [.templateSet, .templateDelete])
        add("templates", [.templateSet, .templateDelete])
        add("quadruple", [.nakedQuad, .hiddenQuad])
        add("naked quadruple", [.nakedQuad])
        add("hidden quadruple", [.hiddenQuad])
        add("alternating inference chain", [.aic, .groupedAIC])
        add("discontinuous nice loop", [.aic, .groupedAIC])
        add("continuous nice loop", [.niceLoop, .groupedNiceLoop])
        add("forcing chain", [.digitForcingChain, .cellForcingChain, .houseForcingChain])
        add("forcing chains", [.digitForcingChain, .cellForcingChain, .houseForcingChain])
        add("forcing net", [.digitForcingNet, .cellForcingNet, .houseForcingNet])
        add("forcing nets", [.digitForcingNet, .cellForcingNet, .houseForcingNet])
        add("region forcing chain", [.houseForcingChain])
        add("unit forcing chain", [.houseForcingChain])
        add("als", [.alsXZ, .alsXYWing, .deathBlossom])
        add("almost locked set", [.alsXZ, .alsXYWing, .deathBlossom, .sueDeCoq])
        add("almost locked sets", [.alsXZ, .alsXYWing, .deathBlossom, .sueDeCoq])
        for phrase in ["als", "almost locked set", "almost locked sets"] { add(phrase, [.alsXYChain]) }
        add("als chain", [.alsXYChain])
        for phrase in [
            "aic with als", "aic with als nodes", "als aic", "chain with als nodes", "als node", "als nodes",
        ] {
            add(phrase, [.alsAIC, .alsNiceLoop])
        }
        for phrase in ["als", "almost locked set", "almost locked sets"] { add(phrase, [.alsAIC, .alsNiceLoop]) }
        add("nice loop with als", [.alsNiceLoop])
        add("nice loop with als nodes", [.alsNiceLoop])
        // Not techniques of the ladder: naming them is always wrong.
        for never in ["trial and error", "guess", "guessing", "bifurcation", "backtracking", "brute force", "nishio"] {
            add(never, [])
        }
        return entries.map { ($0.key, $0.value) }.sorted { $0.phrase.count > $1.phrase.count }
    }()

    /// Lower case, hyphens and underscores as spaces, runs of spaces as one.
    static func normalise(_ text: String) -> String {
        var out = ""
        var space = false
        for ch in text.lowercased() {
            let c: Character = ch == "-" || ch == "_" ? " " : ch
            if c == " " || c == "\t" || c == "\n" {
                if !space && !out.isEmpty { out.append(" ") }
                space = true
            } else {
                out.append(c)
                space = false
            }
        }
        return out
    }

    /// Everything `text` names.
    public static func mentions(in text: String) -> Mentions {
        var m = Mentions()
        var chars = Array(" " + normalise(text) + " ")
        // Technique names first, longest first, each blanked out once found.
        for (phrase, techniques) in lexicon {
            let p = Array(phrase)
            var i = 1
            while i + p.count < chars.count {
                if Array(chars[i..<(i + p.count)]) == p && !isWordChar(chars[i - 1]) && !isWordChar(chars[i + p.count])
                {
                    m.techniqueNames[phrase, default: []].formUnion(techniques)
                    for k in i..<(i + p.count) { chars[k] = " " }
                    i += p.count
                } else {
                    i += 1
                }
            }
        }
        // Then words: cells, houses, digits.
        var tokens: [String] = []
        var current = ""
        for c in chars {
            if isWordChar(c) {
                current.append(c)
            } else {
                if !current.isEmpty { tokens.append(current) }
                current = ""
                if c == "," || c == "&" || c == "/" { tokens.append(String(c)) }
            }
        }
        let houseWords: [String: Int] = [
            "row": 0, "rows": 0, "column": 1, "columns": 1, "col": 1, "cols": 1,
            "box": 2, "boxes": 2, "block": 2, "blocks": 2,
        ]
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            if let kind = houseWords[t] {
                var j = k + 1
                var any = false
                while j < tokens.count {
                    if let d = singleDigit(tokens[j]) {
                        m.houses.insert(house(kind, d))
                        any = true
                        j += 1
                    } else if any && ["and", "or", ",", "&", "/"].contains(tokens[j]) && j + 1 < tokens.count
                        && singleDigit(tokens[j + 1]) != nil
                    {
                        j += 1
                    } else {
                        break
                    }
                }
                k = j
                continue
            }
            scanWord(t, into: &m)
            k += 1
        }
        return m
    }

    static func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "+" || c == "'" }

    static func singleDigit(_ t: String) -> Int? {
        guard t.count == 1, let v = t.first?.wholeNumberValue, (1...9).contains(v) else { return nil }
        return v
    }

    static func house(_ kind: Int, _ n: Int) -> House {
        switch kind {
        case 0: .row(n - 1)
        case 1: .column(n - 1)
        default: .box(n - 1)
        }
    }

    /// One word: `r3c5` (or `r12c3`), `r3`, `c5`, `b4`, a number, or a number with `s`.
    static func scanWord(_ word: String, into m: inout Mentions) {
        let w = Array(word)
        func digits(_ s: ArraySlice<Character>) -> [Int]? {
            guard !s.isEmpty, s.allSatisfy({ ("1"..."9").contains($0) }) else { return nil }
            return s.map { $0.wholeNumberValue! }
        }
        if w.first == "r", let ci = w.firstIndex(of: "c"), let rows = digits(w[1..<ci]),
            let cols = digits(w[(ci + 1)...])
        {
            for r in rows { for c in cols { m.cells.insert(Cell(row: r - 1, column: c - 1)) } }
            return
        }
        if w.count == 2, let d = w.last?.wholeNumberValue, (1...9).contains(d) {
            switch w.first {
            case "r":
                m.houses.insert(.row(d - 1))
                return
            case "c":
                m.houses.insert(.column(d - 1))
                return
            case "b":
                m.houses.insert(.box(d - 1))
                return
            default: break
            }
        }
        // A number, possibly with a plural or ordinal ending: 5, 5s, 5's, 3rd.
        let numberPart = word.prefix { $0.isNumber }
        guard !numberPart.isEmpty else { return }
        if numberPart.count == 1, let d = numberPart.first?.wholeNumberValue, (1...9).contains(d) {
            m.digits.insert(d)
        } else {
            m.otherNumbers.insert(String(numberPart))
        }
    }

    /// What a rewording of the hint at `level` may name: what the authored hint
    /// names, and at level 3 everything the step rests on.
    public static func allowed(for step: Step, level: HintLevel) -> Mentions {
        var m = mentions(in: step.hint(level))
        m.techniqueNames = [:]
        if level == .full {
            let f = step.facts
            m.cells.formUnion(f.cells)
            m.digits.formUnion(f.digits)
            m.houses.formUnion(f.houses)
            m.houses.formUnion(f.regions)
        }
        return m
    }

    /// The prompt for an outside program: rephrase the hint, using only its facts.
    public static func prompt(for step: Step, level: HintLevel) -> String {
        let a = allowed(for: step, level: level)
        var facts: [String] = []
        if !a.cells.isEmpty { facts.append("cells " + a.cells.sorted().map(\.description).joined(separator: ", ")) }
        if !a.digits.isEmpty { facts.append("digits " + a.digits.sorted().map(String.init).joined(separator: ", ")) }
        if !a.houses.isEmpty {
            facts.append(
                "houses "
                    + a.houses.sorted { Houses.index($0) < Houses.index($1) }.map(\.description).joined(separator: ", ")
            )
        }
        return """
            You reword sudoku hints for a player. Rewrite the hint below in plain, friendly English, \
            in at most four sentences. Rephrase only: do not reason, do not add any cell, digit, house \
            or technique that the hint does not name, and do not reveal more than it does. Cells are \
            written like r3c5 (row 3, column 5); keep that notation.
            Technique: \(step.technique.name)
            Facts you may use: \(facts.isEmpty ? "none beyond the technique" : facts.joined(separator: "; "))
            Hint: \(step.hint(level))
            Reply with the reworded hint only.

            """
    }

    /// Checks a reply against the hint's facts.
    public static func check(_ reply: String, step: Step, level: HintLevel) -> NarrationVerdict {
        let text = reply.trimmingWhitespace
        guard !text.isEmpty else { return .rejected(reason: "the reply is empty") }
        guard text.count <= 2000 else { return .rejected(reason: "the reply is longer than 2000 characters") }
        let said = mentions(in: text)
        let allowed = allowed(for: step, level: level)
        let ownName = normalise(step.technique.name)
        for (name, techniques) in said.techniqueNames.sorted(by: { $0.key < $1.key }) {
            if !techniques.contains(step.technique) && !ownName.contains(name) {
                let named = techniques.count == 1 ? techniques.first!.name : "'\(name)'"
                return .rejected(
                    reason: "it names the technique \(named), but the step is \(HintText.a(step.technique))")
            }
        }
        if let c = said.cells.subtracting(allowed.cells).sorted().first {
            return .rejected(reason: "it names \(c), which the hint does not")
        }
        if let h = said.houses.subtracting(allowed.houses).sorted(by: { Houses.index($0) < Houses.index($1) }).first {
            return .rejected(reason: "it names \(h), which the hint does not")
        }
        if let d = said.digits.subtracting(allowed.digits).sorted().first {
            return .rejected(reason: "it names the digit \(d), which the hint does not")
        }
        if let n = said.otherNumbers.sorted().first {
            return .rejected(reason: "it names the number \(n), which is not in the hint")
        }
        return .accepted(text)
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingWhitespace: String {
        let ws: Set<Character> = [" ", "\t", "\n", "\r"]
        var s = Substring(self)
        while let f = s.first, ws.contains(f) { s = s.dropFirst() }
        while let l = s.last, ws.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
