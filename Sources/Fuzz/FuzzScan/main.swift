// Fuzz target: the scan pipeline without reading (`ScanOptions.read = false`:
// decode, grid location, status `located` or `no-grid`) on tiny images. The
// bytes are decoded as `GridScanner.scan(bytes:source:)` does; pictures over
// `maxPixels` are left out, so that each run stays quick and the fuzzer
// explores the geometry rather than the decoders (FuzzImageDecode has those).
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import Geometry
import GridScanner
import ImageCodecs
import Raster

/// 320 x 240: the seeds are photos made that small.
let maxPixels = 76_800

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = ScanOptions()
    options.read = false
    guard let scanner = try? GridScanner(options: options) else {
        preconditionFailure("a scanner without a reader cannot fail")
    }
    guard
        let decoded = try? ImageDecoder.decode(
            bytes, source: "fuzz-input",
            options: DecodeOptions(minLongSide: options.decodeLongSide)),
        decoded.image.width * decoded.image.height <= maxPixels
    else { return 0 }
    let result = scanner.scan(image: decoded.image, source: "fuzz-input", scale: decoded.scale)
    precondition(result.status == .located || result.status == .noGrid, "status \(result.status) without reading")
    precondition((result.status == .located) == (result.corners != nil), "corners and status disagree")
    for quad in result.candidateQuads {
        precondition(quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a framing with a corner not finite")
    }
    return 0
}
