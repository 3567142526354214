// Offers: `SueDeCoqPattern`, Sue de Coq's family: its summary, facts, JSON,
// hint templates and marks.

import SudokuCore

/// Sue de Coq: `intersection` (two or three cells of `box` and `line`) with
/// `lineCells` in the rest of the line and `boxCells` in the rest of the box.
struct SueDeCoqPattern: PatternFamily {
    var box: House
    var line: House
    var intersection: [Cell]
    var lineCells: [Cell]
    var boxCells: [Cell]

    func summary(_ technique: Technique) -> String {
        "\(technique.name) in \(box) and \(line) at \(Text.cells(intersection))"
    }

    func addFacts(to f: inout StepFacts) {
        f.houses.formUnion([box, line])
        f.add(intersection + lineCells + boxCells)
    }

    var json: String {
        JSONValue.object(
            "sue-de-coq",
            [
                ("box", JSONValue.house(box)), ("line", JSONValue.house(line)),
                ("intersection", JSONValue.cells(intersection)),
                ("line_cells", JSONValue.cells(lineCells)), ("box_cells", JSONValue.cells(boxCells)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String { "Look for a Sue de Coq where \(box) meets \(line)." }

    func patternHint(_ t: Technique) -> String {
        "Look at \(HintText.cells(intersection)) with \(HintText.cells(lineCells)) and \(HintText.cells(boxCells))."
    }

    func argumentHint(_ t: Technique) -> String {
        "The cells \(HintText.cells(intersection)) (where \(box) meets \(line)), \(HintText.cells(lineCells)) in "
            + "\(line) and \(HintText.cells(boxCells)) in \(box) hold exactly as many digits as cells, and the line "
            + "part and the box part share none, so each digit is placed once among them: the line's digits leave "
            + "the rest of \(line), the box's digits the rest of \(box)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.house(box)
        m.house(line, .cover)
        m.fill(lineCells, set: 1)
        m.fill(boxCells, set: 2)
        m.outline(intersection)
    }
}
