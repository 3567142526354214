// Offers: `GrayImage.sampleBilinear`, the grey level at a fractional point by
// bilinear interpolation, with the edge handling (`SampleBorder`) and the blend
// formula (`SampleBlend`) chosen by the caller. Every warp and resize in
// the package samples through it (a loop can hand it the pixel buffer once).

extension GrayImage {
    /// What a bilinear sample takes for neighbours off the raster.
    public enum SampleBorder: Sendable, Hashable {
        /// The point is first clamped onto the raster, so edge pixels extend outwards.
        case clamp
        /// Neighbours off the raster are this grey level; a point a whole pixel or
        /// more off the raster, or not finite, is this level.
        case constant(UInt8)
    }

    /// How the two neighbours `a`, `b` of a row are blended at fraction `t`; the
    /// two rows are then always blended as `top·(1 − t) + bottom·t`.
    ///
    /// The two forms are equal in exact arithmetic but can differ in the last bit,
    /// which moves a result that is then rounded to a grey level when it lies on a
    /// half level (a resize by 5/3 lands on such points). Each caller keeps the form
    /// its figures were measured with.
    public enum SampleBlend: Sendable, Hashable {
        /// `a + (b − a)·t` (exact when `a == b`).
        case difference
        /// `a·(1 − t) + b·t`.
        case weights
    }

    /// The bilinear sample at (`x`, `y`) in pixel-centre coordinates: (0, 0) is the
    /// centre of the top-left pixel, (0.5, 0) halfway to its right neighbour. The
    /// result is a grey level, 0...255, not rounded.
    ///
    /// With a `.constant` border, a point whose four neighbours are not all on the
    /// raster blends its rows by `.weights`, whatever `blend` says.
    ///
    /// - Precondition: the raster is not empty.
    @inlinable
    public func sampleBilinear(x: Double, y: Double, border: SampleBorder, blend: SampleBlend) -> Double {
        pixels.withUnsafeBufferPointer { p in
            Self.sampleBilinear(p, width: width, height: height, x: x, y: y, border: border, blend: blend)
        }
    }

    /// `sampleBilinear(x:y:border:blend:)` on the raster `p` (`width`×`height`,
    /// row-major): for a loop that takes the pixel buffer once rather than once
    /// per sample.
    @inlinable @inline(__always)
    public static func sampleBilinear(
        _ p: UnsafeBufferPointer<UInt8>, width w: Int, height h: Int, x: Double, y: Double,
        border: SampleBorder, blend: SampleBlend
    ) -> Double {
        switch border {
        case .clamp:
            let cx = min(max(x, 0), Double(w - 1)), cy = min(max(y, 0), Double(h - 1))
            let x0 = Int(cx), y0 = Int(cy), x1 = min(x0 + 1, w - 1), y1 = min(y0 + 1, h - 1)
            let fx = cx - Double(x0), fy = cy - Double(y0)
            return Self.blend(
                Double(p[y0 * w + x0]), Double(p[y0 * w + x1]),
                Double(p[y1 * w + x0]), Double(p[y1 * w + x1]), fx, fy, blend)
        case .constant(let outside):
            guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(w), y < Double(h) else {
                return Double(outside)
            }
            // x, y > -1 here, so truncating x + 1 floors it without a libm call.
            let x0 = Int(x + 1) - 1, y0 = Int(y + 1) - 1
            let fx = x - Double(x0), fy = y - Double(y0)
            if x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h {
                let i = y0 * w + x0
                return Self.blend(
                    Double(p[i]), Double(p[i + 1]), Double(p[i + w]), Double(p[i + w + 1]),
                    fx, fy, blend)
            }
            @inline(__always) func at(_ xx: Int, _ yy: Int) -> Double {
                (xx >= 0 && yy >= 0 && xx < w && yy < h) ? Double(p[yy * w + xx]) : Double(outside)
            }
            return Self.blend(at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1), fx, fy, .weights)
        }
    }

    /// Top-left `a`, top-right `b`, bottom-left `c`, bottom-right `d` blended at
    /// (`fx`, `fy`).
    @inlinable @inline(__always)
    internal static func blend(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ fx: Double, _ fy: Double,
        _ form: SampleBlend
    ) -> Double {
        switch form {
        case .difference: return (a + (b - a) * fx) * (1 - fy) + (c + (d - c) * fx) * fy
        case .weights: return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
        }
    }
}
