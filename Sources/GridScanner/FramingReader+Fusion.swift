// Offers: the two printed-digit readers made one: `FramingReader.fused`, the
// verdict of Tesseract and the classifier on one glyph, and
// `FramingReader.correctingEngineBias`, which takes Tesseract's 8 read as a 6
// (with 8 ranked second at `eightBehindSix` or more) for an 8.

import GlyphModels
import TesseractOCR

extension FramingReader {

    /// The confidence of 8 ranked behind a 6 from which the reading is taken as an
    /// 8 (see `correctingEngineBias`).
    static let eightBehindSix: Float = 40

    /// Tesseract's LSTM reads many printed 8s as 6, with high confidence, but then
    /// ranks 8 second with a confidence of 40 or more; a real 6 almost never has
    /// 8 ranked that high (measured on the corpus with the true corners: 105 of
    /// 108 eights read as 6 had 8 second at 40 or more, against 1 of 428 sixes).
    /// Such a reading is taken as an 8, keeping 6 as the alternative.
    static func correctingEngineBias(_ r: DigitReading) -> DigitReading {
        guard r.digit == 6, let eight = r.alternatives.first(where: { $0.digit == 8 }),
            eight.confidence >= eightBehindSix
        else { return r }
        let rest = r.alternatives.filter { $0.digit != 8 && $0.digit != 6 }
        // The pair's odds are the engine's confidence in the glyph, so it keeps it.
        return DigitReading(
            digit: 8, confidence: r.confidence,
            alternatives: [
                DigitChoice(digit: 8, confidence: r.confidence),
                DigitChoice(digit: 6, confidence: eight.confidence),
            ] + rest)
    }

    /// Both readers' verdict on one glyph: each digit scores `tesseractWeight` ×
    /// Tesseract's confidence in it (0 when not offered) plus the rest × the
    /// classifier's probability, as a confidence 0...100. The digit is the best
    /// scorer; nothing is read only when neither reader saw a digit (Tesseract read
    /// nothing and the classifier ranks "not a digit" first, or gives no digit half
    /// its weight). So a glyph both read alike keeps its confidence, one only the
    /// classifier read is a digit of about 70 (flagged below `lowConfidence` when
    /// the classifier was not sure), and a disagreement goes to the surer side.
    func fused(_ t: DigitReading, _ c: DigitPrediction) -> DigitReading {
        let w = tuning.tesseractWeight
        var scores: [(digit: Int, score: Float)] = (1...9).map { d in
            let tc = (t.alternatives.first { $0.digit == d }?.confidence ?? 0) / 100
            return (d, 100 * (w * tc + (1 - w) * c.probabilities[d]))
        }
        scores.sort { $0.score > $1.score || ($0.score == $1.score && $0.digit < $1.digit) }
        let best = scores[0]
        if t.digit == 0 && (c.digit == 0 || c.probabilities[best.digit] < 0.5) { return t }
        let alternatives = scores.filter { $0.score >= 100 * tuning.fusedFloor || $0.digit == best.digit }
            .map { DigitChoice(digit: $0.digit, confidence: $0.score) }
        return DigitReading(digit: best.digit, confidence: best.score, alternatives: alternatives)
    }
}
