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
            for i in stride(from: 0, to: p.count, by: 3) { p[i] = fill.0; p[i + 1] = fill.1; p[i + 2] = fill.2 }
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
        for (i, v) in gray.pixels.enumerated() { p[3 * i] = v; p[3 * i + 1] = v; p[3 * i + 2] = v }
        self.pixels = p
    }

    /// The colour at (x, y).
    @inlinable public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        get { let i = (y * width + x) * 3; return (pixels[i], pixels[i + 1], pixels[i + 2]) }
        set { let i = (y * width + x) * 3; pixels[i] = newValue.0; pixels[i + 1] = newValue.1; pixels[i + 2] = newValue.2 }
    }

    /// Luma by ITU-R BT.601 weights (the JPEG convention), rounded.
    public func grayscale() -> GrayImage {
        var out = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { src in
            for i in 0..<out.count {
                let r = Int(src[3 * i]), g = Int(src[3 * i + 1]), b = Int(src[3 * i + 2])
                out[i] = UInt8((299 * r + 587 * g + 114 * b + 500) / 1000)
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
