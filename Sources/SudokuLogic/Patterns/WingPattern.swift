// Offers: `WingPattern`, the wings' family (XY-Wing, XYZ-Wing, W-Wing): its
// summary, facts, JSON, hint templates and marks.

import SudokuCore

/// `pivot` sees both `pincers` (XY and XYZ); for a W-Wing the pincers are the
/// two bivalue cells and `link` is the strong link on the other digit that
/// joins them (`pivot` is then nil). `digits` are the pattern's digits;
/// `eliminated` is the digit it removes.
struct WingPattern: PatternFamily {
    var pivot: Cell?
    var pincers: [Cell]
    var digits: [Int]
    var eliminated: Int
    var link: ChainLink?

    func summary(_ technique: Technique) -> String {
        let name = technique.name
        if let pivot {
            return "\(name) \(Text.digits(digits)): pivot \(pivot), pincers \(Text.cells(pincers))"
        }
        return
            "\(name) \(Text.digits(digits)): \(Text.cells(pincers)) joined by "
            + "\(link.map { Text.chain([$0], singleDigit: false) } ?? "")"
    }

    func addFacts(to f: inout StepFacts) {
        if let pivot { f.add(pivot) }
        f.add(pincers)
        f.digits.formUnion(digits + [eliminated])
        if let link { f.add(link) }
    }

    var json: String {
        JSONValue.object(
            "wing",
            [
                ("pivot", pivot.map(JSONValue.cell) ?? "null"), ("pincers", JSONValue.cells(pincers)),
                ("digits", JSONValue.digits(digits)), ("eliminated", String(eliminated)),
                ("link", link.map(JSONValue.link) ?? "null"),
            ])
    }

    func nudgeHint(_ t: Technique) -> String {
        if let pivot { return "Look for \(HintText.a(t)) with its pivot in box \(pivot.box + 1)." }
        return
            "Look for a W-Wing: two cells with the same two candidates, in "
            + "\(HintText.spelled(HintText.boxes(pincers)))."
    }

    func patternHint(_ t: Technique) -> String {
        if let pivot {
            return
                "The pivot \(pivot) and the pincers \(HintText.cells(pincers)) hold the digits "
                + "\(HintText.digits(digits)); look at \(eliminated)."
        }
        let l = link!
        return
            "\(HintText.cells(pincers)) both hold exactly \(HintText.digits(digits)), and \(l.from.cells[0]) and "
            + "\(l.to.cells[0]) "
            + "are the only places of \(l.from.digit) in \(l.house?.description ?? "their house")."
    }

    func argumentHint(_ t: Technique) -> String {
        let z = eliminated
        if let pivot {
            if t == .xyzWing {
                return
                    "The pivot \(pivot) holds one of \(HintText.digits(digits)); whichever it is, either it is \(z) "
                    + "or it forces \(z) into one of the pincers \(HintText.cells(pincers)). One of the three "
                    + "cells is \(z), so a cell that sees all three cannot be."
            }
            return
                "The pivot \(pivot) holds one of its two digits; either way one of the pincers "
                + "\(HintText.cells(pincers)) is forced to \(z). So a cell that sees both pincers cannot be \(z)."
        }
        let l = link!
        let x = l.from.digit
        return
            "If \(pincers[0]) is not \(z) it is \(x), so \(l.from.cells[0]) is not \(x), \(l.to.cells[0]) is, and "
            + "\(pincers[1]) is not \(x) but \(z). So one of \(HintText.cells(pincers)) is \(z), and a cell "
            + "seeing both cannot be."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        if let pivot {
            m.outline([pivot], .pivot)
            m.mark(digits, in: [pivot], .pivot, on: board)
        }
        m.outline(pincers, .pincer)
        m.mark(digits.filter { $0 != eliminated }, in: pincers, .secondary, on: board)
        m.mark([eliminated], in: pincers, on: board)
        if let link {
            m.node(link.from, .secondary, on: board)
            m.node(link.to, .secondary, on: board)
            m.link(link)
        }
    }
}
