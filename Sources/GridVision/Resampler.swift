// Offers: `Resampler`: area downscaling of grey pictures and masks.

import Raster

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
