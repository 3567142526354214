// Offers: `Warper`: perspective warps that map each destination pixel back into the
// source (inverse mapping) with bilinear interpolation, supersampled when the
// source region is larger than the destination. Pixels falling off the source
// take the `outside` value (paper white by default).
//
// The samples are computed in single precision, four at a time (`SIMD4`, one
// lane per sample, each lane the same operations in the same order as one
// sample alone, so that the pixels are those of one sample at a time, byte for
// byte). A destination row is cut in runs of pixels: first where each sample of
// the run lies (one division each, the reciprocal of the projective
// denominator), in a loop of arithmetic alone, so that many samples are under
// way at once; then the reads, the two rows of a sample's four pixels as two
// 16-bit loads, without a test per sample when the ends of every row of samples
// of the destination row lie well inside the picture. The four lanes are four
// pixels' samples along a row of samples (n = 1, 3), a pixel's four samples
// (n = 2), or a column of a pixel's samples (n = 4; above, four rows of samples
// at a time). A pixel's samples are summed row of samples by row, left to right
// in each, then its mean rounded, a row at a time.
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
        // Below 2^16, single precision puts a position within a hundredth of a pixel,
        // as the fast rows below need (the decoder's pictures are at most 30,000 a side).
        precondition(
            image.width < 1 << 16 && image.height < 1 << 16, "a picture of 65,536 pixels or more on a side")
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let sampler = Sampler(
                    h, pixels: src.baseAddress!, width: image.width, height: image.height, supersample: n,
                    outside: outside)
                // Scratch: each pixel's sum of samples, per destination row (to a
                // multiple of four), then the slots.
                let sumBytes = (width + 3) / 4 * 16
                let scratch = UnsafeMutableRawPointer.allocate(
                    byteCount: sumBytes + sampler.slots * Sampler.slotBytes, alignment: 16)
                defer { scratch.deallocate() }
                let sums = scratch.bindMemory(to: Float.self, capacity: sumBytes / 4)
                let slots = scratch + sumBytes
                let out = dst.baseAddress!
                for y in 0..<height {
                    if sampler.readsWellInside(y, samples: width * n) {
                        sampler.row(y, sums: sums, width: width, slots: slots, Inside.self)
                    } else {
                        sampler.row(y, sums: sums, width: width, slots: slots, Anywhere.self)
                    }
                    sampler.store(sums, into: out + y * width, count: width)
                }
            }
        }
        return out
    }
}

/// One warp's transform in single precision, its picture and its sampling, four
/// samples at a time.
private struct Sampler {
    let m0: Float, m1: Float, m2: Float, m3: Float, m4: Float, m5: Float, m6: Float, m7: Float, m8: Float
    let p: UnsafePointer<UInt8>
    /// The picture's size.
    let sw: Int, sh: Int
    let fw: Float, fh: Float
    /// A sample at (x, y) with x < lastX, y < lastY reads four pixels of the picture.
    let lastX: Int, lastY: Int
    /// A sample at 1 ≤ x < innerX, 1 ≤ y < innerY reads four pixels, a pixel away from the edge.
    let innerX: Float, innerY: Float
    /// Samples a side per pixel, their spacing, and the mean's factor.
    let n: Int, step: Float, reciprocal: Float
    let outside: UInt8, outsideValue: Float

