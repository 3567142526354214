// Offers: `Scene`, a picture as a list of shapes on `Geometry`'s `Point` and
// `Frame` (origin top-left, y down; points for a board, pixels for a photo's
// overlay): filled and outlined rectangles, lines, arrows and curves (solid or dashed),
// discs and rings, text set in DejaVu Sans (Typeface.swift), and images; with
// `Colour` and `Paint`. A scene is written as SVG text (SVGWriter.swift) or
// rasterised (Rasteriser.swift); both draw the same shapes in the same order.

import Geometry
import Raster

/// An opaque 8-bit sRGB colour.
public struct Colour: Sendable, Hashable {
    public var r: UInt8, g: UInt8, b: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// `#rrggbb`.
    public var hex: String {
        "#"
            + [r, g, b].map { v in
                let s = String(v, radix: 16)
                return s.count == 1 ? "0" + s : s
            }.joined()
    }
}

/// How a shape is painted: a colour and an opacity (0...1).
public struct Paint: Sendable, Hashable {
    public var colour: Colour
    public var opacity: Double
    public init(_ colour: Colour, opacity: Double = 1) {
        self.colour = colour
        self.opacity = opacity
    }
}

/// One shape of a scene. `role` names what it shows (`house`, `given`,
/// `elimination`, `link strong`, ...): the SVG's class, and how tests find it.
/// Equatable, not hashable: an image shape holds its pixels.
public struct Shape: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A rectangle, filled and/or outlined (the outline centred on the edge).
        case rect(Frame, fill: Paint?, stroke: Paint?, lineWidth: Double)
        /// A straight line with round caps; `dashed` draws dashes three widths long.
        case line(Point, Point, Paint, width: Double, dashed: Bool)
        /// A line ending in a filled arrowhead at the second point; `bend` bows it into a
        /// quadratic curve whose control point lies `bend` points to the left of the
        /// middle (0: straight), so that links clear the digits between their ends.
        case arrow(Point, Point, Paint, width: Double, dashed: Bool, bend: Double)
        /// An arrow's line without its head (a link that has no direction), bowed the same way.
        case curve(Point, Point, Paint, width: Double, dashed: Bool, bend: Double)
        /// A disc (`fill`) and/or a ring (`stroke`).
        case circle(Point, radius: Double, fill: Paint?, stroke: Paint?, lineWidth: Double)
        /// A line of text centred on a point (its capitals' middle on `centre.y`), `size`
        /// points to the em, set in DejaVu Sans, bold or regular (`Typeface`).
        case text(String, centre: Point, size: Double, Paint, bold: Bool)
        /// A picture stretched over a frame, opaque, its pixels sampled nearest
        /// (a photo under its overlay at one pixel a point). SVG embeds or links
        /// it as the writer's caller decides (`SVGWriter.svg(_:imageLink:)`).
        case image(RGBImage, Frame)
    }

    public var kind: Kind
    public var role: String

    public init(_ kind: Kind, role: String) {
        self.kind = kind
        self.role = role
    }
}

/// A picture: its size in points, a background and shapes drawn in order.
public struct Scene: Sendable, Equatable {
    public var width: Double
    public var height: Double
    public var background: Colour
    public var shapes: [Shape]
    /// A one-line description (the SVG's title).
    public var title: String

    public init(width: Double, height: Double, background: Colour, shapes: [Shape] = [], title: String = "") {
        self.width = width
        self.height = height
        self.background = background
        self.shapes = shapes
        self.title = title
    }

    /// The shapes whose role is `role` or starts with `role` and a space.
    public func shapes(role: String) -> [Shape] {
        shapes.filter { $0.role == role || $0.role.hasPrefix(role + " ") }
    }
}
