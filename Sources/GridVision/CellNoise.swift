// Offers: `CellExtractor.noise`, whether a photo's cells are to be smoothed
// and the least ink threshold a noisy photo needs, with the noise measure it
// rests on (`residualNoise`) and the smoothing itself (`boxBlur3`).

import Raster

extension CellExtractor {

    /// Whether the cells of `warped` (the rectified grid) are to be smoothed, and
    /// the least ink threshold (grey levels) for `findGlyph`: 0 for a photo that
    /// is not noisy (see `noisySpread`).
    func noise(_ warped: GrayImage) -> (smooth: Bool, floor: Int) {
        let raw = residualNoise(warped, of: warped, radius: 2)
        let paper = Double(Histogram(of: warped, columns: 0..<warped.width, rows: 0..<warped.height).quantile(0.5))
        let threshold = max(Double(tuning.inkMinimumOffset), tuning.inkRelativeOffset * paper)
        guard tuning.noisySpread * raw > threshold else { return (false, 0) }
        // The noise left after smoothing, against a wider mean: noise that
        // survives the 3×3 mean is the blotchy kind (an upsampled small photo).
        let level = residualNoise(boxBlur3(warped), of: warped, radius: 4)
        return (true, Int((tuning.noiseFloorSpread * level).rounded(.up)))
    }

    /// The standard deviation of each pixel of `image` against the mean of
    /// `reference` over the (2·radius+1)² pixels around it, taken robustly from
    /// the lower quartile of the absolute residuals (0.3186 σ for Gaussian
    /// noise): ink edges and grid lines only add large residuals, and on a
    /// grid they are a minority of the pixels. In grey levels (counted in
    /// quarters).
    func residualNoise(_ image: GrayImage, of reference: GrayImage, radius: Int) -> Double {
        precondition(reference.width == image.width && reference.height == image.height, "pictures of different sizes")
        let w = image.width, h = image.height
        guard w > 2 * radius, h > 2 * radius else { return 0 }
        var histogram = [Int](repeating: 0, count: 256)
        // Every window lies inside the picture: all hold c pixels. Window sums come
        // from the reference's `WindowSums`, as in `Binarizer.adaptiveThreshold`.
        let side = 2 * radius + 1, c = side * side
        // A residual 4·|p·c − s| is below 4 · 255 · c: under 2^24 (exact in single
        // precision) while c < 16,000, and its quotient by c, a whole number or at
        // least 1/c away from one, floors exactly from the float quotient then.
        let fast = c < 4_096
        let divisor = Double(c), floatDivisor = Float(c), c32 = Int32(c)
        var sums = WindowSums(width: w)
        let prefix = sums.prefix
        var residuals = [Int32](repeating: 0, count: w)
        reference.pixels.withUnsafeBufferPointer { ref in
            image.pixels.withUnsafeBufferPointer { pixels in
                histogram.withUnsafeMutableBufferPointer { histogram in
                    residuals.withUnsafeMutableBufferPointer { residuals in
                        for y in radius..<(h - radius) {
                            sums.cover((y &- radius)..<(y &+ radius &+ 1), of: ref)
                            let base = y &* w
                            if fast {
                                for x in radius..<(w - radius) {
                                    let s = prefix[x &+ radius &+ 1] &- prefix[x &- radius]
                                    let d = Int32(pixels[base &+ x]) &* c32 &- s
                                    let q = Float(4 &* (d < 0 ? 0 &- d : d)) / floatDivisor
                                    residuals[x] = min(255, flooredNonNegative(q))
                                }
                            } else {
                                for x in radius..<(w - radius) {
                                    let s = Int(prefix[x &+ radius &+ 1] &- prefix[x &- radius])
                                    // The quotient of numbers below 2^31: the double quotient
                                    // truncates to the integer one exactly.
                                    let r = Int(Double(4 * abs(Int(pixels[base &+ x]) * c - s)) / divisor)
                                    residuals[x] = Int32(min(255, r))
                                }
                            }
                            for x in radius..<(w - radius) { histogram[Int(residuals[x])] &+= 1 }
                        }
                    }
                }
            }
        }
        let n = (h - 2 * radius) * (w - 2 * radius)
        var seen = 0
        for (r, count) in histogram.enumerated() {
            seen += count
            if 4 * seen >= n { return (Double(r) + 0.5) / 4 / 0.3186 }
        }
        return 0
    }

    /// Each pixel the mean of the 3×3 pixels around it (fewer at the borders).
    func boxBlur3(_ image: GrayImage) -> GrayImage {
        var out = image
        let w = image.width, h = image.height
        image.pixels.withUnsafeBufferPointer { p in
            out.pixels.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    for x in 0..<w {
                        var sum = 0, n = 0
                        for yy in max(0, y - 1)...min(h - 1, y + 1) {
                            for xx in max(0, x - 1)...min(w - 1, x + 1) {
                                sum += Int(p[yy * w + xx])
                                n += 1
                            }
                        }
                        o[y * w + x] = UInt8((sum + n / 2) / n)
                    }
                }
            }
        }
        return out
    }
}
