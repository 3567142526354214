// Offers: `BinaryImage` (ink masks), adaptive thresholding against a local mean,
// illumination flattening, area downscaling, and morphological line opening.

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

public enum Binarizer {
    /// Marks as ink each pixel darker than the mean of its `window`×`window`
    /// neighbourhood by more than `relativeOffset` of that mean (and at least
    /// `minimumOffset` grey levels). Local, so shadows and dim corners survive.
    ///
    /// Complexity: O(width × height), through `WindowSums`.
    public static func adaptiveThreshold(_ image: GrayImage, window: Int, relativeOffset: Double = 0.1,
                                         minimumOffset: Int = 4) -> BinaryImage {
        var out = BinaryImage(width: image.width, height: image.height)
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return out }
        let r = max(1, window / 2)
        let rel = Int(relativeOffset * 1024)
        // The threshold `mean - offset` never exceeds the mean when the offset is
        // not negative, so a pixel at least as bright as the window's exact mean
        // (p·n ≥ s) is paper without the division.
        let paperShortcut = minimumOffset >= 0 && rel >= 0
        // Inner pixels (whole window rows) go through single precision, several at
        // a time: a window of under 32,768 pixels has a sum below 2^24 (exact as a
        // float), and its mean then floors exactly from the float quotient (a mean
        // just under a whole number lies at least 1/n below it, over an ulp).
        let side = 2 * r + 1
        let fast = side * side < 32_768 && abs(rel) < 1 << 20 && abs(minimumOffset) < 1 << 20
        let rel32 = Int32(clamping: rel), minimum32 = Int32(clamping: minimumOffset)
        // The window sums: column sums over the window's rows, and their running
        // sums along the row (`sums.prefix`).
        var sums = WindowSums(width: w)
        let prefix = sums.prefix
        image.pixels.withUnsafeBufferPointer { p in
            out.bits.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    let b = max(0, y &- r), d = min(h, y &+ r &+ 1)
                    sums.cover(b..<d, of: p)
                    let rows = d &- b, base = y &* w
                    // The exact test, for pixels whose window is cut by the picture's side.
                    @inline(__always) func decide(_ x: Int) {
                        let a = max(0, x &- r), c = min(w, x &+ r &+ 1)
                        let s = Int(prefix[c] &- prefix[a])
                        let n = (c &- a) &* rows
                        let pixel = Int(p[base &+ x])
                        if paperShortcut && pixel &* n >= s { return }
                        // The quotient is at most 255 and n at most window²: the double
                        // quotient truncates to s / n exactly, without an integer division.
                        let mean = Int(Double(s) / Double(n))
                        let offset = max(minimumOffset, (mean * rel) >> 10)
                        if pixel < mean - offset { o[base &+ x] = 1 }
                    }
                    let inner = fast ? r..<max(r, w &- r) : 0..<0
                    if inner.isEmpty {
                        for x in 0..<w { decide(x) }
                        continue
                    }
                    for x in 0..<inner.lowerBound { decide(x) }
                    for x in inner.upperBound..<w { decide(x) }
                    let n = Float(side &* rows)
                    for x in inner {
                        let s = prefix[x &+ r &+ 1] &- prefix[x &- r]
                        let q = Float(s) / n
                        let mean = flooredNonNegative(q)
                        let offset = max(minimum32, (mean &* rel32) >> 10)
                        o[base &+ x] = Int32(p[base &+ x]) < mean &- offset ? 1 : 0
                    }
                }
            }
        }
        return out
    }

    /// Divides out slow changes of brightness (shadows, vignetting): each pixel is
    /// scaled by the local paper level, estimated as a blurred local maximum over
    /// blocks of about `block` pixels. Paper comes out near 255 and ink keeps its
    /// grey levels relative to the paper around it.
    public static func flattenIllumination(_ image: GrayImage, block: Int) -> GrayImage {
        let b = max(2, block)
        let gw = (image.width + b - 1) / b, gh = (image.height + b - 1) / b
        // Paper level per block: a high percentile, robust to a few bright specks.
        var level = [Double](repeating: 255, count: gw * gh)
        for by in 0..<gh {
            for bx in 0..<gw {
                let histogram = Histogram(of: image, columns: (bx * b)..<min(image.width, bx * b + b),
                                          rows: (by * b)..<min(image.height, by * b + b))
                // Counted from the brightest, the sample of rank n / 10: a tenth of the
                // block may be brighter specks.
                let n = histogram.total
                let v = Int(histogram.level(atRank: n - 1 - n / 10))
                level[by * gw + bx] = Double(max(v, 8))
            }
        }
        // Max over 3×3 blocks (a block full of ink takes its neighbours' paper), then mean over 3×3.
        func filter(_ src: [Double], _ f: ([Double]) -> Double) -> [Double] {
            var dst = src
            for y in 0..<gh {
                for x in 0..<gw {
                    var vals: [Double] = []
                    for dy in -1...1 { for dx in -1...1 {
                        let xx = x + dx, yy = y + dy
                        if xx >= 0, yy >= 0, xx < gw, yy < gh { vals.append(src[yy * gw + xx]) }
                    } }
                    dst[y * gw + x] = f(vals)
                }
            }
            return dst
        }
        level = filter(level) { $0.max()! }
        level = filter(level) { $0.reduce(0, +) / Double($0.count) }
        var out = image
        let w = image.width
        // Each column's block pair and weight, computed once for all rows.
        let columns = (0..<w).map { x -> (x0: Int, x1: Int, fx: Double) in
            let gx = min(max((Double(x) + 0.5) / Double(b) - 0.5, 0), Double(gw - 1))
            let x0 = Int(gx)
            return (x0, min(x0 + 1, gw - 1), gx - Double(x0))
        }
        // The paper level of each column along block rows y0 and y1 (the same
        // products as a pixel's own blend), made again only when the row pair changes.
        var upper = [Double](repeating: 0, count: w), lower = upper
        var pair = (-1, -1)
        func blend(_ row: Int, into line: inout [Double]) {
            for x in 0..<w {
                let (x0, x1, fx) = columns[x]
                line[x] = level[row * gw + x0] * (1 - fx) + level[row * gw + x1] * fx
            }
        }
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
                    let gy = min(max((Double(y) + 0.5) / Double(b) - 0.5, 0), Double(gh - 1))
                    let y0 = Int(gy), y1 = min(y0 + 1, gh - 1), fy = gy - Double(y0)
                    if pair != (y0, y1) {
                        blend(y0, into: &upper)
                        blend(y1, into: &lower)
                        pair = (y0, y1)
                    }
                    let base = y &* w
                    upper.withUnsafeBufferPointer { upper in
                        lower.withUnsafeBufferPointer { lower in
                            for x in 0..<w {
                                let l = upper[x] * (1 - fy) + lower[x] * fy
                                // At least 0 (a level is at least 8) and at most 255 · 255 / 8.
                                let v = Double(src[base &+ x]) * 255 / l
                                dst[base &+ x] = roundedByte(v)
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

public enum Resampler {
    /// Shrinks by an integer `factor`, each output pixel the mean of a factor×factor
    /// block, rounded (the rows and columns left over at the right and bottom
    /// edges are dropped).
    ///
    /// Each output row sums its `factor` source rows column by column first, then
    /// each block's columns: the same integer sums in an order that reads every
    /// row once, front to back.
    public static func downscale(_ image: GrayImage, by factor: Int) -> GrayImage {
        guard factor > 1 else { return image }
        let w = image.width / factor, h = image.height / factor
        var out = GrayImage(width: w, height: h)
        guard w > 0, h > 0 else { return out }
        let n = UInt32(factor * factor)
        let used = w * factor
        let columns = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: used)
        defer { columns.deallocate() }
        let c = columns.baseAddress!
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let p = src.baseAddress!, d = dst.baseAddress!
                for y in 0..<h {
                    let first = p + y * factor * image.width
                    for x in 0..<used { c[x] = UInt32(first[x]) }
                    for dy in 1..<factor {
                        let row = first + dy * image.width
                        for x in 0..<used { c[x] &+= UInt32(row[x]) }
                    }
                    let o = d + y * w
                    switch factor {
                    case 2:
                        for x in 0..<w { o[x] = UInt8(truncatingIfNeeded: (c[2 &* x] &+ c[2 &* x &+ 1] &+ n / 2) / n) }
                    case 3:
                        for x in 0..<w {
                            let s = c[3 &* x] &+ c[3 &* x &+ 1] &+ c[3 &* x &+ 2]
                            o[x] = UInt8(truncatingIfNeeded: (s &+ n / 2) / n)
                        }
                    default:
                        for x in 0..<w {
                            var s: UInt32 = 0
                            for i in (x * factor)..<(x * factor + factor) { s &+= c[i] }
                            o[x] = UInt8(truncatingIfNeeded: (s &+ n / 2) / n)
                        }
                    }
                }
            }
        }
        return out
    }
}

public enum Morphology {
    /// Keeps only ink that belongs to a horizontal run of at least `length` pixels
    /// (opening with a 1×length line): grid lines survive, digits do not.
    public static func horizontalLines(_ mask: BinaryImage, length: Int) -> BinaryImage {
        var out = BinaryImage(width: mask.width, height: mask.height)
        let w = mask.width
        mask.bits.withUnsafeBufferPointer { bits in
            out.bits.withUnsafeMutableBufferPointer { o in
                for y in 0..<mask.height {
                    let row = y * w
                    var x = 0
                    while x < w {
                        if bits[row + x] == 0 { x += 1; continue }
                        var end = x
                        while end < w && bits[row + end] != 0 { end += 1 }
                        if end - x >= length { for i in x..<end { o[row + i] = 1 } }
                        x = end
                    }
                }
            }
        }
        return out
    }

    /// Ink joined with its neighbours across the line direction: for horizontal
    /// lines (`horizontal`), each pixel is ink when it or the pixel above or below
    /// is; else left or right. A one-pixel line drawn at a slight slant steps
    /// from row to row; joined, it is one run again.
    public static func joinedAcross(_ mask: BinaryImage, horizontal: Bool) -> BinaryImage {
        var out = mask
        let w = mask.width, h = mask.height
        mask.bits.withUnsafeBufferPointer { bits in
            out.bits.withUnsafeMutableBufferPointer { o in
                for y in 0..<h {
                    for x in 0..<w where bits[y * w + x] == 0 {
                        let hit: Bool
                        if horizontal {
                            hit = (y > 0 && bits[(y - 1) * w + x] != 0) || (y + 1 < h && bits[(y + 1) * w + x] != 0)
                        } else {
                            hit = (x > 0 && bits[y * w + x - 1] != 0) || (x + 1 < w && bits[y * w + x + 1] != 0)
                        }
                        if hit { o[y * w + x] = 1 }
                    }
                }
            }
        }
        return out
    }

    /// Keeps only ink that belongs to a vertical run of at least `length` pixels.
    public static func verticalLines(_ mask: BinaryImage, length: Int) -> BinaryImage {
        var out = BinaryImage(width: mask.width, height: mask.height)
        let w = mask.width, h = mask.height
        guard w > 0, h > 0 else { return out }
        // Row by row, in memory order: each column's run so far is the count of
        // ink pixels straight above; a run is drawn where it ends. Per row, one
        // pass without a branch tells whether a long run ends there (rarely), then
        // one updates the counts (both run many columns at a time).
        var open = [Int32](repeating: 0, count: w)
        let long = Int32(clamping: length)
        mask.bits.withUnsafeBufferPointer { bits in
            out.bits.withUnsafeMutableBufferPointer { o in
                open.withUnsafeMutableBufferPointer { open in
                    let counts = open.baseAddress!, ink = bits.baseAddress!, lines = o.baseAddress!
                    for y in 0...h {
                        let row = y &* w
                        // Below the last row, every run ends.
                        var ending: Int32 = 0
                        if y < h {
                            for x in 0..<w { ending |= Int32(ink[row &+ x] == 0 ? 1 : 0) & (counts[x] >= long ? 1 : 0) }
                        } else {
                            ending = 1
                        }
                        if ending != 0 {
                            for x in 0..<w where (y == h || ink[row &+ x] == 0) && counts[x] >= long {
                                for i in (y &- Int(counts[x]))..<y { lines[i &* w &+ x] = 1 }
                            }
                        }
                        guard y < h else { break }
                        for x in 0..<w { counts[x] = ink[row &+ x] != 0 ? counts[x] &+ 1 : 0 }
                    }
                }
            }
        }
        return out
    }

    /// Grows ink by `radius` pixels in each direction (a square structuring element).
    public static func dilate(_ mask: BinaryImage, radius: Int) -> BinaryImage {
        guard radius > 0 else { return mask }
        let w = mask.width, h = mask.height
        var tmp = BinaryImage(width: w, height: h)
        mask.bits.withUnsafeBufferPointer { bits in
            tmp.bits.withUnsafeMutableBufferPointer { t in
                for y in 0..<h {
                    // Two passes: distance to the nearest ink on the left, then on the right.
                    var prev = -1_000_000
                    for x in 0..<w {
                        if bits[y * w + x] != 0 { prev = x }
                        if x - prev <= radius { t[y * w + x] = 1 }
                    }
                    prev = 1_000_000
                    for x in stride(from: w - 1, through: 0, by: -1) {
                        if bits[y * w + x] != 0 { prev = x }
                        if prev - x <= radius { t[y * w + x] = 1 }
                    }
                }
            }
        }
        var out = BinaryImage(width: w, height: h)
        // Vertically, row by row (cache order): each column's distance to the
        // nearest ink above, then below.
        // Selects and wrapping arithmetic on 32-bit rows: the loops run many
        // columns at a time (a picture's side is far below 2^31 − 10^6).
        var last = [Int32](repeating: -1_000_000, count: w)
        let reach = Int32(clamping: radius)
        tmp.bits.withUnsafeBufferPointer { t in
            out.bits.withUnsafeMutableBufferPointer { o in
                last.withUnsafeMutableBufferPointer { last in
                    let nearest = last.baseAddress!, ink = t.baseAddress!, grown = o.baseAddress!
                    for y in 0..<h {
                        let row = y &* w, y32 = Int32(truncatingIfNeeded: y)
                        for x in 0..<w {
                            let l = ink[row &+ x] != 0 ? y32 : nearest[x]
                            nearest[x] = l
                            grown[row &+ x] |= y32 &- l <= reach ? 1 : 0
                        }
                    }
                    for x in 0..<w { nearest[x] = 1_000_000 }
                    for y in stride(from: h - 1, through: 0, by: -1) {
                        let row = y &* w, y32 = Int32(truncatingIfNeeded: y)
                        for x in 0..<w {
                            let l = ink[row &+ x] != 0 ? y32 : nearest[x]
                            nearest[x] = l
                            grown[row &+ x] |= l &- y32 <= reach ? 1 : 0
                        }
                    }
                }
            }
        }
        return out
    }
}
