// Offers: `CellKind` (empty, printed, handwritten), `GlyphStyle` (what a
// glyph's print looks like: size, stroke, darkness), and `KindJudge`, which
// decides each cell's kind against the photo's own printed glyphs: the givens
// of one puzzle share one font, size, stroke and darkness; the player's
// entries vary and differ from them.

import DigitClassifier
import DigitReader
import Raster

#if canImport(Glibc)
import Glibc
#endif

/// What a cell of a photographed puzzle holds.
public enum CellKind: String, Sendable, CaseIterable {
    /// No glyph.
    case empty
    /// A given printed with the puzzle.
    case printed
    /// A digit the player wrote in.
    case handwritten

    /// One character per kind in the 81-character `kinds` line: `.`, `p`, `h`.
    public var letter: Character {
        switch self {
        case .empty: "."
        case .printed: "p"
        case .handwritten: "h"
        }
    }
}

/// What a glyph's print looks like, measured on its upright crop.
struct GlyphStyle: Sendable, Equatable {
    /// The ink box's height and width as shares of the cell's side.
    var height: Double
    var width: Double
    /// Ink against paper: `(paper − ink) / paper` of the crop's two grey levels.
    var darkness: Double
    /// The mean stroke width as a share of the glyph's height: twice the ink's
    /// area over its boundary (a stroke `w` pixels wide and `L` long has area
    /// `wL` and `2L` boundary pixels).
    var stroke: Double

    /// Measures the glyph whose upright crop is `crop` (ink box plus `pad`
    /// pixels of paper on each side) in a cell `cellSize` pixels across.
    init(crop: GrayImage, pad: Int, cellSize: Int) {
        let boxHeight = max(1, crop.height - 2 * pad), boxWidth = max(1, crop.width - 2 * pad)
        height = Double(boxHeight) / Double(cellSize)
        width = Double(boxWidth) / Double(cellSize)
        let (ink, paper) = GlyphField.levels(of: crop)
        darkness = Double(Int(paper) - Int(ink)) / Double(max(1, Int(paper)))
        let threshold = (Int(ink) + Int(paper)) / 2
        var area = 0, boundary = 0
        let w = crop.width, h = crop.height
        crop.pixels.withUnsafeBufferPointer { p in
            func dark(_ x: Int, _ y: Int) -> Bool {
                x >= 0 && y >= 0 && x < w && y < h && Int(p[y * w + x]) < threshold
            }
            for y in 0..<h {
                for x in 0..<w where Int(p[y * w + x]) < threshold {
                    area += 1
                    if !dark(x - 1, y) || !dark(x + 1, y) || !dark(x, y - 1) || !dark(x, y + 1) { boundary += 1 }
                }
            }
        }
        stroke = 2 * Double(area) / Double(max(1, boundary)) / Double(boxHeight)
    }

    init(height: Double, width: Double, darkness: Double, stroke: Double) {
        self.height = height
        self.width = width
        self.darkness = darkness
        self.stroke = stroke
    }
}

/// Decides which glyphs are the puzzle's printed givens and which the
/// player's entries, against the photo's own printed glyphs.
///
/// The reference is the glyphs that look printed beyond doubt: read
/// confidently and alike by Tesseract and by the classifier of printed digits.
/// Their median size, darkness and stroke, with their spread, make the photo's
/// print; every glyph is measured against it. A photo with too few such glyphs
/// to learn its print from is taken as printed throughout, as a plain puzzle.
struct KindJudge: Sendable {
    /// Least number of reference glyphs to learn a photo's print from. No
    /// measurement recorded.
    var minimumReference = 6
    /// Tesseract's confidence for a reference glyph. No measurement recorded.
    var referenceConfidence: Float = 80
    /// Spreads below these are taken as these (shares of the cell for the
    /// height, of the paper's grey for darkness, of the glyph's height for the
    /// stroke), so that a photo of very even print does not make every small
    /// difference count. No measurement recorded.
    var heightFloor = 0.03
    var darknessFloor = 0.05
    var strokeFloor = 0.015
    /// A glyph this many spreads from the print (root mean square over the
    /// measures) is handwritten. No measurement recorded.
    var handwrittenDistance = 4.0
    /// Kinds decided with less confidence than this are doubtful (flagged
    /// `kind`: the board is not proven). No measurement recorded.
    var sureKind: Float = 0.6
    /// An entry's digit is read surely at this confidence (0...100). No
    /// measurement recorded.
    var sureEntry: Float = 80

    /// The photo's print: a robust centre and spread per measure.
    struct Print {
        var height: (centre: Double, spread: Double)
        var darkness: (centre: Double, spread: Double)
        var stroke: (centre: Double, spread: Double)

        /// How far `s` lies from the print, in spreads (root mean square).
        func distance(_ s: GlyphStyle) -> Double {
            let h = (s.height - height.centre) / height.spread
            let d = (s.darkness - darkness.centre) / darkness.spread
            let k = (s.stroke - stroke.centre) / stroke.spread
            return ((h * h + d * d + k * k) / 3).squareRoot()
        }
    }

    /// The reference glyphs' print, or nil when there are too few of them.
    func print(_ reads: [CellRead]) -> Print? {
        let reference = reads.compactMap { r -> GlyphStyle? in
            guard let s = r.style, r.tesseract.digit != 0, r.tesseract.confidence >= referenceConfidence,
                  let c = r.second, c.digit == r.tesseract.digit else { return nil }
            return s
        }
        guard reference.count >= minimumReference else { return nil }
        func robust(_ values: [Double], floor: Double) -> (centre: Double, spread: Double) {
            let sorted = values.sorted()
            let median = sorted[sorted.count / 2]
            let deviations = sorted.map { abs($0 - median) }.sorted()
            return (median, max(floor, 1.4826 * deviations[deviations.count / 2]))
        }
        return Print(height: robust(reference.map(\.height), floor: heightFloor),
                     darkness: robust(reference.map(\.darkness), floor: darknessFloor),
                     stroke: robust(reference.map(\.stroke), floor: strokeFloor))
    }

    /// Each cell's kind and the confidence in it (0...1).
    func kinds(_ reads: [CellRead]) -> [(kind: CellKind, confidence: Float)] {
        let print = print(reads)
        return reads.map { r in
            guard r.hasGlyph, let style = r.style else { return (.empty, 1) }
            guard let print else { return (.printed, 1) }
            // The distance as odds: at `handwrittenDistance` even, each spread
            // beyond it doubling the odds.
            let d = print.distance(style)
            let odds = Float(pow(2, d - handwrittenDistance))
            let p = odds / (1 + odds)
            return p >= 0.5 ? (.handwritten, p) : (.printed, 1 - p)
        }
    }

    /// The digit of a handwritten cell and whether it was read surely.
    func entry(_ r: CellRead) -> (digit: Int, sure: Bool) {
        (r.reading.digit, r.reading.digit != 0 && r.reading.confidence >= sureEntry)
    }
}
