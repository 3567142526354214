// Offers: `CellExtractor`, which cuts the 81 cells of a framed grid out of the
// photo (through the fitted lattice, one warp per cell from the photo itself),
// and `CellGlyph`, the ink found in a cell once grid-line remnants are removed.
//
// Tuning: the numbers here were chosen by hand on the training photos
// (`TestImages/newspaper`); only the faint look has a measurement of its own on
// record (see `faintLookOffset`, and the grid-line remnants' position, see
// `lineBandDivisor`). The extractor as a whole is measured: with the true
// corners, 8 wrong empty/ink decisions in 12,879 cells (2 missed, 6 phantom;
// README, "Measured figures").

import Geometry
import Raster

/// The ink found in one cell.
public struct CellGlyph: Sendable {
    /// Bounding box of the glyph in the cell picture, or nil when the cell holds no
    /// digit-like ink.
    public var box: (x: Int, y: Int, width: Int, height: Int)?
    /// Ink pixels of the glyph (0 when none).
    public var inkPixels: Int
    /// Ink pixels of every piece left after line removal (and away from the cell's
    /// edges), glyph-like or not: what a missed digit would still leave behind.
    public var looseInkPixels: Int
    /// Mean grey of the paper minus mean grey of the glyph's ink (0 when none).
    public var contrast: Double
    /// Ink pixels of the cell's interior (away from the lattice lines by
    /// `CellExtractor.lineBandDivisor`): everything the threshold found there but
    /// the grid-line remnants on the lattice lines and specks (sensor noise),
    /// before any other stage removed or ignored any. What an empty cell must not
    /// hold.
    public var interiorInkPixels = 0
    /// Ink pixels of the interior removed as grid lines: runs off the lattice
    /// lines that reach out of the cell (a line through a misfitted lattice, or a
    /// stroke merged with one). A glyph may be hidden there.
    public var centralLineInkPixels = 0
    /// No glyph was found, but a digit-shaped one much fainter than this photo's
    /// digits was (a faded given, or a smudge): not read, but worth a look.
    public var faintGlyph = false
    /// No glyph was found, but a digit-sized piece of ink crosses one of the
    /// cell's lattice lines, partly inside the cell, in line with the cell's
    /// middle (`CellExtractor.straddlingInk`): a digit that a misfitted lattice
    /// cut at the line. Its pixels inside the cell (0 when none).
    public var straddlingInkPixels = 0
    /// The boxes of the groups of ink left in the cell besides the glyph (with
    /// no glyph: every group, none of them digit-like: too small, or off the
    /// centre), in the cell picture's pixels: small digits a player may have
    /// pencilled in, or specks.
    public var smallGroups: [(x: Int, y: Int, width: Int, height: Int)] = []
    /// The loose ink's groups too small for a digit of the cell but shaped like
    /// a small one (`CellExtractor.markLong`), as an app draws pencil marks:
    /// their pixels, how many, the longest one's long side (share of the
    /// cell), and whether one lies away from the cell's centre
    /// (`tuning.markOffCentre`).
    public var markPixels = 0
    public var marks = 0
    public var markLong = 0.0
    public var markOffCentre = false

    public var hasGlyph: Bool { box != nil }
}

/// The 81 cells of one framing, in the framing's own row order (row 0 along
/// corner 0 → corner 1).
public struct GridCells: Sendable {
    /// Cell pictures, row-major, each `cropSize`×`cropSize`: the cell plus a
    /// margin of `margin` pixels on every side.
    public var images: [GrayImage]
    public var glyphs: [CellGlyph]
    /// Pixels across one cell inside a crop.
    public let cellSize: Int
    public let margin: Int
    public var lattice: GridLattice
    /// The rectified grid the lattice was fitted on.
    public var warped: GrayImage
    public var cropSize: Int { cellSize + 2 * margin }
}

public struct CellExtractor: Sendable {
    /// Cell size, margin and the second and faint looks' thresholds (`Tuning.cells`).
    public var tuning: CellTuning

    public init(tuning: CellTuning = CellTuning()) { self.tuning = tuning }


