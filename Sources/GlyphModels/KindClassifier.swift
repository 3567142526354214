// Offers: `KindClassifier`, the second model the project trains itself
// (scripts/train-kinds): a glyph crop in, nineteen probabilities out (not a
// digit, printed 1 ... 9, handwritten 1 ... 9), for photos of puzzles played by
// hand; and `KindPrediction`, what it returns with the sums a caller wants.

import Raster

/// What the kind classifier makes of one glyph crop.
///
/// Classes: index 0 "not a digit", index d (1 ... 9) the printed digit d, index
/// 9 + d the handwritten digit d.
public struct KindPrediction: Sendable, Hashable {
    /// Nineteen probabilities summing to 1 (see the type's classes).
    public var probabilities: [Float]
    /// P(handwritten | a digit): the handwritten classes' sum over the sum of all
    /// digit classes (1 ... 18); 0 when the digit classes sum to 0.
    public var handwritten: Float
    /// P(not a digit): `probabilities[0]`.
    public var notDigit: Float
    /// The most probable printed digit, 1 ... 9 (by classes 1 ... 9 alone).
    public var printedDigit: Int
    /// The most probable handwritten digit, 1 ... 9 (by classes 10 ... 18 alone).
    public var handwrittenDigit: Int
    /// The probability of `handwrittenDigit` among the handwritten classes (its
    /// class over the sum of classes 10 ... 18): how sure the handwriting reader
    /// is of the digit, given that the glyph is handwritten.
    public var handwrittenDigitProbability: Float
    /// The most probable digit whatever its kind: the best of `p[d] + p[9 + d]`.
    public var digit: Int
    /// `p[digit] + p[9 + digit]`, unconditioned (at most `1 − notDigit`).
    public var digitProbability: Float

    /// The prediction for nineteen probabilities (ties go to the lower digit).
    public init(probabilities p: [Float]) {
        precondition(p.count == KindClassifier.classes, "a kind prediction has nineteen probabilities")
        func best(_ score: (Int) -> Float) -> Int {
            var b = 1
            for d in 2...9 where score(d) > score(b) { b = d }
            return b
        }
        var printed: Float = 0, hand: Float = 0
        for d in 1...9 {
            printed += p[d]
            hand += p[9 + d]
        }
        probabilities = p
        notDigit = p[0]
        handwritten = printed + hand > 0 ? hand / (printed + hand) : 0
        printedDigit = best { p[$0] }
        handwrittenDigit = best { p[9 + $0] }
        handwrittenDigitProbability = hand > 0 ? p[9 + handwrittenDigit] / hand : 0
        digit = best { p[$0] + p[9 + $0] }
        digitProbability = p[digit] + p[9 + digit]
    }
}

/// A multilayer perceptron that tells printed digits from handwritten ones and
/// reads both.
///
/// Input: the same glyph crop `DigitClassifier` takes (what
/// `FramingReader.glyphCrop` cuts, upright), turned into the `fieldSize`²
/// darkness grid of `GlyphField`, followed by `extraInputs` per-glyph values
/// (`KindClassifier.extraFeatures`: how dark the ink is against its paper, which
/// the field, stretched to full contrast, no longer shows). Then dense layers
/// with ReLU between them and a softmax over nineteen classes.
///
/// Per glyph only: it cannot compare a glyph with the photo's other glyphs (a
/// pencil entry beside printed givens); a pipeline that wants that compares
/// `handwritten` across the photo itself.
///
/// Deterministic (the same crop gives the same bits on every run and thread),
/// a value type, `Sendable`: one instance may serve every worker. About 70 000
/// multiply-adds a glyph (`sudokit bench classify --model kinds` prints the time).
public struct KindClassifier: EmbeddedModel {
    /// Classes: 0 "not a digit", 1 ... 9 printed digits, 10 ... 18 handwritten digits (9 + d).
    public static let classes = 19

