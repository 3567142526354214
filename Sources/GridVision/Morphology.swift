// Offers: `Morphology`: morphological line opening, dilation and the line masks
// the grid search works on.

import Raster

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
                        if bits[row + x] == 0 {
                            x += 1
                            continue
                        }
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
