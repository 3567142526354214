// Offers `WindowSums`: the sums of a grey picture over rectangular windows that
// move down it row by row, for the adaptive threshold and the residual noise.
import Raster

/// Per column, the sum of the pixels over a range of rows that only moves down
/// (a row enters once and leaves once); and along the columns their running sum,
/// so that the sum over any columns of those rows is one difference (`sum`).
///
/// Sums are `Int32` with wrapping arithmetic: a column sum is at most 255 × the
/// picture's height, and a difference of running sums is a window's sum, exact
/// while the window holds fewer than 2^31 / 255 pixels.
/// Noncopyable: it owns its two buffers (2 × width + 1 words), freed with it.
struct WindowSums: ~Copyable {
    let width: Int
    /// `prefix[x]` is the sum of the covered rows over columns 0..<x, for x in
    /// 0...width; written by `cover`.
    let prefix: UnsafeMutablePointer<Int32>
    private let columns: UnsafeMutablePointer<Int32>
    /// The rows summed.
    private(set) var rows = 0..<0

    init(width: Int) {
        precondition(width >= 0, "negative width")
        self.width = width
        prefix = .allocate(capacity: width + 1)
        prefix.initialize(repeating: 0, count: width + 1)
        columns = .allocate(capacity: max(1, width))
        columns.initialize(repeating: 0, count: max(1, width))
    }

    deinit {
        prefix.deallocate()
        columns.deallocate()
    }

    /// Moves the rows summed to `target` (rows of `pixels`, `width` to a row),
    /// which may not start or end above the rows summed before, and writes the
    /// running sums. Costs a pass over each row entering or leaving, and one
    /// over the columns.
    mutating func cover(_ target: Range<Int>, of pixels: UnsafeBufferPointer<UInt8>) {
        precondition(
            target.lowerBound >= rows.lowerBound && target.upperBound >= rows.upperBound,
            "the rows summed only move down")
        precondition(target.upperBound * width <= pixels.count, "rows outside the picture")
        let w = width
        guard w > 0, let p = pixels.baseAddress else {
            rows = target
            return
        }
        var end = rows.upperBound
        while end < target.upperBound {
            let row = p + end &* w
            for x in 0..<w { columns[x] &+= Int32(row[x]) }
            end &+= 1
        }
        var start = rows.lowerBound
        while start < target.lowerBound {
            let row = p + start &* w
            for x in 0..<w { columns[x] &-= Int32(row[x]) }
            start &+= 1
        }
        rows = target
        var running: Int32 = 0
        for x in 0..<w {
            prefix[x] = running
            running &+= columns[x]
        }
        prefix[w] = running
    }

    /// The sum of the covered rows over `columns` (within 0...width).
    @inline(__always)
    func sum(_ columns: Range<Int>) -> Int32 {
        prefix[columns.upperBound] &- prefix[columns.lowerBound]
    }
}
