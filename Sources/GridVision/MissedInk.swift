// Offers: the measures of ink a cell may hide from `findGlyph`, which the
// reader's evidence check needs before it calls a cell empty:
// `CellExtractor.interiorInk` (ink in the cell's interior, away from the
// lattice lines) and `CellExtractor.straddlingInk` (a digit-sized piece that a
// misfitted lattice cut at one of the cell's lines).

extension CellExtractor {

    /// Pixels inside the cell (within the edge ring) of the digit-sized pieces of
    /// `mask` (the crop's ink, grid-line remnants removed) that cross one of the
    /// cell's lattice lines: long side as a glyph's (`minGlyphLong...maxGlyphLong`),
    /// short side and fill as a digit's (`straddleShort`, `straddleFill`), centred within `maxCentreOffset` of
    /// the cell's middle across the line it crosses, and at least
    /// `straddleInsideShare` of them inside. A digit centred in its own cell never
    /// crosses a lattice line; one a misfitted lattice cut does, and neither cell
    /// finds it as a glyph.
    func straddlingInk(_ mask: BinaryImage, cellSize: Int, margin: Int, speck: Int) -> Int {
        let cs = Double(cellSize)
        let (first, last) = (margin, margin + cellSize)
        let lo = margin + cellSize / tuning.edgeRingDivisor, hi = margin + cellSize - cellSize / tuning.edgeRingDivisor
        let map = ComponentLabeler.label(mask, minArea: speck)
        guard !map.components.isEmpty else { return 0 }
        var inside = [Int](repeating: 0, count: Int(map.components.last?.label ?? 0) + 1)
        for y in lo..<hi {
            for x in lo..<hi {
                let l = map.labels[y * mask.width + x]
                if l != 0 { inside[Int(l)] += 1 }
            }
        }
        let middle = Double(margin) + cs / 2
        var total = 0
        for c in map.components {
            let w = Double(c.maxX - c.minX + 1), h = Double(c.maxY - c.minY + 1)
            let long = max(w, h), short = min(w, h)
            guard long >= tuning.minGlyphLong * cs, long <= tuning.maxGlyphLong * cs,
                short >= tuning.straddleShort * cs,
                Double(c.area) >= tuning.straddleFill * w * h
            else { continue }
            let inCell = inside[Int(c.label)]
            guard inCell >= speck, Double(inCell) >= tuning.straddleInsideShare * Double(c.area) else { continue }
            let cx = Double(c.minX + c.maxX + 1) / 2, cy = Double(c.minY + c.maxY + 1) / 2
            let crossesColumnLine = (c.minX < first && c.maxX >= first) || (c.minX < last && c.maxX >= last)
            let crossesRowLine = (c.minY < first && c.maxY >= first) || (c.minY < last && c.maxY >= last)
            if (crossesColumnLine && abs(cy - middle) <= tuning.maxCentreOffset * cs)
                || (crossesRowLine && abs(cx - middle) <= tuning.maxCentreOffset * cs)
            {
                total += inCell
            }
        }
        return total
    }

    /// Ink pixels of a mask in the cell's interior (1/`lineBandDivisor` of a cell
    /// inside each lattice line), in pieces of at least `speck` pixels (sensor
    /// noise left out).
    func interiorInk(_ mask: BinaryImage, cellSize: Int, margin: Int, speck: Int) -> Int {
        let (inner, outer) = (
            margin + cellSize / Self.lineBandDivisor, margin + cellSize - cellSize / Self.lineBandDivisor
        )
        let side = outer - inner
        guard side > 0 else { return 0 }
        var window = BinaryImage(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side { window.bits[y * side + x] = mask.bits[(y + inner) * mask.width + x + inner] }
        }
        return ComponentLabeler.label(window, minArea: speck).components.reduce(0) { $0 + $1.area }
    }
}
