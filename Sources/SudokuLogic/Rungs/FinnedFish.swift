// Offers: `FinnedFish`: finned and sashimi X-Wings, swordfish and jellyfish.

import SudokuCore

/// Finned fish of `size` 2...4: in `size` base rows the digit's candidates lie
/// in `size` cover columns, except for some (the fins) that all lie in one box.
/// Either a fin is true, and the digit leaves every cell of that box that sees
/// it, or none is, and the fish holds and the digit leaves the cover columns
/// outside the base rows. Both ways, the digit leaves the cover cells inside
/// the fins' box outside the base rows. Sashimi: without its fins, some base
/// row would keep a single candidate (the fish needs the fins to stand).
/// Rows as base first, then columns.
public struct FinnedFish: Rung {
    public let size: Int
    public init(size: Int) {
        precondition((2...4).contains(size))
        self.size = size
    }
    public var id: String { "finned-fish-\(size)" }
    public var techniques: [Technique] {
        [[.finnedXWing, .sashimiXWing], [.finnedSwordfish, .sashimiSwordfish], [.finnedJellyfish, .sashimiJellyfish]][size - 2]
    }

    public func step(on board: Board) -> Step? {
        var lines: [Int] = []
        lines.reserveCapacity(9)
        for d in 1...9 {
            let plane = board.planes[d - 1]
            let fl = FishLines(plane)
            for byColumns in [false, true] {
                let base = fl.base(byColumns: byColumns)
                lines.removeAll(keepingCapacity: true)
                for b in 0..<9 where base[b].nonzeroBitCount >= 2 { lines.append(b) }
                guard lines.count >= size else { continue }
                var found: Step?
                Combinations.forEach(lines.count, choose: size) { pick in
                    var bases: [Int] = []
                    for p in pick { bases.append(lines[p]) }
                    found = finned(digit: d, bases: bases, base: base, plane: plane, byColumns: byColumns)
                    return found != nil
                }
                if let found { return found }
            }
        }
        return nil
    }

    /// The finned fish on base lines `bases`, trying each box for the fins.
    func finned(digit d: Int, bases: [Int], base: [UInt16], plane: CellSet, byColumns: Bool) -> Step? {
        var union: UInt16 = 0
        var baseMask: UInt16 = 0
        for b in bases {
            union |= base[b]
            baseMask |= 1 << UInt16(b)
        }
        // A fin box lies across one base line's band (block of three lines) and
        // one block of three positions along the lines.
        var bands = Set<Int>()
        for b in bases { bands.insert(b / 3) }
        for band in bands.sorted() {
            for block in 0..<3 {
                let blockMask: UInt16 = 7 << UInt16(block * 3)
                // Positions outside the fin box must be covered.
                var required: UInt16 = 0
                for b in bases {
                    required |= b / 3 == band ? base[b] & ~blockMask : base[b]
                }
                guard required.nonzeroBitCount <= size else { continue }
                let optional = DigitMask.digits(union & blockMask & ~required).map { $0 - 1 }
                let need = size - required.nonzeroBitCount
                guard optional.count >= need else { continue }
                var result: Step?
                let choose: (UInt16) -> Bool = { cover in
                    result = self.check(digit: d, bases: bases, baseMask: baseMask, base: base, cover: cover,
                                        band: band, blockMask: blockMask, plane: plane, byColumns: byColumns)
                    return result != nil
                }
                if need == 0 {
                    if choose(required) { return result }
                } else {
                    Combinations.forEach(optional.count, choose: need) { pick in
                        var cover = required
                        for p in pick { cover |= 1 << UInt16(optional[p]) }
                        return choose(cover)
                    }
                    if let result { return result }
                }
            }
        }
        return nil
    }

    func check(digit d: Int, bases: [Int], baseMask: UInt16, base: [UInt16], cover: UInt16, band: Int,
               blockMask: UInt16, plane: CellSet, byColumns: Bool) -> Step? {
        var fins = CellSet()
        var sashimi = false
        var covered: UInt16 = 0
        for b in bases {
            let outside = base[b] & ~cover
            if outside != 0 {
                for p in DigitMask.digits(outside) { fins.insert(FishLines.cell(base: b, position: p - 1, byColumns: byColumns)) }
            }
            let kept = base[b] & cover
            if kept == 0 { return nil }
            if kept.nonzeroBitCount == 1 { sashimi = true }
            covered |= kept
        }
        guard !fins.isEmpty, covered == cover else { return nil }
        // Targets: cover cells in the fin box (band `band`, block of `blockMask`) outside the base lines.
        var eliminations: [Candidate] = []
        for b in (band * 3)..<(band * 3 + 3) where baseMask & (1 << UInt16(b)) == 0 {
            for p in DigitMask.digits(base[b] & cover & blockMask) {
                eliminations.append(Candidate(index: FishLines.cell(base: b, position: p - 1, byColumns: byColumns), digit: d))
            }
        }
        guard !eliminations.isEmpty else { return nil }
        let technique = techniques[sashimi ? 1 : 0]
        return BasicFish.makeStep(technique: technique, digit: d, baseMask: baseMask, coverMask: cover, fins: fins,
                                  plane: plane, byColumns: byColumns, eliminations: eliminations)
    }
}
