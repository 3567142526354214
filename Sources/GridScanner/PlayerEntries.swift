// Offers: `PlayerEntries.check`, the player's entries against the proven
// solution (SudokuCore's `PositionProblem`): which are wrong, and which cells
// each wrong one clashes with, and which doubtful ones clash (cells to look at).

import SudokuCore

enum PlayerEntries {
    /// The entries (81 values, 0 where none) that differ from `solution`,
    /// leaving out the `doubtful` ones (an entry not read confidently is never
    /// called a mistake), each with the cells of its houses that hold the same
    /// digit as a given or another entry.
    ///
    /// An entry unlike the solution whose reading also found the solution's
    /// digit plausible (`plausible`: per entry, the digits it may be), or that
    /// no second reader confirmed (`confirmed`, nil: all are), is not a
    /// mistake but a doubt: it is returned in `doubtful`, not `wrong`.
    ///
    /// A doubtful entry (either kind) unlike the solution whose digit as read
    /// repeats in its row, column or box, as a given or another entry, is
    /// returned in `clashes`: a cell for the player to look at, since either
    /// the reading or the entry is wrong, and nearly always the reading.
    static func check(
        entries: [UInt8], doubtful: Set<Int>, plausible: [Int: [Int]] = [:], confirmed: Set<Int>? = nil,
        puzzle: [UInt8], solution: [UInt8]
    )
        -> (wrong: [Cell], conflicts: [(entry: Cell, with: [Cell])], doubtful: [Int], clashes: [DoubtfulClash])
    {
        var sure = entries
        var doubts: [Int] = []
        for i in 0..<81
        where entries[i] != 0 && !doubtful.contains(i) && entries[i] != solution[i]
            && ((plausible[i] ?? []).contains(Int(solution[i])) || !(confirmed?.contains(i) ?? true))
        {
            doubts.append(i)
        }
        for i in doubtful.union(doubts) { sure[i] = 0 }
        var clashes: [DoubtfulClash] = []
        for i in doubtful.union(doubts).sorted() where entries[i] != 0 && entries[i] != solution[i] {
            let cell = Cell(index: i), d = entries[i]
            let with = Cell.all.filter { c in
                c != cell && (c.row == cell.row || c.column == cell.column || c.box == cell.box)
                    && (puzzle[c.index] == d || entries[c.index] == d)
            }
            if !with.isEmpty { clashes.append(DoubtfulClash(cell: cell, digit: Int(d), with: with)) }
        }
        guard let position = try? Grid(cells: sure), let givens = try? Grid(cells: puzzle),
            let solved = try? Grid(cells: solution)
        else { return ([], [], doubts, clashes) }
        let problems = PositionProblem.find(puzzle: givens, entries: position, marks: nil, solution: solved)
            .filter { $0.kind == .wrongEntry }
        return (
            problems.map(\.cell),
            problems.filter { !$0.conflicts.isEmpty }.map { ($0.cell, $0.conflicts.map(\.cell)) }, doubts, clashes
        )
    }
}
