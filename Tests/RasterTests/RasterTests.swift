import TestSupport
import Testing

@testable import Raster

@Suite struct RasterTests {
    @Test(.tags(.small)) func grayscaleUsesBT601Weights() {
        let rgb = RGBImage(width: 3, height: 1, pixels: [255, 0, 0, 0, 255, 0, 0, 0, 255])
        #expect(rgb.grayscale().pixels == [76, 150, 29])
    }

    @Test(.tags(.small)) func cropPadsOutsideWithFill() {
        let g = GrayImage(width: 2, height: 2, pixels: [1, 2, 3, 4])
        let c = g.crop(x: -1, y: 0, width: 3, height: 3, outside: 9)
        #expect(c.pixels == [9, 1, 2, 9, 3, 4, 9, 9, 9])
    }

    @Test(.tags(.small)) func rgbFromGrayCopiesIntoEachChannel() {
        let rgb = RGBImage(GrayImage(width: 2, height: 1, pixels: [10, 200]))
        #expect(rgb.pixels == [10, 10, 10, 200, 200, 200])
        #expect(rgb[1, 0] == (200, 200, 200))
    }

    @Test(.tags(.small)) func negativeTurnsEverySample() {
        let g = GrayImage(width: 3, height: 1, pixels: [0, 100, 255])
        #expect(g.negative().pixels == [255, 155, 0])
        let rgb = RGBImage(width: 2, height: 1, pixels: [100, 160, 255, 28, 28, 30])
        #expect(rgb.negative().pixels == [155, 95, 0, 227, 227, 225])
        #expect(rgb.negative().negative() == rgb)
    }
}

@Suite struct RasterTransformTests {
    // 3×2 picture:  1 2 3
    //               4 5 6
    let picture = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test(.tags(.small)) func quarterTurnCounterClockwise() {
        let r = picture.rotatedCounterClockwise(quarterTurns: 1)
        #expect(r.width == 2 && r.height == 3)
        #expect(r.pixels == [3, 6, 2, 5, 1, 4])
    }

    @Test(.tags(.small)) func halfTurnAndFullTurn() {
        #expect(picture.rotatedCounterClockwise(quarterTurns: 2).pixels == [6, 5, 4, 3, 2, 1])
        #expect(picture.rotatedCounterClockwise(quarterTurns: 4) == picture)
        #expect(picture.rotatedCounterClockwise(quarterTurns: -1) == picture.rotatedCounterClockwise(quarterTurns: 3))
    }

    @Test(.tags(.small)) func resizeKeepsAFlatPictureFlatAndAveragesWhenShrinking() {
        let flat = GrayImage(width: 10, height: 10, fill: 77)
        #expect(flat.resized(width: 23, height: 7).pixels.allSatisfy { $0 == 77 })
        let stripes = GrayImage(width: 4, height: 1, pixels: [0, 255, 0, 255])
        #expect(stripes.resized(width: 1, height: 1).pixels == [128])
    }
}
