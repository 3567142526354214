// The perspective warp (`Warper`, written for speed: four samples at a time,
// reads without tests well inside the picture) against a plain reference
// written here the obvious way, one sample at a time in the same single-precision
// arithmetic: the pixels must be the same byte for byte.

import Geometry
import Raster
import TestSupport
import Testing

@testable import GridVision

@Suite(.tags(.small)) struct WarpTests {
    /// The warp one sample at a time: each sample's position, its four pixels
    /// (`outside` off the picture) and their bilinear blend, the samples of a
    /// row of samples summed left to right, the rows top to bottom, the mean
    /// rounded half up.
    static func reference(
        _ image: GrayImage, _ h: Homography, width: Int, height: Int, supersample n: Int, outside: UInt8
    ) -> GrayImage {
        let m = h.m.map { Float($0) }
        let step = 1 / Float(n)
        let o = Float(outside)
        func at(_ x: Int, _ y: Int) -> Float {
            x >= 0 && y >= 0 && x < image.width && y < image.height ? Float(image[x, y]) : o
        }
        var out = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var sum: Float = 0
                for sy in 0..<n {
                    let v = Float(y) + (Float(sy) + 0.5) * step
                    var rowSum: Float = 0
                    for sx in 0..<n {
                        let u = Float(x * n + sx) * step + 0.5 * step
                        let r = 1 / (m[6] * u + (m[7] * v + m[8]))
                        let px = (m[0] * u + (m[1] * v + m[2])) * r - 0.5
                        let py = (m[3] * u + (m[4] * v + m[5])) * r - 0.5
                        var value = o
                        if px > -1 && py > -1 && px < Float(image.width) && py < Float(image.height) {
                            // The pixel at or left of (above) the sample, as ⌊p + 1⌋ − 1.
                            let xi = Int((px + 1).rounded(.down)) - 1, yi = Int((py + 1).rounded(.down)) - 1
                            let fx = px - Float(xi), fy = py - Float(yi)
                            let (a, b, c, d) = (at(xi, yi), at(xi + 1, yi), at(xi, yi + 1), at(xi + 1, yi + 1))
                            let top = a + (b - a) * fx, bottom = c + (d - c) * fx
                            value = top + (bottom - top) * fy
                        }
                        rowSum += value
                    }
                    sum += rowSum
                }
                let rounded = (sum * (1 / Float(n * n)) + 0.5).rounded(.down)
                out[x, y] = UInt8(min(255, max(0, rounded)))
            }
        }
        return out
    }

    /// Random quads, inside the picture (the reads without tests), across its
    /// edge, and far off it, in strong perspective or none, onto pictures of
    /// sizes that are and are not multiples of four, supersampled 1 to 5.
    @Test(arguments: [1, 2, 3, 4, 5])
    func warpIsTheReferenceByteForByte(supersample n: Int) throws {
        let image = KernelTests.picture(width: 203, height: 157, seed: 7)
        var rng = SeededGenerator(seed: 100 + UInt64(n))
        var checked = 0, outside = 0, inside = 0
        for k in 0..<24 {
            // Corners jittered around a rectangle; every 3rd reaches off the picture,
            // every 8th lies wholly off it.
            let reach = k % 3 == 0 ? 40.0 : 0
            let shift = k % 8 == 7 ? 400.0 : 0
            let (x0, y0) = (Double.random(in: 5...60, using: &rng), Double.random(in: 5...50, using: &rng))
            let (x1, y1) = (Double.random(in: 140...198, using: &rng), Double.random(in: 100...152, using: &rng))
            func jitter(_ x: Double, _ y: Double) -> Point {
                Point(
                    x + shift + Double.random(in: -25...25, using: &rng) + (x < 100 ? -reach : reach),
                    y + Double.random(in: -25...25, using: &rng) + (y < 80 ? -reach : reach))
            }
            let quad = Quad(jitter(x0, y0), jitter(x1, y0), jitter(x1, y1), jitter(x0, y1))
            let (width, height) = (Int.random(in: 1...45, using: &rng), Int.random(in: 1...45, using: &rng))
            let outsideLevel = UInt8.random(in: 0...255, using: &rng)
            let h = try #require(
                Homography(
                    from: [
                        Point(0, 0), Point(Double(width), 0), Point(Double(width), Double(height)),
                        Point(0, Double(height)),
                    ],
                    to: quad.corners))
            let fast = Warper.warp(
                image, destinationToSource: h, width: width, height: height, supersample: n, outside: outsideLevel)
            let plain = Self.reference(image, h, width: width, height: height, supersample: n, outside: outsideLevel)
            #expect(fast.pixels == plain.pixels, "quad \(k): \(quad.corners), \(width)×\(height)")
            checked += width * height
            outside += plain.pixels.filter { $0 == outsideLevel }.count
            inside += plain.pixels.filter { $0 != outsideLevel }.count
        }
        #expect(checked > 5_000)
        #expect(outside > 0 && inside > outside, "some pixels are off the picture, most on it")
    }

    /// The warps a scan makes (a grid, its cells), a large picture read with
    /// four samples a side, the same as the reference.
    @Test func warpOfAPhotoSizedGridIsTheReference() throws {
        let image = KernelTests.picture(width: 640, height: 480, seed: 5)
        let quad = Quad(Point(102.3, 40.8), Point(590.1, 61.4), Point(571.6, 455.2), Point(80.9, 430.7))
        for size in [64, 101] {
            let h = try #require(Homography(squareOfSide: Double(size), to: quad))
            let fast = try #require(Warper.warp(image, quad: quad, size: size))
            let plain = Self.reference(image, h, width: size, height: size, supersample: 4, outside: 255)
            #expect(fast.pixels == plain.pixels, "size \(size)")
        }
    }
}
