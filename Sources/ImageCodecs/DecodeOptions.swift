// Offers: `DecodeOptions` (how large a picture the caller needs) and `ImageLimits`
// (the sizes refused before any allocation, and the scan count of a JPEG).

/// How to decode.
public struct DecodeOptions: Sendable, Equatable {
    /// The smallest long side (in pixels) the caller can work with, or nil for full size.
    ///
    /// JPEG decodes with libjpeg's DCT scaling at the smallest M/8 (M in 1...8) whose
    /// output long side is still at least `minLongSide`, which is several times faster
    /// than decoding a 12-megapixel photo and shrinking it. When even 8/8 is smaller,
    /// the full size is returned. WebP decodes at the same M/8 sizes through libwebp's
    /// scaler, without a full-size buffer. HEIF and AVIF (libheif has no scaled decode)
    /// decode at full size and are then shrunk by a box filter to 1/2, 1/4 or 1/8 by
    /// the same rule, so the picture handed on is as small as a JPEG's. PNG always
    /// decodes at full size.
    public var minLongSide: Int?

    public init(minLongSide: Int? = nil) {
        self.minLongSide = minLongSide
    }
}

/// What a decode refuses. Sizes are checked on the stored size before any pixel
/// memory is allocated, so decoding needs at most about 3 bytes a pixel for the
/// picture plus the library's working memory (see the README's Formats section).
public enum ImageLimits {
    /// At most 100 megapixels (width × height).
    public static let maxPixels = 100_000_000
    /// At most 30,000 pixels a side.
    public static let maxSide = 30_000
    /// At most 512 MiB of encoded input read from a file or standard input.
    public static let maxInputBytes = 512 << 20
    /// At most 1,000 scans (SOS markers) in a JPEG; a progressive file has about
    /// 10. Each scan is a pass over every 8x8 block of its components however few
    /// bytes it holds, so without a limit a small file could keep the decoder busy
    /// for minutes. The scan past the limit is refused before its data is decoded,
    /// with `.tooLarge`.
    public static let maxJPEGScans = 1_000
    /// At most 100 passes over the picture: the blocks all scans of a JPEG cover
    /// together may be at most 100 times the picture's blocks (all components).
    /// Common progressive files make 5 to 10; this bounds the decode at about 100
    /// times one pass even for a picture at the pixel limit, where 1,000 scans of
    /// a 300 KB file took 18 s.
    public static let maxJPEGScanPasses = 100

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
