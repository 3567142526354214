import Raster
import TestSupport
import Testing

@testable import GridVision

@Suite struct ResamplerTests {
    /// Pseudo-random grey levels (a fixed linear congruential sequence).
    static func noise(width: Int, height: Int) -> GrayImage {
        var state: UInt32 = 12345
        let pixels = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Each output pixel is its block's mean, rounded half up; leftover edge rows
    /// and columns are dropped.
    @Test(.tags(.small), arguments: [2, 3, 4, 5])
    func downscaleIsTheRoundedBlockMean(factor: Int) {
        let image = Self.noise(width: 7 * factor + factor - 1, height: 5 * factor + 1)
        let small = Resampler.downscale(image, by: factor)
        #expect(small.width == 7 && small.height == 5)
        let n = factor * factor
        for y in 0..<5 {
            for x in 0..<7 {
                var s = 0
                for dy in 0..<factor { for dx in 0..<factor { s += Int(image[x * factor + dx, y * factor + dy]) } }
                #expect(Int(small[x, y]) == (s + n / 2) / n, "(\(x), \(y))")
            }
        }
    }

    @Test(.tags(.small)) func downscaleOfAPictureSmallerThanABlockIsEmpty() {
        let small = Resampler.downscale(Self.noise(width: 2, height: 5), by: 3)
        #expect(small.width == 0 && small.pixels.isEmpty)
    }

    /// The conversion agrees with the BT.601 formula on every pixel of a noisy picture.
    @Test(.tags(.small)) func grayscaleMatchesTheFormulaOnNoise() {
        let grey = Self.noise(width: 31, height: 3)
        let rgb = RGBImage(width: 31, height: 1, pixels: grey.pixels)
        let luma = rgb.grayscale()
        for x in 0..<31 {
            let (r, g, b) = rgb[x, 0]
            #expect(Int(luma[x, 0]) == (299 * Int(r) + 587 * Int(g) + 114 * Int(b) + 500) / 1000)
        }
        #expect(RGBImage(width: 0, height: 0, pixels: []).grayscale().pixels.isEmpty)
    }
}
