// Offers: `JPEGDecompressor`, the Swift owner of one `cimageshims_jpeg` handle, and
// the choice of libjpeg's DCT scale for a wanted long side.
internal import CImageShims
import Raster

/// One libjpeg decompressor (wraps `cimageshims_jpeg_*`); freed on deinit.
///
/// Use it inside the scope that keeps the input bytes alive: libjpeg reads them in
/// place. Not thread-safe; create one per decode.
final class JPEGDecompressor {
    private let handle: OpaquePointer
    private let source: String

    init(source: String) throws(ImageCodecError) {
        guard let handle = cimageshims_jpeg_create() else {
            throw .internalFailure(source: source, reason: "out of memory creating a JPEG decompressor")
        }
        self.handle = handle
        self.source = source
    }

    deinit { cimageshims_jpeg_destroy(handle) }

    /// Reads markers up to the first scan (`cimageshims_jpeg_read_header`).
    func readHeader(_ data: UnsafeBufferPointer<UInt8>) throws(ImageCodecError) -> cimageshims_jpeg_header {
        var header = cimageshims_jpeg_header()
        try check(cimageshims_jpeg_read_header(handle, data.baseAddress, data.count, &header))
        return header
    }

    /// Sets the DCT scale `numerator`/8 and returns the output size (`cimageshims_jpeg_set_scale`).
    func setScale(_ numerator: Int) throws(ImageCodecError) -> (width: Int, height: Int) {
        var w: Int32 = 0, h: Int32 = 0
        try check(cimageshims_jpeg_set_scale(handle, Int32(numerator), &w, &h))
        return (Int(w), Int(h))
    }

    /// Decodes all scanlines to RGB and reads to EOI (`cimageshims_jpeg_decode_rgb`),
    /// refusing a file past `ImageLimits.maxJPEGScans` or `.maxJPEGScanPasses`.
    func decodeRGB(width: Int, height: Int) throws(ImageCodecError) -> RGBImage {
        let count = width * height * 3
        var status: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            status = cimageshims_jpeg_decode_rgb(
                handle, buffer.baseAddress, count, Int32(ImageLimits.maxJPEGScans),
                Int32(ImageLimits.maxJPEGScanPasses))
            initialized = count  // UInt8 needs no initialisation to be valid
        }
        try check(status)
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The one place a shim status becomes an `ImageCodecError`.
    private func check(_ status: Int32) throws(ImageCodecError) {
        guard status != CIMAGESHIMS_OK.rawValue else { return }
        let reason = String(cString: cimageshims_jpeg_message(handle))
        switch UInt32(bitPattern: status) {
        case CIMAGESHIMS_TRUNCATED.rawValue: throw .truncated(source: source, format: .jpeg, reason: reason)
        case CIMAGESHIMS_CORRUPT.rawValue: throw .corrupt(source: source, format: .jpeg, reason: reason)
        case CIMAGESHIMS_TOO_LARGE.rawValue: throw .tooLarge(source: source, reason: reason)
        case CIMAGESHIMS_UNSUPPORTED.rawValue: throw .unsupported(source: source, format: .jpeg, reason: reason)
        default: throw .internalFailure(source: source, reason: reason)
        }
    }

    /// The numerator M of the smallest libjpeg scale M/8 (M in 1, 2, 4, 8) whose output
    /// long side, ceil(longSide × M / 8), is at least `minLongSide`; 8 when none is or
    /// when `minLongSide` is nil. Only the power-of-two scales: libjpeg-turbo has fast
    /// inverse DCTs for those, and the odd ones decode slower than full size (measured:
    /// 7/8 of a 4000×3000 photo took 80 ms of CPU, 8/8 56 ms, 2/8 28 ms).
    static func scaleNumerator(longSide: Int, minLongSide: Int?) -> Int {
        guard let minLongSide else { return 8 }
        return [1, 2, 4, 8].first { (longSide * $0 + 7) / 8 >= minLongSide } ?? 8
    }
}
