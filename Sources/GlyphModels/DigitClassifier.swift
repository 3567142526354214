// Offers: `DigitClassifier`, a small digit reader the project trains itself
// (scripts/train-digits): a glyph crop in, ten probabilities out (not a digit,
// 1 ... 9); and `DigitPrediction`, what it returns. A second opinion beside
// Tesseract whose errors differ from Tesseract's.

import Raster

/// What the classifier makes of one glyph crop.
public struct DigitPrediction: Sendable, Hashable {
    /// The most probable class: 1 ... 9, or 0 for "not a digit" (a grid-line
    /// stub, a smudge, a letter).
    public var digit: Int
    /// The probability of `digit`, 0 ... 1.
    public var probability: Float
    /// Ten probabilities summing to 1: index 0 "not a digit", index d the digit d.
    public var probabilities: [Float]

    public init(probabilities: [Float]) {
        precondition(probabilities.count == DigitClassifier.classes, "a prediction has ten probabilities")
        var best = 0
        for i in 1..<probabilities.count where probabilities[i] > probabilities[best] { best = i }
        self.digit = best
        self.probability = probabilities[best]
        self.probabilities = probabilities
    }
}

/// A multilayer perceptron over a glyph's `GlyphField`.
///
/// Input: a glyph crop as the reader reads it (grey, dark ink on lighter paper,
/// upright, the glyph's ink box with a little paper around it: what
/// `FramingReader.glyphCrop` cuts). The crop is turned into a `fieldSize`²
/// darkness grid, then dense layers with ReLU between them and a softmax at the
/// end give the ten probabilities.
///
/// Deterministic (the same crop gives the same bits on every run and thread),
/// a value type, `Sendable`: one instance may serve every worker. A
/// classification costs about 60 000 multiply-adds; the field and the layers'
/// outputs live on the stack, so it allocates only the crop's histogram and the
/// returned probabilities (`sudokit bench classify` prints the time).
public struct DigitClassifier: EmbeddedModel {
    /// Classes: 0 "not a digit", then the digits 1 ... 9.
    public static let classes = 10

    /// Cells across the input grid (`GlyphField`).
    public let fieldSize: Int
    /// Cells the glyph's longer side spans in that grid.
    public let glyphSize: Int
    /// Least ink-to-paper contrast, in grey levels, of a crop that is not blank.
    public let minimumContrast: Int
    let network: Perceptron
    /// The weights file it was made from (`weightsByteCount`, `weightsSHA256`).
    public let weights: WeightsFile

    /// The built-in classifier (`Resources/digits-v1.bin`, embedded in
    /// `DigitWeights.generated.swift`), decoded once.
    public static let builtIn = decodeBuiltIn(builtInWeightsBase64)

    /// A classifier from the bytes of a weights file.
    ///
    /// Format (little-endian): the magic `SKDC`; UInt32 version (1), field size,
    /// glyph size, minimum contrast, layer count; then per layer UInt32 inputs and
    /// outputs, Float32 weights (outputs × inputs, row-major) and Float32 biases.
    /// The first layer takes `field size²` inputs, each the next one's outputs,
    /// the last gives 10.
    /// - Throws: `GlyphModelsError.badWeights` naming what is wrong: the
    ///   magic, the version, a size out of range, layers that do not chain, a
    ///   file too short or too long, a weight that is not finite.
    public init(weights bytes: [UInt8]) throws(GlyphModelsError) {
        var reader = ByteReader(bytes: bytes)
        guard bytes.count >= 4, Array(bytes[0..<4]) == Array("SKDC".utf8) else {
            throw .badWeights(reason: "no SKDC magic at the start")
        }
        reader.offset = 4
        let version = try reader.uint32()
        guard version == 1 else { throw .badWeights(reason: "version \(version), this build reads version 1") }
        let field = try reader.uint32(), glyph = try reader.uint32(), contrast = try reader.uint32()
        let count = try reader.uint32()
        guard (4...64).contains(field), (1...field).contains(glyph), contrast < 256, (1...8).contains(count) else {
            throw .badWeights(
                reason: "field \(field), glyph \(glyph), contrast \(contrast), \(count) layers: out of range")
        }
        network = try Perceptron(reading: &reader, layers: count, inputs: field * field, outputs: Self.classes)
        guard reader.offset == bytes.count else {
            throw .badWeights(reason: "\(bytes.count - reader.offset) bytes after the last layer")
        }
        fieldSize = field
        glyphSize = glyph
        minimumContrast = contrast
        weights = WeightsFile(bytes)
    }

