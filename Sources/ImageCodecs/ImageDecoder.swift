// Offers: `ImageDecoder`, the entry point: bytes or a file in, an upright 8-bit RGB
// picture out. Sniffs the format, checks limits before allocating, reads EXIF
// orientation, decodes (JPEG with DCT scaling), and turns the picture upright.
internal import CImageShims
import Raster

/// Decodes PNG and JPEG into upright 8-bit RGB.
///
/// Thread-safe: every call owns its own libjpeg or libpng state.
public enum ImageDecoder {
    /// Decodes an encoded image held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole file; the format is sniffed from its magic bytes.
    ///   - source: the name used in error messages (a path, or "<stdin>").
    ///   - options: see `DecodeOptions.minLongSide` for JPEG DCT scaling.
    /// - Returns: the picture upright (EXIF orientation applied), alpha over white.
    /// - Throws: `ImageCodecError`: `.empty`, `.unknownFormat`, `.truncated`, `.corrupt`,
    ///   `.unsupported`, `.tooLarge` (checked on the stored size before any pixel
    ///   memory is allocated), `.internalFailure`.
    public static func decode(_ bytes: [UInt8], source: String, options: DecodeOptions = .init())
        throws(ImageCodecError) -> DecodedImage
    {
        guard !bytes.isEmpty else { throw .empty(source: source) }
        guard let format = ImageFormat(sniffing: bytes) else {
            if let format = ImageFormat.truncatedSignature(bytes) {
                throw .truncated(source: source, format: format, reason: "only \(bytes.count) bytes")
            }
            let head = bytes.prefix(4).map { hex($0) }.joined(separator: " ")
            throw .unknownFormat(source: source, reason: "starts with \(head)")
        }
        let orientation = ExifOrientation.find(in: bytes, format: format)
        var decoded: DecodedImage
        switch format {
        case .jpeg: decoded = try decodeJPEG(bytes, source: source, options: options)
        case .png: decoded = try decodePNG(bytes, source: source)
        }
        decoded.exifOrientation = orientation
        decoded.image = decoded.image.applyingExifOrientation(orientation)
        return decoded
    }

    /// Reads and decodes the file at `path` (used as the source name in errors).
    /// - Throws: `ImageCodecError.cannotOpen` when the file cannot be read, else as `decode`.
    public static func decodeFile(atPath path: String, options: DecodeOptions = .init())
        throws(ImageCodecError) -> DecodedImage
    {
        let bytes = try FileBytes.read(atPath: path)
        return try decode(bytes, source: path, options: options)
    }

    // MARK: - Formats

    private static func decodeJPEG(_ bytes: [UInt8], source: String, options: DecodeOptions)
        throws(ImageCodecError) -> DecodedImage
    {
        let result: Result<DecodedImage, ImageCodecError> = bytes.withUnsafeBufferPointer { data in
            do throws(ImageCodecError) {
                let jpeg = try JPEGDecompressor(source: source)
                let header = try jpeg.readHeader(data)
                let width = Int(header.width), height = Int(header.height)
                if let problem = ImageLimits.violation(width: width, height: height) {
                    throw .tooLarge(source: source, reason: problem)
                }
                let m = JPEGDecompressor.scaleNumerator(longSide: max(width, height), minLongSide: options.minLongSide)
                let size = try jpeg.setScale(m)
                let image = try jpeg.decodeRGB(width: size.width, height: size.height)
                let g = gcd(m, 8)
                return .success(DecodedImage(image: image, format: .jpeg, exifOrientation: 1, storedWidth: width,
                                             storedHeight: height, scaleNumerator: m / g, scaleDenominator: 8 / g))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decodePNG(_ bytes: [UInt8], source: String) throws(ImageCodecError) -> DecodedImage {
        // Refuse absurd sizes before libpng sees them (libpng's own limit is 1,000,000 a side).
        if let size = PNGReader.ihdrSize(bytes), let problem = ImageLimits.violation(width: size.width, height: size.height) {
            throw .tooLarge(source: source, reason: problem)
        }
        let result: Result<DecodedImage, ImageCodecError> = bytes.withUnsafeBufferPointer { data in
            do throws(ImageCodecError) {
                let png = try PNGReader(source: source)
                let header = try png.readHeader(data)
                let width = Int(header.width), height = Int(header.height)
                if let problem = ImageLimits.violation(width: width, height: height) {
                    throw .tooLarge(source: source, reason: problem)
                }
                let image = try png.decodeRGB(width: width, height: height)
                return .success(DecodedImage(image: image, format: .png, exifOrientation: 1, storedWidth: width,
                                             storedHeight: height))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
