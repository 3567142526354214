// Offers: `UniqueRectangle` (types 1 to 4) and `Rectangles`, the enumeration
// of the four-cell rectangles that span two boxes, shared with the hidden rectangle.

import SudokuCore

/// The rectangles a deadly pattern can take: two rows, two columns, two boxes,
/// all four cells empty. Corners in the order r1c1, r1c2, r2c1, r2c2.
enum Rectangles {
    static let all: [[Int]] = {
        var out: [[Int]] = []
        for r1 in 0..<9 {
            for r2 in (r1 + 1)..<9 {
                for c1 in 0..<9 {
                    for c2 in (c1 + 1)..<9 {
                        let sameBand = r1 / 3 == r2 / 3, sameStack = c1 / 3 == c2 / 3
                        guard sameBand != sameStack else { continue }
                        out.append([r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2])
                    }
                }
            }
        }
        return out
    }()

    /// The rectangles on `board` whose four corners are empty and share at
    /// least two candidates, with each pair {a,b} of shared digits (as a mask).
    static func candidates(_ board: Board) -> [(rect: [Int], ab: UInt16)] {
        var out: [(rect: [Int], ab: UInt16)] = []
        for rect in all {
            let common = board.masks[rect[0]] & board.masks[rect[1]] & board.masks[rect[2]] & board.masks[rect[3]]
            guard common.nonzeroBitCount >= 2 else { continue }  // a filled corner has mask 0
            let digits = DigitMask.digits(common)
            for i in 0..<digits.count {
                for j in (i + 1)..<digits.count {
                    out.append((rect, DigitMask.bit(digits[i]) | DigitMask.bit(digits[j])))
                }
            }
        }
        return out
    }

    /// The rectangles on `board` whose four corners are empty and of which one
    /// corner is exactly {a,b} while each other corner holds a or b or both, with
    /// that pair (as a mask) and whether a corner has lost one of the two digits
    /// (`missing`). A corner with a single candidate is left out: it is a naked
    /// single, for an earlier rung. The deadly pattern needs no candidates: the
    /// four cells, none of them a given, cannot all take a and b in the unique
    /// solution, since swapping the two digits in them would give another one.
    static func withBivalueCorner(_ board: Board) -> [(rect: [Int], ab: UInt16, missing: Bool)] {
        var out: [(rect: [Int], ab: UInt16, missing: Bool)] = []
        for rect in all {
            // The corners' masks in a vector: no array per rectangle.
            let m = SIMD4(board.masks[rect[0]], board.masks[rect[1]], board.masks[rect[2]], board.masks[rect[3]])
            // A filled corner has mask 0.
            guard (0..<4).allSatisfy({ m[$0].nonzeroBitCount >= 2 }) else { continue }
            for k in 0..<4 {
                let ab = m[k]
                // Each pair once, at the first corner that is exactly it.
                guard ab.nonzeroBitCount == 2, !(0..<k).contains(where: { m[$0] == ab }) else { continue }
                guard Swift.all(m & ab .!= 0) else { continue }
                out.append((rect, ab, !Swift.all(m & ab .== ab)))
            }
        }
        return out
    }
}

/// Unique rectangle: four empty cells in two rows, two columns and two boxes
/// that could all be {a,b} would let a and b swap, giving two solutions. The
/// puzzle has one (the board says it is proven), so the cells cannot all be
/// {a,b}. Type 1: three corners are exactly {a,b}, so the fourth loses a and b.
/// Type 2: the two other corners (the roof, in one row or column) are {a,b,c},
/// so one is c and cells seeing both lose c. Type 3: the roof's extra digits
/// form a naked subset with other cells of a house it lies in, whose digits
/// then leave the house's other cells; when the roof and the subset lie in two
/// houses (a box and a line), both houses' other cells lose them, in one step.
/// Type 4: a is confined to the roof in a house, so the roof cannot hold b.
/// Types are tried in order, 1 to 4, first on rectangles whose corners all
/// hold both digits, then on those where a corner has lost one of them.
///
/// A corner that lost a or b to earlier logic (a missing candidate) leaves the
/// argument whole: it rests on the givens, not on the candidates. In the unique
/// solution the four cells, none of them a given, do not all take digits of
/// {a,b} (if they did, row-mates and column-mates differing, opposite corners
/// would be equal and swapping a and b in the four cells would give a second
/// solution of the givens). Every type concludes from that alone, with the
/// floor (the corners that are exactly {a,b}) kept to cells of two candidates:
/// type 1, the roof is not a or b, so it loses whichever of them it holds;
/// type 2, a roof cell takes a digit outside {a,b}, and each roof cell's only
/// such digit is c, so one of them is c; type 3, one roof cell takes one of
/// the extra digits, so the roof acts as one cell holding them; type 4, one
/// roof cell is a (a's only places in the house), so if either were b both
/// roof cells, and with them all four corners, would take digits of {a,b}.
public struct UniqueRectangle: Rung {
    public init() {}
    public var id: String { "unique-rectangles" }
    public var techniques: [Technique] {
        [.uniqueRectangleType1, .uniqueRectangleType2, .uniqueRectangleType3, .uniqueRectangleType4]
    }

