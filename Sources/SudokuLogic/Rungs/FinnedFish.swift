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
///
/// Siamese fish (HoDoKu's name): two finned or sashimi fish on the same base
/// lines that differ in one cover line and in their fins (the candidates one
/// covers are the other's fins), each removing a candidate the other does not:
/// one step with both, found before a single finned fish so that the step
/// concludes all the base lines give.
public struct FinnedFish: Rung {
    public let size: Int
    public init(size: Int) {
        precondition((2...4).contains(size))
        self.size = size
    }
    public var id: String { "finned-fish-\(size)" }
    public var techniques: [Technique] {
        [
            [.finnedXWing, .sashimiXWing, .siameseFinnedXWing],
            [.finnedSwordfish, .sashimiSwordfish, .siameseFinnedSwordfish],
            [.finnedJellyfish, .sashimiJellyfish, .siameseFinnedJellyfish],
        ][size - 2]
    }

    public func step(on board: Board) -> Step? {
        var firstSingle: Step?
        var fishes: [(cover: UInt16, step: Step)] = []
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
                var siamese: Step?
                _ = base.withUnsafeBufferPointer { base in
                    Combinations.forEach(lines.count, choose: size) { pick in
                        var baseMask: UInt16 = 0
                        for p in pick { baseMask |= 1 << UInt16(lines[p]) }
                        fishes.removeAll(keepingCapacity: true)
                        finned(digit: d, baseMask: baseMask, base: base, plane: plane, byColumns: byColumns) {
                            step, cover in
                            if firstSingle == nil { firstSingle = step }
                            for other in fishes where (other.cover ^ cover).nonzeroBitCount == 2 {
                                if let both = Self.siamese(other.step, step, technique: techniques[2]) {
                                    siamese = both
                                    return true
                                }
                            }
                            fishes.append((cover, step))
                            return false
                        }
                        return siamese != nil
                    }
                }
                if let siamese { return siamese }
            }
        }
        return firstSingle
    }

    /// Two finned fish on the same base lines whose covers differ in one line
    /// as one Siamese step, when each removes a candidate the other does not
    /// (otherwise one of them is the step).
    static func siamese(_ a: Step, _ b: Step, technique: Technique) -> Step? {
        let ea = Set(a.eliminations), eb = Set(b.eliminations)
        guard !ea.isSubset(of: eb), !eb.isSubset(of: ea) else { return nil }
        return Step(
            technique: technique, eliminations: Array(ea.union(eb)), pattern: .dual(first: a.pattern, second: b.pattern)
        )
    }

    /// Hands `visit` each finned fish on the base lines of `baseMask` with its
    /// cover positions, trying each box for the fins, until `visit` returns true.
    func finned(
        digit d: Int, baseMask: UInt16, base: UnsafeBufferPointer<UInt16>, plane: CellSet, byColumns: Bool,
        visit: (Step, UInt16) -> Bool
    ) {
        var union: UInt16 = 0
        var bands: UInt16 = 0
        var m = baseMask
        while m != 0 {
            let b = m.trailingZeroBitCount
            m &= m &- 1
            union |= base[b]
            bands |= 1 << UInt16(b / 3)
        }
        // A fin box lies across one base line's band (block of three lines) and
        // one block of three positions along the lines.
        for band in 0..<3 where bands & (1 << UInt16(band)) != 0 {
            let bandLines: UInt16 = 7 << UInt16(band * 3)
            for block in 0..<3 {
                let blockMask: UInt16 = 7 << UInt16(block * 3)
                // Positions outside the fin box must be covered.
                var required: UInt16 = 0
                var m = baseMask
                while m != 0 {
                    let b = m.trailingZeroBitCount
                    m &= m &- 1
                    required |= bandLines & (1 << UInt16(b)) != 0 ? base[b] & ~blockMask : base[b]
                }
                guard required.nonzeroBitCount <= size else { continue }
                let optional = union & blockMask & ~required
                let need = size - required.nonzeroBitCount
                guard optional.nonzeroBitCount >= need else { continue }
                // Covers: the required positions plus `need` of the optional ones (at most three).
                var sub = optional
                while true {
                    if sub.nonzeroBitCount == need,
                        let step = check(
                            digit: d, baseMask: baseMask, base: base, cover: required | sub,
                            bandLines: bandLines, blockMask: blockMask, plane: plane, byColumns: byColumns),
                        visit(step, required | sub)
                    {
                        return
                    }
                    if sub == 0 { break }
                    sub = (sub &- 1) & optional
                }
            }
        }
    }

    func check(
        digit d: Int, baseMask: UInt16, base: UnsafeBufferPointer<UInt16>, cover: UInt16, bandLines: UInt16,
        blockMask: UInt16, plane: CellSet, byColumns: Bool
    ) -> Step? {
        var finCount = 0
        var sashimi = false
        var covered: UInt16 = 0
        var m = baseMask
        while m != 0 {
            let b = m.trailingZeroBitCount
            m &= m &- 1
            finCount += (base[b] & ~cover).nonzeroBitCount
            let kept = base[b] & cover
            if kept == 0 { return nil }
            if kept.nonzeroBitCount == 1 { sashimi = true }
            covered |= kept
        }
        guard finCount > 0, covered == cover else { return nil }
        // Targets: cover cells in the fin box (the band's lines, the block's positions) outside the base lines.
        var eliminations: [Candidate] = []
        var lines = bandLines & ~baseMask
        while lines != 0 {
            let b = lines.trailingZeroBitCount
            lines &= lines &- 1
            var hit = base[b] & cover & blockMask
            while hit != 0 {
                let p = hit.trailingZeroBitCount
                hit &= hit &- 1
                eliminations.append(
                    Candidate(index: FishLines.cell(base: b, position: p, byColumns: byColumns), digit: d))
            }
        }
        guard !eliminations.isEmpty else { return nil }
        var fins = CellSet()
        m = baseMask
        while m != 0 {
            let b = m.trailingZeroBitCount
            m &= m &- 1
            var out = base[b] & ~cover
            while out != 0 {
                fins.insert(FishLines.cell(base: b, position: out.trailingZeroBitCount, byColumns: byColumns))
                out &= out &- 1
            }
        }
        let technique = techniques[sashimi ? 1 : 0]
        return BasicFish.makeStep(
            technique: technique, digit: d, baseMask: baseMask, coverMask: cover, fins: fins,
            plane: plane, byColumns: byColumns, eliminations: eliminations)
    }
}
