// Offers: `GlyphNormalizer`: turns a photographed glyph crop into what
// Tesseract's LSTM reads best: ink black, paper white, grey edges kept, the glyph
// trimmed, scaled and surrounded by a measured amount of white.

import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// Prepares one glyph crop for recognition.
///
/// Input: a grey crop, dark ink on lighter paper, holding one glyph and a small
/// margin of paper: the glyph's ink box grown by about 5 % of its height (at
/// least a pixel). Larger margins let grid-line stubs in and cost accuracy
/// (0.15 × height: −3 points). Steps, each measured on the newspaper corpus
/// (figures in `TesseractEngine.swift`):
/// 1. levels: Otsu's threshold splits the pixels; ink is the median of the dark
///    class, paper the median of the light one. Less than `minimumContrast`
///    between them means no glyph: the result is blank;
/// 2. a linear stretch maps ink to 0 and paper to 255, keeping the grey levels in
///    between (binarising costs 2 points, keeping the raw levels 4);
/// 3. trim to the box of pixels darker than mid-grey;
/// 4. scale so the glyph is `glyphHeight` pixels high (bilinear), if set;
/// 5. pad with white, `padding` × glyph height on every side (0.1: −1 point,
///    0.3: −4, 0.5: −6; LSTM returns nothing when the padding is large);
/// 6. Gaussian blur, `blur` pixels (sharp glyphs from large photos read 1 as 4
///    and 3 as 8 without it).
public enum GlyphNormalizer {
    /// How grey levels are treated.
    public enum Levels: String, Sendable, Hashable, CaseIterable {
        /// Leave the crop's levels as they are (padding uses the paper level).
        case keep
        /// Stretch ink to black, paper to white, keep the grey in between.
        case stretch
        /// Stretch, then threshold at mid-grey.
        case binarise
    }

    /// What the normaliser does; the defaults are the measured best.
    public struct Options: Sendable, Hashable {
        public var levels: Levels
        /// White border on each side, as a fraction of the glyph's height.
        public var padding: Double
        /// Glyph height after scaling, in pixels; nil keeps the crop's scale.
        public var glyphHeight: Int?
        /// Trim the margin to the ink's box before padding.
        public var trim: Bool
        /// Gaussian blur applied last, sigma in pixels; 0 for none.
        public var blur: Double
        /// Crops whose ink and paper levels differ by less than this many grey
        /// levels hold no glyph: they come back blank rather than as stretched noise.
        public var minimumContrast: Int

        public init(
            levels: Levels = .stretch, padding: Double = 0.2, glyphHeight: Int? = nil, trim: Bool = true,
            blur: Double = 1, minimumContrast: Int = 12
        ) {
            self.minimumContrast = minimumContrast
            self.levels = levels
            self.padding = padding
            self.glyphHeight = glyphHeight
            self.trim = trim
            self.blur = blur
        }
    }

    /// Estimated ink and paper levels of a crop: Otsu's threshold splits the
    /// pixels in two classes; ink is the median of the dark class, paper the
    /// median of the light one. Returns `ink < paper`; a flat crop gives
    /// `(paper - 1, paper)`.
    public static func levels(of crop: GrayImage) -> (ink: UInt8, paper: UInt8) {
        guard crop.width > 0, crop.height > 0 else { return (0, 255) }
        let histogram = Histogram(of: crop)
        let t = histogram.otsuThreshold
        let dark = histogram.counts[0...t].reduce(0, +), light = crop.pixels.count - dark
        // A class's median: its sample of rank (count − 1) / 2, rounded.
        func median(from lowest: Int, count: Int) -> UInt8 {
            histogram.level(atRank: Int((Double(count - 1) * 0.5).rounded()), from: lowest)
        }
        let ink = dark > 0 ? median(from: 0, count: dark) : UInt8(t)
        let paper = light > 0 ? median(from: t + 1, count: light) : UInt8(t)
        if ink >= paper { return (paper == 0 ? 0 : paper - 1, max(paper, 1)) }
        return (ink, paper)
    }

