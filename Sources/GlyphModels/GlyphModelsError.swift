// Offers: `GlyphModelsError`, the one error type of DigitClassifier.

/// Why a classifier could not be built.
public enum GlyphModelsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The weights are not a file `scripts/train-digits` writes, or are damaged;
    /// `reason` says what is wrong and where (byte offsets).
    case badWeights(reason: String)

    public var description: String {
        switch self {
        case .badWeights(let reason): "bad digit classifier weights: \(reason)"
        }
    }
}
