// Offers: `ImageDecoder`, the entry point: bytes or a file in, an upright 8-bit RGB
// picture out. Sniffs the format (PNG, JPEG, HEIF, AVIF, WebP), checks limits before
// allocating, reads EXIF orientation, decodes (JPEG with DCT scaling, WebP with
// libwebp's scaler, HEIF/AVIF shrunk after decoding), and turns the picture upright.
internal import CImageShims
import Raster

/// Decodes PNG, JPEG, HEIC/HEIF, AVIF and WebP into upright 8-bit RGB.
///
/// Thread-safe: every call owns its own libjpeg, libpng, libheif or libwebp state.
public enum ImageDecoder {
    /// Decodes an encoded image held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole file; the format is sniffed from its first bytes.
    ///   - source: the name used in error messages (a path, or "<stdin>").
    ///   - options: see `DecodeOptions.minLongSide` for decoding at a smaller size.
    /// - Returns: the picture upright, alpha over white. PNG, JPEG and WebP are turned
    ///   by their EXIF orientation; HEIF and AVIF by their `irot`/`imir` properties only
    ///   (their EXIF orientation is reported but never applied on top).
    /// - Throws: `ImageCodecError`: `.empty`, `.unknownFormat`, `.otherFormat` (a GIF,
    ///   TIFF, ... named with a conversion to suggest), `.truncated`, `.corrupt`,
    ///   `.unsupported`, `.tooLarge` (checked on the stored size before any pixel
    ///   memory is allocated), `.internalFailure`.
    public static func decode(
        _ bytes: [UInt8], source: String, options: DecodeOptions = .init()
    )
        throws(ImageCodecError) -> DecodedImage
    {
        guard !bytes.isEmpty else { throw .empty(source: source) }
        guard let format = ImageFormat(sniffing: bytes) else {
            if let format = ImageFormat.truncatedSignature(bytes) {
                throw .truncated(source: source, format: format, reason: "only \(bytes.count) bytes")
            }
            if let other = OtherImageFormat(sniffing: bytes) { throw .otherFormat(source: source, format: other) }
            let head = bytes.prefix(4).map { hex($0) }.joined(separator: " ")
            throw .unknownFormat(source: source, reason: "starts with \(head)")
        }
        var decoded: DecodedImage
        switch format {
        case .jpeg: decoded = try decodeJPEG(bytes, source: source, options: options)
        case .png: decoded = try decodePNG(bytes, source: source)
        case .webp: decoded = try decodeWebP(bytes, source: source, options: options)
        case .heif, .avif:
            mapLargeBlocks()
            return try decodeHEIF(bytes, source: source, format: format, options: options)
        }
        let orientation = ExifOrientation.find(in: bytes, format: format)
        decoded.exifOrientation = orientation
        decoded.image = decoded.image.applyingExifOrientation(orientation)
        return decoded
    }

    /// From the first HEIF or AVIF decode on, blocks of `mappedBlockBytes` or
    /// more get pages of their own, returned when freed. glibc's malloc starts
    /// so (at 128 KiB) but raises the threshold to the size of each such block
    /// freed (up to 32 MiB): after libheif's decoder frees its working memory
    /// (about 57 MB for a 12-megapixel HEVC frame), the scan's pictures come
    /// from the heap, around holes that stay in the process. Measured with GNU
    /// time, `scan` of TestImages/formats/photo-iphone14.heic: peak memory
    /// 153.6 MB with glibc's moving threshold, 131.2 with 128 KiB, 131.4 with
    /// 256 KiB, 131.8 with 1 MiB, 138.9 with 4 MiB, 160.9 with 16 MiB;
    /// `malloc_trim` after each decode instead left it at 156. Not set for
    /// other formats: on every photo it costs page faults (`scripts/bench-phone`,
    /// 256 KiB from the start, against without: the 640x480 photo's CPU 1.06
    /// times, a 12-megapixel JPEG's 1.01 times, its peak memory the same).
    static let mappedBlockBytes: Int32 = 256 << 10

    private static func mapLargeBlocks() { cimageshims_map_blocks_from(mappedBlockBytes) }

    /// Reads and decodes the file at `path` (used as the source name in errors).
    /// - Throws: `ImageCodecError.cannotOpen` when the file cannot be read, else as `decode`.
    public static func decodeFile(
        atPath path: String, options: DecodeOptions = .init()
    )
        throws(ImageCodecError) -> DecodedImage
    {
        let bytes = try FileBytes.read(atPath: path)
        return try decode(bytes, source: path, options: options)
    }

    // MARK: - Formats

