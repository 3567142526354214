// Offers: `Homography`, the projective map between two planes, built from four
// point pairs, with inverse and point mapping.

/// A 3×3 projective transform `p' ~ H p` in row-major order.
public struct Homography: Sendable, Equatable {
    /// Row-major 3×3 matrix.
    public var m: [Double]

    public init(matrix: [Double]) {
        precondition(matrix.count == 9)
        m = matrix
    }

    public static let identity = Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The homography taking each `from[i]` to `to[i]`, or nil when the points are
    /// degenerate (three collinear, or repeated).
    ///
    /// Solves the 8×8 linear system with h33 = 1 by Gaussian elimination with
    /// partial pivoting.
    public init?(from: [Point], to: [Point]) {
        guard from.count == 4, to.count == 4 else { return nil }
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, u, v) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -u * x, -u * y, u]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -v * x, -v * y, v]
        }
        // Scale guard: degenerate when the pivot falls below this share of the largest entry.
        let scale = a.flatMap { $0 }.map(abs).max() ?? 1
        for col in 0..<8 {
            let pivot = (col..<8).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            if abs(a[pivot][col]) < 1e-10 * max(scale, 1) { return nil }
            a.swapAt(col, pivot)
            for r in 0..<8 where r != col {
                let f = a[r][col] / a[col][col]
                if f != 0 { for c in col..<9 { a[r][c] -= f * a[col][c] } }
            }
        }
        var h = (0..<8).map { a[$0][8] / a[$0][$0] }
        h.append(1)
        guard h.allSatisfy({ $0.isFinite }) else { return nil }
        m = h
    }

    /// The homography taking the unit square's corners (0,0), (1,0), (1,1), (0,1)
    /// scaled by `size` onto `quad`'s corners in order.
    public init?(squareOfSide size: Double, to quad: Quad) {
        self.init(from: [Point(0, 0), Point(size, 0), Point(size, size), Point(0, size)], to: quad.corners)
    }

    /// Maps a point; returns a non-finite point when it maps to infinity.
    @inlinable public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse map, or nil when singular.
    public var inverse: Homography? {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        guard abs(det) > 1e-14, det.isFinite else { return nil }
        let inv = [
            e * i - f * h, c * h - b * i, b * f - c * e,
            f * g - d * i, a * i - c * g, c * d - a * f,
            d * h - e * g, b * g - a * h, a * e - b * d,
        ].map { $0 / det }
        return Homography(matrix: inv)
    }

    /// `self` after `other`: maps p to self(other(p)).
    public func composed(after other: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[3 * i + j] += m[3 * i + k] * other.m[3 * k + j] } } }
        return Homography(matrix: r)
    }
}
