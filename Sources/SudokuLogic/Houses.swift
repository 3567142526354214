// Offers: `Houses`, the fixed layout of the board as cell sets: the 27 houses
// (indices 0...8 rows, 9...17 columns, 18...26 boxes, the order of
// `House.all`), each cell's 20 peers, and the 54 box-line intersections.
// Built once; every table is a `let` global, read-only and shared by all threads.

import SudokuCore

package enum Houses {
    /// The nine cells of each house, indexed as `House.all`.
    static let cells: [CellSet] = House.all.map { CellSet($0.cells) }

    /// The houses of each cell: row, 9 + column, 18 + box.
    static let ofCell: [(row: Int, column: Int, box: Int)] = (0..<81).map { i in
        (i / 9, 9 + i % 9, 18 + (i / 27) * 3 + (i % 9) / 3)
    }

    /// For each cell, the 20 cells sharing a house with it (not itself).
    static let peers: [CellSet] = (0..<81).map { i in
        let h = ofCell[i]
        var s = cells[h.row] | cells[h.column] | cells[h.box]
        s.remove(i)
        return s
    }

    /// The cells of house `index` in house order (row-major for a box).
    static let members: [[Int]] = House.all.map { $0.cells.map(\.index) }

    /// The `House` value of index `h`.
    static func house(_ h: Int) -> House { House.all[h] }

    /// The index of `house` in `House.all`.
    package static func index(_ house: House) -> Int {
        switch house {
        case let .row(r): return r
        case let .column(c): return 9 + c
        case let .box(b): return 18 + b
        }
    }

    /// A box and a line (row or column) through it: their three common cells.
    struct Intersection {
        var box: Int
        var line: Int
        var cells: CellSet
        /// The box's cells outside the line.
        var boxRest: CellSet
        /// The line's cells outside the box.
        var lineRest: CellSet
    }

    /// The 54 box-line intersections: for each box, its three rows then its three columns.
    static let intersections: [Intersection] = (0..<9).flatMap { b -> [Intersection] in
        let box = 18 + b
        let rows = (0..<3).map { (b / 3) * 3 + $0 }
        let columns = (0..<3).map { 9 + (b % 3) * 3 + $0 }
        return (rows + columns).map { line in
            let common = cells[box] & cells[line]
            return Intersection(
                box: box, line: line, cells: common, boxRest: cells[box] - common,
                lineRest: cells[line] - common)
        }
    }

    /// For each house, the indices (into `intersections`) of the intersections
    /// it takes part in: three for a line, six for a box.
    static let intersectionsOf: [[Int]] = (0..<27).map { h in
        intersections.indices.filter { intersections[$0].box == h || intersections[$0].line == h }
    }

    /// The houses (up to two: a line and a box, or none) that hold every cell of
    /// `set` (at least two cells); a set of one cell lies in its three houses.
    static func holding(_ set: CellSet) -> [Int] {
        guard let first = set.first else { return [] }
        let h = ofCell[first]
        var out: [Int] = []
        for x in [h.row, h.column, h.box] where set.isSubset(of: cells[x]) { out.append(x) }
        return out
    }

    /// True when cells `a` and `b` (indices) share a house; false for a == b.
    @inline(__always) static func see(_ a: Int, _ b: Int) -> Bool { a != b && peers[a].contains(b) }

    /// The house both cells lie in, preferring a row, then a column, then the box; nil when none.
    static func common(_ a: Int, _ b: Int) -> Int? {
        let x = ofCell[a], y = ofCell[b]
        if x.row == y.row { return x.row }
        if x.column == y.column { return x.column }
        if x.box == y.box { return x.box }
        return nil
    }

    /// The houses every cell of `set` lies in, rows first, then columns, then boxes.
    static func containing(_ set: CellSet) -> [Int] {
        (0..<27).filter { set.isSubset(of: cells[$0]) }
    }
}
