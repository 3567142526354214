// Decodes every fixture in TestImages/formats and checks every pixel against
// expected.txt (exactly for PNG and lossless WebP, within the listed tolerance for
// JPEG, HEIF, AVIF and lossy WebP).
import ImageCodecs
import Raster
import TestSupport
import Testing

@Suite(.tags(.small)) struct GoldenDecodeTests {
    @Test func corpusIsComplete() {
        // Guards against a fixture script that silently wrote fewer files.
        #expect(Fixtures.all.count == 51)
        #expect(Fixtures.all.filter { $0.file.hasPrefix("png-") }.count == 25)
        #expect(Fixtures.all.filter { $0.file.hasPrefix("heif-") || $0.file.hasPrefix("avif-") }.count == 4)
        #expect(Fixtures.all.filter { $0.file.hasPrefix("webp-") }.count == 6)
    }

    @Test(arguments: Fixtures.all)
    func decodesToExpectedPixels(_ fixture: Fixture) throws {
        let decoded = try ImageDecoder.decodeFile(atPath: fixture.path)
        #expect(decoded.format == Fixtures.format(of: fixture.file))
        #expect(decoded.image.width == fixture.width && decoded.image.height == fixture.height)
        #expect(decoded.scaleNumerator == 1 && decoded.scaleDenominator == 1)
        let (worst, at) = blockMismatch(decoded.image, fixture.colours, margin: fixture.margin)
        #expect(worst <= fixture.tolerance, "worst difference \(worst) at \(at)")
    }

    @Test(arguments: Fixtures.all.filter { $0.file.hasPrefix("png-") })
    func pngDecodesExactlyToTheLastPixel(_ fixture: Fixture) throws {
        // The PNG fixtures have no tolerance and no margin: every pixel is exact.
        #expect(fixture.tolerance == 0 && fixture.margin == 0)
        let decoded = try ImageDecoder.decodeFile(atPath: fixture.path)
        var expected = RGBImage(width: fixture.width, height: fixture.height)
        for y in 0..<fixture.height {
            for x in 0..<fixture.width { expected[x, y] = fixture.colours[(y / 8) * 4 + x / 8] }
        }
        #expect(decoded.image == expected)
    }

    @Test func formatComesFromMagicBytesNotTheName() throws {
        // A PNG renamed to .jpg is still a PNG.
        let bytes = try Fixtures.bytes("png-rgb8.png")
        let decoded = try ImageDecoder.decode(bytes, source: "renamed.jpg")
        #expect(decoded.format == .png)
        #expect(ImageFormat(sniffing: bytes) == .png)
        #expect(ImageFormat(sniffing: try Fixtures.bytes("jpeg-gray.jpg")) == .jpeg)
        #expect(ImageFormat(sniffing: Array("GIF89a".utf8)) == nil)
        #expect(ImageFormat(sniffing: try Fixtures.bytes("heif-q90.heic")) == .heif)
        #expect(ImageFormat(sniffing: try Fixtures.bytes("avif-q90.avif")) == .avif)
        #expect(ImageFormat(sniffing: try Fixtures.bytes("webp-lossy.webp")) == .webp)
        #expect(ImageFormat(sniffing: try Fixtures.bytes("photo-iphone14.heic")) == .heif)
    }

    @Test func storedSizeAndOrientationAreReported() throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.named("jpeg-exif6.jpg").path)
        #expect(decoded.exifOrientation == 6)
        #expect(decoded.storedWidth == 24 && decoded.storedHeight == 32)
        #expect(decoded.image.width == 32 && decoded.image.height == 24)
        let png = try ImageDecoder.decodeFile(atPath: Fixtures.named("png-rgb8.png").path)
        #expect(png.exifOrientation == 1)
        #expect(png.storedWidth == 32 && png.storedHeight == 24)
    }
}

@Suite(.tags(.small)) struct ConcurrentDecodeTests {
    @Test func decodesInParallelGiveTheSamePicturesAsInSequence() async throws {
        // Each decode owns its libjpeg/libpng state: running many at once must not mix them.
        let files = Fixtures.all.map(\.path)
        let sequential = try files.map { try ImageDecoder.decodeFile(atPath: $0).image }
        let parallel = try await withThrowingTaskGroup(of: (Int, RGBImage).self) { group in
            for (i, path) in files.enumerated() {
                group.addTask { (i, try ImageDecoder.decodeFile(atPath: path).image) }
            }
            var out = [RGBImage?](repeating: nil, count: files.count)
            for try await (i, image) in group { out[i] = image }
            return out
        }
        #expect(parallel.count == sequential.count)
        for (i, image) in parallel.enumerated() { #expect(image == sequential[i], "\(files[i])") }
    }
}
