// Offers: `BinaryImage`, an ink mask the size of a picture. It is made by
// `Binarizer`, shrunk by `Resampler` and opened by `Morphology` (each in its
// own file).

import Raster

/// A mask the size of a picture: 1 where there is ink, 0 elsewhere.
/// Layout as `GrayImage`: row-major, top-left origin, no padding.
public struct BinaryImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public var bits: [UInt8]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        bits = [UInt8](repeating: 0, count: width * height)
    }

    @inlinable public subscript(x: Int, y: Int) -> Bool {
        get { bits[y * width + x] != 0 }
        set { bits[y * width + x] = newValue ? 1 : 0 }
    }

    /// Number of ink pixels.
    public var count: Int { bits.reduce(0) { $0 + Int($1) } }

    /// Ink where `self` has ink and `other` has none.
    public func subtracting(_ other: BinaryImage) -> BinaryImage {
        precondition(other.width == width && other.height == height, "masks of different sizes")
        var out = self
        out.bits.withUnsafeMutableBufferPointer { o in
            other.bits.withUnsafeBufferPointer { b in
                // A mask, not a branch: the loop runs many pixels at a time.
                for i in 0..<o.count { o[i] &= b[i] == 0 ? 0xFF : 0 }
            }
        }
        return out
    }

    /// A picture of the mask: ink black on white (for overlays and debugging).
    public var picture: GrayImage {
        GrayImage(width: width, height: height, pixels: bits.map { $0 != 0 ? 0 : 255 })
    }
}
