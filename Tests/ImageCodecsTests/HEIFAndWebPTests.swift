// HEIC/HEIF, AVIF and WebP beyond the golden pixels: orientation (irot applied, EXIF
// in HEIF never applied on top; EXIF in WebP applied), decoding at a smaller size,
// a 12-megapixel phone HEIC and a phone WebP against their JPEG source, truncation,
// damage, and the formats that are only named with a conversion.
import Foundation
import Raster
import TestSupport
import Testing

@testable import ImageCodecs

@Suite(.tags(.medium)) struct HEIFAndWebPTests {
    static let phoneJPEG = packageRoot()
        .appendingPathComponent("TestImages/phone-full/kubiesa-train-03_11_iphone_14_1.jpg").path

    func decodeError(_ bytes: [UInt8], source: String = "test-input") -> ImageCodecError? {
        do {
            _ = try ImageDecoder.decode(bytes, source: source)
            return nil
        } catch {
            return error
        }
    }

    /// The mean and the 99th percentile of per-channel absolute differences.
    func difference(_ a: RGBImage, _ b: RGBImage) -> (mean: Double, p99: Int) {
        var histogram = [Int](repeating: 0, count: 256)
        for i in a.pixels.indices { histogram[abs(Int(a.pixels[i]) - Int(b.pixels[i]))] += 1 }
        let total = a.pixels.count
        let mean = Double(histogram.enumerated().reduce(0) { $0 + $1.0 * $1.1 }) / Double(total)
        var seen = 0, p99 = 0
        for (d, n) in histogram.enumerated() {
            seen += n
            if seen * 100 >= total * 99 {
                p99 = d
                break
            }
        }
        return (mean, p99)
    }

    // MARK: orientation

    @Test func heifIrotIsAppliedAndItsExifOrientationIsNot() throws {
        // Stored 24 x 32 with EXIF orientation 6 and an irot of 270 degrees counter-
        // clockwise: upright 32 x 24 once. Applying EXIF 6 too would turn it again.
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.named("heif-irot.heic").path)
        #expect(decoded.format == .heif)
        #expect(decoded.exifOrientation == 6)
        #expect(decoded.storedWidth == 24 && decoded.storedHeight == 32)
        #expect(decoded.image.width == 32 && decoded.image.height == 24)
        #expect(!ImageFormat.heif.appliesExifOrientation && !ImageFormat.avif.appliesExifOrientation)
    }

    @Test func heifWithExifOrientationButNoIrotStaysAsStored() throws {
        let path = Fixtures.directory + "/heif-exif6-no-irot.heic"
        let decoded = try ImageDecoder.decodeFile(atPath: path)
        #expect(decoded.exifOrientation == 6)
        #expect(decoded.image.width == 24 && decoded.image.height == 32)
        // The stored raster is the pattern turned a quarter counter-clockwise: the
        // upright block 0 (red) sits bottom-left.
        let bottomLeft = decoded.image[4, 28]
        #expect(abs(Int(bottomLeft.0) - 230) <= 8 && abs(Int(bottomLeft.1) - 40) <= 8, "\(bottomLeft)")
        let turned = decoded.image.applyingExifOrientation(6)
        let (worst, at) = blockMismatch(turned, Fixtures.named("heif-irot.heic").colours, margin: 2)
        #expect(worst <= 8, "worst \(worst) at \(at)")
    }

    @Test(arguments: [6, 8])
    func webpExifChunkIsApplied(orientation: Int) throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.named("webp-exif\(orientation).webp").path)
        #expect(decoded.exifOrientation == orientation)
        #expect(decoded.storedWidth == 24 && decoded.storedHeight == 32)
        #expect(decoded.image.width == 32 && decoded.image.height == 24)
    }

    @Test func webpExifPayloadIsFoundWithOrWithoutAnExifHeader() throws {
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 3, 0, 0, 0, 0, 0, 0]
        func riff(_ exif: [UInt8]) -> [UInt8] {
            let chunk = Array("EXIF".utf8) + [UInt8(exif.count), 0, 0, 0] + exif + (exif.count % 2 == 1 ? [0] : [])
            let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0] + [UInt8](repeating: 0, count: 10)
            let body = Array("WEBP".utf8) + vp8x + chunk
            return Array("RIFF".utf8) + [UInt8(body.count), 0, 0, 0] + body
        }
        #expect(ExifOrientation.find(in: riff(tiff), format: .webp) == 3)
        #expect(ExifOrientation.find(in: riff([0x45, 0x78, 0x69, 0x66, 0, 0] + tiff), format: .webp) == 3)
        // A chunk length that runs past the end, and a cut inside the chunk: orientation 1.
        var lying = riff(tiff)
        lying[lying.count - tiff.count - 4] = 200
        #expect(ExifOrientation.find(in: lying, format: .webp) == 1)
        #expect(ExifOrientation.find(in: Array(riff(tiff).dropLast(10)), format: .webp) == 1)
        let real = try Fixtures.bytes("webp-exif6.webp")
        for n in 0..<real.count { _ = ExifOrientation.find(in: Array(real.prefix(n)), format: .webp) }
    }

    // MARK: smaller sizes

    @Test(
        arguments: [
            (nil, 2048, 1536, 1, 1), (1025, 2048, 1536, 1, 1), (1024, 1024, 768, 1, 2),
            (1000, 1024, 768, 1, 2), (300, 512, 384, 1, 4), (1, 256, 192, 1, 8),
        ] as [(Int?, Int, Int, Int, Int)])
    func largeWebPDecodesStraightToTheWorkingSize(minLongSide: Int?, width: Int, height: Int, num: Int, den: Int) throws
    {
        let fixture = Fixtures.named("webp-large.webp")
        let decoded = try ImageDecoder.decodeFile(
            atPath: fixture.path, options: DecodeOptions(minLongSide: minLongSide))
        #expect(decoded.image.width == width && decoded.image.height == height)
        #expect(decoded.scaleNumerator == num && decoded.scaleDenominator == den)
        #expect(decoded.storedWidth == 2048 && decoded.storedHeight == 1536)
        let (worst, at) = blockMismatch(decoded.image, fixture.colours, margin: fixture.margin)
        #expect(worst <= fixture.tolerance, "worst \(worst) at \(at)")
    }

    @Test func boxFilterAveragesBlocksAndKeepsTheRaggedEdge() {
        // 5 x 3 RGB, red = 10 * x + y; shrunk by 2: 3 x 2, the last column and row
        // averaged over the pixels that exist.
        var pixels: [UInt8] = []
        for y in 0..<3 { for x in 0..<5 { pixels += [UInt8(10 * x + y), 0, 255] } }
        let out = pixels.withUnsafeBufferPointer {
            HEIFReader.shrunk($0, width: 5, height: 3, stride: 15, channels: 3, premultiplied: false, by: 2)
        }
        #expect(out.width == 3 && out.height == 2)
        #expect(out[0, 0] == (6, 0, 255))  // (0 + 10 + 1 + 11) / 4 = 5.5, rounded up
        #expect(out[2, 0] == (41, 0, 255))  // (40 + 41) / 2 = 40.5
        #expect(out[1, 1] == (27, 0, 255))  // (22 + 32) / 2
        #expect(out[2, 1] == (42, 0, 255))
        // RGBA over white, unpremultiplied and premultiplied.
        let rgba: [UInt8] = [100, 0, 200, 128]
        let plain = rgba.withUnsafeBufferPointer {
            HEIFReader.shrunk($0, width: 1, height: 1, stride: 4, channels: 4, premultiplied: false, by: 1)
        }
        #expect(plain[0, 0] == (177, 127, 227))
        let pre = rgba.withUnsafeBufferPointer {
            HEIFReader.shrunk($0, width: 1, height: 1, stride: 4, channels: 4, premultiplied: true, by: 1)
        }
        #expect(pre[0, 0] == (227, 127, 255))
    }

    // MARK: phone photos against their JPEG source

    @Test(arguments: ["photo-iphone14.heic", "photo-iphone14.webp"])
    func phonePhotoMatchesItsJPEGSourceAtTheScanSize(file: String) throws {
        let options = DecodeOptions(minLongSide: 1000)
        let jpeg = try ImageDecoder.decodeFile(atPath: Self.phoneJPEG, options: options)
        let other = try ImageDecoder.decodeFile(atPath: Fixtures.directory + "/" + file, options: options)
        #expect(other.format == (file.hasSuffix("heic") ? .heif : .webp))
        #expect(other.storedWidth == 4032 && other.storedHeight == 3024)
        #expect(other.image.width == jpeg.image.width && other.image.height == jpeg.image.height)
        #expect(other.image.width == 1008 && other.scaleNumerator == 1 && other.scaleDenominator == 4)
        guard other.image.width == jpeg.image.width, other.image.height == jpeg.image.height else { return }
        let (mean, p99) = difference(other.image, jpeg.image)
        #expect(mean < 4 && p99 < 24, "mean \(mean), 99th percentile \(p99)")
    }

    @Test func twelveMegapixelHEICDecodesAtFullSize() throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.directory + "/photo-iphone14.heic")
        #expect(decoded.image.width == 4032 && decoded.image.height == 3024)
        #expect(decoded.scaleNumerator == 1 && decoded.scaleDenominator == 1)
    }

    // MARK: bad input

    @Test(arguments: [
        "heif-q90.heic", "avif-q90.avif", "heif-alpha.heic", "heif-irot.heic", "webp-lossy.webp",
        "webp-lossless.webp", "webp-alpha.webp", "webp-exif6.webp",
    ])
    func everyTruncationIsATruncatedError(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var wrong: [String] = []
        // A HEIF cut inside its first box size (4 bytes) says nothing about its format.
        for n in (file.hasPrefix("webp") ? 1 : 5)..<bytes.count {
            let e = decodeError(Array(bytes.prefix(n)), source: "cut.img")
            if e?.kind != .truncated { wrong.append("\(n): \(e.map(String.init(describing:)) ?? "decoded")") }
        }
        #expect(
            wrong.count == 0, "\(wrong.count) of \(bytes.count - 1) cuts not reported as truncated: \(wrong.prefix(5))")
        #expect(decodeError(bytes) == nil)
    }

    @Test(arguments: ["heif-q90.heic", "avif-q90.avif", "webp-lossy.webp", "webp-lossless.webp"])
    func flippedBytesNeverCrashAndFailAsData(file: String) throws {
        // Not every flip is detectable (HEVC, AV1 and VP8 data carry no checksum), but
        // every failure must be a data error, and nothing may crash.
        let bytes = try Fixtures.bytes(file)
        let dataKinds: Set<ImageCodecError.Kind> = [.truncated, .corrupt, .unsupported, .tooLarge]
        var wrong: [String] = []
        for i in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01] {
                var b = bytes
                b[i] ^= mask
                if let e = decodeError(b), !dataKinds.contains(e.kind), ImageFormat(sniffing: b) != nil {
                    wrong.append("byte \(i) ^ \(mask): \(e)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test func libheifMessagesBecomeOnePlainLine() throws {
        // A fuzzer-found HEIF whose libheif message quoted bytes of the file.
        let path = packageRoot().appendingPathComponent(
            "Tests/Fuzz/corpus/FuzzImageDecode/crash-heif-control-character-in-message"
        ).path
        let e = decodeError(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(e != nil && e?.kind != .internalFailure)
        #expect(
            e?.description.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } == true,
            "\(String(describing: e))")
    }

    @Test func aGridLargerThanItsClaimedSizeIsRefusedBeforeDecoding() throws {
        // A fuzzer-found HEIF grid whose ispe claims 24x32 while its grid data
        // asks for a 21065x17990 canvas (2.5 GB when it was decoded).
        let path = packageRoot().appendingPathComponent(
            "Tests/Fuzz/corpus/FuzzImageDecode/oom-heif-grid-larger-than-its-ispe"
        ).path
        let e = decodeError(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(e?.kind == .tooLarge, "\(String(describing: e))")
        #expect(e?.description.contains("21065x17990") == true, "\(String(describing: e))")
    }

    @Test func absurdWebPSizeIsRefusedBeforeDecoding() throws {
        // A lossless WebP header claiming 16384 x 16384 (VP8L stores size - 1 in 14 bits).
        var b = try Fixtures.bytes("webp-lossless.webp")
        guard let at = b.indices.dropLast(8).first(where: { b[$0..<($0 + 4)].elementsEqual("VP8L".utf8) }) else {
            Issue.record("no VP8L chunk")
            return
        }
        let bits: UInt32 = 0x3FFF | 0x3FFF << 14  // width - 1, height - 1
        for k in 0..<4 { b[at + 9 + k] = UInt8((bits >> (8 * UInt32(k))) & 0xFF) }
        let e = decodeError(b)
        #expect(e?.kind == .tooLarge, "\(String(describing: e))")
        #expect(e?.description.contains("16384x16384") == true)
    }

    @Test func animatedWebPIsUnsupported() throws {
        // The VP8X flags byte: bit 1 is "animation".
        let vp8x = Array("VP8X".utf8) + [10, 0, 0, 0, 0x02, 0, 0, 0, 31, 0, 0, 23, 0, 0]
        let body = Array("WEBP".utf8) + vp8x + Array("ANIM".utf8) + [6, 0, 0, 0, 255, 255, 255, 255, 0, 0]
        let b = Array("RIFF".utf8) + [UInt8(body.count), 0, 0, 0] + body
        let e = decodeError(b)
        #expect(e?.kind == .unsupported, "\(String(describing: e))")
    }

    @Test(arguments: [
        ("GIF89a\u{1}\0\u{1}\0", "GIF", "convert photo.img photo.png"),
        ("II*\0\u{8}\0\0\0", "TIFF", "convert photo.img photo.png"),
        ("MM\0*\0\0\0\u{8}", "TIFF", "convert photo.img photo.png"),
        ("BM\u{46}\0\0\0\0\0\0\0\u{36}\0\0\0", "BMP", "convert photo.img photo.png"),
        ("\u{FF}\u{0A}\u{FA}\u{7F}", "JPEG XL", "djxl photo.img photo.png"),
        ("%PDF-1.7\n", "PDF", "convert -density 300 'photo.img[0]' photo.png"),
    ])
    func otherFormatsAreNamedWithAConversion(head: String, name: String, command: String) {
        let bytes = head.unicodeScalars.map { UInt8($0.value) }
        let e = decodeError(bytes, source: "photo.img")
        #expect(e?.kind == .otherFormat)
        let kind = name == "PDF" ? "file" : "image"
        #expect(
            e?.description == "photo.img: a \(name) \(kind), which sudokit does not read; "
                + "convert it first, for example: \(command)")
    }

    @Test func conversionCommandsQuoteAndNeverOverwriteTheInput() {
        #expect(
            OtherImageFormat.tiff.conversionCommand(source: "scans/page 1.tif")
                == "convert 'scans/page 1.tif' 'scans/page 1.png'")
        #expect(OtherImageFormat.gif.conversionCommand(source: "odd.png") == "convert odd.png odd-converted.png")
        #expect(OtherImageFormat.gif.conversionCommand(source: "<stdin>") == "convert - photo.png")
        #expect(OtherImageFormat.bmp.conversionCommand(source: "it's.bmp") == "convert 'it'\\''s.bmp' 'it'\\''s.png'")
        #expect(OtherImageFormat.tiff.conversionCommand(source: "dir.v2/scan") == "convert dir.v2/scan dir.v2/scan.png")
    }

    @Test func heifBrandsAreSniffed() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let body = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(8 + body.count)] + Array("ftyp".utf8) + body
        }
        for brand in ["heic", "heix", "hevc", "hevx", "heim", "heis"] {
            #expect(ImageFormat(sniffing: ftyp(brand, ["mif1"])) == .heif, "\(brand)")
        }
        #expect(ImageFormat(sniffing: ftyp("mif1", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(sniffing: ftyp("mif1", ["mif1", "avif"])) == .avif)
        #expect(ImageFormat(sniffing: ftyp("avif", [])) == .avif)
        #expect(ImageFormat(sniffing: ftyp("avis", [])) == .avif)
        #expect(ImageFormat(sniffing: ftyp("mp42", ["isom"])) == nil)
        #expect(ImageFormat(sniffing: Array("RIFF\u{4}\0\0\0WAVE".utf8)) == nil)
    }
}
