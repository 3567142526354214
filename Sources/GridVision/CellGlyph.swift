// Offers: `CellGlyph`, the ink found in one cell once grid-line remnants are
// removed, and `CellExtractor.findGlyph`, which finds it: the largest
// digit-sized group of ink near the cell's centre, the loose ink beside it, and
// the groups shaped like pencil marks (`markLong`).

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

extension CellExtractor {

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
    public func findGlyph(
        in image: GrayImage, cellSize: Int, margin: Int, offset: Int? = nil,
        noiseFloor: Int = 0
    ) -> CellGlyph {
        let window = (cellSize / tuning.windowDivisor) | 1
        let mask =
            offset.map { Binarizer.adaptiveThreshold(image, window: window, relativeOffset: 0, minimumOffset: $0) }
            ?? Binarizer.adaptiveThreshold(
                image, window: window, relativeOffset: tuning.inkRelativeOffset,
                minimumOffset: max(tuning.inkMinimumOffset, noiseFloor))
        let horizontal = lineRuns(mask, cellSize: cellSize, margin: margin, vertical: false)
        let vertical = lineRuns(mask, cellSize: cellSize, margin: margin, vertical: true)
        // What the stages below work on: everything but the grid-line remnants.
        let unlined = mask.subtracting(horizontal.onLattice).subtracting(vertical.onLattice)
        var ink = unlined.subtracting(horizontal.offLattice).subtracting(vertical.offLattice)
        // What an empty cell must not hold, whatever the stages below make of it.
        let speck = max(tuning.minPieceArea, cellSize * cellSize / tuning.pieceAreaDivisor)
        let interior = interiorInk(unlined, cellSize: cellSize, margin: margin, speck: speck)
        let (inner, outer) = (
            margin + cellSize / Self.lineBandDivisor, margin + cellSize - cellSize / Self.lineBandDivisor
        )
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
                    g = Group(
                        minX: min(g.minX, o.minX), minY: min(g.minY, o.minY), maxX: max(g.maxX, o.maxX),
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
            return long >= tuning.minGlyphLong * cs && long <= tuning.maxGlyphLong * cs
                && short <= tuning.maxGlyphShort * cs
                && short >= minShort * cs
                && abs(cx - centre.x) <= tuning.maxCentreOffset * cs
                && abs(cy - centre.y) <= tuning.maxCentreOffset * cs
        }
        guard let main = digitLike.max(by: { $0.area < $1.area }) else {
            var empty = CellGlyph(
                box: nil, inkPixels: 0, looseInkPixels: loose, contrast: 0,
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
                if max(abs(cx - centre.x), abs(cy - centre.y)) >= tuning.markOffCentre * cs {
                    empty.markOffCentre = true
                }
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
                if isGlyph[Int(map.labels[i])] {
                    inkSum += Int(image.pixels[i])
                    inkN += 1
                } else if mask.bits[i] == 0 {
                    paperSum += Int(image.pixels[i])
                    paperN += 1
                }
            }
        }
        let contrast = (paperN > 0 && inkN > 0) ? Double(paperSum) / Double(paperN) - Double(inkSum) / Double(inkN) : 0
        var glyph = CellGlyph(
            box: (main.minX, main.minY, main.maxX - main.minX + 1, main.maxY - main.minY + 1),
            inkPixels: main.area, looseInkPixels: loose, contrast: contrast,
            interiorInkPixels: interior, centralLineInkPixels: centralLineInk)
        glyph.smallGroups = groups.filter { $0.labels != main.labels }
            .map { ($0.minX, $0.minY, $0.maxX - $0.minX + 1, $0.maxY - $0.minY + 1) }
        return glyph
    }
}
