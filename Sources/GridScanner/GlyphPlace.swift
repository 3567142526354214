// Offers: `GlyphPlace`: where a glyph lies in its cell, upright, in shares of the
// cell's side, and the ink pieces it is made of.

import GlyphModels
import GridVision
import Raster
import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

/// Where a glyph lies in its cell, upright, in shares of the cell's side.
struct GlyphPlace: Sendable, Equatable {
    /// The ink box's centre (0 ... 1 across and down the cell).
    var x: Double
    var y: Double
    /// The ink box's width over its height.
    var aspect: Double
    /// How many digit-high pieces of ink lie side by side in the box (pieces
    /// overlapping across are one): 2 or more for small digits written in a row.
    var pieces = 1
    /// `pieces` and `aspect` measured on the ink itself (`inkPieces(in:)`)
    /// rather than on the glyph's box.
    var inkPieces = 1
    var inkAspect = 0.0
    /// The rows of the ink itself (darker than the crop's middle grey) in
    /// shares of the box's height from its top: (0, 1) when the ink fills the
    /// box. A faint grid-line remnant the extractor joined to a glyph
    /// stretches the box past the ink.
    var inkTop = 0.0
    var inkBottom = 1.0

    /// Counts the digit-high pieces side by side in `crop`, a glyph's upright
    /// crop (its ink box with a little paper around it).
    static func pieces(in crop: GrayImage, overlap: Double = 0.3) -> Int {
        max(1, pieceBoxes(in: crop, overlap: overlap).count)
    }

    /// The boxes of the digit-high pieces side by side in `crop` (see
    /// `pieces(in:)`), left to right, in the crop's pixels.
    static func pieceBoxes(in crop: GrayImage, overlap: Double = 0.3) -> [(x: Int, y: Int, width: Int, height: Int)] {
        pieceBoxes(inkSpans(in: crop, overlap: overlap), height: crop.height)
    }

    /// The spans (`inkSpans`) at least half of `height` high, as boxes.
    static func pieceBoxes(
        _ spans: [(lo: Int, hi: Int, top: Int, bottom: Int)], height: Int
    )
        -> [(x: Int, y: Int, width: Int, height: Int)]
    {
        spans.filter { Double($0.bottom - $0.top + 1) >= 0.5 * Double(height) }
            .map { ($0.lo, $0.top, $0.hi - $0.lo + 1, $0.bottom - $0.top + 1) }
    }

    typealias Measures = (pieces: Int, inkPieces: Int, inkAspect: Double, inkRows: (top: Int, bottom: Int)?)

    /// `pieces(in:)` and `inkPieces(in:)` of `crop`, its ink found once (twice
    /// when a grid line's remnant lies along its side: `inkPieces` are
    /// measured without it, see `withoutEdgeLines`).
    /// `inkRows` is the ink's first and last row in the crop's pixels (nil
    /// for a crop with no ink).
    static func measure(_ crop: GrayImage) -> Measures {
        let spans = inkSpans(in: crop, overlap: 0.3)
        let cleaned = withoutEdgeLines(crop).map { inkSpans(in: $0, overlap: 0.3) } ?? spans
        let ink = inkPieces(cleaned)
        let rows = cleaned.map(\.top).min().map { ($0, cleaned.map(\.bottom).max()!) }
        return (max(1, pieceBoxes(spans, height: crop.height).count), ink.pieces, ink.aspect, rows)
    }

