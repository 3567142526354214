// Offers: `RGBImage`, an 8-bit three-channel raster, and conversion to grey.
// Layout: row-major, top-left origin, no padding, samples interleaved R, G, B:
// pixel (x, y) starts at `pixels[(y * width + x) * 3]`.

/// An 8-bit RGB raster. A value type.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` samples, interleaved R, G, B, row-major, no padding.
    public var pixels: [UInt8]

    /// A raster filled with one colour.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8) = (0, 0, 0)) {
        precondition(width >= 0 && height >= 0, "negative raster size")
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 3)
        if fill != (0, 0, 0) {
            for i in stride(from: 0, to: p.count, by: 3) {
                p[i] = fill.0
                p[i + 1] = fill.1
                p[i + 2] = fill.2
            }
        }
        self.pixels = p
    }

    /// A raster over existing interleaved samples.
    /// - Precondition: `pixels.count == width * height * 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A grey picture drawn in colour (for overlays).
    public init(_ gray: GrayImage) {
        self.width = gray.width
        self.height = gray.height
        var p = [UInt8](repeating: 0, count: gray.pixels.count * 3)
        for (i, v) in gray.pixels.enumerated() {
            p[3 * i] = v
            p[3 * i + 1] = v
            p[3 * i + 2] = v
        }
        self.pixels = p
    }

    /// The colour at (x, y).
    @inlinable public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        get {
            let i = (y * width + x) * 3
            return (pixels[i], pixels[i + 1], pixels[i + 2])
        }
        set {
            let i = (y * width + x) * 3
            pixels[i] = newValue.0
            pixels[i + 1] = newValue.1
            pixels[i + 2] = newValue.2
        }
    }

    /// Luma by ITU-R BT.601 weights (the JPEG convention), rounded.
    ///
    /// In 32-bit integers, written once into uninitialised memory: a 12-megapixel
    /// photo is 16 million pixels, and the scan converts it whole.
    public func grayscale() -> GrayImage {
        let count = width * height
        let out = [UInt8](unsafeUninitializedCapacity: count) { dst, initialized in
            pixels.withUnsafeBufferPointer { src in
                guard count > 0, let s = src.baseAddress, let d = dst.baseAddress else { return }
                for i in 0..<count {
                    let r = UInt32(s[3 &* i]), g = UInt32(s[3 &* i &+ 1]), b = UInt32(s[3 &* i &+ 2])
                    // At most 255,500: no overflow, and the same rounding as before.
                    d[i] = UInt8(truncatingIfNeeded: (299 &* r &+ 587 &* g &+ 114 &* b &+ 500) / 1000)
                }
            }
            initialized = count
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
