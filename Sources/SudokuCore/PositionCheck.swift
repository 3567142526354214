// Offers: `PositionProblem` and `PositionProblem.find`, a player's position
// checked against the puzzle's unique solution before any hint is built on it:
// wrong entries first (`r3c5 is not 4`, with the cells that directly clash
// with it), then pencil marks that lost a digit a cell needs.

import Basics

/// Something wrong in a player's position.
public struct PositionProblem: Sendable, Hashable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable {
        /// The player entered `digit` in `cell`, and the solution has another digit there.
        case wrongEntry = "wrong-entry"
        /// The pencil marks of `cell` lack `digit`, which the solution puts there.
        case lostCandidate = "lost-candidate"
    }

    public var kind: Kind
    public var cell: Cell
    public var digit: Int
    /// For a wrong entry: the cells of the same row, column or box that hold
    /// `digit` too (a direct conflict), with the house they share.
    public var conflicts: [(cell: Cell, house: House)]

    public static func == (a: PositionProblem, b: PositionProblem) -> Bool {
        a.kind == b.kind && a.cell == b.cell && a.digit == b.digit
            && a.conflicts.map(\.cell) == b.conflicts.map(\.cell)
            && a.conflicts.map(\.house) == b.conflicts.map(\.house)
    }
    public func hash(into h: inout Hasher) {
        h.combine(kind)
        h.combine(cell)
        h.combine(digit)
    }

    /// `r3c5 is not 4 (r3c8 in row 3 holds 4 too)`, `r2c3 needs the candidate 7 back`.
    public var description: String {
        switch kind {
        case .wrongEntry:
            guard !conflicts.isEmpty else { return "\(cell) is not \(digit)" }
            let who = conflicts.map { "\($0.cell) in \($0.house)" }
            return "\(cell) is not \(digit) (\(ProseText.list(who)) \(who.count == 1 ? "holds" : "hold") \(digit) too)"
        case .lostCandidate:
            return "\(cell) needs the candidate \(digit) back"
        }
    }

    /// The problems of a position: wrong entries in cell order; only when there
    /// are none, the pencil marks (`marks`, 81 masks; nil when the player gave
    /// none) that lack the solution's digit of an empty cell.
    public static func find(puzzle: Grid, entries: Grid?, marks: [UInt16]?, solution: Grid) -> [PositionProblem] {
        var filled = puzzle.cells.map { $0 <= 9 ? $0 : 0 }
        var entered: [Int] = []
        if let entries {
            for i in 0..<81 where filled[i] == 0 && (1...9).contains(entries.cells[i]) {
                filled[i] = entries.cells[i]
                entered.append(i)
            }
        }
        var problems: [PositionProblem] = []
        for i in entered where filled[i] != solution.cells[i] {
            let d = filled[i]
            var conflicts: [(Cell, House)] = []
            let cell = Cell(index: i)
            for j in 0..<81 where j != i && filled[j] == d {
                let other = Cell(index: j)
                // The house both lie in, preferring the row, then the column, then the box.
                if other.row == cell.row {
                    conflicts.append((other, .row(cell.row)))
                } else if other.column == cell.column {
                    conflicts.append((other, .column(cell.column)))
                } else if other.box == cell.box {
                    conflicts.append((other, .box(cell.box)))
                }
            }
            problems.append(
                PositionProblem(
                    kind: .wrongEntry, cell: Cell(index: i), digit: Int(d),
                    conflicts: conflicts.map { (cell: $0.0, house: $0.1) }))
        }
        guard problems.isEmpty, let marks else { return problems }
        for i in 0..<81 where filled[i] == 0 && marks[i] & (1 << UInt16(solution.cells[i] - 1)) == 0 {
            problems.append(
                PositionProblem(
                    kind: .lostCandidate, cell: Cell(index: i), digit: Int(solution.cells[i]), conflicts: []))
        }
        return problems
    }

    /// The problem as JSON: `kind`, `row`, `col`, `digit`, `conflicts` ({"row","col","house"}), `text`.
    public var json: String {
        JSONText.object([
            ("kind", JSONText.quoted(kind.rawValue)), ("row", String(cell.row + 1)), ("col", String(cell.column + 1)),
            ("digit", String(digit)),
            (
                "conflicts",
                JSONText.array(
                    conflicts.map {
                        JSONText.object([
                            ("row", String($0.cell.row + 1)), ("col", String($0.cell.column + 1)),
                            ("house", $0.house.json),
                        ])
                    })
            ),
            ("text", JSONText.quoted(description)),
        ])
    }
}