    /// `crop` with the remnants of a grid line along its left or right side
    /// painted paper; nil when it has none. A lattice fitted a little off the
    /// printed lines leaves a line's edge in a cell, and the extractor joins it
    /// to a glyph written near it: its box then runs to the line's ends, and
    /// marks written large against the cell's side ("14", "39") measure as
    /// narrow as one digit. A remnant is a run of at most `edgeLineWidth`
    /// columns within `edgeLineZone` of the crop's width from a side, each
    /// inked (darker than the middle grey) over at least `edgeLineShare` of the
    /// crop's height, with the next column inward inked less than half as
    /// much: a line is thin and straight, while a digit's stroke along the
    /// side (a 1, a 4's stem) is as thick as the hand's pen and leans or
    /// curves into its neighbours.
    static func withoutEdgeLines(_ crop: GrayImage) -> GrayImage? {
        let (ink, paper) = GlyphField.levels(of: crop)
        guard paper > ink, crop.width >= 8 else { return nil }
        let cut = (Int(ink) + Int(paper)) / 2
        var counts = [Int](repeating: 0, count: crop.width)
        for y in 0..<crop.height {
            for x in 0..<crop.width where Int(crop[x, y]) < cut { counts[x] += 1 }
        }
        let least = Int((edgeLineShare * Double(crop.height)).rounded(.up))
        let zone = max(2, Int(edgeLineZone * Double(crop.width)))
        var line: [Int] = []
        for side in [Array(0..<zone), Array((crop.width - zone)..<crop.width).reversed()] {
            // The outermost run of line-dark columns within the zone.
            guard let first = side.firstIndex(where: { counts[$0] >= least }) else { continue }
            var last = first
            while last + 1 < side.count && counts[side[last + 1]] >= least { last += 1 }
            guard last - first + 1 <= edgeLineWidth, last + 1 < side.count else { continue }
            let run = side[first...last]
            let weakest = run.map { counts[$0] }.min()!
            guard 2 * counts[side[last + 1]] < weakest else { continue }
            line += run
        }
        guard !line.isEmpty else { return nil }
        var out = crop
        for x in line {
            for y in 0..<crop.height { out[x, y] = paper }
        }
        return out
    }

    /// See `withoutEdgeLines`.
    static let edgeLineWidth = 2
    static let edgeLineZone = 0.2
    static let edgeLineShare = 0.5

    /// The digit-high pieces side by side in `crop` and the ink's width over
    /// its height, both measured against the ink darker than the crop's middle
    /// grey rather than against the glyph's box (`pieces(in:)`, `aspect`): the
    /// extractor's threshold, local and finer, can join a faint grid-line
    /// remnant to a glyph (pencil marks written against a cell's side), whose
    /// box it stretches to the line's ends; the marks' digits are then short
    /// of half the box's height, and the box narrow. (1, 0) for a crop with no ink.
    static func inkPieces(in crop: GrayImage, overlap: Double = 0.3) -> (pieces: Int, aspect: Double) {
        inkPieces(inkSpans(in: crop, overlap: overlap))
    }

    /// `inkPieces(in:)` of a crop's spans (`inkSpans`).
    static func inkPieces(_ spans: [(lo: Int, hi: Int, top: Int, bottom: Int)]) -> (pieces: Int, aspect: Double) {
        guard let lo = spans.map(\.lo).min(), let hi = spans.map(\.hi).max(),
            let top = spans.map(\.top).min(), let bottom = spans.map(\.bottom).max()
        else { return (1, 0) }
        let height = bottom - top + 1
        let pieces = spans.filter { Double($0.bottom - $0.top + 1) >= 0.5 * Double(height) }.count
        return (max(1, pieces), Double(hi - lo + 1) / Double(height))
    }

    /// The pieces of ink in `crop` (darker than its middle grey, specks left
    /// out) left to right, pieces overlapping across by more than `overlap` of
    /// the narrower one merged (parts of one digit: a 5's flag over its bowl).
    static func inkSpans(in crop: GrayImage, overlap: Double) -> [(lo: Int, hi: Int, top: Int, bottom: Int)] {
        let (ink, paper) = GlyphField.levels(of: crop)
        guard paper > ink else { return [] }
        let cut = (Int(ink) + Int(paper)) / 2
        var mask = BinaryImage(width: crop.width, height: crop.height)
        for i in crop.pixels.indices where Int(crop.pixels[i]) < cut { mask.bits[i] = 1 }
        let map = ComponentLabeler.label(mask, minArea: max(3, crop.width * crop.height / 60))
        var spans: [(lo: Int, hi: Int, top: Int, bottom: Int)] = []
        for c in map.components.sorted(by: { $0.minX < $1.minX }) {
            if let last = spans.last,
                Double(min(last.hi, c.maxX) - max(last.lo, c.minX) + 1) > overlap
                    * Double(min(last.hi - last.lo, c.maxX - c.minX) + 1)
            {
                spans[spans.count - 1] = (
                    last.lo, max(last.hi, c.maxX), min(last.top, c.minY), max(last.bottom, c.maxY)
                )
            } else {
                spans.append((c.minX, c.maxX, c.minY, c.maxY))
            }
        }
        return spans
    }
}