    public func step(on board: Board) -> Step? {
        guard board.uniqueness == .proven else { return nil }
        // Each rectangle's corners split once: the floor (exactly {a,b}) and the roof (more).
        let rectangles = Rectangles.withBivalueCorner(board).map { r in
            (
                rect: r.rect, ab: r.ab, missing: r.missing, floor: r.rect.filter { board.masks[$0] == r.ab },
                roof: r.rect.filter { board.masks[$0] != r.ab }
            )
        }
        for missing in [false, true] {
            for type in 1...4 {
                for r in rectangles where r.missing == missing {
                    // Types 2 to 4 need a roof of two cells in one line; type 1 a roof of one.
                    guard type == 1 ? r.floor.count == 3 : r.roof.count == 2 else { continue }
                    if let found = check(board, r.rect, r.ab, floor: r.floor, roof: r.roof, type: type) {
                        return found
                    }
                }
            }
        }
        return nil
    }

    func check(_ board: Board, _ rect: [Int], _ ab: UInt16, floor: [Int], roof: [Int], type: Int) -> Step? {
        let digits = DigitMask.digits(ab)
        func make(
            _ technique: Technique, _ eliminations: [Candidate], extra: UInt16 = 0, house: Int? = nil,
            subset: [Int] = []
        ) -> Step? {
            guard !eliminations.isEmpty else { return nil }
            return Step(
                technique: technique, eliminations: eliminations,
                pattern: .rectangle(
                    type: type, cells: rect.map(Cell.init(index:)), digits: digits,
                    roof: roof.map(Cell.init(index:)), extra: DigitMask.digits(extra),
                    house: house.map(Houses.house), subset: subset.map(Cell.init(index:))))
        }
        switch type {
        case 1:
            guard floor.count == 3, let r = roof.first else { return nil }
            return make(
                .uniqueRectangleType1, DigitMask.digits(board.masks[r] & ab).map { Candidate(index: r, digit: $0) },
                extra: board.masks[r] & ~ab)
        case 2:
            guard roof.count == 2, Houses.common(roof[0], roof[1]).map({ $0 < 18 }) == true else { return nil }
            let extra = board.masks[roof[0]] & ~ab
            guard board.masks[roof[1]] & ~ab == extra, extra.nonzeroBitCount == 1 else { return nil }
            let c = extra.trailingZeroBitCount + 1
            return make(
                .uniqueRectangleType2,
                StrongLinks.seenByBoth(board, digit: c, roof[0], roof[1], exclude: CellSet(indices: rect)),
                extra: extra)
        case 3:
            guard roof.count == 2, Houses.common(roof[0], roof[1]).map({ $0 < 18 }) == true else { return nil }
            let extra = (board.masks[roof[0]] | board.masks[roof[1]]) & ~ab
            guard extra.nonzeroBitCount >= 2 else { return nil }
            let houses = Houses.containing(CellSet(indices: roof))
            for h in houses {
                let others = (board.unsolved & Houses.cells[h]).filter { !roof.contains($0) }
                for k in 1...3 where k < others.count {
                    var found: Step?
                    Combinations.forEach(others.count, choose: k) { pick in
                        var union = extra
                        var cells: [Int] = []
                        for p in pick {
                            union |= board.masks[others[p]]
                            cells.append(others[p])
                        }
                        guard union.nonzeroBitCount == k + 1 else { return false }
                        // The subset locks its digits in every house holding the roof and the subset cells.
                        let locked = CellSet(indices: roof + cells)
                        var eliminations: [Candidate] = []
                        for g in houses where g == h || Houses.cells[g] & locked == locked {
                            for i in board.unsolved & Houses.cells[g] where !locked.contains(i) {
                                for d in DigitMask.each(board.masks[i] & union)
                                where !eliminations.contains(Candidate(index: i, digit: d)) {
                                    eliminations.append(Candidate(index: i, digit: d))
                                }
                            }
                        }
                        found = make(.uniqueRectangleType3, eliminations, extra: extra, house: h, subset: cells)
                        return found != nil
                    }
                    if let found { return found }
                }
            }
            return nil
        default:
            guard roof.count == 2, Houses.common(roof[0], roof[1]).map({ $0 < 18 }) == true else { return nil }
            let roofSet = CellSet(indices: roof)
            for h in Houses.containing(roofSet) {
                for (a, b) in [(digits[0], digits[1]), (digits[1], digits[0])] {
                    guard board.planes[a - 1] & Houses.cells[h] == roofSet else { continue }
                    let eliminations = roof.filter { board.masks[$0] & DigitMask.bit(b) != 0 }.map {
                        Candidate(index: $0, digit: b)
                    }
                    guard !eliminations.isEmpty else { continue }
                    return make(.uniqueRectangleType4, eliminations, house: h)
                }
            }
            return nil
        }
    }
}
