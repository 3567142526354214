// Offers: `UniqueRectangleTypes5And6`, the unique rectangles whose roof is
// not one side of the rectangle (type 5) or whose argument takes an X-Wing of
// one of its digits (type 6).

import SudokuCore

/// Unique rectangle types 5 and 6 (HoDoKu's uniqueness tests 5 and 6). As for
/// `UniqueRectangle`, the four corners (two rows, two columns, two boxes, none
/// a given) cannot all take digits of {a,b} in the unique solution, whatever
/// the candidates, so a corner may have lost a or b.
///
/// Type 5: two diagonal corners, or three corners, hold a, b (or one of them)
/// and exactly one digit c besides, the same c; the other corners are exactly
/// {a,b}. One of the corners with c is c (if none were, all four would take a
/// or b), so every cell seeing all of them loses c.
///
/// Type 6: two diagonal corners are exactly {a,b}, and a digit x of the pair
/// lies, in both rows of the rectangle (or in both columns), only in the
/// rectangle's cells: an X-Wing. Then x is in the two {a,b} corners, not in
/// the other two: were one of those x, the {a,b} corners beside it would be
/// the other digit y, and x's last place in the other row (or column) would be
/// the fourth corner, so all four would take x and y. The two other corners
/// lose x.
public struct UniqueRectangleTypes5And6: Rung {
    public init() {}
    public var id: String { "unique-rectangles-5-6" }
    public var techniques: [Technique] { [.uniqueRectangleType5, .uniqueRectangleType6] }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        let rectangles = Rectangles.withBivalueCorner(board)
        for missing in [false, true] {
            for r in rectangles where r.missing == missing {
                if let found = typeFive(board, r.rect, r.ab) { return found }
            }
        }
        for missing in [false, true] {
            for r in rectangles where r.missing == missing {
                if let found = typeSix(board, r.rect, r.ab) { return found }
            }
        }
        return nil
    }

    func make(
        _ technique: Technique, type: Int, _ eliminations: [Candidate], rect: [Int], digits: [Int], roof: [Int],
        extra: [Int], house: Int?
    ) -> Step? {
        guard !eliminations.isEmpty else { return nil }
        return Step(
            technique: technique, eliminations: eliminations,
            pattern: .rectangle(
                type: type, cells: rect.map(Cell.init(index:)), digits: digits, roof: roof.map(Cell.init(index:)),
                extra: extra, house: house.map(Houses.house), subset: []))
    }

    func typeFive(_ board: Board, _ rect: [Int], _ ab: UInt16) -> Step? {
        let roof = rect.filter { board.masks[$0] != ab }
        guard roof.count == 2 || roof.count == 3 else { return nil }
        // Two roof cells in one row or column are type 2's.
        if roof.count == 2, roof[0] / 9 == roof[1] / 9 || roof[0] % 9 == roof[1] % 9 { return nil }
        let extra = board.masks[roof[0]] & ~ab
        guard extra.nonzeroBitCount == 1, roof.allSatisfy({ board.masks[$0] & ~ab == extra }) else { return nil }
        let c = extra.trailingZeroBitCount + 1
        var seen = board.planes[c - 1] - CellSet(indices: rect)
        for r in roof { seen &= Houses.peers[r] }
        return make(
            .uniqueRectangleType5, type: 5, seen.map { Candidate(index: $0, digit: c) }, rect: rect,
            digits: DigitMask.digits(ab), roof: roof, extra: [c], house: nil)
    }

    func typeSix(_ board: Board, _ rect: [Int], _ ab: UInt16) -> Step? {
        // Corners r1c1, r1c2, r2c1, r2c2: the floor is one diagonal, the roof the other.
        let diagonals = [[rect[0], rect[3]], [rect[1], rect[2]]]
        for (floor, roof) in [(diagonals[0], diagonals[1]), (diagonals[1], diagonals[0])] {
            guard floor.allSatisfy({ board.masks[$0] == ab }), roof.allSatisfy({ board.masks[$0] != ab }) else {
                continue
            }
            let rectSet = CellSet(indices: rect)
            let digits = DigitMask.digits(ab)
            for x in digits {
                let plane = board.planes[x - 1]
                let rows = [rect[0] / 9, rect[3] / 9], columns = [9 + rect[0] % 9, 9 + rect[3] % 9]
                for lines in [rows, columns] where lines.allSatisfy({ (plane & Houses.cells[$0] - rectSet).isEmpty }) {
                    let eliminations = roof.filter { board.masks[$0] & DigitMask.bit(x) != 0 }.map {
                        Candidate(index: $0, digit: x)
                    }
                    // The digit the X-Wing is on comes first.
                    if let found = make(
                        .uniqueRectangleType6, type: 6, eliminations, rect: rect,
                        digits: [x] + digits.filter { $0 != x }, roof: roof, extra: [], house: lines[0])
                    {
                        return found
                    }
                }
            }
        }
        return nil
    }
}
