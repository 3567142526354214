// The PNG encoder: RGB and grey round trips through the real decoder, the header it
// writes, and refusal of an empty raster.
import ImageCodecs
import Raster
import TestSupport
import Testing

@Suite(.tags(.small)) struct PNGEncoderTests {
    /// A 37 x 23 picture with every channel varying, odd sizes to catch stride errors.
    static let noise: RGBImage = {
        var img = RGBImage(width: 37, height: 23)
        var rng = SeededGenerator(seed: 12345)
        for i in img.pixels.indices { img.pixels[i] = UInt8.random(in: 0...255, using: &rng) }
        return img
    }()

    @Test func rgbRoundTripIsExact() throws {
        let bytes = try PNGEncoder.encode(Self.noise)
        #expect(bytes.starts(with: ImageFormat.png.magic))
        #expect(bytes[24] == 8 && bytes[25] == 2)  // IHDR: bit depth 8, colour type RGB
        let decoded = try ImageDecoder.decode(bytes, source: "encoded.png")
        #expect(decoded.image == Self.noise)
    }

    @Test func grayRoundTripIsExact() throws {
        let gray = Self.noise.grayscale()
        let bytes = try PNGEncoder.encode(gray)
        #expect(bytes[24] == 8 && bytes[25] == 0)  // IHDR: bit depth 8, colour type grey
        let decoded = try ImageDecoder.decode(bytes, source: "encoded.png")
        #expect(decoded.image == RGBImage(gray))
    }

    @Test func fixtureSurvivesDecodeEncodeDecode() throws {
        let first = try ImageDecoder.decodeFile(atPath: Fixtures.named("png-rgba8-adam7.png").path).image
        let again = try ImageDecoder.decode(try PNGEncoder.encode(first), source: "again.png").image
        #expect(again == first)
    }

    @Test func emptyRasterIsRefused() {
        #expect(throws: ImageCodecError.encodingFailed(reason: "empty raster (0x5)")) {
            try PNGEncoder.encode(RGBImage(width: 0, height: 5))
        }
        #expect(throws: ImageCodecError.self) { try PNGEncoder.encode(GrayImage(width: 3, height: 0)) }
    }
}
