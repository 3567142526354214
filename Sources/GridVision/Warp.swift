// Offers: `Warper`: perspective warps that map each destination pixel back into the
// source (inverse mapping) with bilinear interpolation, supersampled when the
// source region is larger than the destination. Pixels falling off the source
// take the `outside` value (paper white by default).
//
// Each row of samples is computed in single precision, the samples evenly spaced
// along it: first every sample's source position and pixel (one division each,
// the reciprocal of the projective denominator; a loop the compiler vectorises),
// then the reads, four pixels unchecked when the sample lies inside the picture,
// and without a test per sample when the row's two ends lie well inside it.
// Single precision puts a sample within about 1/2,000 of a pixel of the
// double-precision position on a 4,000-pixel photo; a warped pixel may then
// differ by one grey level from a double-precision warp's, now and then (the
// scan output on the 392 photos of TestImages is the same byte for byte).

import Geometry
import Raster

public enum Warper {
    /// Warps the region of `image` inside `quad` onto a `size`×`size` square;
    /// quad corner 0 lands at the square's top-left, then clockwise.
    /// Returns nil when the quad is degenerate.
    /// With `antialias` (the default) a source region larger than the square is
    /// supersampled; without it each pixel is one bilinear sample (faster).
    public static func warp(
        _ image: GrayImage, quad: Quad, size: Int, antialias: Bool = true,
        outside: UInt8 = 255
    ) -> GrayImage? {
        guard let h = Homography(squareOfSide: Double(size), to: quad) else { return nil }
        let scale = quad.meanSide / Double(size)
        let n = antialias && scale > 1.5 ? min(4, Int(scale.rounded(.up))) : 1
        return warp(image, destinationToSource: h, width: size, height: size, supersample: n, outside: outside)
    }

