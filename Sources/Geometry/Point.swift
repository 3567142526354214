// Offers: `Point`, a position in pixels (the scanner's) or points (a drawing's:
// the one point of the drawing kit), and the small vector arithmetic the grid
// finder needs.

/// A position or vector in pixel units (x to the right, y down; (0, 0) is the
/// top-left corner of the top-left pixel's area); a drawing's points follow the
/// same convention, one point a pixel at scale 1.
public struct Point: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }

    /// Euclidean length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }
    /// The z component of the cross product of two vectors.
    @inlinable public func cross(_ o: Point) -> Double { x * o.y - y * o.x }
    @inlinable public func dot(_ o: Point) -> Double { x * o.x + y * o.y }

    /// The point `t` of the way from `self` to `other`.
    @inlinable public func lerp(_ other: Point, _ t: Double) -> Point {
        Point(x + (other.x - x) * t, y + (other.y - y) * t)
    }

    public var description: String { "(\(x), \(y))" }
}
