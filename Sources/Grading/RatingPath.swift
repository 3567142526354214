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

    /// The nine cells of each house: rows 0...8, columns 9...17, boxes 18...26.
    static let houses: [CellSet] = House.all.map { CellSet($0.cells) }

    static func moment(_ technique: Technique, on board: Board) -> Moment {
        var box = CellSet()
        var line = CellSet()
        var once = CellSet()
        var twice = CellSet()
        houses.withUnsafeBufferPointer { houses in
            for d in 1...9 {
                let plane = board.cells(for: d)
                twice |= once & plane
                once |= plane
                for h in 0..<27 {
                    let places = plane & houses[h]
                    guard places.count == 1 else { continue }
                    if h >= 18 { box |= places } else { line |= places }
                }
            }
        }
        line -= box
        let naked = once - twice - box - line
        return Moment(
            technique: technique, emptyCells: board.unsolved.count, boxSingles: box.count, lineSingles: line.count,
            nakedSingles: naked.count)
    }
}
