// Offers: `Binarizer`: ink masks by adaptive thresholding against a local mean, and
// illumination flattening.

import Raster

public enum Binarizer {
    /// Marks as ink each pixel darker than the mean of its `window`×`window`
    /// neighbourhood by more than `relativeOffset` of that mean (and at least
    /// `minimumOffset` grey levels). Local, so shadows and dim corners survive.
    ///
    /// Complexity: O(width × height), through `WindowSums`.
    public static func adaptiveThreshold(
        _ image: GrayImage, window: Int, relativeOffset: Double = 0.1,
        minimumOffset: Int = 4
    ) -> BinaryImage {
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
                let histogram = Histogram(
                    of: image, columns: (bx * b)..<min(image.width, bx * b + b),
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
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let xx = x + dx, yy = y + dy
                            if xx >= 0, yy >= 0, xx < gw, yy < gh { vals.append(src[yy * gw + xx]) }
                        }
                    }
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
