// Offers: `Quad`, four corners of a framing, with area, convexity, rotation and
// the tolerance comparison the location measurement uses.

/// Four corners in order. For a grid framing: the outer corner of cell r1c1, then
/// those of r1c9, r9c9 and r9c1 (clockwise on screen when the puzzle is upright).
public struct Quad: Sendable, Hashable, CustomStringConvertible {
    public var corners: [Point]

    /// - Precondition: exactly four corners.
    public init(_ corners: [Point]) {
        precondition(corners.count == 4, "a quad has four corners")
        self.corners = corners
    }

    public init(_ a: Point, _ b: Point, _ c: Point, _ d: Point) { self.corners = [a, b, c, d] }

    /// Signed area by the shoelace formula: positive when the corners run clockwise
    /// on screen (y down).
    public var signedArea: Double {
        var s = 0.0
        for i in 0..<4 { s += corners[i].cross(corners[(i + 1) % 4]) }
        return s / 2
    }

    public var area: Double { abs(signedArea) }

    /// True when the four corners form a convex quadrilateral with no three collinear.
    public var isConvex: Bool {
        var sign = 0.0
        for i in 0..<4 {
            let a = corners[i], b = corners[(i + 1) % 4], c = corners[(i + 2) % 4]
            let z = (b - a).cross(c - b)
            if abs(z) < 1e-9 { return false }
            if sign == 0 { sign = z } else if (z > 0) != (sign > 0) { return false }
        }
        return true
    }

    /// Lengths of the four sides, starting with corner 0 → corner 1.
    public var sideLengths: [Double] { (0..<4).map { corners[$0].distance(to: corners[($0 + 1) % 4]) } }

    /// Mean side length.
    public var meanSide: Double { sideLengths.reduce(0, +) / 4 }

    public var center: Point { Point(corners.map(\.x).reduce(0, +) / 4, corners.map(\.y).reduce(0, +) / 4) }

    /// The same quad with its corner list started `k` places later: the framing
    /// of the puzzle turned by `k` quarter turns.
    public func rotated(by k: Int) -> Quad {
        let s = ((k % 4) + 4) % 4
        return Quad((0..<4).map { corners[($0 + s) % 4] })
    }

    /// The same corners ordered clockwise on screen, starting at the corner
    /// nearest the top-left of the picture (smallest x + y).
    public var canonicalOrder: Quad {
        var q = self
        if q.signedArea < 0 { q = Quad([corners[0], corners[3], corners[2], corners[1]]) }
        let start = (0..<4).min { (q.corners[$0].x + q.corners[$0].y) < (q.corners[$1].x + q.corners[$1].y) }!
        return q.rotated(by: start)
    }

    /// The largest distance between corresponding corners.
    public func maxCornerDistance(to other: Quad) -> Double {
        (0..<4).map { corners[$0].distance(to: other.corners[$0]) }.max()!
    }

    /// True when, for some rotation of this quad's corner list, every corner lies
    /// within `fraction` of `other`'s mean side of the corresponding corner of
    /// `other`. Both quads are first put in `canonicalOrder`, so the direction each
    /// lists its corners in does not matter. Used to judge a framing against a true
    /// outline (`other`) whatever the puzzle's rotation: the tolerance scales with
    /// the outline, not with the framing judged.
    public func matches(_ other: Quad, tolerance fraction: Double) -> Bool {
        let a = canonicalOrder, b = other.canonicalOrder
        let limit = fraction * b.meanSide
        return (0..<4).contains { a.rotated(by: $0).maxCornerDistance(to: b) <= limit }
    }

    public var description: String {
        corners.map { "[\(Int($0.x.rounded())),\(Int($0.y.rounded()))]" }.joined(separator: ",")
    }
}
