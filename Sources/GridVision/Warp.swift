// Offers: `Warper`: perspective warps that map each destination pixel back into the
// source (inverse mapping) with bilinear interpolation (`GrayImage.sampleBilinear`),
// supersampled when the source region is larger than the destination. Pixels
// falling off the source take the `outside` value (paper white by default).

import Geometry
import Raster

public enum Warper {
    /// Warps the region of `image` inside `quad` onto a `size`×`size` square;
    /// quad corner 0 lands at the square's top-left, then clockwise.
    /// Returns nil when the quad is degenerate.
    /// With `antialias` (the default) a source region larger than the square is
    /// supersampled; without it each pixel is one bilinear sample (faster).
    public static func warp(_ image: GrayImage, quad: Quad, size: Int, antialias: Bool = true,
                            outside: UInt8 = 255) -> GrayImage? {
        guard let h = Homography(squareOfSide: Double(size), to: quad) else { return nil }
        let scale = quad.meanSide / Double(size)
        let n = antialias && scale > 1.5 ? min(4, Int(scale.rounded(.up))) : 1
        return warp(image, destinationToSource: h, width: size, height: size, supersample: n, outside: outside)
    }

    /// Fills a `width`×`height` picture whose pixel centre (x+0.5, y+0.5) maps to
    /// the source through `destinationToSource`, averaging `supersample`² bilinear
    /// samples per pixel.
    public static func warp(_ image: GrayImage, destinationToSource h: Homography, width: Int, height: Int,
                            supersample: Int = 1, outside: UInt8 = 255) -> GrayImage {
        var out = GrayImage(width: width, height: height)
        let n = max(1, supersample)
        let m = h.m
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let sw = image.width, sh = image.height
        // Where the samples lie within a destination pixel, along each axis.
        let offsets = (0..<n).map { (Double($0) + 0.5) / Double(n) }
        let reciprocal = 1 / Double(n * n), exactReciprocal = n & (n - 1) == 0
        image.pixels.withUnsafeBufferPointer { p in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        var acc = 0.0
                        for sy in 0..<n {
                            let v = Double(y) + offsets[sy]
                            for sx in 0..<n {
                                let u = Double(x) + offsets[sx]
                                let w = m6 * u + m7 * v + m8
                                let px = (m0 * u + m1 * v + m2) / w - 0.5
                                let py = (m3 * u + m4 * v + m5) / w - 0.5
                                acc += GrayImage.sampleBilinear(p, width: sw, height: sh, x: px, y: py,
                                                                border: .constant(outside), blend: .difference)
                            }
                        }
                        // Adding 0.5 and truncating rounds: the value is never negative.
                        // For n of 1, 2 and 4 the reciprocal is exact: the same value as a division.
                        let mean = exactReciprocal ? acc * reciprocal : acc / Double(n * n)
                        dst[y * width + x] = UInt8(min(255, max(0, mean + 0.5)))
                    }
                }
            }
        }
        return out
    }
}
