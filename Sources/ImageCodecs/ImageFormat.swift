// Offers: `ImageFormat` (PNG, JPEG, HEIF, AVIF, WebP) and sniffing a format from its
// first bytes; `OtherImageFormat`, the formats sudokit recognises only to name them.
// The file name is never consulted: a PNG called photo.jpg is a PNG.

/// The encoded formats ImageCodecs decodes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg
    /// HEIC/HEIF (HEVC-coded images in an ISO-BMFF file, as phones write them).
    case heif
    /// AVIF (AV1-coded images in the same container as HEIF).
    case avif
    case webp

    /// "PNG", "JPEG", "HEIF", "AVIF" or "WebP", for messages.
    public var displayName: String {
        switch self {
        case .webp: "WebP"
        default: rawValue.uppercased()
        }
    }

    /// Whether the EXIF orientation tag turns the picture. False for HEIF and AVIF:
    /// their `irot` and `imir` properties are authoritative (libheif applies them) and
    /// an EXIF orientation inside is informational only, so it is never applied twice.
    public var appliesExifOrientation: Bool {
        switch self {
        case .png, .jpeg, .webp: true
        case .heif, .avif: false
        }
    }

    /// The bytes every file of this format starts with (for HEIF and AVIF, which start
    /// with a box size, the `ftyp` box type at offset 4 is checked by `init(sniffing:)`).
    public var magic: [UInt8] {
        switch self {
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .jpeg: [0xFF, 0xD8, 0xFF]  // SOI, then the first marker's 0xFF
        case .webp: Array("RIFF".utf8)  // then a 4-byte size and "WEBP"
        case .heif, .avif: []
        }
    }

    /// The major brands of an ISO-BMFF `ftyp` box that mean HEIF (HEVC stills and
    /// sequences, and the structural brands mif1/msf1) and AVIF.
    static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// The format `bytes` starts like, or nil.
    ///
    /// PNG and JPEG by their signature; WebP by `RIFF` then `WEBP` at offset 8; HEIF
    /// and AVIF by an `ftyp` box at offset 4 whose major brand (or, for `mif1`/`msf1`
    /// files, a compatible brand) names them.
    public init?(sniffing bytes: [UInt8]) {
        if bytes.starts(with: ImageFormat.png.magic) {
            self = .png
            return
        }
        if bytes.starts(with: ImageFormat.jpeg.magic) {
            self = .jpeg
            return
        }
        if bytes.count >= 12, bytes.starts(with: ImageFormat.webp.magic), bytes[8..<12].elementsEqual("WEBP".utf8) {
            self = .webp
            return
        }
        guard let format = ImageFormat.isoBMFFFormat(bytes) else { return nil }
        self = format
    }

    /// HEIF or AVIF from an `ftyp` box at offset 4, or nil. A file whose major brand
    /// is the generic `mif1`/`msf1` is AVIF when `avif`/`avis` is among its compatible
    /// brands, else HEIF.
    static func isoBMFFFormat(_ b: [UInt8]) -> ImageFormat? {
        guard b.count >= 12, b[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let major = String(decoding: b[8..<12], as: UTF8.self)
        if avifBrands.contains(major) { return .avif }
        guard heifBrands.contains(major) else { return nil }
        if major == "mif1" || major == "msf1" {
            // Compatible brands follow the minor version, up to the end of the box.
            let boxSize = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
            var i = 16
            while i + 4 <= min(boxSize, b.count) {
                if avifBrands.contains(String(decoding: b[i..<(i + 4)], as: UTF8.self)) { return .avif }
                i += 4
            }
        }
        return .heif
    }

    /// The format whose magic bytes `bytes` is a proper, non-empty prefix of: a file cut
    /// off inside its signature, reported as truncated rather than as unknown.
    static func truncatedSignature(_ bytes: [UInt8]) -> ImageFormat? {
        guard !bytes.isEmpty else { return nil }
        if let format = ImageFormat.allCases.first(where: {
            !$0.magic.isEmpty && bytes.count < $0.magic.count && $0.magic.starts(with: bytes)
        }) {
            return format
        }
        // "RIFF" and its size, cut before the "WEBP" form type could be read.
        if bytes.count < 12, bytes.starts(with: ImageFormat.webp.magic) { return .webp }
        // A box size, then "ftyp" cut before the brand: HEIF or AVIF, called HEIF.
        if bytes.count >= 5, bytes.count < 12, Array("ftyp".utf8).starts(with: bytes[4..<min(8, bytes.count)]) {
            return .heif
        }
        return nil
    }
}

