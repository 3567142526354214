// Offers: `Frame`, an axis-aligned rectangle in the units of `Point` (x to the
// right, y down): a layout's frames in points, a drawing's rectangles, and the
// few tests on it a layout needs.

import Basics

/// An axis-aligned rectangle (points in a layout, pixels in a photo), origin top-left, y down.
public struct Frame: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// True when `other` lies inside this frame (edges may touch), to within
    /// `tolerance` points of rounding.
    public func contains(_ other: Frame, tolerance: Double = 1e-6) -> Bool {
        other.x >= x - tolerance && other.y >= y - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }

    /// True when the two frames share interior area (touching edges do not count).
    public func overlaps(_ other: Frame, tolerance: Double = 1e-6) -> Bool {
        x < other.maxX - tolerance && other.x < maxX - tolerance
            && y < other.maxY - tolerance && other.y < maxY - tolerance
    }

    /// `(x, y, width x height)` with at most two decimals.
    public var description: String {
        "(\(Self.text(x)), \(Self.text(y)), \(Self.text(width)) x \(Self.text(height)))"
    }

    static func text(_ v: Double) -> String { DecimalText.trimmed(v, places: 2) }
}
