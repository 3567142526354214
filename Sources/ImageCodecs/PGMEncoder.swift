// Offers: `PGMEncoder`, a grey raster as binary PGM (netpbm P5) bytes: the one
// picture format any script reads without a library (glyph exports, fixtures).
import Raster

/// Encodes grey rasters as binary PGM: the header `P5\nW H\n255\n`, then the
/// samples row by row, top first, one byte each.
public enum PGMEncoder {
    /// PGM bytes for `image` (an empty raster gives a header and no samples).
    public static func encode(_ image: GrayImage) -> [UInt8] {
        Array("P5\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels
    }
}