/// Image formats sudokit recognises by their first bytes but does not decode, so that
/// an error can name the format and suggest a conversion.
public enum OtherImageFormat: String, Sendable, CaseIterable {
    case gif, bmp, tiff, jpegXL, jpeg2000, pdf, ico, psd, qoi, pnm

    /// The name used in "a NAME image" or "a NAME file".
    public var displayName: String {
        switch self {
        case .gif: "GIF"
        case .bmp: "BMP"
        case .tiff: "TIFF"
        case .jpegXL: "JPEG XL"
        case .jpeg2000: "JPEG 2000"
        case .pdf: "PDF"
        case .ico: "Windows icon (ICO)"
        case .psd: "Photoshop (PSD)"
        case .qoi: "QOI"
        case .pnm: "Netpbm (PBM/PGM/PPM)"
        }
    }

    /// Whether the file is a document rather than an image ("a PDF file").
    public var isDocument: Bool { self == .pdf }

    /// A command that converts `source` to a PNG sudokit reads, for the error message:
    /// ImageMagick's `convert` (the first page at 300 dpi for a PDF), `djxl` for JPEG XL.
    public func conversionCommand(source: String) -> String {
        let input = source == "<stdin>" ? "-" : source
        var stem = source == "<stdin>" ? "photo" : source
        if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") { stem = String(stem[..<dot]) }
        var output = stem + ".png"
        if output == source { output = stem + "-converted.png" }
        switch self {
        case .jpegXL: return "djxl \(Self.quoted(input)) \(Self.quoted(output))"
        case .pdf:
            return "convert -density 300 \(Self.quoted(input + (input == "-" ? "" : "[0]"))) \(Self.quoted(output))"
        default: return "convert \(Self.quoted(input)) \(Self.quoted(output))"
        }
    }

    /// `word` as one shell word: unchanged when it is plain, else in single quotes.
    static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./+,=:".unicodeScalars.contains($0)
        }
        if plain && !word.isEmpty { return word }
        return "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The format whose signature `bytes` starts with, or nil.
    public init?(sniffing b: [UInt8]) {
        func starts(_ s: String) -> Bool { b.starts(with: Array(s.utf8)) }
        if starts("GIF87a") || starts("GIF89a") {
            self = .gif
            return
        }
        if starts("BM"), b.count >= 14, b[6..<10].allSatisfy({ $0 == 0 }) {
            self = .bmp
            return
        }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            self = .tiff
            return
        }
        if b.starts(with: [0xFF, 0x0A])
            || b.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
        {
            self = .jpegXL
            return
        }
        if b.starts(with: [0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
            || b.starts(with: [0xFF, 0x4F, 0xFF, 0x51])
        {
            self = .jpeg2000
            return
        }
        if starts("%PDF-") {
            self = .pdf
            return
        }
        if b.starts(with: [0, 0, 1, 0]), b.count >= 6 {
            self = .ico
            return
        }
        if starts("8BPS") {
            self = .psd
            return
        }
        if starts("qoif") {
            self = .qoi
            return
        }
        if b.count >= 3, b[0] == 0x50, (0x31...0x36).contains(b[1]), [0x0A, 0x0D, 0x20, 0x09].contains(b[2]) {
            self = .pnm
            return
        }
        return nil
    }
}
