// The PGM encoder: the P5 header, then the samples row by row.
import ImageCodecs
import Raster
import TestSupport
import Testing

@Suite(.tags(.small)) struct PGMEncoderTests {
    @Test func headerThenRowsTopFirst() {
        let image = GrayImage(width: 3, height: 2, pixels: [0, 10, 255, 32, 13, 7])
        #expect(PGMEncoder.encode(image) == Array("P5\n3 2\n255\n".utf8) + [0, 10, 255, 32, 13, 7])
    }

    @Test func anEmptyRasterIsAHeaderAlone() {
        #expect(PGMEncoder.encode(GrayImage(width: 0, height: 4)) == Array("P5\n0 4\n255\n".utf8))
    }
}
