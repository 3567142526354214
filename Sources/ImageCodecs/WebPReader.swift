// Offers: `WebPReader`, reading a WebP's features (size, alpha, animation) before any
// pixel memory exists, and decoding lossy or lossless WebP to 8-bit RGB over white,
// directly at a smaller size with libwebp's scaler.
internal import CWebP
import Raster

/// WebP decoding through libwebp's advanced API (`WebPGetFeatures`, `WebPDecode` with
/// a `WebPDecoderConfig`). Every call owns its own config, so concurrent decodes are
/// independent; libwebp reports failures as `VP8StatusCode`, so no shim is needed.
enum WebPReader {
    struct Features {
        var width: Int
        var height: Int
        var hasAlpha: Bool
        var hasAnimation: Bool
    }

    /// The bitstream features (`WebPGetFeatures`): reads headers only.
    static func features(_ data: UnsafeBufferPointer<UInt8>, source: String) throws(ImageCodecError) -> Features {
        var f = WebPBitstreamFeatures()
        try check(WebPGetFeatures(data.baseAddress, data.count, &f), source: source, what: "reading the header")
        return Features(
            width: Int(f.width), height: Int(f.height), hasAlpha: f.has_alpha != 0,
            hasAnimation: f.has_animation != 0)
    }

    /// Decodes the (still) picture at `width`×`height`, which is either the stored size
    /// or a smaller one that libwebp's scaler makes while decoding (area averaging, so
    /// no full-size buffer exists). Alpha is composited over white.
    static func decodeRGB(
        _ data: UnsafeBufferPointer<UInt8>, source: String, features: Features, width: Int,
        height: Int
    ) throws(ImageCodecError) -> RGBImage {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .internalFailure(source: source, reason: "libwebp ABI version mismatch")
        }
        if width != features.width || height != features.height {
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(width)
            config.options.scaled_height = Int32(height)
        }
        let channels = features.hasAlpha ? 4 : 3
        config.output.colorspace = features.hasAlpha ? MODE_RGBA : MODE_RGB
        config.output.is_external_memory = 1
        let count = width * height * channels
        var status = VP8_STATUS_OK
        var samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(width * channels)
            config.output.u.RGBA.size = count
            status = WebPDecode(data.baseAddress, data.count, &config)
            initialized = count  // libwebp wrote every row, or the status says why not (then unused)
        }
        WebPFreeDecBuffer(&config.output)  // frees nothing for external memory; keeps the contract
        try check(status, source: source, what: "decoding")
        if features.hasAlpha {
            samples = overWhite(samples, pixels: width * height)
        }
        return RGBImage(width: width, height: height, pixels: samples)
    }

    /// Unpremultiplied RGBA to RGB over white: c × a + 255 × (255 − a), over 255, rounded.
    static func overWhite(_ rgba: [UInt8], pixels: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: pixels * 3) { out, initialized in
            for i in 0..<pixels {
                let a = Int(rgba[i * 4 + 3])
                for c in 0..<3 { out[i * 3 + c] = UInt8((Int(rgba[i * 4 + c]) * a + 255 * (255 - a) + 127) / 255) }
            }
            initialized = pixels * 3
        }
    }

    /// The one place a `VP8StatusCode` becomes an `ImageCodecError`.
    private static func check(_ status: VP8StatusCode, source: String, what: String) throws(ImageCodecError) {
        switch status {
        case VP8_STATUS_OK: return
        case VP8_STATUS_NOT_ENOUGH_DATA, VP8_STATUS_SUSPENDED:
            throw .truncated(source: source, format: .webp, reason: "the data ends before the picture (\(what))")
        case VP8_STATUS_BITSTREAM_ERROR:
            throw .corrupt(source: source, format: .webp, reason: "bad bitstream (\(what))")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            throw .unsupported(source: source, format: .webp, reason: "a feature libwebp cannot decode (\(what))")
        case VP8_STATUS_OUT_OF_MEMORY:
            throw .internalFailure(source: source, reason: "out of memory (\(what))")
        default:
            throw .internalFailure(source: source, reason: "libwebp status \(status.rawValue) (\(what))")
        }
    }
}