    /// Fills a `width`×`height` picture whose pixel centre (x+0.5, y+0.5) maps to
    /// the source through `destinationToSource`, averaging `supersample`² bilinear
    /// samples per pixel (at (x + (i+0.5)/n, y + (j+0.5)/n), i, j < n). The
    /// picture must be under 65,536 pixels on a side.
    public static func warp(
        _ image: GrayImage, destinationToSource h: Homography, width: Int, height: Int,
        supersample: Int = 1, outside: UInt8 = 255
    ) -> GrayImage {
        guard image.width > 0, image.height > 0 else { return GrayImage(width: width, height: height, fill: outside) }
        var out = GrayImage(width: width, height: height)
        guard width > 0, height > 0 else { return out }
        let n = max(1, supersample)
        let m = h.m.map { Float($0) }
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let sw = image.width, sh = image.height
        // Below 2^16, single precision puts a position within a hundredth of a pixel,
        // as the fast rows below need (the decoder's pictures are at most 30,000 a side).
        precondition(sw < 1 << 16 && sh < 1 << 16, "a picture of 65,536 pixels or more on a side")
        let step = 1 / Float(n)
        // Scratch, per row of samples: each sample's u (the same in every row),
        // its source position (x, y), its place between pixels (fx, fy) and value;
        // per destination row, the sums.
        let count = width * n
        let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 6 * count + width)
        defer { scratch.deallocate() }
        let us = scratch.baseAddress!, xs = us + count, ys = xs + count, fxs = ys + count, fys = fxs + count
        let row = fys + count, acc = row + count
        // Each sample's pixel: the floors of its position, from the same loop.
        let cells = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 2 * count)
        defer { cells.deallocate() }
        let xis = cells.baseAddress!, yis = xis + count
        for j in 0..<count { us[j] = Float(j) * step + 0.5 * step }
        let reciprocal = 1 / Float(n * n)
        let outsideValue = Float(outside)
        let fw = Float(sw), fh = Float(sh)
        // A sample at (x, y) with x < lastX, y < lastY reads four pixels of the picture.
        let lastX = sw &- 1, lastY = sh &- 1
        // A sample at 1 ≤ x < innerX, 1 ≤ y < innerY reads four pixels, a pixel away from the edge.
        let innerX = Float(sw - 2), innerY = Float(sh - 2)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let p = src.baseAddress!
                for y in 0..<height {
                    for x in 0..<width { acc[x] = 0 }
                    for sy in 0..<n {
                        let v = Float(y) + (Float(sy) + 0.5) * step
                        let bx = m1 * v + m2, by = m4 * v + m5, bw = m7 * v + m8
                        // The positions first, in a loop of arithmetic alone (the compiler
                        // runs it four samples at a time), then the reads.
                        for j in 0..<count {
                            let u = us[j]
                            let r = 1 / (m6 * u + bw)
                            let px = (m0 * u + bx) * r - 0.5, py = (m3 * u + by) * r - 0.5
                            // Int(px + 1) − 1 for the samples read (−1 < px < width; see
                            // `flooredNonNegative`), without the conversion's checks.
                            let xi = flooredNonNegative(px + 1) &- 1, yi = flooredNonNegative(py + 1) &- 1
                            xs[j] = px
                            ys[j] = py
                            xis[j] = xi
                            yis[j] = yi
                            fxs[j] = px - Float(xi)
                            fys[j] = py - Float(yi)
                        }
                        // Along a row, x and y are each (a·u + b) / (c·u + d): monotonic
                        // while the denominator keeps its sign (it is linear in u). So
                        // when it has one sign at both ends, and both ends lie a pixel
                        // or more inside the picture (far more than the rounding of a
                        // position), every sample between them reads four of its pixels.
                        let (first, last) = (0, count - 1)
                        let d0 = m6 * us[first] + bw, d1 = m6 * us[last] + bw
                        @inline(__always) func wellInside(_ j: Int) -> Bool {
                            xs[j] >= 1 && ys[j] >= 1 && xs[j] < innerX && ys[j] < innerY
                        }
                        if (d0 > 0 && d1 > 0 || d0 < 0 && d1 < 0) && wellInside(first) && wellInside(last) {
                            // The reads of the loop below, without its tests.
                            for j in 0..<count {
                                let fx = fxs[j], fy = fys[j]
                                let q = p + (Int(yis[j]) &* sw &+ Int(xis[j]))
                                let a = Float(q[0]), b = Float(q[1]), c = Float(q[sw]), d = Float(q[sw &+ 1])
                                let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                                row[j] = top + (bottom - top) * fy
                            }
                        } else {
                            for j in 0..<count {
                                let px = xs[j], py = ys[j]
                                // NaN fails every comparison: such a sample is outside.
                                guard px > -1, py > -1, px < fw, py < fh else {
                                    row[j] = outsideValue
                                    continue
                                }
                                let xx = Int(xis[j]), yy = Int(yis[j])
                                let fx = fxs[j], fy = fys[j]
                                let a: Float, b: Float, c: Float, d: Float
                                if xx >= 0 && yy >= 0 && xx < lastX && yy < lastY {
                                    let q = p + (yy &* sw &+ xx)
                                    a = Float(q[0])
                                    b = Float(q[1])
                                    c = Float(q[sw])
                                    d = Float(q[sw &+ 1])
                                } else {
                                    @inline(__always) func at(_ x: Int, _ y: Int) -> Float {
                                        x >= 0 && y >= 0 && x < sw && y < sh ? Float(p[y * sw + x]) : outsideValue
                                    }
                                    a = at(xx, yy)
                                    b = at(xx + 1, yy)
                                    c = at(xx, yy + 1)
                                    d = at(xx + 1, yy + 1)
                                }
                                let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                                row[j] = top + (bottom - top) * fy
                            }
                        }
                        if n == 1 {
                            for x in 0..<width { acc[x] += row[x] }
                        } else {
                            for x in 0..<width {
                                var s: Float = 0
                                for i in (x * n)..<(x * n + n) { s += row[i] }
                                acc[x] += s
                            }
                        }
                    }
                    let base = y * width
                    for x in 0..<width {
                        // Adding 0.5 and flooring rounds (the value is never negative),
                        // clamped as integers, so that the loop has no conversion to check.
                        let floor = flooredNonNegative(acc[x] * reciprocal + 0.5)
                        dst[base &+ x] = UInt8(truncatingIfNeeded: min(255, max(0, floor)))
                    }
                }
            }
        }
        return out
    }

}
