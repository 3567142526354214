// Offers: `AvoidableRectangle` (types 1 and 2), the deadly pattern among
// corners that were solved, not given.

import SudokuCore

/// Avoidable rectangle: four cells in two rows, two columns and two boxes,
/// none of them a given, cannot end as x, y, y, x (opposite corners equal) in
/// the unique solution: swapping x and y in them would give a second solution
/// of the givens. Digits placed since the givens count as cells of that
/// pattern, which is what sets it apart from a unique rectangle (whose
/// corners are all empty). Needs a proven unique puzzle.
///
/// Type 1: three corners are solved (not given), the two beside the empty
/// corner holding y and the one opposite it x. The empty corner loses x.
/// Type 2: two corners in one row or column are solved (not given) as x and y,
/// and the empty corners across from them are exactly {y,c} and {x,c}, each
/// with the digit its partner holds and the same c. One of them is c (if
/// neither were, the four cells would be x, y, y, x), so every cell seeing
/// both loses c.
public struct AvoidableRectangle: Rung {
    public init() {}
    public var id: String { "avoidable-rectangles" }
    public var techniques: [Technique] { [.avoidableRectangleType1, .avoidableRectangleType2] }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        for type in 1...2 {
            for rect in Rectangles.all where rect.allSatisfy({ !board.givens.contains($0) }) {
                // Counted first: the empty corners' list is made only for the type's count.
                guard rect.reduce(0, { $0 + (board.unsolved.contains($1) ? 1 : 0) }) == type else { continue }
                let empty = rect.filter { board.unsolved.contains($0) }
                if type == 1, let found = typeOne(board, rect, empty[0]) { return found }
                if type == 2, let found = typeTwo(board, rect, empty) { return found }
            }
        }
        return nil
    }

    /// The corner opposite `cell` in `rect` (corners r1c1, r1c2, r2c1, r2c2).
    func opposite(_ rect: [Int], _ cell: Int) -> Int { rect[3 - rect.firstIndex(of: cell)!] }

    func typeOne(_ board: Board, _ rect: [Int], _ cell: Int) -> Step? {
        let across = opposite(rect, cell)
        let beside = rect.filter { $0 != cell && $0 != across }
        let x = Int(board.values[across]), y = Int(board.values[beside[0]])
        guard board.values[beside[1]] == board.values[beside[0]], board.masks[cell] & DigitMask.bit(x) != 0 else {
            return nil
        }
        return Step(
            technique: .avoidableRectangleType1, eliminations: [Candidate(index: cell, digit: x)],
            pattern: .rectangle(
                type: 1, cells: rect.map(Cell.init(index:)), digits: [x, y].sorted(), roof: [Cell(index: cell)],
                extra: [], house: nil, subset: []))
    }

    func typeTwo(_ board: Board, _ rect: [Int], _ empty: [Int]) -> Step? {
        // The empty corners side by side (one row or column), not opposite.
        guard empty[0] / 9 == empty[1] / 9 || empty[0] % 9 == empty[1] % 9 else { return nil }
        // Each empty corner would take the digit of the solved corner opposite it.
        let wants = empty.map { DigitMask.bit(Int(board.values[opposite(rect, $0)])) }
        let extra = board.masks[empty[0]] & ~wants[0]
        guard extra.nonzeroBitCount == 1, board.masks[empty[1]] & ~wants[1] == extra,
            board.masks[empty[0]] & wants[0] != 0, board.masks[empty[1]] & wants[1] != 0
        else { return nil }
        let c = extra.trailingZeroBitCount + 1
        let eliminations = StrongLinks.seenByBoth(board, digit: c, empty[0], empty[1], exclude: CellSet(indices: rect))
        guard !eliminations.isEmpty else { return nil }
        return Step(
            technique: .avoidableRectangleType2, eliminations: eliminations,
            pattern: .rectangle(
                type: 2, cells: rect.map(Cell.init(index:)), digits: DigitMask.digits(wants[0] | wants[1]),
                roof: empty.map(Cell.init(index:)), extra: [c], house: nil, subset: []))
    }
}