    /// The ten probabilities for `crop` and the most probable class.
    public func classify(_ crop: GrayImage) -> DigitPrediction {
        DigitPrediction(probabilities: probabilities(crop))
    }

    /// Classifies several crops; element `i` belongs to `crops[i]`.
    public func classify(_ crops: [GrayImage]) -> [DigitPrediction] { crops.map(classify) }

    /// Ten probabilities for `crop`: index 0 "not a digit", index d the digit d.
    public func probabilities(_ crop: GrayImage) -> [Float] {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: fieldSize * fieldSize) { field in
            GlyphField.fill(field, crop, field: fieldSize, glyph: glyphSize, minimumContrast: minimumContrast)
            return probabilities(field: UnsafeBufferPointer(field))
        }
    }

    /// The classifier's input for `crop` (`fieldSize²` values, row-major).
    public func field(_ crop: GrayImage) -> [Float] {
        GlyphField.values(crop, field: fieldSize, glyph: glyphSize, minimumContrast: minimumContrast)
    }

    /// Ten probabilities for an input grid as `field(_:)` makes it.
    public func probabilities(field: [Float]) -> [Float] {
        precondition(field.count == fieldSize * fieldSize, "the field has \(fieldSize * fieldSize) values")
        return field.withUnsafeBufferPointer { probabilities(field: $0) }
    }

    /// The dense layers and the softmax (`Perceptron`).
    func probabilities(field: UnsafeBufferPointer<Float>) -> [Float] {
        network.probabilities(field)
    }
}

/// Reads the little-endian fields of a weights file, throwing past its end.
struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func uint32() throws(GlyphModelsError) -> Int {
        guard offset + 4 <= bytes.count else {
            throw .badWeights(reason: "file ends at byte \(bytes.count) inside a header")
        }
        var v: UInt32 = 0
        for i in 0..<4 { v |= UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
        offset += 4
        return Int(v)
    }

    mutating func floats(_ count: Int) throws(GlyphModelsError) -> [Float] {
        guard count <= (bytes.count - offset) / 4 else {
            throw .badWeights(reason: "file ends at byte \(bytes.count), \(count) values needed from byte \(offset)")
        }
        var values = [Float](repeating: 0, count: count)
        for i in 0..<count {
            var v: UInt32 = 0
            for b in 0..<4 { v |= UInt32(bytes[offset + 4 * i + b]) << (8 * UInt32(b)) }
            values[i] = Float(bitPattern: v)
            guard values[i].isFinite else { throw .badWeights(reason: "value at byte \(offset + 4 * i) is not finite") }
        }
        offset += 4 * count
        return values
    }
}

/// Decodes the standard base64 alphabet with `=` padding; line breaks and spaces
/// are skipped. Nil for any other character or a bad length.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (i, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() {
            table[Int(c)] = UInt8(i)
        }
        // Skipped: line breaks and spaces; `=` only as padding at the end.
        table[Int(UInt8(ascii: "\n"))] = 0xFE
        table[Int(UInt8(ascii: "\r"))] = 0xFE
        table[Int(UInt8(ascii: " "))] = 0xFE
        table[Int(UInt8(ascii: "="))] = 0xFD
        var text = text
        return text.withUTF8 { input -> [UInt8]? in
            var failed = false
            let out = [UInt8](unsafeUninitializedCapacity: input.count * 3 / 4 + 3) { out, written in
                var n = 0, buffer: UInt32 = 0, bits = 0, padding = 0
                table.withUnsafeBufferPointer { table in
                    for c in input {
                        let v = table[Int(c)]
                        if v < 64 {
                            guard padding == 0 else {
                                failed = true
                                return
                            }
                            buffer = buffer << 6 | UInt32(v)
                            bits += 6
                            if bits >= 8 {
                                bits -= 8
                                out[n] = UInt8(truncatingIfNeeded: buffer >> UInt32(bits))
                                n += 1
                            }
                        } else if v == 0xFD {
                            padding += 1
                        } else if v != 0xFE {
                            failed = true
                            return
                        }
                    }
                    if padding > 2 || bits >= 6 { failed = true }
                }
                written = n
            }
            return failed ? nil : out
        }
    }
}
