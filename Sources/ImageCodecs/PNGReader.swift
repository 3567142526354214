// Offers: `PNGReader`, the Swift owner of one `cimageshims_png` handle, and a
// pre-check of the IHDR size so that absurd dimensions never reach libpng.
internal import CImageShims
import Raster

/// One libpng reader (wraps `cimageshims_png_*`); freed on deinit.
///
/// Use it inside the scope that keeps the input bytes alive. Not thread-safe.
final class PNGReader {
    private let handle: OpaquePointer
    private let source: String

    init(source: String) throws(ImageCodecError) {
        guard let handle = cimageshims_png_create() else {
            throw .internalFailure(source: source, reason: "out of memory creating a PNG reader")
        }
        self.handle = handle
        self.source = source
    }

    deinit { cimageshims_png_destroy(handle) }

    /// Reads chunks up to the image data (`cimageshims_png_read_header`).
    func readHeader(_ data: UnsafeBufferPointer<UInt8>) throws(ImageCodecError) -> cimageshims_png_header {
        var header = cimageshims_png_header()
        try check(cimageshims_png_read_header(handle, data.baseAddress, data.count, &header))
        return header
    }

    /// Decodes to 8-bit RGB over white and reads through IEND (`cimageshims_png_decode_rgb`).
    func decodeRGB(width: Int, height: Int) throws(ImageCodecError) -> RGBImage {
        let count = width * height * 3
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cimageshims_png_decode_rgb(handle, buffer.baseAddress, count)
            initialized = count
        }
        try check(status)
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The one place a shim status becomes an `ImageCodecError`.
    private func check(_ status: Int32) throws(ImageCodecError) {
        guard status != CIMAGESHIMS_OK.rawValue else { return }
        let reason = String(cString: cimageshims_png_message(handle))
        switch UInt32(bitPattern: status) {
        case CIMAGESHIMS_TRUNCATED.rawValue: throw .truncated(source: source, format: .png, reason: reason)
        case CIMAGESHIMS_CORRUPT.rawValue: throw .corrupt(source: source, format: .png, reason: reason)
        case CIMAGESHIMS_TOO_LARGE.rawValue: throw .tooLarge(source: source, reason: reason)
        case CIMAGESHIMS_UNSUPPORTED.rawValue: throw .unsupported(source: source, format: .png, reason: reason)
        default: throw .internalFailure(source: source, reason: reason)
        }
    }

    /// Width and height from the IHDR chunk that must follow the signature, or nil when
    /// the bytes are too short or the first chunk is not IHDR (libpng then explains).
    static func ihdrSize(_ b: [UInt8]) -> (width: Int, height: Int)? {
        guard b.count >= 24, b[12...15].elementsEqual([0x49, 0x48, 0x44, 0x52]) else { return nil }
        func u32(_ o: Int) -> Int { Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3]) }
        return (u32(16), u32(20))
    }
}
