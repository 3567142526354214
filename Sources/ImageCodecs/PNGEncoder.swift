// Offers: `PNGEncoder`, 8-bit RGB and grey rasters to PNG bytes (for overlay
// pictures and debugging output).
internal import CImageShims
import Raster

/// Encodes rasters as non-interlaced 8-bit PNG (colour type 2 for RGB, 0 for grey).
public enum PNGEncoder {
    /// PNG bytes for an RGB raster (wraps `cimageshims_png_encode`).
    /// - Throws: `ImageCodecError.encodingFailed` for an empty raster or a libpng error.
    public static func encode(_ image: RGBImage) throws(ImageCodecError) -> [UInt8] {
        try encode(image.pixels, width: image.width, height: image.height, channels: 3)
    }

    /// PNG bytes for a grey raster (wraps `cimageshims_png_encode`).
    /// - Throws: `ImageCodecError.encodingFailed` for an empty raster or a libpng error.
    public static func encode(_ image: GrayImage) throws(ImageCodecError) -> [UInt8] {
        try encode(image.pixels, width: image.width, height: image.height, channels: 1)
    }

    private static func encode(
        _ pixels: [UInt8], width: Int, height: Int, channels: Int
    )
        throws(ImageCodecError) -> [UInt8]
    {
        guard width > 0, height > 0 else {
            throw .encodingFailed(reason: "empty raster (\(width)x\(height))")
        }
        guard width <= ImageLimits.maxSide, height <= ImageLimits.maxSide else {
            throw .encodingFailed(reason: "\(width)x\(height) is larger than \(ImageLimits.maxSide) on a side")
        }
        var buffer = cimageshims_buffer()
        var message = [CChar](repeating: 0, count: 256)
        let status = pixels.withUnsafeBufferPointer { p in
            cimageshims_png_encode(
                p.baseAddress, Int32(width), Int32(height), Int32(channels), &buffer,
                &message, message.count)
        }
        defer { cimageshims_free(buffer.data) }
        guard status == CIMAGESHIMS_OK.rawValue, let data = buffer.data else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .encodingFailed(reason: reason)
        }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
