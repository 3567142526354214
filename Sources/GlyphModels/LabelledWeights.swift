// Offers: `LabelledWeights`, the reading of the weights files the kind
// classifier (SKKC) and the hand reader (SKHR) share: a magic, a header naming
// the input (field, glyph, contrast, extra inputs) and the classes, then the
// layers (version 1: dense; version 2: convolutional, then dense); and the
// forward pass on a glyph crop both run.

import Raster

/// A weights file of the kind classifier's layout, read.
struct LabelledWeights {
    var fieldSize: Int
    var glyphSize: Int
    var minimumContrast: Int
    var extraInputs: Int
    /// The convolutional layers over the field (none in a version 1 file).
    var convolutions: Convolutions
    var network: Perceptron

    /// Whose weights each magic marks, to name a file given to the wrong model.
    static let owners = ["SKDC": "a digit classifier", "SKKC": "a kind classifier", "SKHR": "a hand reader"]

    /// Reads `bytes`. Format (little-endian): the 4-byte `magic`; UInt32
    /// version (1 or 2), field size, glyph size, minimum contrast, extra
    /// inputs, classes; version 2 then the number of convolutional layers; the
    /// number of dense layers. Version 2 then has the convolutional layers
    /// (`Convolutions.init(reading:layers:size:)`). Then per dense layer UInt32
    /// inputs and outputs, Float32 weights (outputs × inputs, row-major) and
    /// Float32 biases. The first dense layer takes the field's values (the last
    /// convolution's, in a version 2 file) and then the extra inputs, each the
    /// next one's outputs, the last gives `classes`.
    /// - Throws: `GlyphModelsError.badWeights` naming what is wrong: the
    ///   magic (another model's file is named as such), the version, a size out
    ///   of range, the class count, layers that do not chain, a file too short
    ///   or too long, a weight that is not finite.
    init(_ bytes: [UInt8], magic: String, classes expected: Int) throws(GlyphModelsError) {
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
        guard version == 1 || version == 2 else {
            throw .badWeights(reason: "version \(version), this build reads versions 1 and 2")
        }
        let field = try reader.uint32(), glyph = try reader.uint32(), contrast = try reader.uint32()
        let extra = try reader.uint32(), classes = try reader.uint32()
        let convolutionCount = version == 2 ? try reader.uint32() : 0
        let count = try reader.uint32()
        guard (4...64).contains(field), (1...field).contains(glyph), contrast < 256,
            (0...KindClassifier.extraFeatures.count).contains(extra), (0...4).contains(convolutionCount),
            (1...8).contains(count)
        else {
            throw .badWeights(
                reason: "field \(field), glyph \(glyph), contrast \(contrast), \(extra) extra inputs, "
                    + "\(convolutionCount) convolutional and \(count) dense layers: out of range")
        }
        guard classes == expected else {
            throw .badWeights(reason: "\(classes) classes, \(owner) has \(expected)")
        }
        convolutions = try Convolutions(reading: &reader, layers: convolutionCount, size: field)
        network = try Perceptron(
            reading: &reader, layers: count, inputs: convolutions.outputCount + extra,
            outputs: classes)
        guard reader.offset == bytes.count else {
            throw .badWeights(reason: "\(bytes.count - reader.offset) bytes after the last layer")
        }
        fieldSize = field
        glyphSize = glyph
        minimumContrast = contrast
        extraInputs = extra
    }

    /// The network's probabilities for `crop`: the glyph field
    /// (`GlyphField.fill`) through the convolutions, then the extra inputs
    /// (`KindClassifier.fillExtras`), on scratch buffers on the stack.
    func probabilities(_ crop: GrayImage) -> [Float] {
        let n = fieldSize * fieldSize
        // The network's input starts at the field, or after it at the convolutions' output.
        let convolved = convolutions.layers.isEmpty ? 0 : convolutions.outputCount
        let start = convolved == 0 ? 0 : n, features = convolved == 0 ? n : convolved
        let levels = GlyphField.levels(of: crop)
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: n + convolved + extraInputs) { scratch in
            let field = UnsafeMutableBufferPointer(rebasing: scratch[0..<n])
            GlyphField.fill(
                field, crop, levels: levels, field: fieldSize, glyph: glyphSize,
                minimumContrast: minimumContrast)
            if convolved > 0 {
                convolutions.apply(
                    UnsafeBufferPointer(field), UnsafeMutableBufferPointer(rebasing: scratch[n..<(n + convolved)]))
            }
            KindClassifier.fillExtras(
                UnsafeMutableBufferPointer(rebasing: scratch[(start + features)...]), levels: levels)
            return network.probabilities(UnsafeBufferPointer(rebasing: scratch[start...]))
        }
    }
}
