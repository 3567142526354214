// Offers: `ImageFormat` (PNG, JPEG) and sniffing a format from magic bytes.
// The file name is never consulted: a PNG called photo.jpg is a PNG.

/// The encoded formats ImageCodecs decodes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg

    /// "PNG" or "JPEG", for messages.
    public var displayName: String { rawValue.uppercased() }

    /// The bytes every file of this format starts with.
    public var magic: [UInt8] {
        switch self {
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .jpeg: [0xFF, 0xD8, 0xFF]  // SOI, then the first marker's 0xFF
        }
    }

    /// The format whose magic bytes `bytes` starts with, or nil.
    public init?(sniffing bytes: [UInt8]) {
        guard let format = ImageFormat.allCases.first(where: { bytes.starts(with: $0.magic) }) else { return nil }
        self = format
    }

    /// The format whose magic bytes `bytes` is a proper, non-empty prefix of: a file cut
    /// off inside its signature, reported as truncated rather than as unknown.
    static func truncatedSignature(_ bytes: [UInt8]) -> ImageFormat? {
        guard !bytes.isEmpty else { return nil }
        return ImageFormat.allCases.first { bytes.count < $0.magic.count && $0.magic.starts(with: bytes) }
    }
}
