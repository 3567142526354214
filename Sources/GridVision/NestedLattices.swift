// Offers: the nested-lattice source of `GridLocator`: `latticesInside`, the
// grids inside a quad, found as the best comb of ten evenly spaced lines each
// way (`bestComb`) and as where those lines end (`lineEnds`).

import Geometry
import Raster

extension GridLocator {

    /// The grids inside `quad`, in the same coordinates: the best comb of ten evenly
    /// spaced lines in each direction (unless it is the quad itself), and the grid
    /// whose edges are where the comb's lines end (see `lineEnds`), when that
    /// differs. Empty when no comb covers its lines well.
    func latticesInside(_ quad: Quad, _ lines: LineProfiles, heavyLines: Bool = false) -> [Quad] {
        guard let toSource = Homography(squareOfSide: Double(tuning.probeSize), to: quad),
            let rows = bestComb(lines.rows, heavyLines: heavyLines),
            let cols = bestComb(lines.cols, heavyLines: heavyLines)
        else { return [] }
        var found: [Quad] = []
        let s = Double(tuning.probeSize)
        if !(rows.start < tuning.sameQuadStart && cols.start < tuning.sameQuadStart
            && abs(rows.pitch * 9 - s) < tuning.sameQuadSpan && abs(cols.pitch * 9 - s) < tuning.sameQuadSpan)
        {
            let x0 = cols.start, x1 = cols.start + 9 * cols.pitch
            let y0 = rows.start, y1 = rows.start + 9 * rows.pitch
            // The outer comb lines are pixel rows; the grid's outer edge is half a line further out.
            found.append(
                Quad([Point(x0, y0), Point(x1 + 1, y0), Point(x1 + 1, y1 + 1), Point(x0, y1 + 1)].map(toSource.apply)))
        }
        if let across = lineEnds(lines.horizontal, horizontal: true, comb: rows, across: cols),
            let down = lineEnds(lines.vertical, horizontal: false, comb: cols, across: rows)
        {
            found.append(
                Quad(
                    [
                        Point(across.low, down.low), Point(across.high, down.low),
                        Point(across.high, down.high), Point(across.low, down.high),
                    ].map(toSource.apply)))
        }
        return found
    }

    /// A grid's lines run from one edge of it to the other, whether or not it has
    /// an outer border, and stop there: where the comb's lines end, across the
    /// comb, is where the grid's edges lie. So a grid without a border, or with a
    /// hairline one the threshold missed, whose best comb is a cell off (eight
    /// lines cover the same whether the comb reaches one cell out to the left or to
    /// the right), still gets its edges. For each comb line: the run of its ink
    /// (gaps of `lineEndGap` bridged) through the middle of the perpendicular comb;
    /// the medians of the runs' starts and ends (past the last pixel) are the edges.
    /// Nil when fewer than `minLineEnds` lines span `minLineEndSpan` pitches, or
    /// when the edges' pitch is off the perpendicular comb's.
    func lineEnds(
        _ mask: BinaryImage, horizontal: Bool, comb: (start: Double, pitch: Double, coverage: Double),
        across: (start: Double, pitch: Double, coverage: Double)
    ) -> (low: Double, high: Double)? {
        let n = horizontal ? mask.width : mask.height
        let mid = Int((across.start + 4.5 * across.pitch).rounded())
        guard mid >= 0, mid < n else { return nil }
        var lows: [Int] = [], highs: [Int] = []
        for k in 0...9 {
            let c = Int((comb.start + Double(k) * comb.pitch).rounded())
            var best: (low: Int, high: Int)?
            for line in (c - 1)...(c + 1) where line >= 0 && line < (horizontal ? mask.height : mask.width) {
                func ink(_ a: Int) -> Bool { horizontal ? mask[a, line] : mask[line, a] }
                guard
                    let seed = (0...tuning.lineEndGap).lazy.flatMap({ [mid - $0, mid + $0] })
                        .first(where: { $0 >= 0 && $0 < n && ink($0) })
                else { continue }
                var low = seed, high = seed
                var p = seed - 1, gap = 0
                while p >= 0, gap <= tuning.lineEndGap {
                    if ink(p) {
                        low = p
                        gap = 0
                    } else {
                        gap += 1
                    }
                    p -= 1
                }
                p = seed + 1
                gap = 0
                while p < n, gap <= tuning.lineEndGap {
                    if ink(p) {
                        high = p
                        gap = 0
                    } else {
                        gap += 1
                    }
                    p += 1
                }
                if best == nil || high - low > best!.high - best!.low { best = (low, high) }
            }
            if let b = best, Double(b.high - b.low + 1) >= tuning.minLineEndSpan * across.pitch {
                lows.append(b.low)
                highs.append(b.high + 1)
            }
        }
        guard lows.count >= tuning.minLineEnds else { return nil }
        let low = Double(lows.sorted()[lows.count / 2]), high = Double(highs.sorted()[highs.count / 2])
        guard abs((high - low) / 9 - across.pitch) <= tuning.lineEndPitchTolerance * across.pitch else { return nil }
        return (low, high)
    }

