// A photo's glyphs read once: the rule by which a later framing takes an
// earlier framing's Tesseract reading (`SeenGlyphs`), and, with the real
// Tesseract on a 12-megapixel phone photo that reads several framings, that
// the framings read with the photo's memory read as they read without it,
// with fewer glyphs given to Tesseract; and that a played photo's framings
// read with handwriting given to Tesseract only where a step needs it read as
// with every glyph read.

import Foundation
import Geometry
import GlyphModels
import GridVision
import ImageCodecs
import Raster
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// Reads with Tesseract and counts the crops it is given.
private final class CountingRecognizer: DigitRecognizer {
    let engine: TesseractEngine
    var count = 0

    init(_ engine: TesseractEngine) { self.engine = engine }

    func read(_ crop: GrayImage) throws -> DigitReading {
        count += 1
        return try engine.read(crop)
    }
}

@Suite(.tags(.small)) struct SeenGlyphsRuleTests {
    static let place = PhotoPlace(centre: Point(0.4, 0.3), width: 0.02, height: 0.03, down: Point(0, 1))

    static func prediction(_ digit: Int, _ p: Float) -> DigitPrediction {
        var probabilities = [Float](repeating: (1 - p) / 9, count: 10)
        probabilities[digit] = p
        return DigitPrediction(probabilities: probabilities)
    }

    static func reading(_ digit: Int, _ confidence: Float) -> DigitReading {
        DigitReading(
            digit: digit, confidence: confidence, alternatives: [DigitChoice(digit: digit, confidence: confidence)])
    }

    @Test func aGlyphBothReadersAgreedOnIsTakenWhereTheClassifierAgreesAgain() {
        var seen = SeenGlyphs()
        seen.add(Self.reading(7, 93), at: Self.place, classifier: Self.prediction(7, 0.99))
        var moved = Self.place
        moved.centre.x += 0.002  // a tenth of the glyph's height
        moved.height *= 1.1
        #expect(seen.reading(at: moved, classifier: Self.prediction(7, 0.95)) == Self.reading(7, 93))
        #expect(seen.read == 1)
    }

    @Test func anythingLessIsReadAgain() {
        var seen = SeenGlyphs()
        seen.add(Self.reading(7, 93), at: Self.place, classifier: Self.prediction(7, 0.99))
        // The classifier now reads another digit, or the same one unsurely.
        #expect(seen.reading(at: Self.place, classifier: Self.prediction(1, 0.99)) == nil)
        #expect(seen.reading(at: Self.place, classifier: Self.prediction(7, 0.6)) == nil)
        // Another place, another size, the crop turned.
        var other = Self.place
        other.centre.y += 0.01
        #expect(seen.reading(at: other, classifier: Self.prediction(7, 0.99)) == nil)
        other = Self.place
        other.width *= 1.5
        #expect(seen.reading(at: other, classifier: Self.prediction(7, 0.99)) == nil)
        other = Self.place
        other.down = Point(1, 0)
        #expect(seen.reading(at: other, classifier: Self.prediction(7, 0.99)) == nil)
        // Readings not kept: Tesseract unsure, read nothing, or the readers disagreed.
        var unsure = SeenGlyphs()
        unsure.add(Self.reading(7, 60), at: Self.place, classifier: Self.prediction(7, 0.99))
        unsure.add(.nothing, at: Self.place, classifier: Self.prediction(7, 0.99))
        unsure.add(Self.reading(1, 95), at: Self.place, classifier: Self.prediction(7, 0.99))
        unsure.add(Self.reading(7, 95), at: Self.place, classifier: Self.prediction(7, 0.7))
        #expect(unsure.reading(at: Self.place, classifier: Self.prediction(7, 0.99)) == nil)
        #expect(unsure.read == 4)
    }
}

