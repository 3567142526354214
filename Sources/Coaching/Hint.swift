// Offers: `HintLevel` and `Step.hint(_:)`, the three hints of a step, each a
// template filled with the step's facts (nothing else):
// 1. a nudge: the technique and the house or region to look at;
// 2. the digits and cells of the pattern;
// 3. the full argument in plain words, and the conclusion.

import Basics
import SudokuCore
import SudokuLogic

/// How much a hint gives away.
public enum HintLevel: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// The technique and where to look.
    case nudge = 1
    /// Plus the digits and cells of the pattern.
    case pattern = 2
    /// The whole argument and the conclusion.
    case full = 3

    public static func < (a: HintLevel, b: HintLevel) -> Bool { a.rawValue < b.rawValue }
}

extension Step {
    /// The hint at `level`, as plain sentences.
    public func hint(_ level: HintLevel) -> String {
        switch level {
        case .nudge: return HintText.nudge(self)
        case .pattern: return HintText.pattern(self)
        case .full: return HintText.full(self) + " " + HintText.conclusion(self)
        }
    }
}

package enum HintText {
    /// `a` or `an` before a technique name.
    static func article(_ name: String) -> String {
        if name.hasPrefix("X") || name.hasPrefix("AIC") || name.hasPrefix("ALS") { return "an" }
        if name.hasPrefix("unique") { return "a" }
        return "aeio".contains(name.lowercased().first ?? "x") ? "an" : "a"
    }

    static func a(_ t: Technique) -> String { article(t.name) + " " + t.name }

    static func list(_ items: [String]) -> String { ProseText.list(items) }

    static func cells(_ cs: [Cell]) -> String { list(cs.map(\.description)) }
    static func digits(_ ds: [Int]) -> String { list(ds.map(String.init)) }

    /// `rows 1 and 6`, `box 4`, `row 3 and box 2`.
    static func spelled(_ hs: [House]) -> String {
        guard let first = hs.first else { return "" }
        if hs.count == 1 { return first.description }
        func number(_ h: House) -> String {
            switch h { case let .row(n), let .column(n), let .box(n): return String(n + 1) }
        }
        let sameKind = hs.allSatisfy { kind($0) == kind(first) }
        if sameKind { return (kind(first) == "box" ? "boxes" : kind(first) + "s") + " " + list(hs.map(number)) }
        return list(hs.map(\.description))
    }

    /// `two`, `three`: counts in words, so that a count is never read as a digit.
    static func count(_ n: Int) -> String {
        n < 10 ? ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][n] : "many"
    }

    static func kind(_ h: House) -> String {
        switch h { case .row: "row"; case .column: "column"; case .box: "box" }
    }

    static func boxes(_ cs: [Cell]) -> [House] { Array(Set(cs.map(\.box))).sorted().map(House.box) }

    /// `r3c5 loses 4` / `r3c5 and r4c5 lose 4; r1c1 loses 2 and 6`; `r4c2 is 7`.
    static func conclusion(_ step: Step) -> String {
        var parts: [String] = []
        for p in step.placements { parts.append("\(p.cell) is \(p.digit)") }
        var byDigit: [Int: [Cell]] = [:]
        for e in step.eliminations { byDigit[e.digit, default: []].append(e.cell) }
        // Group the digits of one set of cells: "r1c1 loses 2 and 6".
        var byCells: [[Cell]: [Int]] = [:]
        for (d, cs) in byDigit { byCells[cs.sorted(), default: []].append(d) }
        for (cs, ds) in byCells.sorted(by: { ($0.value.min() ?? 0, $0.key.first?.index ?? 0) < ($1.value.min() ?? 0, $1.key.first?.index ?? 0) }) {
            parts.append("\(cells(cs)) \(cs.count == 1 ? "loses" : "lose") \(digits(ds.sorted()))")
        }
        return "So " + list(parts) + "."
    }

    // MARK: level 1

    static func nudge(_ s: Step) -> String {
        let t = s.technique
        switch s.pattern {
        case let .single(_, cell, house):
            switch t {
            case .fullHouse: return "Look at \(house?.description ?? ""): it has one empty cell left (a full house)."
            case .hiddenSingle: return "Look for a hidden single in \(house?.description ?? "")."
            default: return "Look for a naked single in box \(cell.box + 1): a cell with one candidate left."
            }
        case let .lockedCandidates(_, box, line, _):
            return t == .pointing ? "Look at \(box): one digit's candidates there lie in a single line (pointing)."
                : "Look at \(line): one digit's candidates there lie in a single box (claiming)."
        case let .subset(house, _, _):
            return "Look for \(a(t)) in \(house)."
        case let .fish(_, base, _, _, _):
            return "Look for \(a(t)) in \(spelled(base))."
        case let .chain(links, _):
            switch t {
            case .skyscraper, .twoStringKite, .turbotFish:
                return "Look for \(a(t)): two strong links on one digit, in \(spelled(links.compactMap { $0.kind == .strong ? $0.house : nil }))."
            default:
                if links.first?.from == links.last?.to || links.last.map({ l in l.kind == .weak && l.to == links[0].from }) == true {
                    return "Look for \(a(t)) through \(spelled(boxes(links.flatMap { $0.from.cells })))."
                }
                let ends = [links.first!.from, links.last!.to].flatMap(\.cells)
                return "Look for \(a(t)) whose ends lie in \(spelled(boxes(ends)))."
            }
        case let .emptyRectangle(_, box, _, _, _, _):
            return "Look for an empty rectangle in \(box)."
        case let .wing(pivot, pincers, _, _, _):
            if let pivot { return "Look for \(a(t)) with its pivot in box \(pivot.box + 1)." }
            return "Look for a W-Wing: two cells with the same two candidates, in \(spelled(boxes(pincers)))."
        case let .colouring(_, colours, _):
            return "Try simple colouring on one digit's conjugate pairs in \(spelled(boxes(colours.flatMap { $0 })))."
        case let .rectangle(_, cells, _, _, _, _, _):
            return "Look for \(a(t)) in \(spelled(boxes(cells))) (it relies on the puzzle having one solution)."
        case .bug:
            return "Every empty cell but one has two candidates: look for a BUG+1 (it relies on the puzzle having one solution)."
        case let .als(sets, _, _):
            return "Look for \(a(t)) with sets in \(spelled(sets.map(\.house)))."
        case let .sueDeCoq(box, line, _, _, _):
            return "Look for a Sue de Coq where \(box) meets \(line)."
        case let .deathBlossom(stem, _, _):
            return "Look for a death blossom whose stem is in box \(stem.box + 1)."
        case let .forcing(argument):
            switch argument.source {
            case let .candidate(c): return "Try \(a(t)): assume one candidate in box \(c.cell.box + 1) true, then false."
            case let .cell(c): return "Try \(a(t)): follow each candidate of one cell in box \(c.box + 1)."
            case let .house(h, _): return "Try \(a(t)): follow each place of one digit in \(h)."
            }
        }
    }

    // MARK: level 2

    static func pattern(_ s: Step) -> String {
        let t = s.technique
        switch s.pattern {
        case let .single(digit, cell, house):
            switch t {
            case .fullHouse: return "In \(house?.description ?? ""), \(cell) is the only empty cell."
            case .hiddenSingle: return "In \(house?.description ?? ""), digit \(digit) has only one place left."
            default: return "Look at \(cell): count the candidates its row, column and box leave."
            }
        case let .lockedCandidates(digit, box, line, cells):
            return t == .pointing
                ? "In \(box), the candidates for \(digit) (\(self.cells(cells))) all lie in \(line)."
                : "In \(line), the candidates for \(digit) (\(self.cells(cells))) all lie in \(box)."
        case let .subset(house, cells, digits):
            return t.rawValue.hasPrefix("naked")
                ? "In \(house), the cells \(self.cells(cells)) hold only the digits \(self.digits(digits))."
                : "In \(house), the digits \(self.digits(digits)) can only go in \(self.cells(cells))."
        case let .fish(digit, base, cover, fins, cells):
            var s = "Digit \(digit): in \(spelled(base)) its candidates lie in \(spelled(cover))"
            s += fins.isEmpty ? " (\(self.cells(cells)))." : ", apart from the fin\(fins.count > 1 ? "s" : "") \(self.cells(fins))."
            return s
        case let .chain(links, isLoop):
            return "Follow the chain " + chainNodes(links) + (isLoop ? ", which closes into a loop." : ".")
        case let .emptyRectangle(digit, box, row, column, cells, link):
            return "In \(box), digit \(digit) lies only in \(row) and \(column) (\(self.cells(cells))); "
                + "\(link.from.cells[0]) and \(link.to.cells[0]) are the only places of \(digit) in \(link.house?.description ?? "their house")."
        case let .wing(pivot, pincers, digits, eliminated, link):
            if let pivot {
                return "The pivot \(pivot) and the pincers \(self.cells(pincers)) hold the digits \(self.digits(digits)); look at \(eliminated)."
            }
            let l = link!
            return "\(self.cells(pincers)) both hold exactly \(self.digits(digits)), and \(l.from.cells[0]) and \(l.to.cells[0]) "
                + "are the only places of \(l.from.digit) in \(l.house?.description ?? "their house")."
        case let .colouring(digit, colours, _):
            return "Colour the conjugate pairs of \(digit): one colour is \(self.cells(colours[0])), the other \(self.cells(colours[1]))."
        case let .rectangle(_, cells, digits, roof, extra, house, subset):
            var s = "The cells \(self.cells(cells)) all hold \(self.digits(digits))"
            if t == .hiddenRectangle {
                return s + "; look at \(self.cells(roof)) and where the digits can go in its row and column."
            }
            if !extra.isEmpty { s += "; \(self.cells(roof)) also hold \(self.digits(extra))" }
            if let house, !subset.isEmpty { s += ", and with \(self.cells(subset)) in \(house) they make a subset" }
            else if let house { s += "; look at \(house)" }
            return s + "."
        case let .bug(cell, _):
            return "\(cell) is the only empty cell with three candidates."
        case let .als(sets, restricted, eliminated):
            return "The sets " + sets.map { "\(self.cells($0.cells)) (\(self.digits($0.digits)))" }.joined(separator: ", ")
                + " each have one digit more than cells; the restricted digit\(restricted.count > 1 ? "s" : "") \(self.digits(restricted)) join\(restricted.count > 1 ? "" : "s") them, and look at \(self.digits(eliminated))."
        case let .sueDeCoq(_, _, intersection, lineCells, boxCells):
            return "Look at \(self.cells(intersection)) with \(self.cells(lineCells)) and \(self.cells(boxCells))."
        case let .deathBlossom(stem, petals, eliminated):
            return "The stem \(stem) has a petal for each candidate: "
                + petals.map { "\($0.digit) in \(self.cells($0.set.cells))" }.joined(separator: ", ")
                + "; every petal holds \(eliminated)."
        case let .forcing(argument):
            switch argument.source {
            case let .candidate(c): return "Assume \(c.cell) is \(c.digit), then that it is not, and follow what each gives."
            case let .cell(c): return "Assume each candidate of \(c) in turn (\(digits(argument.branches.map { $0.assumption.candidate.digit })))."
            case let .house(h, d): return "Put \(d) in each of its places in \(h) in turn (\(cells(argument.branches.map { $0.assumption.candidate.cell })))."
            }
        }
    }

    /// The chain's nodes in words: `5 in r1c2, 5 in r5c2`; nodes of one cell
    /// in a row together: `4/9 in r4c3`.
    static func chainNodes(_ links: [ChainLink]) -> String {
        var nodes = [links[0].from]
        for (k, l) in links.enumerated() where !(k == links.count - 1 && l.to == links[0].from) { nodes.append(l.to) }
        var parts: [(digits: [Int], cells: [Cell])] = []
        for n in nodes {
            if let last = parts.last, last.cells == n.cells { parts[parts.count - 1].digits.append(n.digit) }
            else { parts.append(([n.digit], n.cells)) }
        }
        return parts.map { $0.digits.map(String.init).joined(separator: "/") + " in " + ChainNode.cellsText($0.cells) }
            .joined(separator: ", ")
    }

    // MARK: level 3

    static func full(_ s: Step) -> String {
        let t = s.technique
        switch s.pattern {
        case let .single(digit, cell, house):
            switch t {
            case .fullHouse:
                return "\(house?.description.capitalizedFirst ?? "") has every digit but \(digit), and \(cell) is its only empty cell."
            case .hiddenSingle:
                return "Digit \(digit) must appear once in \(house?.description ?? ""), and \(cell) is the only cell there that can still hold it."
            default:
                return "\(cell) sees every digit but \(digit) in its row, column and box (or has lost the others as candidates)."
            }
        case let .lockedCandidates(digit, box, line, _):
            return t == .pointing
                ? "Digit \(digit) must go somewhere in \(box), and every place for it there is in \(line). So the \(digit) of \(line) is inside \(box), and the rest of \(line) cannot hold \(digit)."
                : "Digit \(digit) must go somewhere in \(line), and every place for it there is in \(box). So the \(digit) of \(box) is on \(line), and the rest of \(box) cannot hold \(digit)."
        case let .subset(house, cells, digits):
            return t.rawValue.hasPrefix("naked")
                ? "The \(count(cells.count)) cells \(self.cells(cells)) of \(house) hold only the \(count(digits.count)) digits \(self.digits(digits)), so those digits fill them, and no other cell of \(house) can hold them."
                : "In \(house), the \(count(digits.count)) digits \(self.digits(digits)) can only go in the \(count(cells.count)) cells \(self.cells(cells)), so those cells hold them and nothing else."
        case let .fish(digit, base, cover, fins, _):
            var s = "Digit \(digit) must appear once in each of \(spelled(base)), and "
            if fins.isEmpty {
                s += "there it can only go in \(spelled(cover)). So the \(count(base.count)) of them take \(spelled(cover)) between them, and no other cell of \(spelled(cover)) can hold \(digit)."
            } else {
                s += "there it can only go in \(spelled(cover)), or in the fin\(fins.count > 1 ? "s" : "") \(self.cells(fins)). If a fin holds \(digit), cells of box \(fins[0].box + 1) that see it cannot; if none does, the fish holds and \(spelled(cover)) lose \(digit) outside \(spelled(base)). The cells of \(spelled(cover)) in box \(fins[0].box + 1) lose it either way."
            }
            return s
        case let .chain(links, isLoop):
            return chainArgument(links, isLoop: isLoop, technique: t)
        case let .emptyRectangle(digit, box, row, column, _, link):
            let x = link.from.cells[0], y = link.to.cells[0]
            return "In \(box), digit \(digit) lies only in \(row) and \(column). If \(x) is \(digit), the \(digit) of \(box) is not in \(x.row == rowIndex(row) ? row.description : column.description), so it is in \(x.row == rowIndex(row) ? column.description : row.description); if \(x) is not \(digit), \(y) is (the only other place in \(link.house?.description ?? "its house")). Either way the cell where \(x.row == rowIndex(row) ? column.description : row.description) meets the line of \(y) cannot be \(digit)."
        case let .wing(pivot, pincers, digits, z, link):
            if let pivot {
                if t == .xyzWing {
                    return "The pivot \(pivot) holds one of \(self.digits(digits)); whichever it is, either it is \(z) or it forces \(z) into one of the pincers \(self.cells(pincers)). One of the three cells is \(z), so a cell that sees all three cannot be."
                }
                return "The pivot \(pivot) holds one of its two digits; either way one of the pincers \(self.cells(pincers)) is forced to \(z). So a cell that sees both pincers cannot be \(z)."
            }
            let l = link!
            let x = l.from.digit
            return "If \(pincers[0]) is not \(z) it is \(x), so \(l.from.cells[0]) is not \(x), \(l.to.cells[0]) is, and \(pincers[1]) is not \(x) but \(z). So one of \(self.cells(pincers)) is \(z), and a cell seeing both cannot be."
        case let .colouring(digit, colours, rule):
            if rule == .wrap {
                return "Along the conjugate pairs of \(digit), the cells alternate: all of \(self.cells(colours[0])) are \(digit), or all of \(self.cells(colours[1])) are. Two cells of the first colour see each other, so that colour cannot be true: its cells lose \(digit)."
            }
            return "Along the conjugate pairs of \(digit), either all of \(self.cells(colours[0])) or all of \(self.cells(colours[1])) hold \(digit). A cell that sees a cell of each colour cannot hold \(digit)."
        case let .rectangle(type, cells, digits, roof, extra, house, subset):
            let pattern = "If \(self.cells(cells)) held only \(self.digits(digits)), the two digits could swap and the puzzle would have two solutions; it has one, so they do not."
            switch type {
            case 1: return pattern + " Three of them hold nothing else, so \(self.cells(roof)) must keep a digit other than \(self.digits(digits))."
            case 2: return pattern + " \(self.cells(roof)) hold only \(self.digits(digits + extra)), so one of them is \(self.digits(extra)), and a cell seeing both cannot be."
            case 3: return pattern + " So one of \(self.cells(roof)) holds one of \(self.digits(extra)); with \(self.cells(subset)) they lock those digits in \(house?.description ?? ""), which its other cells lose."
            case 4:
                return pattern + " In \(house?.description ?? ""), one digit of the pair goes only in \(self.cells(roof)), so one of them holds it, and neither can hold the other digit."
            default:
                return "If \(self.cells(roof)) held the other digit of \(self.digits(digits)), the strong links in its row and column would fill \(self.cells(cells)) with only \(self.digits(digits)), a pattern that could swap: the puzzle has one solution, so it cannot."
            }
        case let .bug(cell, digit):
            return "Without \(digit) in \(cell), every empty cell would have two candidates and every digit two places in each house: such a position has no solution or two. The puzzle has one, so \(cell) must be \(digit)."
        case let .als(sets, restricted, eliminated):
            let names = sets.map { "\(self.cells($0.cells)) (\(self.digits($0.digits)))" }
            if t == .alsXYWing {
                return "Each of \(list(names)) has one digit more than cells. The last is linked to the first by \(restricted[0]) and to the second by \(restricted[1]): if neither of the first two held \(self.digits(eliminated)), both would be locked and take \(restricted[0]) and \(restricted[1]) from the last, leaving it short. So one of them holds \(eliminated.count > 1 ? "each of " : "")\(self.digits(eliminated)), and a cell seeing all of its places in the two cannot hold it."
            }
            if restricted.count > 1 {
                return "Each of \(list(names)) has one digit more than cells, and neither \(self.digits(restricted)) can be in both (their places see each other). So each set holds exactly one of them and is locked on the rest of its digits: a cell that sees every place of one of its digits in a set (or of \(self.digits(restricted)) in both) cannot hold it."
            }
            let zs = eliminated.count > 1 ? "each of \(self.digits(eliminated)) is" : "\(self.digits(eliminated)) is"
            return "Each of \(list(names)) has one digit more than cells, and \(self.digits(restricted)) cannot be in both (their places see each other). The set without it is locked, so \(zs) in one of the two sets, and a cell seeing all of its places there cannot hold it."
        case let .sueDeCoq(box, line, intersection, lineCells, boxCells):
            return "The cells \(self.cells(intersection)) (where \(box) meets \(line)), \(self.cells(lineCells)) in \(line) and \(self.cells(boxCells)) in \(box) hold exactly as many digits as cells, and the line part and the box part share none, so each digit is placed once among them: the line's digits leave the rest of \(line), the box's digits the rest of \(box)."
        case let .deathBlossom(stem, petals, z):
            return "\(stem) holds one of \(digits(petals.map(\.digit))). Whichever it is, the petal of that digit loses it and becomes locked, so it holds \(z). Every petal has \(z), so one of them is \(z), and a cell seeing all their \(z) cannot be."
        case let .forcing(argument):
            return forcingArgument(argument)
        }
    }

    static func rowIndex(_ h: House) -> Int { if case let .row(r) = h { return r } else { return -1 } }

    /// A chain in words: each strong link "if not A then B", each weak link "then not C".
    static func chainArgument(_ links: [ChainLink], isLoop: Bool, technique: Technique) -> String {
        func node(_ n: ChainNode) -> String {
            n.cells.count == 1 ? "\(n.cells[0]) is \(n.digit)" : "\(n.digit) is in \(ChainNode.cellsText(n.cells))"
        }
        func negated(_ n: ChainNode) -> String {
            n.cells.count == 1 ? "\(n.cells[0]) is not \(n.digit)" : "\(n.digit) is not in \(ChainNode.cellsText(n.cells))"
        }
        func why(_ l: ChainLink) -> String {
            if let h = l.house { return l.kind == .strong ? "the only other place of \(l.from.digit) in \(h)" : h.description }
            return l.kind == .strong ? "the cell's other candidate" : "one cell"
        }
        let first = links[0].from
        var s = "If \(negated(first)), then"
        var k = 0
        var parts: [String] = []
        for l in links where !(isLoop && k == links.count - 1 && l.kind == .weak) {
            parts.append(l.kind == .strong ? "\(node(l.to)) (\(why(l)))" : "\(negated(l.to)) (\(why(l)))")
            k += 1
        }
        s += " " + parts.joined(separator: ", then ") + "."
        let last = isLoop ? links[links.count - 2].to : links.last!.to
        if isLoop {
            s += " The chain closes on itself, so each link holds both ways: of any two linked ends exactly one is true, and a candidate that sees both ends of a link is false."
        } else if last == first {
            s += " So \(node(first)) either way."
        } else {
            s += " So \(node(first)) or \(node(last)), and a candidate that conflicts with both is false."
        }
        return s
    }

    /// A forcing argument in words: each branch's inferences, then what they agree on.
    static func forcingArgument(_ a: ForcingArgument) -> String {
        var out: [String] = []
        for b in a.branches {
            let i0 = b.assumption
            var s = "If \(i0.candidate.cell) \(i0.isTrue ? "is" : "is not") \(i0.candidate.digit): "
            let steps = b.inferences.dropFirst().map { i -> String in
                let what = "\(i.candidate.cell) \(i.isTrue ? "is" : "is not") \(i.candidate.digit)"
                switch i.reason {
                case .assumption: return what
                case .sameCell: return what + " (same cell)"
                case let .sameHouse(h): return what + " (\(h))"
                case let .onlyPlace(h): return what + " (only place in \(h))"
                case .onlyCandidate: return what + " (only candidate)"
                }
            }
            s += steps.isEmpty ? "that is the conclusion" : steps.joined(separator: ", ")
            if let c = b.contradiction {
                switch c {
                case let .both(cand, _, _): s += "; then \(cand.cell) would be \(cand.digit) and not \(cand.digit), which is impossible"
                case let .emptyCell(cell, _): s += "; then \(cell) would have no candidate left, which is impossible"
                case let .noPlace(h, d, _): s += "; then \(h) would have no place for \(d), which is impossible"
                }
            }
            out.append(s + ".")
        }
        switch a.source {
        case .candidate:
            if a.branches.count == 1 { out.append("That assumption fails.") } else { out.append("Both ways lead to the same result.") }
        case let .cell(c): out.append("\(c) must hold one of them, and each leads to the same result.")
        case let .house(h, d): out.append("\(d) must go in one of those places in \(h), and each leads to the same result.")
        }
        return out.joined(separator: " ")
    }
}

extension String {
    /// The string with its first letter capitalised (`row 3` -> `Row 3`).
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