    /// The start and pitch of the ten evenly spaced lines best covered in `profile`,
    /// with pitch at least 1/14 of the profile, and the comb's value: the lines'
    /// mean coverage plus a small bonus for a larger comb. Nil when the best value
    /// is below one half. With `heavyLines`, a comb a cell to either side that
    /// covers about as well is taken when its box lines are the heavier.
    func bestComb(_ profile: [Double], heavyLines: Bool = false) -> (start: Double, pitch: Double, coverage: Double)? {
        let n = profile.count
        // Smooth by taking the max over ±1 so a comb slightly off a line still counts.
        var p = profile
        for i in 0..<n { p[i] = profile[max(0, i - 1)...min(n - 1, i + 1)].max()! }
        // The comb's lines' mean coverage, and a bonus that prefers the larger
        // comb when two cover about equally (a grid over its own boxes).
        func value(_ start: Double, _ pitch: Double) -> Double {
            var total = 0.0
            for k in 0...9 {
                total += min(1, p[min(n - 1, Int(roundedToNearest(start + Double(k) * pitch)))])
            }
            return total / 10 + tuning.largerCombBonus * pitch * 9 / Double(n)
        }
        var best: (Double, Double, Double)? = nil
        var pitch = Double(n) / tuning.minPitchDivisor
        while pitch * 9 < Double(n) {
            var start = 0.0
            while start + 9 * pitch < Double(n) {
                let value = value(start, pitch)
                if best == nil || value > best!.2 { best = (start, pitch, value) }
                start += 1
            }
            pitch += 0.5
        }
        guard let b = best, b.2 >= tuning.minCombValue else { return nil }
        guard heavyLines else { return b }
        // Ten lines a cell apart beside an eleventh (a page's fold or a frame
        // a cell from the border) cover as well one cell to either side: the
        // grid is the comb whose heavy lines (its border and box lines: lines
        // 0, 3, 6 and 9) are the widest against the others.
        func boxEmphasis(_ start: Double) -> Double {
            func width(_ k: Int) -> Double {
                let c = Int(roundedToNearest(start + Double(k) * b.1))
                return Double((max(0, c - 3)...min(n - 1, c + 3)).count { profile[$0] >= 0.5 })
            }
            return [0, 3, 6, 9].map(width).reduce(0, +) / 4 - [1, 2, 4, 5, 7, 8].map(width).reduce(0, +) / 6
        }
        var chosen = b
        for shifted in [b.0 - b.1, b.0 + b.1] where shifted >= 0 && shifted + 9 * b.1 < Double(n) {
            let v = value(shifted, b.1)
            if v >= b.2 - tuning.shiftedCombTolerance,
                boxEmphasis(shifted) > boxEmphasis(chosen.0) + tuning.heavierLines
            {
                chosen = (shifted, b.1, v)
            }
        }
        return chosen
    }
}
