// Offers: `EmbeddedModel`, what the three models the project trains itself
// (the digit classifier, the kind classifier, the hand reader) share: a model
// made from a weights file's bytes, whose own weights are compiled into the
// module (`*Weights.generated.swift`) and decoded once; and `WeightsFile`, the
// bytes a model was made from, with their size and SHA-256 for `diagnose`.

/// The bytes of the weights file a model was made from.
public struct WeightsFile: Sendable {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Size in bytes.
    public var byteCount: Int { bytes.count }
    /// SHA-256, 64 hex digits (for `diagnose` and provenance), computed when
    /// asked, not on every start.
    public var sha256: String { SHA256.hex(bytes) }
}

/// A model of the project's own, made from a weights file's bytes, with weights
/// built into the module.
public protocol EmbeddedModel: Sendable {
    /// The model the weights file `bytes` describes (a built-in one, or a fold
    /// model of the training scripts).
    /// - Throws: `GlyphModelsError.badWeights` naming what is wrong.
    init(weights bytes: [UInt8]) throws(GlyphModelsError)
    /// The weights file it was made from.
    var weights: WeightsFile { get }
    /// The name of the built-in weights (`kinds-v1`), as `diagnose` shows it.
    static var builtInWeightsName: String { get }
    /// The built-in model, decoded once (`decodeBuiltIn()` into a `static let`).
    static var builtIn: Result<Self, GlyphModelsError> { get }
}

extension EmbeddedModel {
    /// The model with the weights built into the module.
    /// - Throws: `GlyphModelsError.badWeights` when the embedded weights do
    ///   not decode (a damaged build: never expected).
    public init() throws(GlyphModelsError) {
        self = try Self.builtIn.get()
    }

    /// Size of the weights file in bytes.
    public var weightsByteCount: Int { weights.byteCount }
    /// SHA-256 of the weights file, 64 hex digits, computed when asked.
    public var weightsSHA256: String { weights.sha256 }

    /// Decodes the built-in weights, `base64` (the generated file's); each
    /// model keeps the result in its `builtIn`.
    static func decodeBuiltIn(_ base64: String) -> Result<Self, GlyphModelsError> {
        guard let bytes = Base64.decode(base64) else {
            return .failure(.badWeights(reason: "the embedded weights of \(builtInWeightsName) are not base64"))
        }
        do throws(GlyphModelsError) { return .success(try Self(weights: bytes)) } catch {
            return .failure(error)
        }
    }
}
