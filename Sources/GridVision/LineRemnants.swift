// Offers: `CellExtractor.lineRuns`, the grid-line remnants of a cell's ink
// mask (long runs on the lattice lines, or reaching out of the cell), and
// `CellExtractor.lineBandDivisor`, the band around a lattice line they lie in
// (the glyph crop and the interior ink keep out of it too).

extension CellExtractor {

    /// A run lies on a lattice line when its centre is within 1/`lineBandDivisor` of
    /// a cell of it (or next to such a run, for a thick line). Cells are warped
    /// through the fitted lattice, so its lines are the crop's `margin` and
    /// `margin + cellSize`; the band takes a line's half width and the fit's error.
    /// Digit strokes keep out of it: the widest digits of `tall-digits` (bold, 90 %
    /// of the cell high) come within 0.16 of a cell of its sides. Measured with
    /// `lineOverhangDivisor` on newspaper, synthetic and tall-digits: no ink removed
    /// off the lattice lines in any truly empty cell of a board that agreed with the
    /// truth (it was 232 cells before thick lines were grown), tall-digits 0 -> 11 of
    /// 12 exact, newspaper 145 -> 146 (image17), no photo exact before lost.
    public static let lineBandDivisor = 8

    /// The grid-line remnants of a cell's ink mask, decided by position against the
    /// fitted lattice (whose lines are the crop's `margin` and `margin + cellSize`),
    /// not by length alone. A run at least `lineRun` of a cell long is a remnant
    /// when it lies on a lattice line: within 1/`lineBandDivisor` of a cell of it,
    /// or next to such a line in a column of long runs too (a thick line, like an
    /// outer border lying wholly inside the quad, and its blurred edge). It is also
    /// a remnant when it reaches out of the cell elsewhere (`lineOverhangDivisor`):
    /// those are `offLattice`, where a glyph may be hidden. A long run inside the
    /// cell, off the lattice lines, is a digit's stroke (a tall 1's stem) and stays.
    ///
    /// - Parameter vertical: vertical runs (columns) or horizontal ones (rows).
    func lineRuns(
        _ mask: BinaryImage, cellSize: Int, margin: Int, vertical: Bool
    )
        -> (onLattice: BinaryImage, offLattice: BinaryImage)
    {
        let length = cellSize * tuning.lineRun.numerator / tuning.lineRun.denominator
        let band = Double(cellSize) / Double(Self.lineBandDivisor)
        let overhang = min(cellSize / tuning.lineOverhangDivisor, margin - 1)
        let (first, last) = (margin, margin + cellSize)
        // Lines across the runs (columns for vertical runs), positions along them.
        let across = vertical ? mask.width : mask.height, along = vertical ? mask.height : mask.width
        func index(_ a: Int, _ p: Int) -> Int { vertical ? p * mask.width + a : a * mask.width + p }
        // The long runs, in the order of the lines across, and which lines hold one.
        var runs: [(line: Int, start: Int, end: Int, reachesOut: Bool)] = []
        var holdsRun = [Bool](repeating: false, count: across)
        // Along a line, one position to the next is `step` bytes of the mask.
        let step = vertical ? mask.width : 1
        mask.bits.withUnsafeBufferPointer { bits in
            for a in 0..<across {
                let line = bits.baseAddress! + (vertical ? a : a &* mask.width)
                var p = 0
                while p < along {
                    if line[p &* step] == 0 {
                        p &+= 1
                        continue
                    }
                    var end = p
                    while end < along && line[end &* step] != 0 { end &+= 1 }
                    if end &- p >= length {
                        runs.append((a, p, end, p < first - overhang || end > last + overhang))
                        holdsRun[a] = true
                    }
                    p = end
                }
            }
        }
        // On a lattice line: its band, grown towards the middle through the next
        // lines that hold long runs too (a thick grid line and its blurred edge).
        var onLine = (0..<across).map {
            min(abs(Double($0) + 0.5 - Double(first)), abs(Double($0) + 0.5 - Double(last))) <= band
        }
        let middle = margin + cellSize / 2
        if across > 1 {
            for a in 1..<min(middle, across) where !onLine[a] && onLine[a - 1] && holdsRun[a] { onLine[a] = true }
            for a in stride(from: across - 2, through: middle, by: -1) where !onLine[a] && onLine[a + 1] && holdsRun[a]
            {
                onLine[a] = true
            }
        }
        var on = BinaryImage(width: mask.width, height: mask.height), off = on
        for run in runs where onLine[run.line] || run.reachesOut {
            for q in run.start..<run.end {
                if onLine[run.line] { on.bits[index(run.line, q)] = 1 } else { off.bits[index(run.line, q)] = 1 }
            }
        }
        return (on, off)
    }
}
