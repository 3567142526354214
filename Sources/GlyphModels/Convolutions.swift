// Offers: `Convolutions`, the convolutional layers in front of the hand
// reader's dense layers: each a square kernel over the glyph field with zero
// padding, ReLU, then a 2 × 2 max pool; and their reading from a weights file.

/// A stack of convolutional layers over a square field of `size` × `size`
/// cells (one channel in). Each layer keeps the size (zero padding of half its
/// kernel), applies ReLU, then halves the size by a 2 × 2 max pool. Values are
/// laid out row by row, the channels of a cell together (y, x, channel), as
/// the training script lays them out, and the last layer's output is the dense
/// layers' input in that order. A value type, `Sendable`, immutable once read.
struct Convolutions: Sendable {
    /// One layer: `outputs` filters of `kernel` × `kernel` × `inputs` weights.
    struct Layer: Sendable {
        var kernel: Int
        var inputs: Int
        var outputs: Int
        /// The filters as a dense layer over one cell's neighbourhood: outputs ×
        /// (kernel row, kernel column, input channel), row-major (the file
        /// holds them the other way round; they are turned when read), and the
        /// biases.
        var filters: Perceptron.Layer
    }

    let layers: [Layer]
    /// Side of the field in.
    let size: Int

    /// Side of the last layer's output.
    var outputSize: Int { size >> layers.count }
    /// Values out: `outputSize`² × the last layer's channels (the field itself
    /// when there is no layer).
    var outputCount: Int { outputSize * outputSize * (layers.last?.outputs ?? 1) }

    /// Reads `count` layers at the reader's offset: per layer UInt32 kernel,
    /// inputs and outputs (channels), then Float32 weights ((kernel row, kernel
    /// column, input channel) × outputs, row-major) and Float32 biases. The
    /// first layer takes one channel, each the previous one's outputs.
    /// - Throws: `GlyphModelsError.badWeights` for layers that do not chain,
    ///   a kernel that is not odd, a field that the pools cannot halve, a file
    ///   too short, a value that is not finite.
    init(reading reader: inout ByteReader, layers count: Int, size: Int) throws(GlyphModelsError) {
        guard count == 0 || size % (1 << count) == 0 else {
            throw .badWeights(reason: "a field of \(size) cannot be halved \(count) times")
        }
        var layers: [Layer] = []
        var expected = 1
        for n in 0..<count {
            let kernel = try reader.uint32(), inputs = try reader.uint32(), outputs = try reader.uint32()
            guard kernel % 2 == 1, kernel <= size, inputs == expected, (1...256).contains(outputs) else {
                throw .badWeights(
                    reason: "convolution \(n + 1): kernel \(kernel), \(inputs) to \(outputs) channels, "
                        + "expected an odd kernel and \(expected) channels in")
            }
            let patch = kernel * kernel * inputs
            let stored = try reader.floats(patch * outputs), biases = try reader.floats(outputs)
            var weights = [Float](repeating: 0, count: patch * outputs)
            for t in 0..<patch {
                for o in 0..<outputs { weights[o * patch + t] = stored[t * outputs + o] }
            }
            layers.append(
                Layer(
                    kernel: kernel, inputs: inputs, outputs: outputs,
                    filters: Perceptron.Layer(
                        inputs: patch, outputs: outputs, weights: weights,
                        biases: biases)))
            expected = outputs
        }
        self.layers = layers
        self.size = size
    }

    /// Runs the layers (at least one) on `field` (`size`² values) into `out`
    /// (`outputCount` values), on scratch buffers on the stack. The order of
    /// the sums is fixed, so results are bit-for-bit repeatable.
    func apply(_ field: UnsafeBufferPointer<Float>, _ out: UnsafeMutableBufferPointer<Float>) {
        precondition(!layers.isEmpty, "a field without convolutions goes to the dense layers as it is")
        // The widest activation, before its pool.
        var widest = 0
        var side = size
        for layer in layers {
            widest = max(widest, side * side * layer.outputs)
            side /= 2
        }
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * widest) { scratch in
            let full = UnsafeMutableBufferPointer(rebasing: scratch[0..<widest])
            let pooled = UnsafeMutableBufferPointer(rebasing: scratch[widest...])
            var input = field
            var side = size
            for (n, layer) in layers.enumerated() {
                Self.convolve(layer, input, side: side, full)
                let target = n == layers.count - 1 ? out : pooled
                Self.pool(full, side: side, channels: layer.outputs, target)
                input = UnsafeBufferPointer(rebasing: pooled[0..<(side / 2) * (side / 2) * layer.outputs])
                side /= 2
            }
        }
    }

    /// `out` (side² × outputs) = ReLU(layer ∗ input + biases), zero padding:
    /// each cell's neighbourhood is gathered (zeros beyond the edge) and goes
    /// through the filters as through a dense layer (`Perceptron.dense`).
    static func convolve(
        _ layer: Layer, _ input: UnsafeBufferPointer<Float>, side: Int,
        _ out: UnsafeMutableBufferPointer<Float>
    ) {
        let k = layer.kernel, pad = layer.kernel / 2, cin = layer.inputs, cout = layer.outputs
        withUnsafeTemporaryAllocation(of: Float.self, capacity: k * k * cin) { patch in
            for y in 0..<side {
                for x in 0..<side {
                    var t = 0
                    for ky in 0..<k {
                        let iy = y + ky - pad
                        for kx in 0..<k {
                            let ix = x + kx - pad
                            if iy >= 0, iy < side, ix >= 0, ix < side {
                                let at = (iy * side + ix) * cin
                                for c in 0..<cin { patch[t + c] = input[at + c] }
                            } else {
                                for c in 0..<cin { patch[t + c] = 0 }
                            }
                            t += cin
                        }
                    }
                    let cell = (y * side + x) * cout
                    Perceptron.dense(
                        layer.filters, UnsafeBufferPointer(patch),
                        UnsafeMutableBufferPointer(rebasing: out[cell..<(cell + cout)]), relu: true)
                }
            }
        }
    }

    /// `out` ((side / 2)² × channels) = the largest of each 2 × 2 block of `input`.
    static func pool(
        _ input: UnsafeMutableBufferPointer<Float>, side: Int, channels: Int,
        _ out: UnsafeMutableBufferPointer<Float>
    ) {
        let half = side / 2
        for y in 0..<half {
            for x in 0..<half {
                let a = ((2 * y) * side + 2 * x) * channels, b = a + channels
                let c = a + side * channels, d = c + channels
                let to = (y * half + x) * channels
                for ch in 0..<channels {
                    out[to + ch] = max(max(input[a + ch], input[b + ch]), max(input[c + ch], input[d + ch]))
                }
            }
        }
    }
}
