// Bad input of every kind: truncation at every offset, flipped bytes, empty and
// non-image files, absurd dimensions in crafted headers, corrupt Huffman data,
// directories and missing paths. Each must throw the right kind; none may crash.
import Foundation
import ImageCodecs
import TestSupport
import Testing

@Suite(.tags(.medium)) struct MalformedInputTests {
    /// Kinds that mean "the bytes are not a usable image" (CLI exit 65).
    static let dataKinds: Set<ImageCodecError.Kind> = [
        .empty, .unknownFormat, .otherFormat, .truncated, .corrupt,
        .unsupported, .tooLarge,
    ]

    func decodeError(_ bytes: [UInt8], source: String = "test-input") -> ImageCodecError? {
        do {
            _ = try ImageDecoder.decode(bytes, source: source)
            return nil
        } catch {
            return error
        }
    }

    // MARK: truncation

    @Test(arguments: [
        "png-rgb8.png", "png-rgba8-adam7.png", "png-palette4.png", "png-gray16.png", "png-gray2-adam7.png",
        "jpeg-baseline444.jpg", "jpeg-baseline420.jpg", "jpeg-progressive.jpg", "jpeg-restart.jpg",
        "jpeg-ycck.jpg", "jpeg-cmyk.jpg", "jpeg-gray.jpg", "jpeg-exif6.jpg",
    ])
    func everyTruncationIsATruncatedError(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var wrong: [String] = []
        for n in 1..<bytes.count {
            let e = decodeError(Array(bytes.prefix(n)), source: "cut.img")
            if e?.kind != .truncated { wrong.append("\(n): \(e.map(String.init(describing:)) ?? "decoded")") }
        }
        #expect(
            wrong.count == 0, "\(wrong.count) of \(bytes.count - 1) cuts not reported as truncated: \(wrong.prefix(5))")
        #expect(decodeError(bytes) == nil)  // the whole file is fine
    }

    @Test func truncatedLargeJPEGIsAnErrorNotAGreyHalfPicture() throws {
        let bytes = try Fixtures.bytes("jpeg-large.jpg")
        for n in stride(from: 700, to: bytes.count, by: 997) + [bytes.count - 1, bytes.count - 2, bytes.count / 2] {
            let e = decodeError(Array(bytes.prefix(n)))
            #expect(e?.kind == .truncated, "cut at \(n)")
            #expect(e?.description.hasPrefix("test-input: truncated JPEG") == true)
        }
    }

    // MARK: flipped bytes

    /// PNGs with only critical chunks: every byte is covered by a CRC, is a length, or
    /// is the signature, so every single flipped byte must be detected.
    @Test(arguments: ["png-rgb8.png", "png-gray2-adam7.png", "png-palette8.png", "png-rgba16.png"])
    func everyFlippedByteInAPNGIsDetected(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var missed: [String] = []
        for i in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01, 0x80] {
                var b = bytes
                b[i] ^= mask
                let e = decodeError(b)
                if e == nil || !Self.dataKinds.contains(e!.kind) {
                    missed.append("byte \(i) ^ \(mask): \(String(describing: e))")
                }
            }
        }
        #expect(missed.count == 0, "\(missed.count) flips not rejected as bad data: \(missed.prefix(5))")
    }

    /// JPEG entropy data has no checksum: a flip may decode to other pixels. It must
    /// never crash, and any error must be a data error.
    @Test(arguments: [
        "jpeg-baseline444.jpg", "jpeg-progressive.jpg", "jpeg-restart.jpg", "jpeg-cmyk.jpg", "jpeg-exif5.jpg",
    ])
    func flippedBytesInAJPEGNeverCrash(file: String) throws {
        let bytes = try Fixtures.bytes(file)
        var errors = 0
        var wrongKinds: [String] = []
        for i in bytes.indices {
            for mask: UInt8 in [0xFF, 0x01] {
                var b = bytes
                b[i] ^= mask
                if let e = decodeError(b) {
                    errors += 1
                    if !Self.dataKinds.contains(e.kind) { wrongKinds.append("byte \(i): \(e)") }
                }
            }
        }
        #expect(wrongKinds.count == 0, "\(wrongKinds.prefix(5))")
        #expect(errors > 20)  // damaged markers and headers at least are noticed
    }

    @Test func corruptHuffmanDataIsCorrupt() throws {
        var b = try Fixtures.bytes("jpeg-baseline444.jpg")
        guard let sos = (0..<(b.count - 1)).first(where: { b[$0] == 0xFF && b[$0 + 1] == 0xDA }) else {
            Issue.record("no SOS marker")
            return
        }
        let scanStart = sos + 2 + (Int(b[sos + 2]) << 8 | Int(b[sos + 3]))
        // All-ones bits (0xFF stuffed as FF 00) are never a valid Huffman code.
        for j in stride(from: scanStart, to: b.count - 2, by: 2) {
            b[j] = 0xFF
            if j + 1 < b.count - 2 { b[j + 1] = 0x00 } else { b[j] = 0x00 }
        }
        let e = decodeError(b, source: "huff.jpg")
        #expect(e?.kind == .corrupt)
        #expect(e?.description.contains("Huffman") == true, "\(String(describing: e))")
    }

    @Test func pngWithBadCRCIsCorrupt() throws {
        var b = try Fixtures.bytes("png-rgb8.png")
        b[b.count - 20] ^= 0x55  // inside IDAT
        let e = decodeError(b, source: "crc.png")
        #expect(e?.kind == .corrupt)
        #expect(e?.description.hasPrefix("crc.png: corrupt PNG:") == true, "\(String(describing: e))")
    }

    // MARK: not an image

    @Test func zeroBytesIsEmpty() {
        #expect(decodeError([])?.kind == .empty)
        #expect(decodeError([], source: "z.png")?.description == "z.png: empty file (0 bytes)")
    }

    @Test(arguments: [
        Array("hello, this is text\n".utf8), [0x47, 0x49, 0x46, 0x38, 0x39], [0x00], [0xFF, 0xD9, 0xFF],
        Array("RIFF\u{10}\0\0\0WAVEfmt ".utf8), [0, 0, 0, 0x18] + Array("ftypmp42\0\0\0\0".utf8),
    ])
    func foreignBytesAreAnUnknownFormat(bytes: [UInt8]) {
        #expect(decodeError(bytes)?.kind == .unknownFormat)
    }

    // MARK: absurd dimensions

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
        }
        return ~crc
    }

    /// png-rgb8.png with its IHDR saying `width` x `height`, CRC fixed so that only the
    /// size is wrong.
    static func pngClaiming(width: UInt32, height: UInt32) throws -> [UInt8] {
        var b = try Fixtures.bytes("png-rgb8.png")
        for (offset, value) in [(16, width), (20, height)] {
            for k in 0..<4 { b[offset + k] = UInt8((value >> (24 - 8 * UInt32(k))) & 255) }
        }
        let crc = crc32(b[12..<29])
        for k in 0..<4 { b[29 + k] = UInt8((crc >> (24 - 8 * UInt32(k))) & 255) }
        return b
    }

    @Test(arguments: [
        (UInt32(40_000), UInt32(10)), (10, 40_000), (20_000, 20_000), (0x7FFF_FFFF, 0x7FFF_FFFF), (30_001, 1),
    ])
    func pngWithAbsurdSizeIsRefusedBeforeDecoding(width: UInt32, height: UInt32) throws {
        let e = decodeError(try Self.pngClaiming(width: width, height: height), source: "huge.png")
        #expect(e?.kind == .tooLarge, "\(String(describing: e))")
        #expect(e?.description.hasPrefix("huge.png: image too large: \(width)x\(height) pixels") == true)
    }

    @Test func pngWithZeroWidthIsCorrupt() throws {
        #expect(decodeError(try Self.pngClaiming(width: 0, height: 24))?.kind == .corrupt)
    }

    @Test func theCRCHelperMatchesTheFixtures() throws {
        // pngClaiming with the real size must give back the file unchanged.
        #expect(try Self.pngClaiming(width: 32, height: 24) == Fixtures.bytes("png-rgb8.png"))
    }

    /// jpeg-baseline444.jpg with its SOF0 saying `width` x `height`.
    static func jpegClaiming(width: Int, height: Int) throws -> [UInt8] {
        var b = try Fixtures.bytes("jpeg-baseline444.jpg")
        guard let sof = (0..<(b.count - 1)).first(where: { b[$0] == 0xFF && b[$0 + 1] == 0xC0 }) else { return [] }
        b[sof + 5] = UInt8(height >> 8)
        b[sof + 6] = UInt8(height & 255)
        b[sof + 7] = UInt8(width >> 8)
        b[sof + 8] = UInt8(width & 255)
        return b
    }

    @Test(arguments: [(65_535, 65_535), (40_000, 8), (8, 30_001), (12_000, 9_000)])
    func jpegWithAbsurdSizeIsRefusedBeforeDecoding(width: Int, height: Int) throws {
        let e = decodeError(try Self.jpegClaiming(width: width, height: height))
        #expect(e?.kind == .tooLarge, "\(String(describing: e))")
    }

    @Test func jpegWithZeroHeightIsCorrupt() throws {
        #expect(decodeError(try Self.jpegClaiming(width: 32, height: 0))?.kind == .corrupt)
    }

    @Test func losslessJPEGIsUnsupportedNotCorrupt() throws {
        var b = try Fixtures.bytes("jpeg-baseline444.jpg")
        guard let sof = (0..<(b.count - 1)).first(where: { b[$0] == 0xFF && b[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0 marker")
            return
        }
        b[sof + 1] = 0xC3  // SOF3: lossless, which libjpeg-turbo 2.1 does not decode
        let e = decodeError(b, source: "lossless.jpg")
        #expect(e?.kind == .unsupported, "\(String(describing: e))")
        #expect(e?.description.hasPrefix("lossless.jpg: unsupported JPEG:") == true)
    }

    @Test func limitsAreWhatTheDocumentationSays() {
        #expect(ImageLimits.maxPixels == 100_000_000 && ImageLimits.maxSide == 30_000)
    }

    // MARK: files

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-codecs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func fileError(_ path: String) -> ImageCodecError? {
        do {
            _ = try ImageDecoder.decodeFile(atPath: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingFileCannotBeOpened() {
        let e = fileError("/nonexistent/dir/photo.jpg")
        #expect(e?.kind == .cannotOpen && e?.isCannotOpen == true)
        #expect(e?.description == "/nonexistent/dir/photo.jpg: cannot open: No such file or directory")
    }

    @Test func directoryCannotBeOpened() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let e = fileError(dir.path)
        #expect(e?.kind == .cannotOpen)
        #expect(e?.description == "\(dir.path): cannot open: is a directory")
    }

    @Test func emptyAndTextFilesAreDataErrors() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.png"), text = dir.appendingPathComponent("notes.jpg")
        try Data().write(to: empty)
        try Data("just some text, not a JPEG\n".utf8).write(to: text)
        #expect(fileError(empty.path)?.kind == .empty)
        let e = fileError(text.path)
        #expect(e?.kind == .unknownFormat)
        #expect(e?.description == "\(text.path): not a PNG, JPEG, HEIF, AVIF or WebP image (starts with 6a 75 73 74)")
    }

    @Test func everyMessageIsOneLineNamingTheSource() throws {
        let errors: [ImageCodecError] = [
            .cannotOpen(source: "a.jpg", reason: "x"), .empty(source: "a.jpg"),
            .unknownFormat(source: "a.jpg", reason: "x"),
            .otherFormat(source: "a.jpg", format: .tiff),
            .truncated(source: "a.jpg", format: .jpeg, reason: "x"),
            .corrupt(source: "a.jpg", format: .png, reason: "x"),
            .unsupported(source: "a.jpg", format: .jpeg, reason: "x"), .tooLarge(source: "a.jpg", reason: "x"),
            .internalFailure(source: "a.jpg", reason: "x"),
        ]
        #expect(Set(errors.map(\.kind)).count == errors.count)
        for e in errors {
            #expect(e.description.hasPrefix("a.jpg: ") && !e.description.contains("\n"))
            #expect(e.description == "\(e.source): \(e.reason)")
        }
    }
}
