// Offers: `SeenGlyphs`, Tesseract's readings of one photo's glyphs by where
// they lie in the photo, so that a later framing of the photo (or its finer
// second pass) does not read again a glyph both readers already agreed on;
// and `FramingReader.photoPlace`, where a framing's glyph lies in the photo.

import Geometry
import GlyphModels
import GridVision
import TesseractOCR

/// Where a glyph lies in the photo: its ink box's corners mapped into the photo
/// (in photo widths, so that the two passes' copies of one photo agree), and
/// which way is up in its crop.
struct PhotoPlace: Sendable, Equatable {
    /// The centre of the mapped box.
    var centre: Point
    /// The mapped box's extent along the photo's x and y.
    var width: Double, height: Double
    /// The crop's downward direction in the photo, of length 1: crops of one
    /// glyph turned differently are different pictures to a reader.
    var down: Point
}

/// Tesseract's readings of the glyphs of one photo, kept while the photo is
/// scanned (every framing, both passes and both polarities).
///
/// A framing reads a glyph again only when the earlier reading is not backed
/// twice over: Tesseract read it as a digit at `minimumConfidence` or more, the
/// classifier read the same digit then, and reads it again now, at
/// `minimumProbability` or more each time. A reading of nothing, an unsure one,
/// and any glyph the readers disagree on are read afresh in every framing, so
/// the second opinion stays independent wherever the judge weighs one.
struct SeenGlyphs: Sendable {
    struct Seen: Sendable {
        var place: PhotoPlace
        var reading: DigitReading
        var classifierDigit: Int
    }

    private(set) var seen: [Seen] = []
    /// Glyphs read by Tesseract and glyphs whose earlier reading was taken, for
    /// measuring.
    private(set) var read = 0, reused = 0

    /// Tesseract's confidence an earlier reading needs to be taken again.
    static let minimumConfidence: Float = 80
    /// The classifier's probability, then and now, for the same.
    static let minimumProbability: Float = 0.9
    /// Centres at most this share of the glyph's larger extent apart are one
    /// place; extents within this ratio are one size; crops whose downward
    /// directions make an angle with a cosine above `minimumAlignment` are turned alike.
    static let maximumOffset = 0.15, maximumSizeRatio = 1.2, minimumAlignment = 0.95

    /// An earlier reading of the glyph at `place` that the classifier's reading
    /// `now` backs, as described above; nil when the glyph is to be read.
    func reading(at place: PhotoPlace, classifier now: DigitPrediction) -> DigitReading? {
        guard now.digit != 0, now.probability >= Self.minimumProbability else { return nil }
        for s in seen
        where s.reading.digit == now.digit && s.classifierDigit == now.digit
            && Self.samePlace(s.place, place)
        {
            return s.reading
        }
        return nil
    }

    /// Keeps Tesseract's reading of the glyph at `place`, if it is one a later
    /// framing may take (see the type).
    mutating func add(_ reading: DigitReading, at place: PhotoPlace?, classifier: DigitPrediction) {
        read += 1
        guard let place, reading.digit != 0, reading.confidence >= Self.minimumConfidence,
            classifier.digit == reading.digit, classifier.probability >= Self.minimumProbability
        else { return }
        seen.append(Seen(place: place, reading: reading, classifierDigit: classifier.digit))
    }

    /// Counts a reading taken from an earlier framing.
    mutating func countReuse() { reused += 1 }

    static func samePlace(_ a: PhotoPlace, _ b: PhotoPlace) -> Bool {
        let extent = max(a.width, a.height, b.width, b.height)
        func alike(_ x: Double, _ y: Double) -> Bool {
            max(x, y) <= maximumSizeRatio * min(x, y)
        }
        return (a.centre - b.centre).length <= maximumOffset * extent && alike(a.width, b.width)
            && alike(a.height, b.height) && a.down.x * b.down.x + a.down.y * b.down.y >= minimumAlignment
    }
}

extension FramingReader {
    /// Where the glyph of framing cell `index` lies in the photo `toPhoto` maps
    /// the rectified grid into, in units of `unit` photo pixels (the photo's
    /// width); nil when the cell has no glyph or the map is degenerate.
    static func photoPlace(_ cells: GridCells, _ index: Int, toPhoto: Homography, unit: Double) -> PhotoPlace? {
        guard let box = cells.glyphs[index].box else { return nil }
        let q = cells.lattice.cellQuad(row: index / 9, col: index % 9)
        let crop = Double(cells.cropSize)
        let grow = crop / Double(cells.cellSize)
        let c = q.center
        let outer = Quad(q.corners.map { toPhoto.apply(c + ($0 - c) * grow) })
        guard let toCell = Homography(squareOfSide: crop, to: outer) else { return nil }
        let (x0, y0) = (Double(box.x), Double(box.y))
        let (x1, y1) = (x0 + Double(box.width), y0 + Double(box.height))
        let corners = [Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1)].map { toCell.apply($0) * unit }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let top = toCell.apply(Point((x0 + x1) / 2, y0)), bottom = toCell.apply(Point((x0 + x1) / 2, y1))
        let down = bottom - top
        guard down.length > 0 else { return nil }
        return PhotoPlace(
            centre: (corners[0] + corners[2]) * 0.5, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!,
            down: down * (1 / down.length))
    }
}
