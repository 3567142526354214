// Inputs that cost far more to decode than their size suggests, each refused or
// bounded by a stated limit (ImageLimits, and the README's Formats section):
// - a JPEG with thousands of scans: each scan is a pass over the blocks of its
//   components however few bytes it holds; past `ImageLimits.maxJPEGScans`
//   (1,000) scans, or `.maxJPEGScanPasses` (100) passes over the picture, it is
//   refused before the next scan's data is decoded;
// - a PNG that inflates to the pixel limit from a small file: allowed, and
//   bounded by the 100-megapixel limit, not by the file's size;
// - a strip 29,999 pixels wide, one under the side limit: decodes; 30,001 is
//   refused before any allocation.
// The JPEGs are written here (`UniformJPEG`), so each test shows what it feeds in.
import ImageCodecs
import Raster
import TestSupport
import Testing

/// A JPEG of one flat grey (level 128), written by hand: quantiser 1 and Huffman
/// tables holding a single 1-bit code, so a block costs 2 bits (baseline: DC
/// difference 0, end of block) or 1 bit a scan (progressive).
///
/// Progressive files have one DC and one AC scan per component, each covering
/// that component alone, then `extraScans` more DC scans of the last component
/// (libjpeg accepts a repeated first DC scan without a warning). With `colour`,
/// there are three components and Y is sampled 4 x 4 times as finely as Cb and
/// Cr, so a chroma scan covers 1 block in 18: many scans, few passes.
struct UniformJPEG {
    var width: Int
    var height: Int
    var progressive = false
    var colour = false
    var extraScans = 0

    /// (id, horizontal and vertical sampling) of each component.
    var components: [(id: UInt8, sampling: Int)] { colour ? [(1, 4), (2, 1), (3, 1)] : [(1, 1)] }

    /// The 8x8 blocks of a component sampled `sampling` times, as libjpeg counts them.
    func blocks(sampling: Int) -> Int {
        let most = colour ? 4 : 1
        return ((width * sampling + 8 * most - 1) / (8 * most)) * ((height * sampling + 8 * most - 1) / (8 * most))
    }

    /// Scans in the file (SOS markers).
    var scans: Int { progressive ? 2 * components.count + extraScans : 1 }

    /// How many times the scans together cover the picture's blocks.
    var passes: Double {
        let all = components.map { blocks(sampling: $0.sampling) }
        guard progressive else { return 1 }
        return Double(2 * all.reduce(0, +) + extraScans * all[all.count - 1]) / Double(all.reduce(0, +))
    }

    var bytes: [UInt8] {
        precondition(progressive || !colour, "baseline files here are grey")
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + u16(body.count + 2) + body }
        /// `bits` zero bits, padded with ones to a whole byte as the standard says.
        func entropy(bits: Int) -> [UInt8] {
            var data = [UInt8](repeating: 0, count: (bits + 7) / 8)
            if bits % 8 != 0 { data[data.count - 1] = UInt8(0xFF >> (bits % 8)) }
            return data
        }
        func scan(_ id: UInt8, from: UInt8, to: UInt8) -> [UInt8] { segment(0xDA, [1, id, 0x00, from, to, 0x00]) }
        let oneCode: [UInt8] = [1] + [UInt8](repeating: 0, count: 15) + [0x00]  // one 1-bit code: symbol 0
        var out: [UInt8] = [0xFF, 0xD8]
        out += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8] + u16(height) + u16(width) + [UInt8(components.count)]
        for c in components { frame += [c.id, UInt8(c.sampling << 4 | c.sampling), 0] }
        out += segment(progressive ? 0xC2 : 0xC0, frame)
        out += segment(0xC4, [0x00] + oneCode + [0x10] + oneCode)  // DC table 0, AC table 0
        guard progressive else {
            return out + scan(1, from: 0, to: 63) + entropy(bits: 2 * blocks(sampling: 1)) + [0xFF, 0xD9]
        }
        for c in components { out += scan(c.id, from: 0, to: 0) + entropy(bits: blocks(sampling: c.sampling)) }
        for c in components { out += scan(c.id, from: 1, to: 63) + entropy(bits: blocks(sampling: c.sampling)) }
        let last = components[components.count - 1]
        let dc = scan(last.id, from: 0, to: 0) + entropy(bits: blocks(sampling: last.sampling))
        for _ in 0..<extraScans { out += dc }
        return out + [0xFF, 0xD9]
    }
}

