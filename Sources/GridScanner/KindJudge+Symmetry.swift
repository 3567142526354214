// Offers: `KindJudge.puzzleKinds`, which settles the kinds of the cells a
// played photo leaves in doubt (printed given or player's entry) when only one
// choice of kinds gives a printed puzzle that is symmetric under a half turn and
// has exactly one solution.

import SudokuCore

extension KindJudge {
    /// The most cells in doubt `puzzleKinds` tries the kinds of (2^n
    /// choices, each a count of solutions). No measurement recorded: the
    /// training photos have at most 4 cells of doubted kind on a board the
    /// readers otherwise prove.
    static let mostSettledCells = 4

    /// The only kinds for the cells in `doubtful` (printed or handwritten,
    /// each in doubt) that give a printed puzzle symmetric under a half turn
    /// with exactly one solution, or nil when no choice or several do. The
    /// choice is a bit set: bit n set when `doubtful[n]` is printed.
    ///
    /// `puzzle` is the printed puzzle as read, `entries` the player's entries
    /// as read; a doubtful cell holds its digit in one of them and keeps that
    /// digit either way (nil when one holds none). The kinds read are settled when they are the choice
    /// returned. A puzzle printed without that symmetry is never settled (no
    /// symmetric choice has its printed cells), and neither is a cell and its
    /// mirror cell both in doubt when both ways give one solution, nor the
    /// centre cell when the puzzle has one solution without it.
    ///
    /// Why symmetry may decide: of the 63 distinct puzzles of the 160 training
    /// newspaper photos, 40 are symmetric and the other 23 miss the symmetry
    /// by 4 to 52 cells (21 of them by 24 or more), so a misread kind or two
    /// does not make an asymmetric puzzle look symmetric; and on a symmetric
    /// puzzle a given read as an entry leaves its mirror cell printed, which
    /// no symmetric choice allows.
    func puzzleKinds(puzzle: [UInt8], entries: [UInt8], doubtful: [Int]) -> Int? {
        guard puzzle.count == 81, entries.count == 81, !doubtful.isEmpty,
            doubtful.count <= Self.mostSettledCells
        else { return nil }
        // A cell whose digit was not read cannot be tried as a given.
        let digits = doubtful.map { max(puzzle[$0], entries[$0]) }
        guard !digits.contains(0) else { return nil }
        var base = puzzle
        for i in doubtful { base[i] = 0 }
        var found: Int?
        for choice in 0..<(1 << doubtful.count) {
            var board = base
            for n in doubtful.indices where choice & (1 << n) != 0 { board[doubtful[n]] = digits[n] }
            guard Self.symmetric(board), let grid = try? Grid(cells: board),
                Solver.countSolutions(grid, limit: 2) == 1
            else { continue }
            if found != nil { return nil }
            found = choice
        }
        return found
    }

    /// Whether a board's filled cells are symmetric under a half turn.
    static func symmetric(_ board: [UInt8]) -> Bool {
        (0..<81).allSatisfy { (board[$0] != 0) == (board[80 - $0] != 0) }
    }
}