    /// Cuts the cells of the grid framed by `quad` in `photo`; nil for a degenerate quad.
    public func extract(from photo: GrayImage, quad: Quad) -> GridCells? {
        let side = 9 * tuning.cellSize
        guard let warped = Warper.warp(photo, quad: quad, size: side),
              let toPhoto = Homography(squareOfSide: Double(side), to: quad) else { return nil }
        let lattice = tuning.fitLattice ? LatticeFitter.fit(warped) : GridLattice.regular(size: Double(side))
        let noise = self.noise(warped)
        var images: [GrayImage] = []
        var glyphs: [CellGlyph] = []
        images.reserveCapacity(81)
        glyphs.reserveCapacity(81)
        let crop = tuning.cellSize + 2 * tuning.margin
        for row in 0..<9 {
            for col in 0..<9 {
                let q = lattice.cellQuad(row: row, col: col)
                // The crop's square maps onto the cell quad grown by the margin.
                let grow = Double(crop) / Double(tuning.cellSize)
                let c = q.center
                let outer = Quad(q.corners.map { toPhoto.apply(c + ($0 - c) * grow) })
                let cut = Warper.warp(photo, quad: outer, size: crop) ?? GrayImage(width: crop, height: crop, fill: 255)
                // A noisy photo's cells are smoothed for every reader, not only here.
                let image = noise.smooth ? self.boxBlur3(cut) : cut
                images.append(image)
                glyphs.append(self.findGlyph(in: image, cellSize: tuning.cellSize, margin: tuning.margin, noiseFloor: noise.floor))
            }
        }
        // Second look at empty cells, with thresholds set by this photo's own glyphs
        // (a faint photo has faint digits throughout): a glyph nearly as dark as
        // the others is taken; a digit-shaped one much fainter is only marked.
        let contrasts = glyphs.filter(\.hasGlyph).map(\.contrast).sorted()
        if contrasts.count >= tuning.minGlyphsForSecondLook {
            let inks = glyphs.filter(\.hasGlyph).map(\.inkPixels).sorted()
            let typicalContrast = contrasts[contrasts.count / 2], typicalInk = inks[inks.count / 2]
            for i in 0..<81 where !glyphs[i].hasGlyph {
                if glyphs[i].looseInkPixels > 0 {
                    let offset = max(tuning.minSecondLookOffset, Int(typicalContrast * tuning.secondLookOffset))
                    let again = self.findGlyph(in: images[i], cellSize: tuning.cellSize, margin: tuning.margin, offset: max(offset, noise.floor))
                    if again.hasGlyph && again.contrast >= tuning.secondLookContrast * typicalContrast
                        && again.inkPixels >= typicalInk / tuning.inkDivisor {
                        glyphs[i] = again
                        continue
                    }
                }
                // A glyph this faint needs pixels at least that much darker than the
                // paper around the cell's centre; without them there is nothing to look for.
                guard self.centralDepth(images[i], cellSize: tuning.cellSize, margin: tuning.margin)
                        >= tuning.faintContrast * typicalContrast else { continue }
                let offset = max(tuning.minFaintLookOffset, Int(typicalContrast * tuning.faintLookOffset))
                let faint = self.findGlyph(in: images[i], cellSize: tuning.cellSize, margin: tuning.margin, offset: max(offset, noise.floor))
                glyphs[i].faintGlyph = faint.hasGlyph && faint.inkPixels >= typicalInk / tuning.inkDivisor
                    && faint.contrast >= tuning.faintContrast * typicalContrast
            }
        }
        return GridCells(images: images, glyphs: glyphs, cellSize: tuning.cellSize, margin: tuning.margin,
                         lattice: lattice, warped: warped)
    }


