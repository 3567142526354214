// The normaliser on generated glyphs: levels, trimming, scaling, padding.

import Raster
import TestSupport
import Testing

@testable import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

/// A `width`×`height` paper-grey crop with an ink bar at columns `barX..<barX+barW`,
/// rows `barY..<barY+barH`.
private func barCrop(
    width: Int = 30, height: Int = 40, paper: UInt8 = 180, ink: UInt8 = 60,
    bar: (x: Int, y: Int, w: Int, h: Int) = (12, 6, 6, 28)
) -> GrayImage {
    var image = GrayImage(width: width, height: height, fill: paper)
    for y in bar.y..<(bar.y + bar.h) { for x in bar.x..<(bar.x + bar.w) { image[x, y] = ink } }
    return image
}

@Suite(.tags(.small)) struct GlyphNormalizerTests {
    @Test func levelsFindInkAndPaper() {
        let levels = GlyphNormalizer.levels(of: barCrop())
        #expect(levels.ink == 60 && levels.paper == 180)
    }

    @Test func flatCropHasOrderedLevels() {
        let levels = GlyphNormalizer.levels(of: GrayImage(width: 5, height: 5, fill: 200))
        #expect(levels.ink < levels.paper)
    }

    @Test func stretchTrimsAndPadsWithWhite() {
        let out = GlyphNormalizer.normalize(barCrop(), options: .init(levels: .stretch, padding: 0.25, blur: 0))
        // Bar 6x28, padding round(28 * 0.25) = 7 on every side.
        #expect(out.width == 6 + 14 && out.height == 28 + 14)
        #expect(out[0, 0] == 255 && out[out.width - 1, out.height - 1] == 255)
        #expect(out[10, 20] == 0)
    }

    @Test func stretchKeepsGreyEdges() {
        var crop = barCrop()
        for y in 6..<34 { crop[11, y] = 100 }  // a half-tone edge beside the bar
        let out = GlyphNormalizer.normalize(crop, options: .init(levels: .stretch, padding: 0.2, blur: 0))
        let values = Set(out.pixels)
        #expect(values.contains(0) && values.contains(255))
        #expect(values.contains { $0 > 60 && $0 < 200 }, "the grey edge was lost")
        let binary = GlyphNormalizer.normalize(crop, options: .init(levels: .binarise, padding: 0.2, blur: 0))
        #expect(Set(binary.pixels).isSubset(of: [0, 255]))
    }

    @Test func scalesToTheGlyphHeight() {
        let out = GlyphNormalizer.normalize(barCrop(), options: .init(padding: 0.5, glyphHeight: 56))
        #expect(out.height == 56 + 2 * 28)
        #expect(out.width == 12 + 2 * 28)
    }

    @Test func blurSoftensEdgesButKeepsTheSize() {
        let sharp = GlyphNormalizer.normalize(barCrop(), options: .init(padding: 0.25, blur: 0))
        let soft = GlyphNormalizer.normalize(barCrop(), options: .init(padding: 0.25, blur: 1))
        #expect(soft.width == sharp.width && soft.height == sharp.height)
        // The pixel just left of the bar turns grey; the bar's middle stays dark.
        #expect(sharp[6, 20] == 255 && soft[6, 20] < 200 && soft[6, 20] > 30)
        #expect(soft[9, 20] < 40)
    }

    /// The blur against one loop of taps per pixel, clamped at the sides; crops
    /// narrower and wider than the kernel.
    @Test(arguments: [(30, 40, 1.0), (5, 3, 1.5), (17, 60, 0.6)])
    func blurMatchesThePlainSum(width: Int, height: Int, sigma: Double) {
        var image = barCrop(
            width: max(width, 1), height: max(height, 1), bar: (width / 3, height / 4, max(1, width / 4), height / 2))
        for y in 0..<height {
            for x in 0..<width where (x * 7 + y * 3) % 11 == 0 { image[x, y] = UInt8((x * 37 + y * 11) % 256) }
        }
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        var across = [Double](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var acc = 0.0
                for k in -radius...radius {
                    acc += kernel[k + radius] * Double(image[min(width - 1, max(0, x + k)), y])
                }
                across[y * width + x] = acc
            }
        }
        var expected = image
        for y in 0..<height {
            for x in 0..<width {
                var acc = 0.0
                for k in -radius...radius {
                    acc += kernel[k + radius] * across[min(height - 1, max(0, y + k)) * width + x]
                }
                expected[x, y] = UInt8(max(0, min(255, acc.rounded())))
            }
        }
        let blurred = GlyphNormalizer.blurred(image, sigma: sigma)
        #expect(zip(blurred.pixels, expected.pixels).filter { $0 != $1 }.count == 0)
        #expect(blurred.pixels != image.pixels)
    }

    @Test func lowContrastCropComesBackBlank() {
        let faint = barCrop(paper: 150, ink: 144)
        let out = GlyphNormalizer.normalize(faint, options: .init(padding: 0.2, minimumContrast: 12))
        #expect(out.pixels.allSatisfy { $0 == 255 })
        let kept = GlyphNormalizer.normalize(faint, options: .init(padding: 0.2, blur: 0, minimumContrast: 4))
        #expect(kept.pixels.contains(0))
    }

    @Test func keepPadsWithPaper() {
        let out = GlyphNormalizer.normalize(barCrop(), options: .init(levels: .keep, padding: 0.2, blur: 0))
        #expect(out[0, 0] == 180)
        #expect(out.pixels.min() == 60)
    }
}
