import Testing
@testable import Raster

@Suite struct RasterTests {
    @Test func grayscaleUsesBT601Weights() {
        let rgb = RGBImage(width: 3, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255])
        #expect(rgb.grayscale().pixels == [76, 150, 29])
    }

    @Test func cropPadsOutsideWithFill() {
        let g = GrayImage(width: 2, height: 2, pixels: [1, 2, 3, 4])
        let c = g.crop(x: -1, y: 0, width: 3, height: 3, outside: 9)
        #expect(c.pixels == [9, 1, 2, 9, 3, 4, 9, 9, 9])
    }

    @Test func rgbFromGrayCopiesIntoEachChannel() {
        let rgb = RGBImage(GrayImage(width: 2, height: 1, pixels: [10, 200]))
        #expect(rgb.pixels == [10, 10, 10, 200, 200, 200])
        #expect(rgb[1, 0] == (200, 200, 200))
    }
}
