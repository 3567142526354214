// Offers: `GlyphField`, what the classifier sees of a glyph crop: a small square
// grid of ink darkness in [0, 1], the glyph's ink box scaled into it with its
// aspect kept. scripts/digits/preprocess.py is the same computation for
// training; a golden test keeps the two equal.

import Raster

/// Turns a glyph crop into the classifier's input.
///
/// Steps (each mirrored in `scripts/digits/preprocess.py`):
/// 1. levels: Otsu's threshold splits the crop's grey levels; ink is the median
///    of the dark class, paper the median of the light one (as
///    `GlyphNormalizer.levels`, so that a blurred, low-contrast glyph is
///    stretched to full contrast);
/// 2. darkness `d = clamp((paper − v) / (paper − ink), 0, 1)`; a crop with less
///    than `minimumContrast` grey levels between ink and paper is blank (all 0);
/// 3. the ink box: the pixels with `2 (paper − v) ≥ paper − ink`;
/// 4. the box is scaled, aspect kept, so that its longer side spans `glyph`
///    cells, centred in the `field` × `field` grid, by exact area averaging:
///    each grid cell is the mean darkness of the part of the box it covers
///    (outside the box counts as 0). Placement is continuous, never rounded to
///    whole pixels, so a glyph one pixel wider does not jump.
public enum GlyphField {
    /// The crop's ink and paper levels (`ink < paper`): Otsu's threshold splits
    /// the grey levels; each is the median of its class (the sample of rank
    /// ⌊count / 2⌋). A flat crop gives `(paper − 1, paper)`.
    public static func levels(of crop: GrayImage) -> (ink: UInt8, paper: UInt8) {
        guard crop.width > 0, crop.height > 0 else { return (0, 255) }
        let histogram = Histogram(of: crop)
        let t = histogram.otsuThreshold
        var dark = 0
        for v in 0...t { dark += histogram.counts[v] }
        let light = histogram.total - dark
        let ink = dark > 0 ? Int(histogram.level(atRank: dark / 2, from: 0)) : t
        let paper = light > 0 ? Int(histogram.level(atRank: light / 2, from: t + 1)) : t
        if ink >= paper { return (UInt8(paper == 0 ? 0 : paper - 1), UInt8(max(paper, 1))) }
        return (UInt8(ink), UInt8(paper))
    }

    /// The field of `crop`: `field * field` values, row-major, top row first.
    public static func values(_ crop: GrayImage, field: Int, glyph: Int, minimumContrast: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: field * field) { buffer, count in
            fill(buffer, crop, field: field, glyph: glyph, minimumContrast: minimumContrast)
            count = field * field
        }
    }

    /// Writes the field of `crop` into `out` (`field * field` values).
    /// Allocates only for crops larger than a few thousand pixels.
    static func fill(
        _ out: UnsafeMutableBufferPointer<Float>, _ crop: GrayImage, field: Int, glyph: Int,
        minimumContrast: Int
    ) {
        fill(out, crop, levels: levels(of: crop), field: field, glyph: glyph, minimumContrast: minimumContrast)
    }

    /// `fill` with the crop's `levels(of:)` already known (a caller that needs
    /// them too computes them once).
    static func fill(
        _ out: UnsafeMutableBufferPointer<Float>, _ crop: GrayImage, levels: (ink: UInt8, paper: UInt8),
        field: Int, glyph: Int, minimumContrast: Int
    ) {
        precondition(out.count >= field * field)
        for i in 0..<(field * field) { out[i] = 0 }
        guard crop.width > 0, crop.height > 0 else { return }
        let (ink, paper) = levels
        let contrast = Int(paper) - Int(ink)
        guard contrast >= minimumContrast else { return }
        // The ink box.
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        crop.pixels.withUnsafeBufferPointer { p in
            for y in 0..<crop.height {
                for x in 0..<crop.width where 2 * (Int(paper) - Int(p[y * crop.width + x])) >= contrast {
                    x0 = min(x0, x)
                    x1 = max(x1, x)
                    y0 = min(y0, y)
                    y1 = max(y1, y)
                }
            }
        }
        guard x1 >= 0 else { return }
        let bw = x1 - x0 + 1, bh = y1 - y0 + 1
        let scale = Double(glyph) / Double(max(bw, bh))
        let offsetX = Double(field) / 2 - Double(bw) * scale / 2
        let offsetY = Double(field) / 2 - Double(bh) * scale / 2
        // Rows first: rows[j * field + u] is box row j averaged over field column u.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: bh * field) { rows in
            crop.pixels.withUnsafeBufferPointer { p in
                for j in 0..<bh {
                    let line = (y0 + j) * crop.width + x0
                    for u in 0..<field {
                        var acc = 0.0
                        forEachOverlap(u, count: bw, offset: offsetX, scale: scale) { k, weight in
                            let d = Double(Int(paper) - Int(p[line + k])) / Double(contrast)
                            acc += weight * min(1, max(0, d))
                        }
                        rows[j * field + u] = acc
                    }
                }
            }
            for v in 0..<field {
                for u in 0..<field {
                    var acc = 0.0
                    forEachOverlap(v, count: bh, offset: offsetY, scale: scale) { j, weight in
                        acc += weight * rows[j * field + u]
                    }
                    out[v * field + u] = Float(acc)
                }
            }
        }
    }

    /// Calls `body(k, weight)` for each source pixel `k` in `0..<count` that field
    /// cell `u` covers: the cell spans box coordinates `[(u − offset) / scale,
    /// (u + 1 − offset) / scale)`, pixel `k` spans `[k, k + 1)`, and the weight is
    /// their overlap times `scale` (a cell wholly inside the box has weights
    /// summing to 1).
    @inline(__always)
    static func forEachOverlap(_ u: Int, count: Int, offset: Double, scale: Double, _ body: (Int, Double) -> Void) {
        let s0 = (Double(u) - offset) / scale, s1 = (Double(u) + 1 - offset) / scale
        guard s1 > 0, s0 < Double(count) else { return }
        let first = max(0, Int(s0.rounded(.down))), last = min(count - 1, Int(s1.rounded(.up)) - 1)
        guard first <= last else { return }
        for k in first...last {
            let overlap = min(s1, Double(k + 1)) - max(s0, Double(k))
            if overlap > 0 { body(k, overlap * scale) }
        }
    }
}
