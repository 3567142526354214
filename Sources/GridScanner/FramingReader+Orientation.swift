// Offers: `FramingReader.rotation(of:)`, which decides a framing's reading
// orientation from its glyphs read upright and, when that is not clear, a
// sample of them read in the three other turns; and `FramingReader.framingIndex`,
// a reading-orientation cell's index in the framing's own cell order.

import Geometry
import GlyphModels
import GridVision
import Raster
import TesseractOCR

extension FramingReader {

    /// Index of reading-orientation cell `i` in the framing's own cell order, when
    /// the puzzle's r1c1 is framing corner `k` (the framing turned
    /// counter-clockwise `k` quarter turns is the puzzle upright).
    static func framingIndex(_ i: Int, rotation k: Int) -> Int {
        var r = i / 9, c = i % 9
        for _ in 0..<(((k % 4) + 4) % 4) { (r, c) = (c, 8 - r) }
        return r * 9 + c
    }

    /// Decides the reading orientation. Every glyph is read upright first (the
    /// reading is kept when upright wins); when their mean confidence is high, the
    /// puzzle is upright (`confident`). Otherwise, unless another framing of the
    /// photo was confidently upright (`photoUpright`: the photo is upright, and
    /// this framing is only a worse cut of it), a spread sample of glyphs is read
    /// in the three other rotations, and the puzzle is turned only on a clear
    /// margin, so that a weak reading never turns an upright puzzle; the sample's
    /// readings in the rotation chosen are kept (`known`, by framing index), as
    /// the upright ones are when upright wins: the same pixels are not read twice
    /// (on the corpus, 136 of about 48,000 recognitions a run). A turn's sample
    /// is read only while that turn can still be the one taken (see the loop).
    /// (The largest
    /// glyphs alone are a poor sample: 6, 8 and 9 carry the most ink and read well
    /// upside down.) That sample costs most of a wrong framing's reading: each
    /// glyph Tesseract reads as nothing is read again on its own (measured on the
    /// 12-megapixel phone photos: 150 to 290 ms of CPU a framing, against 30 ms
    /// for the upright reading; on all 84 phone photos every framing's sample kept
    /// it upright).
    ///
    /// With `seen` (the photo's glyphs read so far) and `where` (the map into
    /// the photo, and its width as the unit), a glyph an earlier framing read
    /// and both readers agree on is not read upright again (see `SeenGlyphs`);
    /// the classifier's upright readings are returned (`predictions`, by
    /// framing index) for `read` to keep when the puzzle is upright.
    ///
    /// With `kinds`, the glyphs the kind classifier takes for handwriting
    /// (`deferredHandwriting`) are read last: when the others, at least
    /// `minimumUndeferred` of them, read upright confidently, the puzzle is
    /// upright and those glyphs are returned unread (`deferred`, by framing
    /// index) for `read` to give Tesseract only where a step needs it;
    /// otherwise they are read, and the orientation is decided on every glyph.
    /// The kind classifier's readings are returned (`kindPredictions`, by
    /// framing index) for `read` to keep when the puzzle is upright.
    func rotation(
        of cells: GridCells, recognizer: some DigitRecognizer, photoUpright: Bool = false,
        classifier: DigitClassifier? = nil, kinds: KindClassifier? = nil, seen: inout SeenGlyphs,
        where photo: (toPhoto: Homography, unit: Double)? = nil
    ) throws
        -> (
            rotation: Int, known: [Int: DigitReading], confident: Bool, predictions: [Int: DigitPrediction],
            deferred: Set<Int>, kindPredictions: [Int: KindPrediction]
        )
    {
        let glyphCells = cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph }
        guard !glyphCells.isEmpty else { return (0, [:], false, [:], [], [:]) }
        let crops = glyphCells.compactMap { Self.glyphCrop(cells, $0) }
        var predictions: [Int: DigitPrediction] = [:]
        var readings = [DigitReading?](repeating: nil, count: crops.count)
        var places = [PhotoPlace?](repeating: nil, count: crops.count)
        if let classifier {
            for (n, idx) in glyphCells.enumerated() {
                let prediction = classifier.classify(crops[n])
                predictions[idx] = prediction
                guard let photo else { continue }
                places[n] = Self.photoPlace(cells, idx, toPhoto: photo.toPhoto, unit: photo.unit)
                if let place = places[n], let r = seen.reading(at: place, classifier: prediction) {
                    readings[n] = r
                    seen.countReuse()
                }
            }
        }
        func read(_ toRead: [Int]) throws {
            let fresh = try recognizer.read(toRead.map { crops[$0] })
            for (m, n) in toRead.enumerated() {
                readings[n] = fresh[m]
                if let prediction = predictions[glyphCells[n]] {
                    seen.add(fresh[m], at: places[n], classifier: prediction)
                }
            }
        }
        func mean(_ readings: [DigitReading]) -> Double {
            readings.map { Double($0.confidence) }.reduce(0, +) / Double(max(1, readings.count))
        }
        var kindPredictions: [Int: KindPrediction] = [:]
        var later: [Int] = []
        if let kinds {
            for n in crops.indices where readings[n] == nil {
                let prediction = kinds.classify(crops[n])
                kindPredictions[glyphCells[n]] = prediction
                if prediction.handwritten >= Self.deferredHandwriting { later.append(n) }
            }
        }
        try read(crops.indices.filter { readings[$0] == nil && !later.contains($0) })
        if !later.isEmpty {
            let first = readings.compactMap { $0 }
            if first.count >= Self.minimumUndeferred && mean(first) >= tuning.uprightConfidence {
                var uprightMap: [Int: DigitReading] = [:]
                for (i, idx) in glyphCells.enumerated() { uprightMap[idx] = readings[i] }
                return (0, uprightMap, true, predictions, Set(later.map { glyphCells[$0] }), kindPredictions)
            }
            try read(later)
        }
        let upright = readings.map { $0! }
        var uprightMap: [Int: DigitReading] = [:]
        for (i, idx) in glyphCells.enumerated() { uprightMap[idx] = upright[i] }
        if mean(upright) >= tuning.uprightConfidence {
            return (0, uprightMap, true, predictions, [], kindPredictions)
        }
        if photoUpright { return (0, uprightMap, false, predictions, [], kindPredictions) }
        let step = max(1, glyphCells.count / tuning.rotationSample)
        let sample = Array(stride(from: 0, to: glyphCells.count, by: step).prefix(tuning.rotationSample))
        let base = mean(sample.map { upright[$0] })
        var best = (0, base)
        var bestReadings: [DigitReading] = []
        // A turn is taken only when its mean reaches `base + rotationMargin` and
        // beats every earlier turn's; one whose mean can no longer do either, even
        // were the rest of its sample read at full confidence, cannot change the
        // outcome, and the rest of its sample is not read (`slack` covers the
        // rounding of the sum, which is added in the same order as `mean` adds it).
        let bar = base + tuning.rotationMargin, slack = 1e-9
        var taken: Double?
        for k in 1...3 {
            var readings: [DigitReading] = []
            var sum = 0.0
            for j in sample {
                let reading = try recognizer.read(crops[j].rotatedCounterClockwise(quarterTurns: k))
                readings.append(reading)
                sum += Double(reading.confidence)
                let ceiling = (sum + Double(sample.count - readings.count) * 100) / Double(sample.count)
                if ceiling + slack < bar || taken.map({ ceiling + slack <= $0 }) == true { break }
            }
            guard readings.count == sample.count else { continue }
            let s = mean(readings)
            if s > best.1 { (best, bestReadings) = ((k, s), readings) }
            if s >= bar { taken = max(taken ?? s, s) }
        }
        if best.0 != 0 && best.1 >= base + tuning.rotationMargin {
            // The sample read in the winning rotation is the very crops the
            // framing reads in it (`read` turns `glyphCrop` the same way), so
            // those glyphs are not read again.
            var known: [Int: DigitReading] = [:]
            for (n, j) in sample.enumerated() { known[glyphCells[j]] = bestReadings[n] }
            return (best.0, known, false, predictions, [], [:])
        }
        return (0, uprightMap, false, predictions, [], kindPredictions)
    }

    /// The kind classifier's odds for handwriting from which `rotation(of:)`
    /// reads a glyph last, and may leave it to `read`: the odds from which the
    /// kind judge's references and typed entries leave a glyph out.
    static let deferredHandwriting: Float = 0.5

    /// The fewest other glyphs whose upright reading decides the orientation
    /// without the deferred ones (a puzzle's givens are 17 or more).
    static let minimumUndeferred = 17
}