    init(_ h: Homography, pixels: UnsafePointer<UInt8>, width: Int, height: Int, supersample: Int, outside: UInt8) {
        let m = h.m.map { Float($0) }
        (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        p = pixels
        (sw, sh) = (width, height)
        (fw, fh) = (Float(width), Float(height))
        (lastX, lastY) = (width &- 1, height &- 1)
        (innerX, innerY) = (Float(width - 2), Float(height - 2))
        n = supersample
        step = 1 / Float(supersample)
        reciprocal = 1 / Float(supersample * supersample)
        self.outside = outside
        outsideValue = Float(outside)
    }

    /// The u of sample `j` of a row of samples (the same in every row).
    @inline(__always) func u(_ j: Int) -> Float { Float(j) * step + 0.5 * step }

    /// The terms of x, y and the denominator that a row of samples shares, per
    /// lane: of the rows of samples `subRows` of destination row `y`.
    @inline(__always) func bases(_ y: Int, _ subRows: SIMD4<Float>) -> Bases {
        let v = Float(y) + (subRows + 0.5) * step
        return Bases(x: m1 * v + m2, y: m4 * v + m5, w: m7 * v + m8)
    }

    /// Whether every sample of every row of samples of destination row `y`
    /// (`samples` a row) reads four pixels, a pixel or more inside the picture.
    /// Along a row, x and y are each (a·u + b) / (c·u + d): monotonic while the
    /// denominator keeps its sign (it is linear in u). So when it has one sign at
    /// both ends, and both ends lie a pixel or more inside the picture (far more
    /// than the rounding of a position), every sample between them does.
    func readsWellInside(_ y: Int, samples: Int) -> Bool {
        let first = u(0), last = u(samples - 1)
        for sy in 0..<n {
            let v = Float(y) + (Float(sy) + 0.5) * step
            let bx = m1 * v + m2, by = m4 * v + m5, bw = m7 * v + m8
            let d0 = m6 * first + bw, d1 = m6 * last + bw
            func wellInside(_ u: Float, _ d: Float) -> Bool {
                let r = 1 / d
                let px = (m0 * u + bx) * r - 0.5, py = (m3 * u + by) * r - 0.5
                return px >= 1 && py >= 1 && px < innerX && py < innerY
            }
            guard (d0 > 0 && d1 > 0 || d0 < 0 && d1 < 0) && wellInside(first, d0) && wellInside(last, d1) else {
                return false
            }
        }
        return true
    }

    /// Bytes of a slot: where four samples lie, as `locate` leaves them for
    /// `read`: the pixels' x and y (⌊px⌋, ⌊py⌋), the places between pixels
    /// (px − ⌊px⌋, py − ⌊py⌋), and with `Anywhere` which samples lie on the
    /// picture (−1 or 0).
    static let slotBytes = 80

    /// Slots in a warp's scratch: a pixel's samples (n × ⌈n / 4⌉ slots) fit, and
    /// for n ≤ 4 at least 16 pixels' (as many as to fill about 5 KB).
    var slots: Int { max(64, n * ((n + 3) / 4)) }

    /// Where four samples lie, at u with the bases `b` (each lane computed as
    /// one sample alone would be), into slot `slot`. In a loop of arithmetic
    /// alone, so that the positions of many samples are under way at once.
    @inline(__always) func locate<R: Reads>(
        _ u: SIMD4<Float>, _ b: Bases, into slots: UnsafeMutableRawPointer, _ slot: Int, _: R.Type
    ) {
        let r = 1 / (m6 * u + b.w)
        let px = (m0 * u + b.x) * r - 0.5, py = (m3 * u + b.y) * r - 0.5
        // ⌊px⌋ and ⌊py⌋ of the samples read (−1 < px < width), as ⌊px + 1⌋ − 1.
        let xi = floored(px + 1) &- 1, yi = floored(py + 1) &- 1
        let at = slot &* Self.slotBytes
        slots.storeBytes(of: xi, toByteOffset: at, as: SIMD4<Int32>.self)
        slots.storeBytes(of: yi, toByteOffset: at &+ 16, as: SIMD4<Int32>.self)
        slots.storeBytes(of: px - SIMD4<Float>(xi), toByteOffset: at &+ 32, as: SIMD4<Float>.self)
        slots.storeBytes(of: py - SIMD4<Float>(yi), toByteOffset: at &+ 48, as: SIMD4<Float>.self)
        if R.careful {
            // NaN fails every comparison: such a sample is outside.
            let inside = px .> -1 .& py .> -1 .& px .< fw .& py .< fh
            slots.storeBytes(
                of: SIMD4<Int32>(repeating: 0).replacing(with: -1, where: inside), toByteOffset: at &+ 64,
                as: SIMD4<Int32>.self)
        }
    }

    /// The four bilinear samples of slot `slot`, each lane computed as one sample
    /// alone would be.
    @inline(__always) func read<R: Reads>(_ slots: UnsafeRawPointer, _ slot: Int, _: R.Type) -> SIMD4<Float> {
        let at = slot &* Self.slotBytes
        // A sample's four pixels in one lane, a byte each: top left, top right,
        // bottom left, bottom right from the lowest byte up.
        @inline(__always) func pair(_ q: UnsafePointer<UInt8>) -> UInt32 {
            UInt32(UInt16(littleEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt16.self)))
        }
        @inline(__always) func pixels(_ l: Int) -> Int32 {
            let x = Int(slots.load(fromByteOffset: at &+ 4 &* l, as: Int32.self))
            let y = Int(slots.load(fromByteOffset: at &+ 16 &+ 4 &* l, as: Int32.self))
            if R.careful {
                guard slots.load(fromByteOffset: at &+ 64 &+ 4 &* l, as: Int32.self) != 0 else { return 0 }
                guard x >= 0 && y >= 0 && x < lastX && y < lastY else { return edgePixels(x, y) }
            }
            let q = p + (y &* sw &+ x)
            return Int32(bitPattern: pair(q) | pair(q + sw) &<< 16)
        }
        let w = SIMD4<Int32>(pixels(0), pixels(1), pixels(2), pixels(3))
        let fx = slots.load(fromByteOffset: at &+ 32, as: SIMD4<Float>.self)
        let fy = slots.load(fromByteOffset: at &+ 48, as: SIMD4<Float>.self)
        let a = SIMD4<Float>(w & 0xFF), b = SIMD4<Float>((w &>> 8) & 0xFF)
        let c = SIMD4<Float>((w &>> 16) & 0xFF), d = SIMD4<Float>((w &>> 24) & 0xFF)
        let top = a + (b - a) * fx, bottom = c + (d - c) * fx
        let value = top + (bottom - top) * fy
        guard R.careful else { return value }
        let inside = slots.load(fromByteOffset: at &+ 64, as: SIMD4<Int32>.self)
        return value.replacing(with: outsideValue, where: inside .== 0)
    }

