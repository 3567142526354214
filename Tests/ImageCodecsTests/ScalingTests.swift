import Raster
import TestSupport
import Testing

// libjpeg DCT scaling: the chosen M/8, the output size, the pixels at reduced size,
// and scaling combined with EXIF orientation. PNG ignores the option.
@testable import ImageCodecs

@Suite(.tags(.medium)) struct ScalingTests {
    @Test(
        arguments: [
            (nil, 2048, 1536, 1, 1), (2048, 2048, 1536, 1, 1), (5000, 2048, 1536, 1, 1),
            (1025, 2048, 1536, 1, 1), (1024, 1024, 768, 1, 2), (1000, 1024, 768, 1, 2),
            (700, 1024, 768, 1, 2), (300, 512, 384, 1, 4), (256, 256, 192, 1, 8), (1, 256, 192, 1, 8),
        ] as [(Int?, Int, Int, Int, Int)])
    func largeJPEGDecodesStraightToTheWorkingSize(minLongSide: Int?, width: Int, height: Int, num: Int, den: Int) throws
    {
        let fixture = Fixtures.named("jpeg-large.jpg")
        let decoded = try ImageDecoder.decodeFile(
            atPath: fixture.path, options: DecodeOptions(minLongSide: minLongSide))
        #expect(decoded.image.width == width && decoded.image.height == height)
        #expect(decoded.scaleNumerator == num && decoded.scaleDenominator == den)
        #expect(decoded.storedWidth == 2048 && decoded.storedHeight == 1536)
        let (worst, at) = blockMismatch(decoded.image, fixture.colours, margin: fixture.margin)
        #expect(worst <= fixture.tolerance, "worst \(worst) at \(at)")
    }

    @Test(arguments: [
        (4000, 1000, 2), (4000, 1001, 4), (1280, 1000, 8), (1280, 640, 4), (1280, 641, 8),
        (100, 0, 1), (100, 101, 8), (3000, 375, 1), (3000, 376, 2),
    ])
    // Only the power-of-two scales, which libjpeg-turbo decodes fastest.
    func smallestScaleWhoseLongSideIsEnough(longSide: Int, minLongSide: Int, expected: Int) {
        #expect(JPEGDecompressor.scaleNumerator(longSide: longSide, minLongSide: minLongSide) == expected)
        let m = JPEGDecompressor.scaleNumerator(longSide: longSide, minLongSide: minLongSide)
        if minLongSide <= longSide {
            #expect((longSide * m + 7) / 8 >= minLongSide)
            if m > 1 { #expect((longSide * (m / 2) + 7) / 8 < minLongSide) }
            #expect([1, 2, 4, 8].contains(m))
        }
        #expect(JPEGDecompressor.scaleNumerator(longSide: longSide, minLongSide: nil) == 8)
    }

    @Test func scalingThenOrientationGivesTheUprightSmallPicture() throws {
        let fixture = Fixtures.named("jpeg-exif6.jpg")
        let decoded = try ImageDecoder.decodeFile(atPath: fixture.path, options: DecodeOptions(minLongSide: 16))
        #expect(decoded.storedWidth == 24 && decoded.storedHeight == 32)
        #expect(decoded.image.width == 16 && decoded.image.height == 12)
        #expect(decoded.scaleNumerator == 1 && decoded.scaleDenominator == 2)
        let (worst, at) = blockMismatch(decoded.image, fixture.colours, margin: 1)
        #expect(worst <= 24, "worst \(worst) at \(at)")
    }

    @Test func pngAlwaysDecodesAtFullSize() throws {
        let decoded = try ImageDecoder.decodeFile(
            atPath: Fixtures.named("png-rgb8.png").path,
            options: DecodeOptions(minLongSide: 4))
        #expect(decoded.image.width == 32 && decoded.scaleNumerator == 1 && decoded.scaleDenominator == 1)
    }

    /// A smaller copy shrunk from a finer decode has the decoder's own size and
    /// scale for that long side, and its pixels are the decoder's within the
    /// fixture's tolerance; a copy no smaller is the picture itself.
    @Test(
        arguments: [(1000, 1024, 768, 1, 2), (300, 512, 384, 1, 4), (1, 256, 192, 1, 8), (1024, 1024, 768, 1, 2)]
            as [(Int, Int, Int, Int, Int)])
    func aCopyShrunkFromAFinerDecodeIsTheDecodersOwnSize(
        minLongSide: Int, width: Int, height: Int, num: Int,
        den: Int
    ) throws {
        let fixture = Fixtures.named("jpeg-large.jpg")
        let fine = try ImageDecoder.decodeFile(atPath: fixture.path, options: DecodeOptions(minLongSide: 2000))
        let shrunk = fine.shrunk(toMinLongSide: minLongSide)
        let decoded = try ImageDecoder.decodeFile(
            atPath: fixture.path, options: DecodeOptions(minLongSide: minLongSide))
        #expect(shrunk.image.width == width && shrunk.image.height == height)
        #expect(shrunk.image.width == decoded.image.width && shrunk.image.height == decoded.image.height)
        #expect(shrunk.scaleNumerator == num && shrunk.scaleDenominator == den)
        #expect(shrunk.storedWidth == 2048 && shrunk.storedHeight == 1536)
        let (worst, at) = blockMismatch(shrunk.image, fixture.colours, margin: fixture.margin)
        #expect(worst <= fixture.tolerance, "worst \(worst) at \(at)")
        #expect(fine.shrunk(toMinLongSide: 5000) == fine)
        // The same pixels as HEIF's shrinking of RGB rows.
        let k = fine.image.width / shrunk.image.width
        let heif = fine.image.pixels.withUnsafeBufferPointer {
            HEIFReader.shrunk(
                $0, width: fine.image.width, height: fine.image.height, stride: fine.image.width * 3,
                channels: 3, premultiplied: false, by: k)
        }
        #expect(heif == shrunk.image)
        #expect(shrunk.shrunk(toMinLongSide: minLongSide) == shrunk)
    }

    /// Turned photos: the shrunk copy of an upright picture has the upright
    /// picture's sides, as the decoder's own scaled decode has.
    @Test func aTurnedPhotosShrunkCopyIsUpright() throws {
        let fixture = Fixtures.named("jpeg-exif6.jpg")
        let fine = try ImageDecoder.decodeFile(atPath: fixture.path)
        let shrunk = fine.shrunk(toMinLongSide: 16)
        #expect(shrunk.image.width == 16 && shrunk.image.height == 12)
        #expect(shrunk.scaleNumerator == 1 && shrunk.scaleDenominator == 2)
        let (worst, at) = blockMismatch(shrunk.image, fixture.colours, margin: 1)
        #expect(worst <= 24, "worst \(worst) at \(at)")
    }

    /// Halving, on pictures of every parity of side: the same pixels as the
    /// general box shrink and as HEIF's.
    @Test(arguments: [(6, 4), (7, 4), (6, 5), (7, 5), (1, 1), (1, 3), (3, 1)])
    func halvingIsTheBoxShrinkByTwo(width: Int, height: Int) {
        var picture = RGBImage(width: width, height: height)
        for i in picture.pixels.indices { picture.pixels[i] = UInt8((i * 37 + i / 7 * 11) % 256) }
        let halved = DecodedImage.boxShrunk(picture, by: 2)
        let heif = picture.pixels.withUnsafeBufferPointer {
            HEIFReader.shrunk(
                $0, width: width, height: height, stride: width * 3, channels: 3, premultiplied: false, by: 2)
        }
        #expect(halved == heif)
        #expect(halved.width == (width + 1) / 2 && halved.height == (height + 1) / 2)
    }
}