    /// Whether the cells of `warped` (the rectified grid) are to be smoothed, and
    /// the least ink threshold (grey levels) for `findGlyph`: 0 for a photo that
    /// is not noisy (see `noisySpread`).
    func noise(_ warped: GrayImage) -> (smooth: Bool, floor: Int) {
        let raw = residualNoise(warped, of: warped, radius: 2)
        let paper = Double(Histogram(of: warped, columns: 0..<warped.width, rows: 0..<warped.height).quantile(0.5))
        let threshold = max(Double(tuning.inkMinimumOffset), tuning.inkRelativeOffset * paper)
        guard tuning.noisySpread * raw > threshold else { return (false, 0) }
        // The noise left after smoothing, against a wider mean: noise that
        // survives the 3×3 mean is the blotchy kind (an upsampled small photo).
        let level = residualNoise(boxBlur3(warped), of: warped, radius: 4)
        return (true, Int((tuning.noiseFloorSpread * level).rounded(.up)))
    }

    /// The standard deviation of each pixel of `image` against the mean of
    /// `reference` over the (2·radius+1)² pixels around it, taken robustly from
    /// the lower quartile of the absolute residuals (0.3186 σ for Gaussian
    /// noise): ink edges and grid lines only add large residuals, and on a
    /// grid they are a minority of the pixels. In grey levels (counted in
    /// quarters).
    func residualNoise(_ image: GrayImage, of reference: GrayImage, radius: Int) -> Double {
        precondition(reference.width == image.width && reference.height == image.height, "pictures of different sizes")
        let w = image.width, h = image.height
        guard w > 2 * radius, h > 2 * radius else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        // Every window lies inside the picture: all hold c pixels. Window sums come
        // from the reference's `WindowSums`, as in `Binarizer.adaptiveThreshold`.
        let side = 2 * radius + 1, c = side * side
        // A residual 4·|p·c − s| is below 4 · 255 · c: under 2^24 (exact in single
        // precision) while c < 16,000, and its quotient by c, a whole number or at
        // least 1/c away from one, floors exactly from the float quotient then.
        let fast = c < 4_096
        let divisor = Double(c), floatDivisor = Float(c), c32 = Int32(c)
        var sums = WindowSums(width: w)
        let prefix = sums.prefix
        var residuals = [Int32](repeating: 0, count: w)
        reference.pixels.withUnsafeBufferPointer { ref in
            image.pixels.withUnsafeBufferPointer { pixels in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    residuals.withUnsafeMutableBufferPointer { residuals in
                        for y in radius..<(h - radius) {
                            sums.cover((y &- radius)..<(y &+ radius &+ 1), of: ref)
                            let base = y &* w
                            if fast {
                                for x in radius..<(w - radius) {
                                    let s = prefix[x &+ radius &+ 1] &- prefix[x &- radius]
                                    let d = Int32(pixels[base &+ x]) &* c32 &- s
                                    let q = Float(4 &* (d < 0 ? 0 &- d : d)) / floatDivisor
                                    residuals[x] = min(255, flooredNonNegative(q))
                                }
                            } else {
                                for x in radius..<(w - radius) {
                                    let s = Int(prefix[x &+ radius &+ 1] &- prefix[x &- radius])
                                    // The quotient of numbers below 2^31: the double quotient
                                    // truncates to the integer one exactly.
                                    let r = Int(Double(4 * abs(Int(pixels[base &+ x]) * c - s)) / divisor)
                                    residuals[x] = Int32(min(255, r))
                                }
                            }
                            for x in radius..<(w - radius) { histogram[Int(residuals[x])] &+= 1 }
                        }
                    }
                }
            }
        }
        let n = (h - 2 * radius) * (w - 2 * radius)
        var seen = 0
        for (r, count) in histogram.enumerated() {
            seen += count
            if 4 * seen >= n { return (Double(r) + 0.5) / 4 / 0.3186 }
        }
        return 0
    }

    /// Each pixel the mean of the 3×3 pixels around it (fewer at the borders).
    func boxBlur3(_ image: GrayImage) -> GrayImage {
        var out = image
        let w = image.width, h = image.height
        image.pixels.withUnsafeBufferPointer { p in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum = 0, n = 0
                        for yy in max(0, y - 1)...min(h - 1, y + 1) {
                            for xx in max(0, x - 1)...min(w - 1, x + 1) { sum += Int(p[yy * w + xx]); n += 1 }
                        }
                        o[y * w + x] = UInt8((sum + n / 2) / n)
                    }
                }
            }
        }
        return out
    }

    /// How much darker than the median the darkest pixels (2 %) of a cell's middle
    /// 60 % are, in grey levels.
    func centralDepth(_ image: GrayImage, cellSize: Int, margin: Int) -> Double {
        let lo = margin + cellSize / tuning.centralTrim, hi = margin + cellSize - cellSize / tuning.centralTrim
        let histogram = Histogram(of: image, columns: lo..<hi, rows: lo..<hi)
        return Double(Int(histogram.quantile(0.5)) - Int(histogram.quantile(tuning.darkestShare)))
    }

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
    /// A pencil mark's group, as shares of a cell: its longer side in
    /// `markLong` (below a digit's), its shorter side at least `minShortUpright`.
    /// Chosen by hand: apps draw pencil marks a third of the cell high or less,
    /// their digits 0.15-0.25 of it.
    var markLong: Range<Double> { tuning.minMarkLong..<tuning.minGlyphLong }

    /// Finds the digit in a cell picture: adaptive threshold, grid-line remnants
    /// removed (long horizontal and vertical runs that lie on a lattice line or
    /// reach out of the cell; a long run inside the cell, a tall 1's stem, is kept),
    /// the remaining pieces grouped by proximity (a grid line through a digit splits
    /// it), then the largest digit-sized group near the centre. Sizes are judged by
    /// the longer and shorter side, so a digit lying on its side (a puzzle
    /// photographed turned) is found too.
    ///
    /// - Parameter offset: how much darker than its neighbourhood's mean a pixel
    ///   must be to count as ink, in grey levels; nil: 8 % of the mean, at least 6.
    /// - Parameter noiseFloor: with no `offset`, the least threshold in grey
    ///   levels (a noisy photo's, see `noiseFloorSpread`).
    public func findGlyph(in image: GrayImage, cellSize: Int, margin: Int, offset: Int? = nil,
                                 noiseFloor: Int = 0) -> CellGlyph {
        let window = (cellSize / tuning.windowDivisor) | 1
        let mask = offset.map { Binarizer.adaptiveThreshold(image, window: window, relativeOffset: 0, minimumOffset: $0) }
            ?? Binarizer.adaptiveThreshold(image, window: window, relativeOffset: tuning.inkRelativeOffset,
                                           minimumOffset: max(tuning.inkMinimumOffset, noiseFloor))
        let horizontal = lineRuns(mask, cellSize: cellSize, margin: margin, vertical: false)
        let vertical = lineRuns(mask, cellSize: cellSize, margin: margin, vertical: true)
        // What the stages below work on: everything but the grid-line remnants.
        let unlined = mask.subtracting(horizontal.onLattice).subtracting(vertical.onLattice)
        var ink = unlined.subtracting(horizontal.offLattice).subtracting(vertical.offLattice)
        // What an empty cell must not hold, whatever the stages below make of it.
        let speck = max(tuning.minPieceArea, cellSize * cellSize / tuning.pieceAreaDivisor)
        let interior = interiorInk(unlined, cellSize: cellSize, margin: margin, speck: speck)
        let (inner, outer) = (margin + cellSize / Self.lineBandDivisor, margin + cellSize - cellSize / Self.lineBandDivisor)
        var centralLineInk = 0
        for y in inner..<outer {
            for x in inner..<outer where unlined.bits[y * mask.width + x] != 0 && ink.bits[y * mask.width + x] == 0 {
                centralLineInk += 1
            }
        }
        // The ink as it reaches over the cell's edges, for `straddlingInk`.
        let unringed = ink
        // Clear the margin ring (neighbouring cells and the grid lines themselves).
        let lo = margin + cellSize / tuning.edgeRingDivisor, hi = margin + cellSize - cellSize / tuning.edgeRingDivisor
        ink.bits.withUnsafeMutableBufferPointer { bits in
            let w = ink.width
            for y in 0..<ink.height {
                if y < lo || y >= hi {
                    for x in 0..<w { bits[y * w + x] = 0 }
                } else {
                    for x in 0..<min(lo, w) { bits[y * w + x] = 0 }
                    for x in max(0, min(hi, w))..<w { bits[y * w + x] = 0 }
                }
            }
        }
        let map = ComponentLabeler.label(ink, minArea: speck)
        let cs = Double(cellSize)
        let centre = Point(Double(margin) + cs / 2, Double(margin) + cs / 2)
        var loose = 0

        // Group pieces whose boxes come within 8 % of a cell of each other.
        struct Group { var minX: Int, minY: Int, maxX: Int, maxY: Int, area: Int, labels: [Int32] }
        var groups: [Group] = []
        let pad = Int(tuning.groupGap * cs)
        // Share of each piece's pixels lying in a band along the cell's edges.
        var inBand = [Int](repeating: 0, count: map.components.count + 1)
        var index = [Int](repeating: -1, count: Int(map.components.last?.label ?? 0) + 1)
        for (k, c) in map.components.enumerated() { index[Int(c.label)] = k }
        let band = cellSize / tuning.edgeBandDivisor
        for y in lo..<hi {
            for x in lo..<hi {
                let l = map.labels[y * image.width + x]
                guard l != 0 else { continue }
                let k = index[Int(l)]
                if x < lo + band || y < lo + band || x >= hi - band || y >= hi - band { inBand[k] += 1 }
            }
        }
        for (k, c) in map.components.enumerated() {
            // A piece lying along the cell's edges is what is left of a grid line.
            if Double(inBand[k]) > tuning.edgeBandShare * Double(c.area) { continue }
            loose += c.area
            var g = Group(minX: c.minX, minY: c.minY, maxX: c.maxX, maxY: c.maxY, area: c.area, labels: [c.label])
            var merged = true
            while merged {
                merged = false
                if let k = groups.firstIndex(where: { o in
                    o.maxX >= g.minX - pad && o.minX <= g.maxX + pad && o.maxY >= g.minY - pad && o.minY <= g.maxY + pad
                }) {
                    let o = groups.remove(at: k)
                    g = Group(minX: min(g.minX, o.minX), minY: min(g.minY, o.minY), maxX: max(g.maxX, o.maxX),
                              maxY: max(g.maxY, o.maxY), area: g.area + o.area, labels: g.labels + o.labels)
                    merged = true
                }
            }
            groups.append(g)
        }
        let digitLike = groups.filter { g in
            let w = Double(g.maxX - g.minX + 1), h = Double(g.maxY - g.minY + 1)
            let long = max(w, h), short = min(w, h)
            let cx = Double(g.minX + g.maxX + 1) / 2, cy = Double(g.minY + g.maxY + 1) / 2
            // A digit lying on its side must be thicker than a grid-line remnant; an
            // upright 1 may be as thin as a stroke.
            let minShort = w > h ? tuning.minShortLying : tuning.minShortUpright
            return long >= tuning.minGlyphLong * cs && long <= tuning.maxGlyphLong * cs && short <= tuning.maxGlyphShort * cs
                && short >= minShort * cs
                && abs(cx - centre.x) <= tuning.maxCentreOffset * cs && abs(cy - centre.y) <= tuning.maxCentreOffset * cs
        }
        guard let main = digitLike.max(by: { $0.area < $1.area }) else {
            var empty = CellGlyph(box: nil, inkPixels: 0, looseInkPixels: loose, contrast: 0,
                                  interiorInkPixels: interior, centralLineInkPixels: centralLineInk)
            empty.straddlingInkPixels = straddlingInk(unringed, cellSize: cellSize, margin: margin, speck: speck)
            empty.smallGroups = groups.map { ($0.minX, $0.minY, $0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }
            for g in groups {
                let w = Double(g.maxX - g.minX + 1), h = Double(g.maxY - g.minY + 1)
                guard markLong.contains(max(w, h) / cs), min(w, h) >= tuning.minShortUpright * cs else { continue }
                let cx = Double(g.minX + g.maxX + 1) / 2, cy = Double(g.minY + g.maxY + 1) / 2
                empty.markPixels += g.area
                empty.marks += 1
                empty.markLong = max(empty.markLong, max(w, h) / cs)
                if max(abs(cx - centre.x), abs(cy - centre.y)) >= tuning.markOffCentre * cs { empty.markOffCentre = true }
            }
            return empty
        }
        // The glyph's labels, as a look-up by label (labels are 1...the last one).
        var isGlyph = [Bool](repeating: false, count: index.count)
        for l in main.labels { isGlyph[Int(l)] = true }
        // Contrast: glyph ink against the paper inside the cell.
        var inkSum = 0, inkN = 0, paperSum = 0, paperN = 0
        for y in lo..<hi {
            for x in lo..<hi {
                let i = y * image.width + x
                if isGlyph[Int(map.labels[i])] { inkSum += Int(image.pixels[i]); inkN += 1 }
                else if mask.bits[i] == 0 { paperSum += Int(image.pixels[i]); paperN += 1 }
            }
        }
        let contrast = (paperN > 0 && inkN > 0) ? Double(paperSum) / Double(paperN) - Double(inkSum) / Double(inkN) : 0
        var glyph = CellGlyph(box: (main.minX, main.minY, main.maxX - main.minX + 1, main.maxY - main.minY + 1),
                              inkPixels: main.area, looseInkPixels: loose, contrast: contrast,
                              interiorInkPixels: interior, centralLineInkPixels: centralLineInk)
        glyph.smallGroups = groups.filter { $0.labels != main.labels }
            .map { ($0.minX, $0.minY, $0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }
        return glyph
    }

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
    func lineRuns(_ mask: BinaryImage, cellSize: Int, margin: Int, vertical: Bool)
        -> (onLattice: BinaryImage, offLattice: BinaryImage) {
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
                    if line[p &* step] == 0 { p &+= 1; continue }
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
        var onLine = (0..<across).map { min(abs(Double($0) + 0.5 - Double(first)), abs(Double($0) + 0.5 - Double(last))) <= band }
        let middle = margin + cellSize / 2
        if across > 1 {
            for a in 1..<min(middle, across) where !onLine[a] && onLine[a - 1] && holdsRun[a] { onLine[a] = true }
            for a in stride(from: across - 2, through: middle, by: -1) where !onLine[a] && onLine[a + 1] && holdsRun[a] {
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
            guard long >= tuning.minGlyphLong * cs, long <= tuning.maxGlyphLong * cs, short >= tuning.straddleShort * cs,
                  Double(c.area) >= tuning.straddleFill * w * h else { continue }
            let inCell = inside[Int(c.label)]
            guard inCell >= speck, Double(inCell) >= tuning.straddleInsideShare * Double(c.area) else { continue }
            let cx = Double(c.minX + c.maxX + 1) / 2, cy = Double(c.minY + c.maxY + 1) / 2
            let crossesColumnLine = (c.minX < first && c.maxX >= first) || (c.minX < last && c.maxX >= last)
            let crossesRowLine = (c.minY < first && c.maxY >= first) || (c.minY < last && c.maxY >= last)
            if (crossesColumnLine && abs(cy - middle) <= tuning.maxCentreOffset * cs)
                || (crossesRowLine && abs(cx - middle) <= tuning.maxCentreOffset * cs) {
                total += inCell
            }
        }
        return total
    }

    /// Ink pixels of a mask in the cell's interior (1/`lineBandDivisor` of a cell
    /// inside each lattice line), in pieces of at least `speck` pixels (sensor
    /// noise left out).
    func interiorInk(_ mask: BinaryImage, cellSize: Int, margin: Int, speck: Int) -> Int {
        let (inner, outer) = (margin + cellSize / Self.lineBandDivisor, margin + cellSize - cellSize / Self.lineBandDivisor)
        let side = outer - inner
        guard side > 0 else { return 0 }
        var window = BinaryImage(width: side, height: side)
        for y in 0..<side { for x in 0..<side { window.bits[y * side + x] = mask.bits[(y + inner) * mask.width + x + inner] } }
        return ComponentLabeler.label(window, minArea: speck).components.reduce(0) { $0 + $1.area }
    }
}
