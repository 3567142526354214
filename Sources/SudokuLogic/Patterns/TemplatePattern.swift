// Offers: `TemplatePattern`, the templates' family (template set, template
// delete): its summary, facts, JSON, hint templates and marks.

import SudokuCore

/// Every way to place all nine of `digit` (one in each row, column and box, in
/// cells that hold it or can): `templates` of them fit the board. `common`:
/// the empty cells every one uses (template set); `unused`: the candidates none
/// uses (template delete).
struct TemplatePattern: PatternFamily {
    var digit: Int
    var templates: Int
    var common: [Cell]
    var unused: [Cell]

    func summary(_ technique: Technique) -> String {
        let n = "\(templates) template\(templates == 1 ? "" : "s")"
        if !common.isEmpty { return "\(technique.name) on \(digit): \(Text.cells(common)) in all \(n)" }
        return "\(technique.name) on \(digit): \(Text.cells(unused)) in none of \(n)"
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.add(common)
        f.add(unused)
        f.houses.insert(box)
    }

    var json: String {
        JSONValue.object(
            "template",
            [
                ("digit", String(digit)), ("templates", String(templates)), ("common", JSONValue.cells(common)),
                ("unused", JSONValue.cells(unused)),
            ])
    }

    /// The box the nudge points to: the first cell concluded about.
    var box: House { .box((common.first ?? unused.first)?.box ?? 0) }

    func nudgeHint(_ t: Technique) -> String {
        "Look for \(HintText.a(t)) in \(box): try every way to place one digit throughout the board."
    }

    func patternHint(_ t: Technique) -> String {
        let ways = "every way to place all nine \(digit)s, one in each row, column and box, in cells that can hold it"
        if !common.isEmpty {
            return "Digit \(digit): \(ways), passes through \(HintText.cells(common))."
        }
        return "Digit \(digit): no way to place all nine \(digit)s, one in each row, column and box, in cells "
            + "that can hold it, passes through \(HintText.cells(unused))."
    }

    func argumentHint(_ t: Technique) -> String {
        var s =
            "The solution's nine \(digit)s lie one in each row, column and box, each in a cell that holds \(digit) "
            + "or can: they form one of the ways to place all nine that fit the board. "
        if !common.isEmpty {
            s += "Every one of those ways passes through \(HintText.cells(common))."
        } else {
            s += "None of those ways passes through \(HintText.cells(unused))."
        }
        return s
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.mark([digit], in: common, on: board)
        m.mark([digit], in: unused, .secondary, on: board)
    }
}
