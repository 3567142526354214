// Offers: `LabelledWeights`, the reading of the weights files the kind
// classifier (SKKC) and the hand reader (SKHR) share: a magic, a header naming
// the input (field, glyph, contrast, extra inputs) and the classes, then the
// dense layers; and the forward pass on a glyph crop both run.

import Raster

/// A weights file of the kind classifier's layout, read.
struct LabelledWeights {
    var fieldSize: Int
    var glyphSize: Int
    var minimumContrast: Int
    var extraInputs: Int
    var network: Perceptron

    /// Whose weights each magic marks, to name a file given to the wrong model.
    static let owners = ["SKDC": "a digit classifier", "SKKC": "a kind classifier", "SKHR": "a hand reader"]

    /// Reads `bytes`. Format (little-endian): the 4-byte `magic`; UInt32
    /// version (1), field size, glyph size, minimum contrast, extra inputs,
    /// classes, layer count; then per layer UInt32 inputs and outputs, Float32
    /// weights (outputs × inputs, row-major) and Float32 biases. The first layer
    /// takes `field size² + extra inputs` values, each the next one's outputs,
    /// the last gives `classes`.
    /// - Throws: `DigitClassifierError.badWeights` naming what is wrong: the
    ///   magic (another model's file is named as such), the version, a size out
    ///   of range, the class count, layers that do not chain, a file too short
    ///   or too long, a weight that is not finite.
    init(_ bytes: [UInt8], magic: String, classes expected: Int) throws(DigitClassifierError) {
        let owner = Self.owners[magic] ?? magic
        guard bytes.count >= 4, Array(bytes[0..<4]) == Array(magic.utf8) else {
            let found = bytes.count >= 4 ? String(decoding: bytes[0..<4], as: UTF8.self) : ""
            if found != magic, let other = Self.owners[found] {
                throw .badWeights(reason: "\(other)'s weights (\(found)), not \(owner)'s (\(magic))")
            }
            throw .badWeights(reason: "no \(magic) magic at the start")
        }
        var reader = ByteReader(bytes: bytes)
        reader.offset = 4
        let version = try reader.uint32()
        guard version == 1 else { throw .badWeights(reason: "version \(version), this build reads version 1") }
        let field = try reader.uint32(), glyph = try reader.uint32(), contrast = try reader.uint32()
        let extra = try reader.uint32(), classes = try reader.uint32(), count = try reader.uint32()
        guard (4...64).contains(field), (1...field).contains(glyph), contrast < 256,
              (0...KindClassifier.extraFeatures.count).contains(extra), (1...8).contains(count) else {
            throw .badWeights(reason: "field \(field), glyph \(glyph), contrast \(contrast), \(extra) extra inputs, "
                + "\(count) layers: out of range")
        }
        guard classes == expected else {
            throw .badWeights(reason: "\(classes) classes, \(owner) has \(expected)")
        }
        network = try Perceptron(reading: &reader, layers: count, inputs: field * field + extra, outputs: classes)
        guard reader.offset == bytes.count else {
            throw .badWeights(reason: "\(bytes.count - reader.offset) bytes after the last layer")
        }
        fieldSize = field
        glyphSize = glyph
        minimumContrast = contrast
        extraInputs = extra
    }

    /// The network's probabilities for `crop`: the glyph field
    /// (`GlyphField.fill`), then the extra inputs (`KindClassifier.fillExtras`),
    /// on a scratch buffer on the stack.
    func probabilities(_ crop: GrayImage) -> [Float] {
        let n = fieldSize * fieldSize
        let levels = GlyphField.levels(of: crop)
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: n + extraInputs) { input in
            GlyphField.fill(UnsafeMutableBufferPointer(rebasing: input[0..<n]), crop, levels: levels, field: fieldSize,
                            glyph: glyphSize, minimumContrast: minimumContrast)
            KindClassifier.fillExtras(UnsafeMutableBufferPointer(rebasing: input[n...]), levels: levels)
            return network.probabilities(UnsafeBufferPointer(input))
        }
    }
}
