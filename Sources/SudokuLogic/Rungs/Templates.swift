// Offers: `Templates`: template set and template delete, from every way to
// place all nine of a digit that the board allows.

import SudokuCore

/// Templates of one digit (HoDoKu's "Template Set" and "Template Delete"): a
/// template is nine cells, one in each row, column and box, each holding the
/// digit or a candidate of it (a row where the digit is placed takes that
/// cell). The solution's nine cells of the digit are one of them. A cell
/// every template uses holds the digit (template set); a candidate no template
/// uses is removed (template delete). Digits 1 to 9, sets before deletes.
/// The templates are enumerated row by row with column and box masks (at most
/// 46,656, on an empty board), keeping only their union and intersection.
public struct Templates: EnumeratingRung {
    public init() {}
    public var id: String { "templates" }
    public var techniques: [Technique] { [.templateSet, .templateDelete] }

    /// The union and intersection of one digit's templates, and how many there are.
    struct Span {
        var union = CellSet()
        var common = CellSet.all
        var count = 0
    }

    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        var spans: [Span?] = Array(repeating: nil, count: 9)
        for d in 1...9 {
            let plane = board.planes[d - 1]
            guard !plane.isEmpty else { continue }
            let span = Self.span(of: d, on: board)
            spans[d - 1] = span
            guard span.count > 0 else { continue }
            let set = span.common & plane
            guard !set.isEmpty else { continue }
            let step = Step(
                technique: .templateSet, placements: set.map { Candidate(index: $0, digit: d) },
                pattern: .template(digit: d, templates: span.count, common: set.cells, unused: []))
            if visit(step) { return }
        }
        for d in 1...9 {
            guard let span = spans[d - 1], span.count > 0 else { continue }
            let unused = board.planes[d - 1] - span.union
            guard !unused.isEmpty else { continue }
            let step = Step(
                technique: .templateDelete, eliminations: unused.map { Candidate(index: $0, digit: d) },
                pattern: .template(digit: d, templates: span.count, common: [], unused: unused.cells))
            if visit(step) { return }
        }
    }

    /// Every template of digit `d` on `board`: their union, intersection and number.
    static func span(of d: Int, on board: Board) -> Span {
        // Per row, the columns the digit may take there.
        var rows = [UInt16](repeating: 0, count: 9)
        let plane = board.planes[d - 1]
        for i in plane { rows[i / 9] |= 1 << UInt16(i % 9) }
        for i in 0..<81 where board.value(at: Cell(index: i)) == d { rows[i / 9] = 1 << UInt16(i % 9) }
        var span = Span()
        rows.withUnsafeBufferPointer { rows in
            var path = CellSet()
            place(row: 0, columns: 0, boxes: 0, path: &path, rows: rows, span: &span)
        }
        return span
    }

    private static func place(
        row r: Int, columns: UInt16, boxes: UInt16, path: inout CellSet, rows: UnsafeBufferPointer<UInt16>,
        span: inout Span
    ) {
        if r == 9 {
            span.union |= path
            span.common &= path
            span.count += 1
            return
        }
        var free = rows[r] & ~columns
        while free != 0 {
            let c = free.trailingZeroBitCount
            free &= free &- 1
            let box: UInt16 = 1 << UInt16((r / 3) * 3 + c / 3)
            guard boxes & box == 0 else { continue }
            let i = r * 9 + c
            path.insert(i)
            place(
                row: r + 1, columns: columns | (1 << UInt16(c)), boxes: boxes | box, path: &path, rows: rows,
                span: &span)
            path.remove(i)
        }
    }
}
