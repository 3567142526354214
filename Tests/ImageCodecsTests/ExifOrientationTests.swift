import Raster
import TestSupport
import Testing

// EXIF orientation: all eight tagged files show the same upright picture; the
// transform itself on a tiny raster; malformed EXIF falls back to orientation 1.
@testable import ImageCodecs

@Suite(.tags(.small)) struct ExifOrientationTests {
    @Test(arguments: 1...8)
    func everyOrientationDecodesToTheSameUprightPicture(_ orientation: Int) throws {
        let reference = try ImageDecoder.decodeFile(atPath: Fixtures.named("jpeg-exif1.jpg").path).image
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.named("jpeg-exif\(orientation).jpg").path)
        #expect(decoded.exifOrientation == orientation)
        #expect(decoded.image.width == 32 && decoded.image.height == 24)
        // Same blocks as the orientation-1 file, within JPEG loss (each file was encoded
        // from a differently turned raster, so the loss differs slightly).
        var worst = 0
        for y in 2..<22 where y % 8 >= 2 && y % 8 <= 5 {
            for x in 2..<30 where x % 8 >= 2 && x % 8 <= 5 {
                let a = decoded.image[x, y], b = reference[x, y]
                worst = max(worst, abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)))
            }
        }
        #expect(worst <= 16)
    }

    /// A 3 x 2 raster whose pixel (x, y) has red = 10 * x + y, so each output pixel
    /// tells which input pixel it came from.
    static let tiny: RGBImage = {
        var img = RGBImage(width: 3, height: 2)
        for y in 0..<2 { for x in 0..<3 { img[x, y] = (UInt8(10 * x + y), 0, 0) } }
        return img
    }()

    @Test(arguments: [
        (1, 3, [0, 10, 20, 1, 11, 21]),
        (2, 3, [20, 10, 0, 21, 11, 1]),
        (3, 3, [21, 11, 1, 20, 10, 0]),
        (4, 3, [1, 11, 21, 0, 10, 20]),
        (5, 2, [0, 1, 10, 11, 20, 21]),
        (6, 2, [1, 0, 11, 10, 21, 20]),
        (7, 2, [21, 20, 11, 10, 1, 0]),
        (8, 2, [20, 21, 10, 11, 0, 1]),
    ])
    func transformMovesEachPixelWhereAViewerShowsIt(orientation: Int, width: Int, reds: [Int]) {
        let out = Self.tiny.applyingExifOrientation(orientation)
        #expect(out.width == width && out.height == 6 / width)
        #expect(stride(from: 0, to: out.pixels.count, by: 3).map { Int(out.pixels[$0]) } == reds)
    }

    @Test func orientationSixIsAClockwiseQuarterTurn() {
        // The stored top-left pixel ends top-right after a clockwise turn.
        let out = Self.tiny.applyingExifOrientation(6)
        #expect(out[1, 0] == (0, 0, 0) && out[0, 0] == (1, 0, 0))
        #expect(Self.tiny.applyingExifOrientation(0) == Self.tiny)
        #expect(Self.tiny.applyingExifOrientation(9) == Self.tiny)
    }

    @Test func pngExifChunkIsApplied() throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Fixtures.named("png-exif6.png").path)
        #expect(decoded.exifOrientation == 6)
        #expect(decoded.storedWidth == 24 && decoded.storedHeight == 32)
    }

    // MARK: malformed EXIF

    /// A minimal JPEG prefix: SOI, an APP1 segment holding `payload`, then SOS.
    static func jpegWithApp1(_ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 255)] + payload + [0xFF, 0xDA, 0, 2]
    }

    @Test(arguments: [false, true])
    func wellFormedExifIsRead(littleEndian: Bool) {
        let other = (tag: 0x010F, type: 2, count: 1, value: 0)  // Make, before Orientation
        let t = makeTIFF(littleEndian: littleEndian, entries: [other, (0x0112, 3, 1, 7)])
        #expect(ExifOrientation.find(in: Self.jpegWithApp1(Array("Exif\0\0".utf8) + t), format: .jpeg) == 7)
    }

    /// EXIF payloads (after the APP1 length) that are broken in one way each.
    static let malformedPayloads: [(String, [UInt8])] = {
        let exif: [UInt8] = Array("Exif\0\0".utf8)
        let six: [(tag: Int, type: Int, count: Int, value: Int)] = [(0x0112, 3, 1, 6)]
        let good: [UInt8] = makeTIFF(littleEndian: true, entries: six)
        var cases: [(String, [UInt8])] = []
        cases.append(("no Exif header", Array("Exig\0\0".utf8) + good))
        cases.append(("bad byte order", exif + [0x49, 0x4D] + Array(good.dropFirst(2))))
        cases.append(("bad magic", exif + [0x49, 0x49, 43, 0] + Array(good.dropFirst(4))))
        cases.append(("IFD offset past end", exif + makeTIFF(littleEndian: true, entries: six, ifdOffset: 60_000)))
        cases.append(("IFD offset huge", exif + makeTIFF(littleEndian: false, entries: six, ifdOffset: 0x7FFF_FFFF)))
        cases.append(("value 0", exif + makeTIFF(littleEndian: true, entries: [(0x0112, 3, 1, 0)])))
        cases.append(("value 9", exif + makeTIFF(littleEndian: true, entries: [(0x0112, 3, 1, 9)])))
        cases.append(("wrong type", exif + makeTIFF(littleEndian: true, entries: [(0x0112, 2, 1, 6)])))
        cases.append(("count 0", exif + makeTIFF(littleEndian: true, entries: [(0x0112, 3, 0, 6)])))
        cases.append(("entry cut off", Array((exif + good).prefix(20))))
        cases.append(("empty TIFF", exif))
        return cases
    }()

    @Test(arguments: malformedPayloads)
    func malformedExifMeansOrientationOne(name: String, payload: [UInt8]) {
        #expect(ExifOrientation.find(in: Self.jpegWithApp1(payload), format: .jpeg) == 1, "\(name)")
    }

    @Test func segmentLengthsThatLieAreSurvived() {
        let t = Array("Exif\0\0".utf8) + makeTIFF(littleEndian: true, entries: [(0x0112, 3, 1, 6)])
        var b = Self.jpegWithApp1(t)
        b[4] = 0xFF
        b[5] = 0xFF  // APP1 claims 65535 bytes
        #expect(ExifOrientation.find(in: b, format: .jpeg) == 1)
        b[4] = 0
        b[5] = 1  // and 1 byte, less than its own length field
        #expect(ExifOrientation.find(in: b, format: .jpeg) == 1)
        #expect(ExifOrientation.find(in: [0xFF, 0xD8], format: .jpeg) == 1)
        #expect(
            ExifOrientation.find(
                in: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0xFF, 0xFF, 0x65, 0x58, 0x49, 0x66],
                format: .png) == 1)
    }

    @Test func everyTruncationOfRealExifIsSafe() throws {
        // Cutting the file anywhere inside or after the APP1 segment never crashes and
        // yields either the real orientation (segment complete) or 1.
        let bytes = try Fixtures.bytes("jpeg-exif6.jpg")
        var sawSix = 0
        for n in 0...bytes.count {
            let o = ExifOrientation.find(in: Array(bytes.prefix(n)), format: .jpeg)
            #expect(o == 1 || o == 6)
            if o == 6 { sawSix += 1 }
        }
        #expect(sawSix > 0 && sawSix < bytes.count)
    }
}

/// A TIFF block (EXIF payload after "Exif\0\0") with one IFD of `entries`.
func makeTIFF(
    littleEndian: Bool, entries: [(tag: Int, type: Int, count: Int, value: Int)],
    ifdOffset: Int = 8
) -> [UInt8] {
    func u16(_ v: Int) -> [UInt8] { littleEndian ? [UInt8(v & 255), UInt8(v >> 8)] : [UInt8(v >> 8), UInt8(v & 255)] }
    func u32(_ v: Int) -> [UInt8] { littleEndian ? u16(v & 0xFFFF) + u16(v >> 16) : u16(v >> 16) + u16(v & 0xFFFF) }
    var t: [UInt8] = (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(ifdOffset)
    t += u16(entries.count)
    for e in entries { t += u16(e.tag) + u16(e.type) + u32(e.count) + u16(e.value) + [0, 0] }
    return t + u32(0)
}
