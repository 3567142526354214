// Offers: `DecodedImage`, a decoded picture with what the file said about it.
import Raster

/// A decoded picture, upright, with the facts of the file it came from.
public struct DecodedImage: Sendable, Equatable {
    /// The picture as a person sees it: turned upright (EXIF orientation for PNG, JPEG
    /// and WebP; irot/imir for HEIF and AVIF), scaling applied.
    /// 8-bit RGB; transparency composited over white.
    public var image: RGBImage
    public var format: ImageFormat
    /// The EXIF orientation found in the file, 1...8; 1 when absent or malformed.
    /// Applied to `image` only where `format.appliesExifOrientation` (not for HEIF and
    /// AVIF, whose irot/imir properties turn the picture and are authoritative).
    public var exifOrientation: Int
    /// The size stored in the file, before scaling and orientation (HEIF/AVIF: the coded
    /// size in the `ispe` property, before irot).
    public var storedWidth: Int
    public var storedHeight: Int
    /// The scale applied, in lowest terms: each stored side became
    /// ceil(side × scaleNumerator / scaleDenominator). 1/1 at full size (always for PNG);
    /// a JPEG or WebP scaled to 2/8 reports 1/4; a HEIF shrunk by a 4x4 box filter, 1/4.
    public var scaleNumerator: Int
    public var scaleDenominator: Int

    /// `scaleNumerator / scaleDenominator` as a number (1.0 at full size).
    public var scale: Double { Double(scaleNumerator) / Double(scaleDenominator) }

    public init(
        image: RGBImage, format: ImageFormat, exifOrientation: Int, storedWidth: Int, storedHeight: Int,
        scaleNumerator: Int = 1, scaleDenominator: Int = 1
    ) {
        self.image = image
        self.format = format
        self.exifOrientation = exifOrientation
        self.storedWidth = storedWidth
        self.storedHeight = storedHeight
        self.scaleNumerator = scaleNumerator
        self.scaleDenominator = scaleDenominator
    }
}

extension DecodedImage {
    /// This picture at the size a decode with `DecodeOptions(minLongSide:)` would
    /// give (the smallest of 1/8, 2/8, 4/8, 8/8 of the stored size whose long side
    /// is still at least `minLongSide`), shrunk from this one by a box filter;
    /// itself when it is no larger than that. Each side becomes ceil(side / k),
    /// as the decoder's own scaling gives. A JPEG's smaller copy is then the mean
    /// of k×k blocks of this picture where libjpeg's DCT scaling would read the
    /// coefficients: the two differ by a few grey levels at sharp edges.
    public func shrunk(toMinLongSide minLongSide: Int) -> DecodedImage {
        let m = JPEGDecompressor.scaleNumerator(longSide: max(storedWidth, storedHeight), minLongSide: minLongSide)
        // Both scales are 1/2^i: k = scale / (m / 8).
        let ratio = scaleNumerator * 8, part = scaleDenominator * m
        guard ratio > part, ratio % part == 0 else { return self }
        let k = ratio / part
        var copy = self
        copy.image = Self.boxShrunk(image, by: k)
        let g = ImageDecoder.gcd(m, 8)
        (copy.scaleNumerator, copy.scaleDenominator) = (m / g, 8 / g)
        return copy
    }

    /// `image` averaged over k×k blocks (the last row and column of blocks over
    /// the pixels that exist), each mean rounded half up: the same pixels as
    /// `HEIFReader.shrunk` gives for RGB rows, without its per-pixel tests.
    static func boxShrunk(_ image: RGBImage, by k: Int) -> RGBImage {
        let w = image.width, h = image.height
        let ow = (w + k - 1) / k, oh = (h + k - 1) / k
        guard k > 1, w > 0, h > 0 else { return image }
        if k == 2 { return halved(image) }
        let count = ow * oh * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let sums = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: ow * 3)
            defer { sums.deallocate() }
            image.pixels.withUnsafeBufferPointer { src in
                let base = src.baseAddress!
                for oy in 0..<oh {
                    sums.initialize(repeating: 0)
                    let y0 = oy * k, y1 = min(h, y0 + k)
                    for y in y0..<y1 {
                        let row = base + y * w * 3
                        var x = 0
                        for ox in 0..<ow {
                            let end = min(w, x + k)
                            var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0
                            while x < end {
                                r &+= UInt32(row[3 &* x])
                                g &+= UInt32(row[3 &* x &+ 1])
                                b &+= UInt32(row[3 &* x &+ 2])
                                x &+= 1
                            }
                            sums[3 &* ox] &+= r
                            sums[3 &* ox &+ 1] &+= g
                            sums[3 &* ox &+ 2] &+= b
                        }
                    }
                    let rows = UInt32(y1 - y0)
                    for ox in 0..<ow {
                        let n = rows * UInt32(min(w, ox * k + k) - ox * k), half = n / 2
                        let o = (oy * ow + ox) * 3
                        out[o] = UInt8((sums[3 * ox] + half) / n)
                        out[o + 1] = UInt8((sums[3 * ox + 1] + half) / n)
                        out[o + 2] = UInt8((sums[3 * ox + 2] + half) / n)
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: ow, height: oh, pixels: pixels)
    }

    /// `boxShrunk(image, by: 2)`: two rows at a time, each output sample the
    /// rounded mean of its block's samples (1, 2 or 4 of them at the edges).
    static func halved(_ image: RGBImage) -> RGBImage {
        let w = image.width, h = image.height
        let ow = (w + 1) / 2, oh = (h + 1) / 2
        let count = ow * oh * 3
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            image.pixels.withUnsafeBufferPointer { src in
                let base = src.baseAddress!, dst = out.baseAddress!
                let full = w / 2
                for oy in 0..<oh {
                    let top = base + 2 * oy * w * 3
                    // A last row alone counts once per block, as the blocks at the edge do.
                    let twoRows = 2 * oy + 1 < h
                    let bottom = twoRows ? top + w * 3 : top
                    let o = dst + oy * ow * 3
                    if twoRows {
                        for ox in 0..<full {
                            let x = ox &* 6, i = ox &* 3
                            for c in 0..<3 {
                                let sum =
                                    UInt16(top[x &+ c]) &+ UInt16(top[x &+ c &+ 3])
                                    &+ UInt16(bottom[x &+ c]) &+ UInt16(bottom[x &+ c &+ 3])
                                o[i &+ c] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
                            }
                        }
                    } else {
                        for ox in 0..<full {
                            let x = ox &* 6, i = ox &* 3
                            for c in 0..<3 {
                                o[i &+ c] = UInt8(
                                    truncatingIfNeeded: (UInt16(top[x &+ c]) &+ UInt16(top[x &+ c &+ 3]) &+ 1) >> 1)
                            }
                        }
                    }
                    if w % 2 == 1 {
                        for c in 0..<3 {
                            let x = (w - 1) * 3 + c
                            o[full * 3 + c] =
                                twoRows
                                ? UInt8(truncatingIfNeeded: (UInt16(top[x]) &+ UInt16(bottom[x]) &+ 1) >> 1) : top[x]
                        }
                    }
                }
            }
            initialized = count
        }
        return RGBImage(width: ow, height: oh, pixels: pixels)
    }
}
