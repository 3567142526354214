// Offers: `RatingPath`, what the rating reads off the ladder's solving path:
// for each step, its technique and how many placements of the simplest kinds
// were open at that moment (hidden singles a box shows, those only a row or a
// column shows, naked singles); and the number of empty cells. Pelánek's model
// of human solving ("Difficulty rating of Sudoku puzzles by a computational
// model", 2011) rests on the same two things: how hard each step is to find
// (a position with twelve open singles is found at a glance, one with a single
// hidden in a column is not) and how many steps there are.

import SudokuCore
import SudokuLogic

/// The steps of a solving path with the choice each one was made from.
public struct RatingPath: Sendable, Hashable {
    /// One step and the position it was found in.
    public struct Moment: Sendable, Hashable {
        public var technique: Technique
        /// Empty cells before the step.
        public var emptyCells: Int
        /// Empty cells a hidden single in their box would fill (a box's last cell among them).
        public var boxSingles: Int
        /// Empty cells a hidden single of a row or column would fill, none of a box.
        public var lineSingles: Int
        /// Empty cells with one candidate left that no hidden single fills.
        public var nakedSingles: Int

        /// Every placement of the simplest kinds open at this moment.
        public var openSingles: Int { boxSingles + lineSingles + nakedSingles }
    }

    public var emptyCells: Int
    public var moments: [Moment]

    /// The path of `puzzle` whose steps found `moments` open (as `Ladder.solve`
    /// observed them).
    public init(puzzle: Grid, moments: [Moment]) {
        emptyCells = puzzle.cells.filter { $0 == 0 || $0 > 9 }.count
        self.moments = moments
    }

    /// Replays `steps` from `puzzle`, counting before each step what was open.
    /// `puzzle` must be the grid the steps were found on (its givens valid).
    public init(puzzle: Grid, steps: [Step]) {
        emptyCells = puzzle.cells.filter { $0 == 0 || $0 > 9 }.count
        moments = []
        moments.reserveCapacity(steps.count)
        guard
            var board = try? Board(
                values: puzzle.cells.map { $0 <= 9 ? $0 : 0 }, masks: nil, givens: CellSet(), uniqueness: .notProven)
        else { return }
        for step in steps {
            moments.append(Self.moment(step.technique, on: board))
            board.apply(step)
        }
    }

    /// What was open before a step on `board`. Each digit's candidates are
    /// taken a row word at a time (bit c for column c): a row word with one
    /// bit is a row's single; a column bit set in one row word only, a
    /// column's; a box whose three columns in its band hold the digit in one
    /// column of one row only, a box's. Gathered per cell over the nine
    /// digits, as counting the houses one at a time would (`RatingTests`
    /// checks every position of several paths against that count).
    static func moment(_ technique: Technique, on board: Board) -> Moment {
        var w = InlineArray<9, UInt16>(repeating: 0)
        var box = InlineArray<9, UInt16>(repeating: 0), line = InlineArray<9, UInt16>(repeating: 0)
        var once = InlineArray<9, UInt16>(repeating: 0), twice = InlineArray<9, UInt16>(repeating: 0)
        for d in 1...9 {
            let plane = board.cells(for: d)
            for r in 0..<9 { w[r] = plane.rowWord(r) }
            var columnOnce: UInt16 = 0, columnTwice: UInt16 = 0
            for r in 0..<9 {
                columnTwice |= columnOnce & w[r]
                columnOnce |= w[r]
            }
            let columnSingles = columnOnce & ~columnTwice
            for r in 0..<9 {
                let row = w[r]
                twice[r] |= once[r] & row
                once[r] |= row
                line[r] |= (row & (row &- 1) == 0 ? row : 0) | (row & columnSingles)
            }
            for band in 0..<3 {
                let (a, b, c) = (w[3 * band], w[3 * band + 1], w[3 * band + 2])
                let some = a | b | c, several = (a & b) | (a & c) | (b & c)
                for stack in 0..<3 {
                    let m = some & (0x7 << UInt16(3 * stack))
                    guard m != 0, m & (m &- 1) == 0, several & m == 0 else { continue }
                    box[3 * band] |= a & m
                    box[3 * band + 1] |= b & m
                    box[3 * band + 2] |= c & m
                }
            }
        }
        var boxSingles = 0, lineSingles = 0, nakedSingles = 0
        for r in 0..<9 {
            boxSingles += box[r].nonzeroBitCount
            lineSingles += (line[r] & ~box[r]).nonzeroBitCount
            nakedSingles += (once[r] & ~twice[r] & ~box[r] & ~line[r]).nonzeroBitCount
        }
        return Moment(
            technique: technique, emptyCells: board.unsolved.count, boxSingles: boxSingles,
            lineSingles: lineSingles, nakedSingles: nakedSingles)
    }
}