@Suite(.tags(.medium)) struct ResourceLimitTests {
    func decode(_ bytes: [UInt8], options: DecodeOptions = .init()) -> Result<DecodedImage, ImageCodecError> {
        do { return .success(try ImageDecoder.decode(bytes, source: "limit-test", options: options)) } catch {
            return .failure(error)
        }
    }

    @Test func theHandMadeJPEGsDecodeToFlatGrey() throws {
        for jpeg in [
            UniformJPEG(width: 20, height: 12), UniformJPEG(width: 20, height: 12, progressive: true),
            UniformJPEG(width: 40, height: 36, progressive: true, colour: true, extraScans: 3),
        ] {
            let image = try decode(jpeg.bytes).get().image
            #expect(image.width == jpeg.width && image.height == jpeg.height)
            #expect(image.pixels.allSatisfy { $0 == 128 }, "\(jpeg)")
        }
    }

    // MARK: scans

    @Test func aJPEGWithTheMostScansAllowedDecodes() throws {
        let jpeg = UniformJPEG(
            width: 32, height: 32, progressive: true, colour: true,
            extraScans: ImageLimits.maxJPEGScans - 6)
        #expect(jpeg.scans == 1_000 && jpeg.passes < 100)
        let image = try decode(jpeg.bytes).get().image
        #expect(image.width == 32 && image.pixels.allSatisfy { $0 == 128 })
    }

    @Test(arguments: [1_001, 5_000])
    func aJPEGWithMoreScansIsRefused(scans: Int) {
        let jpeg = UniformJPEG(width: 32, height: 32, progressive: true, colour: true, extraScans: scans - 6)
        #expect(jpeg.scans == scans && jpeg.passes < 300)
        guard case let .failure(error) = decode(jpeg.bytes) else {
            Issue.record("a JPEG with \(scans) scans decoded")
            return
        }
        #expect(error == .tooLarge(source: "limit-test", reason: "a JPEG with more than 1000 scans"))
    }

    @Test func aJPEGWhoseScansCoverThePictureAHundredTimesDecodes() throws {
        let jpeg = UniformJPEG(width: 64, height: 8, progressive: true, extraScans: 98)
        #expect(jpeg.passes == 100 && jpeg.scans == 100)
        #expect(try decode(jpeg.bytes).get().image.pixels.allSatisfy { $0 == 128 })
    }

    @Test(arguments: [101, 900])
    func aJPEGWhoseScansCoverThePictureMoreTimesIsRefused(passes: Int) {
        // Grey: every scan covers the whole picture, so passes and scans agree.
        let jpeg = UniformJPEG(width: 64, height: 8, progressive: true, extraScans: passes - 2)
        #expect(jpeg.passes == Double(passes))
        guard case let .failure(error) = decode(jpeg.bytes) else {
            Issue.record("a JPEG with \(passes) passes decoded")
            return
        }
        #expect(
            error == .tooLarge(source: "limit-test", reason: "a JPEG whose scans cover the picture more than 100 times")
        )
    }

    @Test func theScanLimitsAreWhatTheDocumentationSays() {
        #expect(ImageLimits.maxJPEGScans == 1_000 && ImageLimits.maxJPEGScanPasses == 100)
    }

    // MARK: a PNG that inflates to the pixel limit

    @Test func aSmallPNGThatInflatesToThePixelLimitDecodesWithinIt() throws {
        // 10,000 x 10,000 grey, 100 megapixels exactly: about 100 KB of PNG. The
        // decode is bounded by the pixel limit (3 bytes a pixel out, 300 MB here),
        // whatever the compression ratio.
        var picture = GrayImage(width: 10_000, height: 10_000, fill: 255)
        for x in 0..<10_000 { picture[x, 5_000] = 0 }
        let png = try PNGEncoder.encode(picture)
        picture = GrayImage(width: 1, height: 1)  // the 100 MB raster is no longer needed
        #expect(png.count < 1_000_000, "\(png.count) bytes")
        #expect(10_000 * 10_000 == ImageLimits.maxPixels)
        let decoded = try decode(png).get()
        #expect(decoded.image.width == 10_000 && decoded.image.height == 10_000)
        #expect(decoded.image[1_234, 5_000] == (0, 0, 0) && decoded.image[1_234, 4_999] == (255, 255, 255))
    }

    // MARK: strips

    @Test func aStripOnePixelUnderTheSideLimitDecodes() throws {
        let png = try PNGEncoder.encode(GrayImage(width: 29_999, height: 1, fill: 77))
        let fromPNG = try decode(png).get().image
        #expect(fromPNG.width == 29_999 && fromPNG.height == 1 && fromPNG[29_998, 0] == (77, 77, 77))

        let jpeg = UniformJPEG(width: 29_999, height: 8)
        let fromJPEG = try decode(jpeg.bytes).get().image
        #expect(fromJPEG.width == 29_999 && fromJPEG.height == 8 && fromJPEG[29_998, 7] == (128, 128, 128))
        // DCT scaling to a working size keeps at least one row.
        let scaled = try decode(jpeg.bytes, options: DecodeOptions(minLongSide: 1_000)).get()
        #expect(scaled.image.width == 3_750 && scaled.image.height == 1 && scaled.scaleDenominator == 8)
    }

    @Test(arguments: [(30_001, 8), (8, 30_001)])
    func aStripOverTheSideLimitIsRefusedBeforeDecoding(width: Int, height: Int) {
        let jpeg = UniformJPEG(width: width, height: height)
        guard case let .failure(error) = decode(jpeg.bytes) else {
            Issue.record("a \(width)x\(height) JPEG decoded")
            return
        }
        #expect(
            error == .tooLarge(source: "limit-test", reason: "\(width)x\(height) pixels, more than 30000 on a side"))
    }
}
