// Offers: per-photo glyph statistics: `GlyphShape` (a glyph scaled into a fixed
// box, ink positive, zero mean, unit norm) and `GlyphTemplates`, the same photo's
// glyphs grouped by the digit they were read as, for judging a cell against the
// other cells read alike. The givens of one puzzle share one font, so this is a
// second opinion that knows the print of this photo, not of any font in general.

import Raster

/// A glyph normalised for comparison by correlation.
public struct GlyphShape: Sendable {
    /// Size of the fixed box, in samples. No measurement recorded.
    static let width = 20
    static let height = 28
    /// The paper level is this quantile of the crop's grey levels.
    static let paperQuantile = 0.9
    /// `width * height` values, row-major, zero mean, unit norm (all zero for a
    /// blank crop).
    var values: [Float]

    /// Scales the glyph's `box` in `cell` (a crop with some paper around the
    /// glyph) into the fixed box, as large as fits with its aspect kept, centred;
    /// ink becomes positive, measured down from the paper level (the
    /// `paperQuantile` of `cell`'s grey levels).
    public init(cell: GrayImage, box: (x: Int, y: Int, width: Int, height: Int)) {
        let w = Self.width, h = Self.height
        var out = [Float](repeating: 0, count: w * h)
        let scale = min(Double(h) / Double(box.height), Double(w) / Double(box.width))
        let sw = Double(box.width) * scale, sh = Double(box.height) * scale
        let ox = (Double(w) - sw) / 2, oy = (Double(h) - sh) / 2
        // Paper level: about a tenth of the crop is brighter.
        let paper = Float(Histogram(of: cell).quantile(Self.paperQuantile))
        for y in 0..<h {
            for x in 0..<w {
                let sx = (Double(x) + 0.5 - ox) / scale + Double(box.x) - 0.5
                let sy = (Double(y) + 0.5 - oy) / scale + Double(box.y) - 0.5
                guard sx >= Double(box.x) - 1, sy >= Double(box.y) - 1,
                    sx <= Double(box.x + box.width), sy <= Double(box.y + box.height)
                else { continue }
                let v = Float(cell.sampleBilinear(x: sx, y: sy, border: .clamp, blend: .difference))
                out[y * w + x] = max(0, paper - v)
            }
        }
        let mean = out.reduce(0, +) / Float(out.count)
        var norm: Float = 0
        for i in out.indices {
            out[i] -= mean
            norm += out[i] * out[i]
        }
        norm = norm.squareRoot()
        if norm > 0 { for i in out.indices { out[i] /= norm } }
        values = out
    }

    /// Normalised cross-correlation, -1...1.
    public func correlation(_ other: GlyphShape) -> Float {
        var s: Float = 0
        for i in values.indices { s += values[i] * other.values[i] }
        return s
    }
}

/// The glyphs of one photo, by the digit each was read as.
public struct GlyphTemplates: Sendable {
    /// Cell index and shape, per digit 1...9 (index 0 unused).
    var members: [[(cell: Int, shape: GlyphShape)]] = Array(repeating: [], count: 10)

    public init() {}

    /// Adds the glyph of cell `cell` (any index that names it, 0..<81 in the
    /// pipeline) as read as `digit`, 1...9.
    public mutating func add(cell: Int, digit: Int, shape: GlyphShape) {
        members[digit].append((cell, shape))
    }

    /// The median correlation of `shape` with the glyphs read as `digit`, leaving
    /// out cell `excluding`; nil when no other glyph was read as `digit`.
    /// The median, not the mean or the best, so that a few misread glyphs among
    /// the members do not decide.
    public func similarity(_ shape: GlyphShape, to digit: Int, excluding: Int) -> Float? {
        var scores = members[digit].filter { $0.cell != excluding }.map { shape.correlation($0.shape) }
        guard !scores.isEmpty else { return nil }
        scores.sort()
        let n = scores.count
        return n % 2 == 1 ? scores[n / 2] : (scores[n / 2 - 1] + scores[n / 2]) / 2
    }

    /// Where `shape` lies between the mean glyph read as `a` and the mean glyph read
    /// as `b` (each leaving out cell `excluding`): −0.5 at `a`'s mean, +0.5 at
    /// `b`'s, measured along the line joining them, so only the strokes where the
    /// two digits differ count (an 8 and a 6 share most of theirs). Nil when
    /// either digit has no other glyph.
    public func position(_ shape: GlyphShape, between a: Int, and b: Int, excluding: Int) -> Float? {
        guard let ma = mean(of: a, excluding: excluding), let mb = mean(of: b, excluding: excluding) else { return nil }
        var dot: Float = 0, norm: Float = 0
        for i in shape.values.indices {
            let d = mb[i] - ma[i]
            dot += (shape.values[i] - (ma[i] + mb[i]) / 2) * d
            norm += d * d
        }
        return norm > 0 ? dot / norm : nil
    }

    /// The mean shape of the glyphs read as `digit`, leaving out cell `excluding`.
    func mean(of digit: Int, excluding: Int) -> [Float]? {
        let shapes = members[digit].filter { $0.cell != excluding }
        guard let first = shapes.first else { return nil }
        var sum = [Float](repeating: 0, count: first.shape.values.count)
        for m in shapes { for i in sum.indices { sum[i] += m.shape.values[i] } }
        let n = Float(shapes.count)
        return sum.map { $0 / n }
    }

    /// Every digit with at least one other glyph, by descending similarity.
    public func ranking(_ shape: GlyphShape, excluding: Int) -> [(digit: Int, similarity: Float)] {
        (1...9).compactMap { d in similarity(shape, to: d, excluding: excluding).map { (d, $0) } }
            .sorted { $0.similarity > $1.similarity }
    }
}
