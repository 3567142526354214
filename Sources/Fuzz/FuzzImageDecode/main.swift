// Fuzz target: `ImageDecoder.decode` on any bytes: the format sniffed, EXIF,
// the size limits, libpng and libjpeg through the C shim, libheif (HEIC/HEIF,
// AVIF) and libwebp. Every input must
// decode or throw an `ImageCodecError` (not an internal failure, its message one
// plain line); a trap, a sanitizer report, a leak, or a decode past libFuzzer's
// -timeout or -rss_limit_mb is a bug.
// No top-level code: under --sanitize=fuzzer SwiftPM compiles this file as a
// library and libFuzzer supplies main (see scripts/fuzz).
import ImageCodecs
import Raster

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let decoded = try ImageDecoder.decode(bytes, source: "fuzz-input")
        let image = decoded.image
        precondition(
            image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 3,
            "a decoded picture without pixels or with the wrong buffer size")
        precondition((1...8).contains(decoded.exifOrientation), "EXIF orientation \(decoded.exifOrientation)")
    } catch {
        precondition(isOneLine(error.description), "an error message that is not one plain line")
        precondition(error.kind != .internalFailure, "internal decoder failure: \(error)")
    }
    return 0
}

/// Whether `message` is one line that a terminal shows as it is: no control
/// character (C0, DEL, C1: a line end, an escape sequence) and no line separator.
func isOneLine(_ message: String) -> Bool {
    message.unicodeScalars.allSatisfy { s in
        switch s.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }
}
