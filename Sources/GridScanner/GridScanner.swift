// Offers: `GridScanner`, the pipeline from a photo to a `ScanResult`: decode,
// propose framings, cut cells, and (with a reader) read, choose and repair.

#if canImport(Glibc)
import Glibc
#endif
import Geometry
import GridVision
import ImageCodecs
import Raster

/// Settings of a scan.
public struct ScanOptions: Sendable {
    /// Photos larger than this (long side, pixels) are decoded smaller through
    /// libjpeg's DCT scaling.
    public var decodeLongSide = 1000
    /// Produce overlay pictures in `ScanResult.debugImages`.
    public var debug = false
    public init() {}
}

/// Scans photos one at a time. Not thread-safe: give each worker task its own.
public final class GridScanner {
    public let options: ScanOptions
    let locator = GridLocator()
    let extractor = CellExtractor()

    public init(options: ScanOptions = ScanOptions()) {
        self.options = options
    }

    /// Reads and scans the file at `path`; errors become a result with status `error`.
    public func scan(path: String) -> ScanResult {
        let start = Self.now()
        var result: ScanResult
        do {
            let bytes = try FileBytes.read(atPath: path)
            result = scan(bytes: bytes, source: path)
        } catch {
            result = ScanResult(file: path, status: .error)
            result.error = error.description
            result.errorIsCannotOpen = error.isCannotOpen
        }
        result.milliseconds = Self.now() - start
        return result
    }

    /// Decodes and scans an encoded photo.
    public func scan(bytes: [UInt8], source: String) -> ScanResult {
        let start = Self.now()
        var result: ScanResult
        do {
            let decoded = try ImageDecoder.decode(bytes, source: source,
                                                  options: DecodeOptions(minLongSide: options.decodeLongSide))
            result = scan(image: decoded.image, source: source, scale: decoded.scale)
        } catch {
            result = ScanResult(file: source, status: .error)
            result.error = error.description
            result.errorIsCannotOpen = error.isCannotOpen
        }
        result.milliseconds = Self.now() - start
        return result
    }

    /// Scans an upright photo. Coordinates in the result are multiplied by
    /// `1 / scale`, so they refer to the photo at its stored size when it was
    /// decoded at `scale`.
    public func scan(image: RGBImage, source: String, scale: Double = 1) -> ScanResult {
        let start = Self.now()
        let gray = image.grayscale()
        let candidates = locator.locate(gray)
        var result = ScanResult(file: source, status: candidates.isEmpty ? .noGrid : .located)
        let toStored = 1 / scale
        result.candidateQuads = candidates.map { Quad($0.quad.corners.map { $0 * toStored }) }
        if let best = candidates.first {
            result.corners = Quad(best.quad.corners.map { $0 * toStored })
            if options.debug, let cells = extractor.extract(from: gray, quad: best.quad) {
                result.debugImages.append(("cells", Overlay.cellSheet(cells)))
            }
        }
        if options.debug { result.debugImages.insert(("framings", framingOverlay(image, candidates, chosen: candidates.first?.quad)), at: 0) }
        result.milliseconds = Self.now() - start
        return result
    }

    /// The photo with every candidate framing (thin, orange) and the chosen one (thick, green).
    func framingOverlay(_ image: RGBImage, _ candidates: [GridCandidate], chosen: Quad?) -> RGBImage {
        var picture = image
        let thick = max(3, min(image.width, image.height) / 150)
        for c in candidates { Overlay.quad(&picture, c.quad, colour: Overlay.orange, thickness: max(1, thick / 3)) }
        if let chosen { Overlay.quad(&picture, chosen, colour: Overlay.green, thickness: thick) }
        return picture
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) / 1e6
    }
}