@Suite(.tags(.medium)) struct SeenGlyphsPhotoTests {
    /// A half-played 12-megapixel phone photo the locator frames several ways.
    static let photo = "TestImages/phone-full/kubiesa-train-03_04_iphone_14_1.jpg"

    @Test func framingsReadWithThePhotosMemoryReadAsWithoutItAndAskTesseractLess() throws {
        let scanner = try GridScanner()
        let (photo, framings) = try framingsOf(Self.photo, scanner)
        try #require(framings.count >= 2, "the photo frames its grid more than one way")
        let engine = try TesseractEngine()
        let alone = CountingRecognizer(engine), together = CountingRecognizer(engine)
        var memory = SeenGlyphs()
        for (quad, cells) in framings {
            func read(_ recognizer: CountingRecognizer, _ seen: inout SeenGlyphs) throws -> FramingReading {
                try scanner.reader.read(
                    cells, recognizer: recognizer, classifier: scanner.classifier, kinds: scanner.kindClassifier,
                    hands: scanner.handReader, colour: (photo, quad), seen: &seen)
            }
            var fresh = SeenGlyphs()
            let a = try read(alone, &fresh), b = try read(together, &memory)
            #expect(a.puzzle == b.puzzle && a.status == b.status && a.flagged == b.flagged)
            #expect(a.kinds == b.kinds && a.entries == b.entries && a.votes == b.votes)
        }
        #expect(memory.reused > 0 && together.count + memory.reused == alone.count)
        #expect(together.count < alone.count)
    }
}

/// The photo at `path` (below the package) decoded as `scan` decodes it, and
/// the framings the scanner would read.
private func framingsOf(_ path: String, _ scanner: GridScanner) throws -> (RGBImage, [(Quad, GridCells)]) {
    let bytes = [UInt8](try Data(contentsOf: packageRoot().appendingPathComponent(path)))
    let photo = try ImageDecoder.decode(
        bytes, source: path, options: DecodeOptions(minLongSide: scanner.options.decodeLongSide)
    ).image
    let gray = photo.grayscale()
    let framings = scanner.locator.locate(gray).prefix(scanner.options.maxFramings).compactMap { candidate in
        scanner.extractor.extract(from: gray, quad: candidate.quad).map { (candidate.quad, $0) }
    }
    return (photo, framings)
}

@Suite(.tags(.medium)) struct DeferredHandwritingTests {
    /// A half-played 12-megapixel phone photo with 15 entries (training,
    /// TestImages/phone-full). Each framing read with the glyphs that look
    /// handwritten left to Tesseract only where a step needs them reads as
    /// when every glyph is read, with fewer recognitions.
    @Test func handwritingReadOnlyWhereNeededReadsTheSame() throws {
        let scanner = try GridScanner()
        let path = "TestImages/phone-full/kubiesa-train-02_25_iphone_14_0.jpg"
        let (photo, framings) = try framingsOf(path, scanner)
        try #require(!framings.isEmpty)
        let engine = try TesseractEngine()
        let everyGlyph = CountingRecognizer(engine), deferring = CountingRecognizer(engine)
        var entries = 0
        for (quad, cells) in framings {
            func read(_ recognizer: CountingRecognizer, deferring: Bool) throws -> FramingReading {
                var seen = SeenGlyphs()
                return try scanner.reader.read(
                    cells, recognizer: recognizer, classifier: scanner.classifier, kinds: scanner.kindClassifier,
                    hands: scanner.handReader, colour: (photo, quad), deferHandwriting: deferring, seen: &seen)
            }
            let a = try read(everyGlyph, deferring: false), b = try read(deferring, deferring: true)
            #expect(a.puzzle == b.puzzle && a.solution == b.solution && a.status == b.status)
            #expect(a.flagged == b.flagged && a.repairs == b.repairs && a.kinds == b.kinds)
            #expect(a.entries == b.entries && a.doubtfulEntries == b.doubtfulEntries)
            entries += b.entries.filter { $0 != 0 }.count
        }
        #expect(entries >= 10, "the photo is played")
        #expect(deferring.count < everyGlyph.count, "\(deferring.count) against \(everyGlyph.count)")
    }
}
