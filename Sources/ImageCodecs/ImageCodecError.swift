// Offers: `ImageCodecError`, the one error type of ImageCodecs, and its `Kind`.
// Every case names its source (a path, or a name such as "<stdin>") so that the
// one-line description is a complete message: "photo.jpg: truncated JPEG: ...".

/// Why an image could not be read, decoded or encoded.
///
/// `cannotOpen` means the input never reached the decoder (missing file, no
/// permission, a directory): a command-line front end reports it as "cannot open
/// input" (exit 66). Every other decoding case means the bytes were read but are not
/// a usable image (exit 65). `internalFailure` is a bug or an allocation failure.
public enum ImageCodecError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read: missing, unreadable, a directory.
    case cannotOpen(source: String, reason: String)
    /// The input holds zero bytes.
    case empty(source: String)
    /// The first bytes are those of no format ImageCodecs knows.
    case unknownFormat(source: String, reason: String)
    /// The first bytes are those of a known image format ImageCodecs does not decode
    /// (GIF, BMP, TIFF, JPEG XL, ...); the message suggests a conversion.
    case otherFormat(source: String, format: OtherImageFormat)
    /// The data ends before the image does.
    case truncated(source: String, format: ImageFormat, reason: String)
    /// The decoder rejected the data (bad CRC, bad Huffman code, bad marker, ...).
    case corrupt(source: String, format: ImageFormat, reason: String)
    /// Valid data in a variant this module does not decode.
    case unsupported(source: String, format: ImageFormat, reason: String)
    /// Refused before allocating: see `ImageLimits`.
    case tooLarge(source: String, reason: String)
    /// The PNG encoder failed (empty raster, libpng error).
    case encodingFailed(reason: String)
    /// Out of memory, or the C shim reported misuse (a bug here).
    case internalFailure(source: String, reason: String)

    /// The case without its associated values, for switching and tests.
    public enum Kind: String, Sendable, CaseIterable {
        case cannotOpen, empty, unknownFormat, otherFormat, truncated, corrupt, unsupported, tooLarge, encodingFailed,
            internalFailure
    }

    public var kind: Kind {
        switch self {
        case .cannotOpen: .cannotOpen
        case .empty: .empty
        case .unknownFormat: .unknownFormat
        case .otherFormat: .otherFormat
        case .truncated: .truncated
        case .corrupt: .corrupt
        case .unsupported: .unsupported
        case .tooLarge: .tooLarge
        case .encodingFailed: .encodingFailed
        case .internalFailure: .internalFailure
        }
    }

    /// The file path or source name the error is about ("PNG encoder" for encoding).
    public var source: String {
        switch self {
        case .cannotOpen(let s, _), .empty(let s), .unknownFormat(let s, _), .otherFormat(let s, _),
            .truncated(let s, _, _),
            .corrupt(let s, _, _), .unsupported(let s, _, _), .tooLarge(let s, _), .internalFailure(let s, _):
            s
        case .encodingFailed: "PNG encoder"
        }
    }

    /// True when the input could not be opened or read at all (as opposed to bad data).
    public var isCannotOpen: Bool { kind == .cannotOpen }

    /// The message without the source: "truncated JPEG: Premature end of JPEG file".
    public var reason: String {
        switch self {
        case .cannotOpen(_, let r): "cannot open: \(r)"
        case .empty: "empty file (0 bytes)"
        case .unknownFormat(_, let r): "not a PNG, JPEG, HEIF, AVIF or WebP image (\(r))"
        case .otherFormat(let s, let f):
            "a \(f.displayName) \(f.isDocument ? "file" : "image"), which sudokit does not read; "
                + "convert it first, for example: \(f.conversionCommand(source: s))"
        case .truncated(_, let f, let r): "truncated \(f.displayName): \(r)"
        case .corrupt(_, let f, let r): "corrupt \(f.displayName): \(r)"
        case .unsupported(_, let f, let r): "unsupported \(f.displayName): \(r)"
        case .tooLarge(_, let r): "image too large: \(r)"
        case .encodingFailed(let r): "cannot encode PNG: \(r)"
        case .internalFailure(_, let r): "internal decoder failure: \(r)"
        }
    }

    /// One line naming the source: "photo.jpg: truncated JPEG: Premature end of JPEG file".
    public var description: String { "\(source): \(reason)" }
}
