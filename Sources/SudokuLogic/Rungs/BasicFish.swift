// Offers: `BasicFish`: X-Wing (2), swordfish (3) and jellyfish (4), and
// `FishLines`, the per-digit row and column masks the fish rungs share.

import SudokuCore

/// One digit's candidates as nine 9-bit line masks: for each row the columns
/// where the digit can go (`rows`), and for each column the rows (`columns`).
struct FishLines {
    var rows = [UInt16](repeating: 0, count: 9)
    var columns = [UInt16](repeating: 0, count: 9)

    init(_ plane: CellSet) {
        for i in plane {
            rows[i / 9] |= 1 << UInt16(i % 9)
            columns[i % 9] |= 1 << UInt16(i / 9)
        }
    }

    /// The masks with rows as base (`byColumns` false) or columns as base.
    func base(byColumns: Bool) -> [UInt16] { byColumns ? columns : rows }

    /// The cell at base line `b`, position `p` along it.
    static func cell(base b: Int, position p: Int, byColumns: Bool) -> Int { byColumns ? p * 9 + b : b * 9 + p }

    /// The house index of base line `b` (a row, or a column).
    static func house(_ b: Int, byColumns: Bool) -> Int { byColumns ? 9 + b : b }
}

/// Basic fish of `size` 2...4 on one digit: in `size` base rows the digit's
/// candidates lie in `size` columns (or the same with rows and columns
/// swapped). Each base row must put the digit in one of those columns, and no
/// two in the same, so the cover columns are used up: the digit leaves their
/// other cells. Rows as base first, then columns; digits 1 to 9.
public struct BasicFish: EnumeratingRung {
    public let size: Int
    public init(size: Int) {
        precondition((2...4).contains(size))
        self.size = size
    }
    public var id: String { "fish-\(size)" }
    public var techniques: [Technique] { [[.xWing, .swordfish, .jellyfish][size - 2]] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        var lines: [Int] = []
        lines.reserveCapacity(9)
        for d in 1...9 {
            let plane = board.planes[d - 1]
            guard plane.count >= 2 * size else { continue }
            let fl = FishLines(plane)
            for byColumns in [false, true] {
                let base = fl.base(byColumns: byColumns)
                lines.removeAll(keepingCapacity: true)
                for b in 0..<9 where base[b].nonzeroBitCount >= 2 && base[b].nonzeroBitCount <= size { lines.append(b) }
                guard lines.count >= size else { continue }
                var stop = false
                Combinations.forEach(lines.count, choose: size) { pick in
                    var cover: UInt16 = 0
                    var baseMask: UInt16 = 0
                    for p in pick {
                        cover |= base[lines[p]]
                        baseMask |= 1 << UInt16(lines[p])
                    }
                    guard cover.nonzeroBitCount == size else { return false }
                    var eliminations: [Candidate] = []
                    for c in DigitMask.each(cover).map({ $0 - 1 }) {
                        for b in 0..<9 where baseMask & (1 << UInt16(b)) == 0 && base[b] & (1 << UInt16(c)) != 0 {
                            eliminations.append(
                                Candidate(index: FishLines.cell(base: b, position: c, byColumns: byColumns), digit: d))
                        }
                    }
                    guard !eliminations.isEmpty else { return false }
                    stop = visit(
                        Self.makeStep(
                            technique: techniques[0], digit: d, baseMask: baseMask, coverMask: cover,
                            fins: CellSet(), plane: plane, byColumns: byColumns, eliminations: eliminations))
                    return stop
                }
                if stop { return }
            }
        }
    }

    /// A fish step: base and cover houses from their line masks, the base candidates.
    static func makeStep(
        technique: Technique, digit d: Int, baseMask: UInt16, coverMask: UInt16, fins: CellSet,
        plane: CellSet, byColumns: Bool, eliminations: [Candidate]
    ) -> Step {
        let baseLines = DigitMask.digits(baseMask).map { $0 - 1 }
        let coverLines = DigitMask.digits(coverMask).map { $0 - 1 }
        var baseCells = CellSet()
        for b in baseLines { baseCells |= Houses.cells[FishLines.house(b, byColumns: byColumns)] }
        return Step(
            technique: technique, eliminations: eliminations,
            pattern: .fish(
                digit: d,
                base: baseLines.map { Houses.house(FishLines.house($0, byColumns: byColumns)) },
                cover: coverLines.map { Houses.house(FishLines.house($0, byColumns: !byColumns)) },
                fins: fins.cells, cells: (baseCells & plane).cells))
    }
}
