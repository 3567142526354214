// Offers: `EmptyRectanglePattern`, the empty rectangle's family: its summary,
// facts, JSON, hint templates and marks.

import SudokuCore

/// An empty rectangle: `digit` in `box` lies only in `row` and `column`
/// (`cells`), and `link` is a strong link whose far end gives the elimination.
struct EmptyRectanglePattern: PatternFamily {
    var digit: Int
    var box: House
    var row: House
    var column: House
    var cells: [Cell]
    var link: ChainLink

    func summary(_ technique: Technique) -> String {
        "\(technique.name) on \(digit) in \(box) (\(row), \(column)) with \(Text.chain([link], singleDigit: true))"
    }

    /// As a dual empty rectangle's part: the box both parts share, then this part's lines and link.
    func partSummary(_ t: Technique) -> String {
        "on \(digit) in \(box): (\(row), \(column)) with \(Text.chain([link], singleDigit: true))"
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.houses.formUnion([box, row, column])
        f.add(cells)
        f.add(link)
    }

    var json: String {
        JSONValue.object(
            "empty-rectangle",
            [
                ("digit", String(digit)), ("box", JSONValue.house(box)), ("row", JSONValue.house(row)),
                ("column", JSONValue.house(column)), ("cells", JSONValue.cells(cells)),
                ("link", JSONValue.link(link)),
            ])
    }

    func nudgeHint(_ t: Technique) -> String { "Look for an empty rectangle in \(box)." }

    func patternHint(_ t: Technique) -> String {
        "In \(box), digit \(digit) lies only in \(row) and \(column) (\(HintText.cells(cells))); "
            + "\(link.from.cells[0]) and \(link.to.cells[0]) are the only places of \(digit) in "
            + "\(link.house?.description ?? "their house")."
    }

    func argumentHint(_ t: Technique) -> String {
        let x = link.from.cells[0], y = link.to.cells[0]
        let rowIndex: Int = if case let .row(r) = row { r } else { -1 }
        return
            "In \(box), digit \(digit) lies only in \(row) and \(column). If \(x) is \(digit), the \(digit) of "
            + "\(box) is not in \(x.row == rowIndex ? row.description : column.description), so it is in "
            + "\(x.row == rowIndex ? column.description : row.description); if \(x) is not \(digit), \(y) is "
            + "(the only other place in \(link.house?.description ?? "its house")). Either way the cell where "
            + "\(x.row == rowIndex ? column.description : row.description) meets the line of \(y) cannot be "
            + "\(digit)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.house(box)
        m.house(row, .cover)
        m.house(column, .cover)
        m.mark([digit], in: cells, on: board)
        m.node(link.from, .secondary, on: board)
        m.node(link.to, .secondary, on: board)
        m.link(link)
    }
}
