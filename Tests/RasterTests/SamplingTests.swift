import Raster
import TestSupport
import Testing

@Suite struct SamplingTests {
    // 2×2 picture:  0  100
    //             200   50
    let picture = GrayImage(width: 2, height: 2, pixels: [0, 100, 200, 50])

    @Test(
        .tags(.small), arguments: [GrayImage.SampleBorder.clamp, .constant(255)],
        [GrayImage.SampleBlend.difference, .weights])
    func pixelCentresGiveThePixelsAndMidpointsTheirMeans(border: GrayImage.SampleBorder, blend: GrayImage.SampleBlend) {
        for y in 0..<2 {
            for x in 0..<2 {
                #expect(
                    picture.sampleBilinear(x: Double(x), y: Double(y), border: border, blend: blend)
                        == Double(picture[x, y]))
            }
        }
        #expect(picture.sampleBilinear(x: 0.5, y: 0, border: border, blend: blend) == 50)
        #expect(picture.sampleBilinear(x: 0, y: 0.5, border: border, blend: blend) == 100)
        #expect(picture.sampleBilinear(x: 0.5, y: 0.5, border: border, blend: blend) == 87.5)
    }

    @Test(.tags(.small)) func clampExtendsTheEdgePixels() {
        #expect(picture.sampleBilinear(x: -3, y: 0, border: .clamp, blend: .difference) == 0)
        #expect(picture.sampleBilinear(x: 7.5, y: 1.2, border: .clamp, blend: .difference) == 50)
        #expect(picture.sampleBilinear(x: 0.5, y: -0.7, border: .clamp, blend: .weights) == 50)
    }

    @Test(.tags(.small)) func aConstantBorderBlendsTowardsItsLevel() {
        // Half a pixel off the left edge: half the outside level, half the edge pixel.
        #expect(picture.sampleBilinear(x: -0.5, y: 0, border: .constant(255), blend: .difference) == 127.5)
        // Half a pixel below the bottom edge.
        #expect(picture.sampleBilinear(x: 0, y: 1.5, border: .constant(255), blend: .difference) == 227.5)
        // A whole pixel or more off, or not a number: the level itself.
        #expect(picture.sampleBilinear(x: -1, y: 0, border: .constant(9), blend: .difference) == 9)
        #expect(picture.sampleBilinear(x: 0, y: 2, border: .constant(9), blend: .difference) == 9)
        #expect(picture.sampleBilinear(x: .nan, y: 0, border: .constant(9), blend: .difference) == 9)
    }

    /// The two blends round differently in the last bit; callers rely on the form they chose.
    @Test(.tags(.small)) func theBlendFormsAreTheDocumentedOnes() {
        let flat = GrayImage(width: 2, height: 1, fill: 13)
        // a + (b − a)·t is exact for equal neighbours; a·(1 − t) + b·t is not.
        #expect(flat.sampleBilinear(x: 0.1, y: 0, border: .clamp, blend: .difference) == 13)
        #expect(flat.sampleBilinear(x: 0.1, y: 0, border: .clamp, blend: .weights) == 13 * (1 - 0.1) + 13 * 0.1)
        #expect(flat.sampleBilinear(x: 0.1, y: 0, border: .clamp, blend: .weights) != 13)
    }
}
