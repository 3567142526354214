// The hint picture of a Siamese fish (two finned fish in one step): both
// fishes' base and cover lines, every fin of either drawn as a fin, both
// eliminations struck out, each part's candidates once.

import BoardLayout
import BoardRendering
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@Suite(.tags(.small)) struct DualHintPictureTests {
    /// The first Siamese X-Wing position of Fixtures/positions/fish.txt.
    static let values = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
    static let marks = """
         4     12569 1256789 | 5789  3     15789  | 259   2567   25679
         1237  12359 12579   | 6     12479 14579  | 8     2357   234579
         23678 23569 256789  | 45789 24789 45789  | 23459 23567  1
         1236  2346  1246    | 3478  5     34678  | 234   9      23478
         123   8     12459   | 3479  1479  3479   | 6     2357   23457
         136   7     14569   | 2     14689 134689 | 1345  1358   3458
         68    46    468     | 1     4689  2      | 7     3568   35689
         5     126   3       | 789   6789  6789   | 129   4      2689
         9     1246  124678  | 34578 4678  345678 | 1235  123568 23568
        """

    @Test func aSiameseFishDrawsBothFishes() throws {
        let board = try Board(candidates: Self.marks, puzzle: grid(Self.values))
        let step = try #require(Ladder.standard.rungs.first { $0.id == "finned-fish-2" }?.step(on: board))
        #expect(step.technique == .siameseFinnedXWing)
        let marks = HintMarks(step: step, board: board)
        let base = Set(marks.houses.filter { $0.role == "house base" }.map(\.item))
        let cover = Set(marks.houses.filter { $0.role == "house cover" }.map(\.item))
        #expect(base == [.row(3), .row(4)])
        #expect(cover == [.column(0), .column(2), .column(4)])
        // Each candidate once; the fins of both fishes (columns 1 and 3 in box 4) as fins.
        #expect(Set(marks.candidates.map(\.item)).count == marks.candidates.count)
        let fins = Set(marks.candidates.filter { $0.role == "fin" }.map(\.item.cell))
        #expect(fins == [cell("r4c1"), cell("r5c1"), cell("r4c3"), cell("r5c3")])
        #expect(Set(marks.eliminations) == [Candidate(cell("r6c1"), 1), Candidate(cell("r6c3"), 1)])
    }
}