    /// The four pixels from (x, y) to (x + 1, y + 1) packed as `read` packs them,
    /// `outside` for those off the picture.
    @inline(never) func edgePixels(_ x: Int, _ y: Int) -> Int32 {
        func at(_ x: Int, _ y: Int) -> UInt32 {
            UInt32(x >= 0 && y >= 0 && x < sw && y < sh ? p[y * sw + x] : outside)
        }
        return Int32(bitPattern: at(x, y) | at(x + 1, y) &<< 8 | at(x, y + 1) &<< 16 | at(x + 1, y + 1) &<< 24)
    }

    /// The pixels of `count` sums of samples: the mean plus 0.5, floored (which
    /// rounds: the value is never negative), clamped as integers, so that the
    /// loop has no conversion to check and runs several pixels at a time.
    func store(_ sums: UnsafePointer<Float>, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        for x in 0..<count {
            out[x] = UInt8(truncatingIfNeeded: min(255, max(0, flooredNonNegative(sums[x] * reciprocal + 0.5))))
        }
    }

    /// The sums of the samples of destination row `y`'s pixels, into `sums`
    /// (`width` of them, rounded up to a multiple of four), through `slots`: the
    /// positions of as many samples as the slots hold, then their reads. A
    /// pixel's sum starts at 0 and adds each row of samples' sum, top to bottom,
    /// which starts at 0 and adds the row's samples left to right (0 + s is s: a
    /// sample is never −0).
    func row<R: Reads>(
        _ y: Int, sums: UnsafeMutablePointer<Float>, width: Int, slots: UnsafeMutableRawPointer, _ reads: R.Type
    ) {
        switch n {
        case 1: rowOfSingleSamples(y, sums: sums, width: width, slots: slots, reads)
        case 2: rowOfFourSamples(y, sums: sums, width: width, slots: slots, reads)
        case 3: rowOfNineSamples(y, sums: sums, width: width, slots: slots, reads)
        default: rowBySampleColumns(y, sums: sums, width: width, slots: slots, reads)
        }
    }

