// Offers: `GrayImage`, an 8-bit single-channel raster.
// Layout: row-major, top-left origin, no padding: pixel (x, y) is `pixels[y * width + x]`.

/// An 8-bit grey raster (0 black, 255 white). A value type; copies are cheap until written.
public struct GrayImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height` samples, row-major, top-left origin, no padding.
    public var pixels: [UInt8]

    /// A raster filled with `value`.
    /// - Precondition: `width >= 0`, `height >= 0`.
    public init(width: Int, height: Int, fill value: UInt8 = 0) {
        precondition(width >= 0 && height >= 0, "negative raster size")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: value, count: width * height)
    }

    /// A raster over existing samples.
    /// - Precondition: `pixels.count == width * height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    @inlinable public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The rectangle `x..<x+w`, `y..<y+h`, clipped to the raster; pixels off the raster are `outside`.
    public func crop(x: Int, y: Int, width w: Int, height h: Int, outside: UInt8 = 255) -> GrayImage {
        var out = GrayImage(width: max(0, w), height: max(0, h), fill: outside)
        for yy in 0..<out.height {
            let sy = y + yy
            guard sy >= 0 && sy < height else { continue }
            for xx in 0..<out.width {
                let sx = x + xx
                if sx >= 0 && sx < width { out.pixels[yy * out.width + xx] = pixels[sy * width + sx] }
            }
        }
        return out
    }
}
