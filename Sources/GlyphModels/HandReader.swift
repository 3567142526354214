// Offers: `HandReader`, the third model the project trains itself
// (scripts/train-hand): the crop of a player's handwritten entry in, nine
// probabilities out (digits 1 ... 9); and `HandReading`, what it returns.

import Raster

/// What the hand reader makes of one handwritten glyph.
public struct HandReading: Sendable, Hashable {
    /// Nine probabilities summing to 1: index `d − 1` is digit `d`.
    public var probabilities: [Float]
    /// The most probable digit, 1 ... 9 (ties go to the lower digit).
    public var digit: Int
    /// Its probability.
    public var probability: Float

    public init(probabilities p: [Float]) {
        precondition(p.count == HandReader.classes, "a hand reading has nine probabilities")
        var best = 0
        for d in 1..<9 where p[d] > p[best] { best = d }
        probabilities = p
        digit = best + 1
        probability = p[best]
    }

    /// The probability of digit `d` (1 ... 9).
    public func probability(of d: Int) -> Float { probabilities[d - 1] }
}

/// A convolutional network that reads handwritten digits only: it is asked
/// about a glyph once the kind judge has taken it for a player's entry, and it
/// knows nothing of print.
///
/// Input: the kind classifier's (`KindClassifier.input`): the `fieldSize`²
/// darkness grid of `GlyphField`, then `extraInputs` of
/// `KindClassifier.extraFeatures`. The grid goes through convolutional layers
/// (`Convolutions`: filters, ReLU, 2 × 2 max pool; hand-v2: 12 filters 5 × 5,
/// then 24 filters 3 × 3), whose output and the extra inputs go through dense
/// layers with ReLU between them, softmax over nine classes. Larger than the
/// kind classifier (about 460 000 multiply-adds a glyph), which is why only
/// entries are read with it.
///
/// Deterministic, a value type, `Sendable`: one instance may serve every worker.
public struct HandReader: EmbeddedModel {
    /// Classes: digits 1 ... 9, at indices 0 ... 8.
    public static let classes = 9

    public var fieldSize: Int { file.fieldSize }
    public var glyphSize: Int { file.glyphSize }
    public var minimumContrast: Int { file.minimumContrast }
    public var extraInputs: Int { file.extraInputs }
    /// The header and layers, as read.
    let file: LabelledWeights
    var network: Perceptron { file.network }
    /// The weights file it was made from (`weightsByteCount`, `weightsSHA256`).
    public let weights: WeightsFile

    /// The built-in reader (`Resources/hand-v2.bin`, embedded in
    /// `HandWeights.generated.swift`), decoded once.
    public static let builtIn = decodeBuiltIn(builtInWeightsBase64)

    /// A reader from the bytes of a weights file (the built-in one, or a fold
    /// reader of `scripts/train-hand`).
    ///
    /// Format (little-endian): the magic `SKHR`; UInt32 version (2), field size,
    /// glyph size, minimum contrast, extra inputs, classes (9), the number of
    /// convolutional layers, the number of dense layers; then the layers
    /// (`LabelledWeights`; a version 1 file, dense layers only, reads too).
    /// - Throws: `GlyphModelsError.badWeights` naming what is wrong (a kind
    ///   or digit classifier's file is named as such).
    public init(weights bytes: [UInt8]) throws(GlyphModelsError) {
        file = try LabelledWeights(bytes, magic: "SKHR", classes: Self.classes)
        weights = WeightsFile(bytes)
    }

    /// The reading of `crop`, a handwritten glyph.
    public func read(_ crop: GrayImage) -> HandReading {
        HandReading(probabilities: probabilities(crop))
    }

    /// Nine probabilities for `crop` (index `d − 1` is digit `d`).
    public func probabilities(_ crop: GrayImage) -> [Float] {
        file.probabilities(crop)
    }
}
