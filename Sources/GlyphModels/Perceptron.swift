// Offers: `Perceptron`, the dense layers both classifiers run (ReLU between
// layers, softmax at the end) and the reading of their layers from a weights
// file. One forward pass for `DigitClassifier` and `KindClassifier`, so that
// both sum in the same fixed order and give the same bits on every run.

#if canImport(Glibc)
    import Glibc
#endif

/// A multilayer perceptron: dense layers, ReLU after every one but the last,
/// softmax after the last. A value type, `Sendable`, immutable once read.
struct Perceptron: Sendable {
    /// One fully connected layer: `outputs` × `inputs` weights, row-major.
    struct Layer: Sendable {
        var inputs: Int
        var outputs: Int
        var weights: [Float]
        var biases: [Float]
    }

    let layers: [Layer]

    /// Inputs of the first layer.
    var inputs: Int { layers.first?.inputs ?? 0 }
    /// Outputs of the last layer (the classes).
    var outputs: Int { layers.last?.outputs ?? 0 }

    /// Reads `count` layers at the reader's offset: per layer UInt32 inputs and
    /// outputs, Float32 weights (outputs × inputs, row-major), Float32 biases.
    /// The first layer must take `inputs` values, each the next one's outputs,
    /// and the last must give `outputs`.
    /// - Throws: `GlyphModelsError.badWeights` for layers that do not chain,
    ///   a size out of range, a file too short, a value that is not finite.
    init(reading reader: inout ByteReader, layers count: Int, inputs: Int, outputs: Int) throws(GlyphModelsError) {
        var layers: [Layer] = []
        var expected = inputs
        for n in 0..<count {
            let inputs = try reader.uint32(), outputs = try reader.uint32()
            guard inputs == expected, (1...4096).contains(outputs) else {
                throw .badWeights(reason: "layer \(n + 1) maps \(inputs) to \(outputs), expected \(expected) inputs")
            }
            let weights = try reader.floats(inputs * outputs), biases = try reader.floats(outputs)
            layers.append(Layer(inputs: inputs, outputs: outputs, weights: weights, biases: biases))
            expected = outputs
        }
        guard expected == outputs else {
            throw .badWeights(reason: "the last layer gives \(expected) outputs, not \(outputs)")
        }
        self.layers = layers
    }

    /// The `outputs` probabilities for `input` (`inputs` values), on two scratch
    /// buffers on the stack.
    func probabilities(_ input: UnsafeBufferPointer<Float>) -> [Float] {
        let widest = layers.map(\.outputs).max() ?? outputs
        let classes = outputs
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * widest) { scratch in
            var input = input
            var out = UnsafeMutableBufferPointer(rebasing: scratch[0..<widest])
            var spare = UnsafeMutableBufferPointer(rebasing: scratch[widest..<(2 * widest)])
            for (n, layer) in layers.enumerated() {
                Self.dense(layer, input, out, relu: n < layers.count - 1)
                input = UnsafeBufferPointer(rebasing: out[0..<layer.outputs])
                swap(&out, &spare)
            }
            // Softmax, largest first subtracted.
            var top = input[0]
            for v in input where v > top { top = v }
            var sum: Float = 0
            var result = [Float](repeating: 0, count: classes)
            for i in 0..<classes {
                result[i] = expf(input[i] - top)
                sum += result[i]
            }
            for i in 0..<classes { result[i] /= sum }
            return result
        }
    }

    /// `out = W · input + b`, then ReLU when asked. Eight lanes at a time; the
    /// order of the sums is fixed, so results are bit-for-bit repeatable.
    static func dense(
        _ layer: Layer, _ input: UnsafeBufferPointer<Float>, _ out: UnsafeMutableBufferPointer<Float>,
        relu: Bool
    ) {
        let n = layer.inputs, chunks = n / 8
        let x = UnsafeRawPointer(input.baseAddress!)
        layer.weights.withUnsafeBytes { raw in
            for o in 0..<layer.outputs {
                let row = raw.baseAddress! + o * n * MemoryLayout<Float>.stride
                var acc = SIMD8<Float>(repeating: 0)
                for c in 0..<chunks {
                    let offset = c * 8 * MemoryLayout<Float>.stride
                    acc +=
                        row.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                        * x.loadUnaligned(fromByteOffset: offset, as: SIMD8<Float>.self)
                }
                var sum = acc.sum()
                for i in (chunks * 8)..<n {
                    sum += row.load(fromByteOffset: i * MemoryLayout<Float>.stride, as: Float.self) * input[i]
                }
                sum += layer.biases[o]
                out[o] = relu ? max(0, sum) : sum
            }
        }
    }
}
