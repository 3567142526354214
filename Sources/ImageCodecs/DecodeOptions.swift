// Offers: `DecodeOptions` (how large a picture the caller needs) and `ImageLimits`
// (the sizes refused before any allocation).

/// How to decode.
public struct DecodeOptions: Sendable, Equatable {
    /// The smallest long side (in pixels) the caller can work with, or nil for full size.
    ///
    /// JPEG decodes with libjpeg's DCT scaling at the smallest M/8 (M in 1...8) whose
    /// output long side is still at least `minLongSide`, which is several times faster
    /// than decoding a 12-megapixel photo and shrinking it. When even 8/8 is smaller,
    /// the full size is returned. PNG always decodes at full size.
    public var minLongSide: Int?

    public init(minLongSide: Int? = nil) {
        self.minLongSide = minLongSide
    }
}

/// Sizes refused before any pixel memory is allocated, checked on the stored size.
public enum ImageLimits {
    /// At most 100 megapixels (width × height).
    public static let maxPixels = 100_000_000
    /// At most 30,000 pixels a side.
    public static let maxSide = 30_000
    /// At most 512 MiB of encoded input read from a file or standard input.
    public static let maxInputBytes = 512 << 20

    /// Nil when `width`×`height` is acceptable, else the reason it is not.
    static func violation(width: Int, height: Int) -> String? {
        if width > maxSide || height > maxSide {
            return "\(width)x\(height) pixels, more than \(maxSide) on a side"
        }
        if width * height > maxPixels {
            return "\(width)x\(height) pixels, more than \(maxPixels / 1_000_000) megapixels"
        }
        return nil
    }
}
