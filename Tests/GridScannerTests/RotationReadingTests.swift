// A turned puzzle's rotation check and framing read, with the real Tesseract
// on a corpus photo: the glyphs the check read in the rotation it chose are
// kept, not read again, and keep the readings a fresh read of them gives.

import Foundation
import GridVision
import ImageCodecs
import Raster
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// Reads with Tesseract and keeps every crop it is given.
private final class RecordingRecognizer: DigitRecognizer {
    let engine: TesseractEngine
    var crops: [GrayImage] = []

    init() throws { engine = try TesseractEngine() }

    func read(_ crop: GrayImage) throws -> DigitReading {
        crops.append(crop)
        return try engine.read(crop)
    }
}

@Suite(.tags(.medium)) struct RotationReadingTests {
    /// rotation-1: a puzzle printed a quarter turn round (TestImages/synthetic).
    static let photo = "TestImages/synthetic/rotation-1.jpg"

    @Test func aTurnedPuzzleReadsNoGlyphTwiceAndKeepsTheSamplesReadings() throws {
        let scanner = try GridScanner()
        let bytes = [UInt8](try Data(contentsOf: packageRoot().appendingPathComponent(Self.photo)))
        let photo = try ImageDecoder.decode(
            bytes, source: Self.photo, options: DecodeOptions(minLongSide: scanner.options.decodeLongSide)
        ).image
        let gray = photo.grayscale()
        let quad = try #require(scanner.locator.locate(gray).first).quad
        let cells = try #require(scanner.extractor.extract(from: gray, quad: quad))

        let check = try RecordingRecognizer()
        var noneSeen = SeenGlyphs()
        let (k, known, confident, _, _, _) = try scanner.reader.rotation(of: cells, recognizer: check, seen: &noneSeen)
        #expect(k != 0 && !confident)
        #expect(known.count == scanner.reader.tuning.rotationSample)
        let fresh = try TesseractEngine()
        for (f, reading) in known {
            let crop = try #require(FramingReader.glyphCrop(cells, f)).rotatedCounterClockwise(quarterTurns: k)
            #expect(try fresh.read(crop) == reading, "cell \(f)")
        }

        let framing = try RecordingRecognizer()
        let reading = try scanner.reader.read(
            cells, recognizer: framing, classifier: scanner.classifier,
            kinds: scanner.kindClassifier, hands: scanner.handReader,
            colour: (photo, quad), seen: &noneSeen)
        #expect(reading.rotation == k)
        let glyphs = cells.glyphs.filter(\.hasGlyph).count
        // Every glyph upright, the sample in the turn chosen and in as much of
        // the two others as could still win, and the glyphs outside the sample
        // in the turn chosen: each crop once.
        #expect(framing.crops.count >= glyphs + known.count + (glyphs - known.count))
        #expect(framing.crops.count <= glyphs + 3 * known.count + (glyphs - known.count))
        var seen: [GrayImage] = []
        for crop in framing.crops {
            #expect(!seen.contains(crop), "a \(crop.width)x\(crop.height) crop read twice")
            seen.append(crop)
        }
    }

    /// rotation-2: turned; mixed/image10 and image1000: upright, with framings
    /// read in the other turns (not confidently upright).
    @Test(arguments: [
        "TestImages/synthetic/rotation-2.jpg", "TestImages/mixed/image10.jpg",
        "TestImages/mixed/image1000.jpg",
    ])
    func theCheckDecidesAsReadingEveryTurnWould(_ path: String) throws {
        let scanner = try GridScanner()
        let bytes = [UInt8](try Data(contentsOf: packageRoot().appendingPathComponent(path)))
        let gray = try ImageDecoder.decode(
            bytes, source: path, options: DecodeOptions(minLongSide: scanner.options.decodeLongSide)
        ).image.grayscale()
        let engine = try TesseractEngine()
        var sampled = 0
        for candidate in scanner.locator.locate(gray).prefix(scanner.options.maxFramings) {
            guard let cells = scanner.extractor.extract(from: gray, quad: candidate.quad) else { continue }
            var seen = SeenGlyphs()
            let check = try scanner.reader.rotation(of: cells, recognizer: engine, seen: &seen)
            // The check as it was before it stopped reading a turn that can no
            // longer win: every glyph upright, the whole sample in each other turn.
            let reader = scanner.reader
            let glyphCells = cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph }
            let crops = glyphCells.compactMap { FramingReader.glyphCrop(cells, $0) }
            let upright = try crops.map(engine.read)
            func mean(_ readings: [DigitReading]) -> Double {
                readings.map { Double($0.confidence) }.reduce(0, +) / Double(max(1, readings.count))
            }
            var reference = (rotation: 0, known: Dictionary(uniqueKeysWithValues: zip(glyphCells, upright)))
            if mean(upright) < reader.tuning.uprightConfidence {
                let step = max(1, glyphCells.count / reader.tuning.rotationSample)
                let sample = Array(stride(from: 0, to: glyphCells.count, by: step).prefix(reader.tuning.rotationSample))
                let base = mean(sample.map { upright[$0] })
                var best = (0, base, [DigitReading]())
                for k in 1...3 {
                    let readings = try sample.map {
                        try engine.read(crops[$0].rotatedCounterClockwise(quarterTurns: k))
                    }
                    if mean(readings) > best.1 { best = (k, mean(readings), readings) }
                }
                if best.0 != 0 && best.1 >= base + reader.tuning.rotationMargin {
                    reference = (best.0, Dictionary(uniqueKeysWithValues: zip(sample.map { glyphCells[$0] }, best.2)))
                }
            }
            #expect(check.rotation == reference.rotation)
            #expect(check.known == reference.known)
            if !check.confident { sampled += 1 }
        }
        #expect(sampled > 0, "no framing of \(path) had its sample read in the other turns")
    }
}