    /// A row of one sample a pixel: a slot holds four pixels (the last one
    /// repeated past the row's end).
    func rowOfSingleSamples<R: Reads>(
        _ y: Int, sums: UnsafeMutablePointer<Float>, width: Int, slots: UnsafeMutableRawPointer, _ reads: R.Type
    ) {
        let b = bases(y, SIMD4(repeating: 0))
        let lastPixel = Int32(truncatingIfNeeded: width - 1)
        var x0 = 0
        while x0 < width {
            let count = min(self.slots, (width - x0 + 3) / 4)
            for k in 0..<count {
                let j = SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: x0 &+ 4 &* k)) &+ SIMD4(0, 1, 2, 3)
                let lanes = j.replacing(with: lastPixel, where: j .> lastPixel)
                locate(SIMD4<Float>(lanes) * step + 0.5 * step, b, into: slots, k, reads)
            }
            for k in 0..<count {
                UnsafeMutableRawPointer(sums + (x0 &+ 4 &* k)).storeBytes(
                    of: read(slots, k, reads), as: SIMD4<Float>.self)
            }
            x0 &+= 4 &* count
        }
    }

    /// A row of 2 × 2 samples a pixel: a slot holds a pixel's samples (column 0,
    /// row 0), (0, 1), (1, 0), (1, 1).
    func rowOfFourSamples<R: Reads>(
        _ y: Int, sums: UnsafeMutablePointer<Float>, width: Int, slots: UnsafeMutableRawPointer, _ reads: R.Type
    ) {
        let b = bases(y, SIMD4(0, 1, 0, 1))
        var x0 = 0
        while x0 < width {
            let count = min(self.slots, width - x0)
            for k in 0..<count {
                let u0 = u(2 &* (x0 &+ k)), u1 = u(2 &* (x0 &+ k) &+ 1)
                locate(SIMD4(u0, u0, u1, u1), b, into: slots, k, reads)
            }
            for k in 0..<count {
                let value = read(slots, k, reads)
                // Each row of samples' sum, 0 + (column 0) + (column 1).
                let rows = value.lowHalf + value.highHalf
                sums[x0 &+ k] = rows[0] + rows[1]
            }
            x0 &+= count
        }
    }

    /// A row of 3 × 3 samples a pixel, four pixels at a time (the last one
    /// repeated past the row's end): a slot holds four samples along a row of
    /// samples, so that each of the three rows of samples of the four pixels
    /// takes three slots, without a lane to spare.
    func rowOfNineSamples<R: Reads>(
        _ y: Int, sums: UnsafeMutablePointer<Float>, width: Int, slots: UnsafeMutableRawPointer, _ reads: R.Type
    ) {
        let b = (bases(y, SIMD4(repeating: 0)), bases(y, SIMD4(repeating: 1)), bases(y, SIMD4(repeating: 2)))
        let lastSample = Int32(truncatingIfNeeded: 3 * width - 1)
        var x0 = 0
        while x0 < width {
            let count = min(self.slots / 9, (width - x0 + 3) / 4)
            for k in 0..<count {
                for v in 0..<3 {
                    let j =
                        SIMD4<Int32>(repeating: Int32(truncatingIfNeeded: 3 &* (x0 &+ 4 &* k) &+ 4 &* v))
                        &+ SIMD4(0, 1, 2, 3)
                    let u = SIMD4<Float>(j.replacing(with: lastSample, where: j .> lastSample)) * step + 0.5 * step
                    locate(u, b.0, into: slots, 9 &* k &+ v, reads)
                    locate(u, b.1, into: slots, 9 &* k &+ 3 &+ v, reads)
                    locate(u, b.2, into: slots, 9 &* k &+ 6 &+ v, reads)
                }
            }
            for k in 0..<count {
                var sum = SIMD4<Float>()
                for row in 0..<3 {
                    let v0 = read(slots, 9 &* k &+ 3 &* row, reads)
                    let v1 = read(slots, 9 &* k &+ 3 &* row &+ 1, reads)
                    let v2 = read(slots, 9 &* k &+ 3 &* row &+ 2, reads)
                    // The four pixels' samples in columns 0, 1 and 2.
                    let c0 = SIMD4(v0[0], v0[3], v1[2], v2[1])
                    let c1 = SIMD4(v0[1], v1[0], v1[3], v2[2])
                    let c2 = SIMD4(v0[2], v1[1], v2[0], v2[3])
                    sum += (c0 + c1) + c2
                }
                UnsafeMutableRawPointer(sums + (x0 &+ 4 &* k)).storeBytes(of: sum, as: SIMD4<Float>.self)
            }
            x0 &+= 4 &* count
        }
    }

    /// A row of n × n samples a pixel (n ≥ 4): a slot holds a column of a
    /// pixel's samples, in four rows of samples (the last one repeated past n);
    /// a pixel takes n slots for each four rows of samples.
    func rowBySampleColumns<R: Reads>(
        _ y: Int, sums: UnsafeMutablePointer<Float>, width: Int, slots: UnsafeMutableRawPointer, _ reads: R.Type
    ) {
        let groups = (n + 3) / 4, perPixel = n * groups
        let last = Float(n - 1)
        var x0 = 0
        while x0 < width {
            let count = min(self.slots / perPixel, width - x0)
            for g in 0..<groups {
                let g4 = Float(4 * g)
                let b = bases(y, SIMD4(g4, min(g4 + 1, last), min(g4 + 2, last), min(g4 + 3, last)))
                for k in 0..<count {
                    for i in 0..<n {
                        let slot = k &* perPixel &+ g &* n &+ i
                        locate(SIMD4(repeating: u(n &* (x0 &+ k) &+ i)), b, into: slots, slot, reads)
                    }
                }
            }
            for k in 0..<count {
                var sum: Float = 0
                for g in 0..<groups {
                    var rows = SIMD4<Float>()
                    for i in 0..<n { rows += read(slots, k &* perPixel &+ g &* n &+ i, reads) }
                    switch n - 4 * g {
                    case 3: sum = ((sum + rows[0]) + rows[1]) + rows[2]
                    case 2: sum = (sum + rows[0]) + rows[1]
                    case 1: sum += rows[0]
                    default: sum = (((sum + rows[0]) + rows[1]) + rows[2]) + rows[3]
                    }
                }
                sums[x0 &+ k] = sum
            }
            x0 &+= count
        }
    }

    /// `flooredNonNegative` of each lane.
    @inline(__always) func floored(_ v: SIMD4<Float>) -> SIMD4<Int32> {
        let nearest = unsafeBitCast(v + 8_388_608, to: SIMD4<Int32>.self) & 0x7F_FFFF
        return nearest.replacing(with: nearest &- 1, where: SIMD4<Float>(nearest) .> v)
    }
}

/// How a warp's samples read their pixels: `Inside` when every sample reads four
/// pixels of the picture, `Anywhere` when samples may lie near or off its edge
/// (or be NaN).
private protocol Reads { static var careful: Bool { get } }
private enum Inside: Reads { static var careful: Bool { false } }
private enum Anywhere: Reads { static var careful: Bool { true } }

/// The terms a row of samples shares, one row of samples per lane.
private struct Bases {
    var x: SIMD4<Float>, y: SIMD4<Float>, w: SIMD4<Float>
}