    private static func decodeJPEG(
        _ bytes: [UInt8], source: String, options: DecodeOptions
    )
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
                return .success(
                    DecodedImage(
                        image: image, format: .jpeg, exifOrientation: 1, storedWidth: width,
                        storedHeight: height, scaleNumerator: m / g, scaleDenominator: 8 / g))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decodePNG(_ bytes: [UInt8], source: String) throws(ImageCodecError) -> DecodedImage {
        // Refuse absurd sizes before libpng sees them (libpng's own limit is 1,000,000 a side).
        if let size = PNGReader.ihdrSize(bytes),
            let problem = ImageLimits.violation(width: size.width, height: size.height)
        {
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
                return .success(
                    DecodedImage(
                        image: image, format: .png, exifOrientation: 1, storedWidth: width,
                        storedHeight: height))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func decodeWebP(
        _ bytes: [UInt8], source: String, options: DecodeOptions
    )
        throws(ImageCodecError) -> DecodedImage
    {
        if let declared = riffSize(bytes), declared > bytes.count {
            throw .truncated(
                source: source, format: .webp,
                reason: "\(bytes.count) of the \(declared) bytes its RIFF header declares")
        }
        return try bytes.withUnsafeBufferPointer { data throws(ImageCodecError) -> DecodedImage in
            let features = try WebPReader.features(data, source: source)
            let width = features.width, height = features.height
            if let problem = ImageLimits.violation(width: width, height: height) {
                throw .tooLarge(source: source, reason: problem)
            }
            if features.hasAnimation {
                throw .unsupported(source: source, format: .webp, reason: "an animated WebP; save one frame as a still")
            }
            // The same M/8 steps as JPEG's DCT scaling, made by libwebp's scaler while decoding.
            let m = JPEGDecompressor.scaleNumerator(longSide: max(width, height), minLongSide: options.minLongSide)
            let image = try WebPReader.decodeRGB(
                data, source: source, features: features,
                width: (width * m + 7) / 8, height: (height * m + 7) / 8)
            let g = gcd(m, 8)
            return DecodedImage(
                image: image, format: .webp, exifOrientation: 1, storedWidth: width,
                storedHeight: height, scaleNumerator: m / g, scaleDenominator: 8 / g)
        }
    }

    /// HEIF and AVIF: libheif turns the picture by the file's irot/imir (and crops by
    /// clap) while decoding, so no EXIF orientation is applied here. There is no scaled
    /// decode, so with `minLongSide` the full picture is shrunk by a box filter (the
    /// same 1/2, 1/4, 1/8 steps as JPEG), which also keeps the returned picture small.
    private static func decodeHEIF(
        _ bytes: [UInt8], source: String, format: ImageFormat, options: DecodeOptions
    )
        throws(ImageCodecError) -> DecodedImage
    {
        if let cut = cutBox(bytes) {
            throw .truncated(source: source, format: format, reason: cut)
        }
        return try bytes.withUnsafeBufferPointer { data throws(ImageCodecError) -> DecodedImage in
            let heif = try HEIFReader(source: source, format: format)
            try heif.readHeader(data)
            for (w, h) in [(heif.width, heif.height), (heif.storedWidth, heif.storedHeight)] {
                if let problem = ImageLimits.violation(width: w, height: h) {
                    throw .tooLarge(source: source, reason: problem)
                }
            }
            let m = JPEGDecompressor.scaleNumerator(
                longSide: max(heif.width, heif.height),
                minLongSide: options.minLongSide)
            let image = try heif.decodeRGB(shrink: 8 / m)
            return DecodedImage(
                image: image, format: format, exifOrientation: heif.exifOrientation(maxBytes: data.count),
                storedWidth: heif.storedWidth, storedHeight: heif.storedHeight,
                scaleNumerator: 1, scaleDenominator: 8 / m)
        }
    }

    /// The whole file size a RIFF header declares ("RIFF", size, form type), or nil.
    static func riffSize(_ b: [UInt8]) -> Int? {
        guard b.count >= 8 else { return nil }
        return 8 + (Int(b[4]) | Int(b[5]) << 8 | Int(b[6]) << 16 | Int(b[7]) << 24)
    }

    /// Why `b` looks cut: a top-level ISO-BMFF box runs past its end ("the file ends
    /// inside its 'mdat' box"), or nothing follows the `ftyp` box; nil otherwise. libheif reports such a cut
    /// inconsistently (as
    /// a missing box, or as a decoder error when the cut is in the coded data).
    /// A file that holds nothing but its `ftyp` box counts as cut after it.
    static func cutBox(_ b: [UInt8]) -> String? {
        var i = 0, boxes = 0
        while i + 8 <= b.count {
            boxes += 1
            var size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            let type = String(decoding: b[(i + 4)..<(i + 8)].map { (32...126).contains($0) ? $0 : 63 }, as: UTF8.self)
            if size == 1 {  // a 64-bit size follows the type
                guard i + 16 <= b.count else { return "the file ends inside its '\(type)' box" }
                size = b[(i + 8)..<(i + 16)].reduce(0) { $0 > Int.max >> 9 ? Int.max : $0 << 8 | Int($1) }
            } else if size == 0 {
                return nil  // the box runs to the end of the file
            }
            guard size >= 8 else { return nil }  // malformed: libheif explains
            if size > b.count - i { return "the file ends inside its '\(type)' box" }
            i += size
            if i == b.count, boxes == 1, type == "ftyp" { return "the file ends after its 'ftyp' box" }
        }
        return i < b.count ? "the file ends inside a box header" : nil
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }
}
