// Offers: `Warper`: perspective warps that map each destination pixel back into the
// source (inverse mapping) with bilinear interpolation, supersampled when the
// source region is larger than the destination. Pixels falling off the source
// take the `outside` value (paper white by default).

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
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        var acc = 0.0
                        for sy in 0..<n {
                            let v = Double(y) + (Double(sy) + 0.5) / Double(n)
                            for sx in 0..<n {
                                let u = Double(x) + (Double(sx) + 0.5) / Double(n)
                                let w = m6 * u + m7 * v + m8
                                let px = (m0 * u + m1 * v + m2) / w - 0.5
                                let py = (m3 * u + m4 * v + m5) / w - 0.5
                                acc += bilinear(src, image.width, image.height, px, py, outside)
                            }
                        }
                        // Adding 0.5 and truncating rounds: the value is never negative.
                        dst[y * width + x] = UInt8(min(255, max(0, acc / Double(n * n) + 0.5)))
                    }
                }
            }
        }
        return out
    }

    /// Bilinear sample at pixel-centre coordinates (integer = a pixel's centre).
    @inline(__always)
    static func bilinear(_ p: UnsafeBufferPointer<UInt8>, _ w: Int, _ h: Int, _ x: Double, _ y: Double,
                         _ outside: UInt8) -> Double {
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(w), y < Double(h) else { return Double(outside) }
        // x, y > -1 here, so truncating x + 1 floors it without a libm call.
        let x0 = Int(x + 1) - 1, y0 = Int(y + 1) - 1
        let fx = x - Double(x0), fy = y - Double(y0)
        if x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h {
            // Fast path: all four neighbours inside.
            let i = y0 * w + x0
            let a = Double(p[i]), b = Double(p[i + 1]), c = Double(p[i + w]), d = Double(p[i + w + 1])
            return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
        }
        @inline(__always) func at(_ xx: Int, _ yy: Int) -> Double {
            (xx >= 0 && yy >= 0 && xx < w && yy < h) ? Double(p[yy * w + xx]) : Double(outside)
        }
        let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
        let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
