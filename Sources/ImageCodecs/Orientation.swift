// Offers: `RGBImage.applyingExifOrientation(_:)`, turning a picture as stored into
// the picture as shown, for each of the eight EXIF orientations.
import Raster

extension RGBImage {
    /// The picture a viewer shows for a stored raster tagged with EXIF `orientation`.
    ///
    /// 1 unchanged, 2 mirrored left-right, 3 turned 180°, 4 mirrored top-bottom,
    /// 5 transposed, 6 turned 90° clockwise, 7 transversed, 8 turned 90°
    /// counter-clockwise. 5...8 swap width and height. Any other value is treated
    /// as 1. Each output pixel is copied from exactly one input pixel (no resampling).
    /// Complexity: O(width × height).
    public func applyingExifOrientation(_ orientation: Int) -> RGBImage {
        guard (2...8).contains(orientation), width > 0, height > 0 else { return self }
        let w = width, h = height
        let swaps = orientation >= 5
        let outW = swaps ? h : w, outH = swaps ? w : h
        // Source pixel of output (x, y) is origin + x * stepX + y * stepY, in pixels.
        let origin: Int, stepX: Int, stepY: Int
        switch orientation {
        case 2: (origin, stepX, stepY) = (w - 1, -1, w)  // (w-1-x, y)
        case 3: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -1, -w)  // (w-1-x, h-1-y)
        case 4: (origin, stepX, stepY) = ((h - 1) * w, 1, -w)  // (x, h-1-y)
        case 5: (origin, stepX, stepY) = (0, w, 1)  // (y, x)
        case 6: (origin, stepX, stepY) = ((h - 1) * w, -w, 1)  // (y, h-1-x)
        case 7: (origin, stepX, stepY) = ((h - 1) * w + w - 1, -w, -1)  // (w-1-y, h-1-x)
        default: (origin, stepX, stepY) = (w - 1, w, -1)  // 8: (w-1-y, x)
        }
        let out = [UInt8](unsafeUninitializedCapacity: outW * outH * 3) { dst, initialized in
            pixels.withUnsafeBufferPointer { src in
                var d = 0
                for y in 0..<outH {
                    var s = origin + y * stepY
                    for _ in 0..<outW {
                        dst[d] = src[3 * s]
                        dst[d + 1] = src[3 * s + 1]
                        dst[d + 2] = src[3 * s + 2]
                        d += 3
                        s += stepX
                    }
                }
            }
            initialized = outW * outH * 3
        }
        return RGBImage(width: outW, height: outH, pixels: out)
    }
}