    /// The per-glyph values that may follow the field, in this order; a weights
    /// file uses the first `extraInputs` of them.
    /// 1. contrast: `(paper − ink) / paper` of `GlyphField.levels` (0 ... 1;
    ///    0 when paper is 0): black ink on white paper is near 1, pencil lower;
    /// 2. ink: `ink / 255`.
    public static let extraFeatures = ["contrast", "ink"]

    /// Cells across the input grid (`GlyphField`).
    public var fieldSize: Int { file.fieldSize }
    /// Cells the glyph's longer side spans in that grid.
    public var glyphSize: Int { file.glyphSize }
    /// Least ink-to-paper contrast, in grey levels, of a crop that is not blank.
    public var minimumContrast: Int { file.minimumContrast }
    /// How many of `extraFeatures` follow the field in the input.
    public var extraInputs: Int { file.extraInputs }
    /// The header and layers, as read.
    let file: LabelledWeights
    var network: Perceptron { file.network }
    /// The weights file it was made from (`weightsByteCount`, `weightsSHA256`).
    public let weights: WeightsFile

    /// The built-in classifier (`Resources/kinds-v1.bin`, embedded in
    /// `KindWeights.generated.swift`), decoded once.
    public static let builtIn = decodeBuiltIn(builtInWeightsBase64)

    /// A classifier from the bytes of a weights file (the built-in one, or a fold
    /// model of `scripts/train-kinds`).
    ///
    /// Format (little-endian): the magic `SKKC`; UInt32 version (1), field size,
    /// glyph size, minimum contrast, extra inputs, classes (19), layer count; then
    /// per layer UInt32 inputs and outputs, Float32 weights (outputs × inputs,
    /// row-major) and Float32 biases. The first layer takes `field size² + extra
    /// inputs` values, each the next one's outputs, the last gives 19.
    /// - Throws: `GlyphModelsError.badWeights` naming what is wrong: the
    ///   magic (a digit classifier's `SKDC` file is named as such), the version,
    ///   a size out of range, layers that do not chain, a file too short or too
    ///   long, a weight that is not finite.
    public init(weights bytes: [UInt8]) throws(GlyphModelsError) {
        file = try LabelledWeights(bytes, magic: "SKKC", classes: Self.classes)
        weights = WeightsFile(bytes)
    }

    /// The nineteen probabilities for `crop` and what follows from them.
    public func classify(_ crop: GrayImage) -> KindPrediction {
        KindPrediction(probabilities: probabilities(crop))
    }

    /// Classifies several crops; element `i` belongs to `crops[i]`.
    public func classify(_ crops: [GrayImage]) -> [KindPrediction] { crops.map(classify) }

    /// Nineteen probabilities for `crop` (see `KindPrediction` for the classes).
    public func probabilities(_ crop: GrayImage) -> [Float] {
        file.probabilities(crop)
    }

    /// The classifier's input for `crop`: the field (`fieldSize²` values,
    /// row-major), then the `extraInputs` extra features.
    public func input(_ crop: GrayImage) -> [Float] {
        var values = GlyphField.values(crop, field: fieldSize, glyph: glyphSize, minimumContrast: minimumContrast)
        values += [Float](repeating: 0, count: extraInputs)
        let n = fieldSize * fieldSize
        let levels = GlyphField.levels(of: crop)
        values.withUnsafeMutableBufferPointer {
            Self.fillExtras(UnsafeMutableBufferPointer(rebasing: $0[n...]), levels: levels)
        }
        return values
    }

    /// Writes the first `out.count` of `extraFeatures` for a crop of `levels`
    /// (`GlyphField.levels(of:)`).
    static func fillExtras(_ out: UnsafeMutableBufferPointer<Float>, levels: (ink: UInt8, paper: UInt8)) {
        guard !out.isEmpty else { return }
        let (ink, paper) = levels
        out[0] = paper > 0 ? Float(Int(paper) - Int(ink)) / Float(paper) : 0
        if out.count > 1 { out[1] = Float(ink) / 255 }
    }
}