    /// The normalised glyph: white (255) paper, black ink, white padding.
    /// A crop with less than `minimumContrast` comes back as a white image of the
    /// padded size.
    public static func normalize(_ crop: GrayImage, options: Options = Options()) -> GrayImage {
        guard crop.width > 0, crop.height > 0 else { return GrayImage(width: 1, height: 1, fill: 255) }
        let (ink, paper) = levels(of: crop)
        if Int(paper) - Int(ink) < options.minimumContrast {
            let pad = max(1, Int((Double(crop.height) * options.padding).rounded()))
            return GrayImage(width: crop.width + 2 * pad, height: crop.height + 2 * pad, fill: 255)
        }
        var image = crop
        var background: UInt8 = 255
        switch options.levels {
        case .keep:
            background = paper
        case .stretch, .binarise:
            let scale = 255.0 / Double(Int(paper) - Int(ink))
            var table = [UInt8](repeating: 0, count: 256)
            for v in 0..<256 {
                let s = (Double(v - Int(ink)) * scale).rounded()
                let clamped = UInt8(max(0, min(255, s)))
                table[v] = options.levels == .binarise ? (clamped < 128 ? 0 : 255) : clamped
            }
            for i in image.pixels.indices { image.pixels[i] = table[Int(image.pixels[i])] }
        }
        if options.trim, let box = inkBox(image, threshold: midpoint(options.levels, ink: ink, paper: paper)) {
            image = image.crop(x: box.x, y: box.y, width: box.width, height: box.height, outside: background)
        }
        if let h = options.glyphHeight, h > 0, h != image.height {
            let w = max(1, Int((Double(image.width) * Double(h) / Double(image.height)).rounded()))
            image = resized(image, width: w, height: h)
        }
        let pad = max(1, Int((Double(image.height) * options.padding).rounded()))
        image = image.crop(
            x: -pad, y: -pad, width: image.width + 2 * pad, height: image.height + 2 * pad, outside: background)
        return options.blur > 0 ? blurred(image, sigma: options.blur) : image
    }

    /// Separable Gaussian blur, kernel radius 3 sigma, border samples repeated.
    static func blurred(_ image: GrayImage, sigma: Double) -> GrayImage {
        let radius = max(1, Int((3 * sigma).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return image }
        var horizontal = [Double](repeating: 0, count: w * h)
        var out = image
        // Each output adds its taps in the kernel's order, as one loop per pixel
        // would; here one tap at a time along a whole row, so the loops run
        // several pixels at a time (only the taps clamped at the sides go one by one).
        var sums = [Double](repeating: 0, count: w)
        kernel.withUnsafeBufferPointer { kernel in
            image.pixels.withUnsafeBufferPointer { src in
                horizontal.withUnsafeMutableBufferPointer { horizontal in
                    sums.withUnsafeMutableBufferPointer { sums in
                        let acc = sums.baseAddress!, across = horizontal.baseAddress!, pixels = src.baseAddress!
                        for y in 0..<h {
                            let row = y &* w
                            for x in 0..<w { acc[x] = 0 }
                            for k in -radius...radius {
                                let weight = kernel[k &+ radius]
                                // Columns whose tap x + k lies inside the row.
                                let lo = min(w, max(0, 0 &- k)), hi = max(lo, min(w, w &- k))
                                for x in 0..<lo {
                                    acc[x] += weight * Double(pixels[row &+ min(w &- 1, max(0, x &+ k))])
                                }
                                for x in lo..<hi { acc[x] += weight * Double(pixels[row &+ x &+ k]) }
                                for x in hi..<w {
                                    acc[x] += weight * Double(pixels[row &+ min(w &- 1, max(0, x &+ k))])
                                }
                            }
                            for x in 0..<w { across[row &+ x] = acc[x] }
                        }
                        out.pixels.withUnsafeMutableBufferPointer { dst in
                            let blurred = dst.baseAddress!
                            for y in 0..<h {
                                for x in 0..<w { acc[x] = 0 }
                                for k in -radius...radius {
                                    let weight = kernel[k &+ radius], row = min(h &- 1, max(0, y &+ k)) &* w
                                    for x in 0..<w { acc[x] += weight * across[row &+ x] }
                                }
                                let row = y &* w
                                for x in 0..<w {
                                    blurred[row &+ x] = roundedByte(acc[x])
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    private static func midpoint(_ levels: Levels, ink: UInt8, paper: UInt8) -> UInt8 {
        levels == .keep ? UInt8((Int(ink) + Int(paper)) / 2) : 128
    }

    /// Box of the pixels darker than `threshold`, or nil when there are none.
    static func inkBox(_ image: GrayImage, threshold: UInt8) -> (x: Int, y: Int, width: Int, height: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] < threshold {
                x0 = min(x0, x)
                x1 = max(x1, x)
                y0 = min(y0, y)
                y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
    }

    /// Bilinear resampling, pixel centres aligned; destination pixels map back to
    /// the source, clamped at the border. One sample per pixel, also when
    /// shrinking (unlike `GrayImage.resized`, which averages).
    static func resized(_ image: GrayImage, width: Int, height: Int) -> GrayImage {
        var out = GrayImage(width: width, height: height, fill: 255)
        let sx = Double(image.width) / Double(width), sy = Double(image.height) / Double(height)
        for y in 0..<height {
            let fy = (Double(y) + 0.5) * sy - 0.5
            for x in 0..<width {
                let fx = (Double(x) + 0.5) * sx - 0.5
                out[x, y] = UInt8(roundedToNearest(image.sampleBilinear(x: fx, y: fy, border: .clamp, blend: .weights)))
            }
        }
        return out
    }
}
