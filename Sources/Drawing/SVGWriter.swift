// Offers: `SVGWriter`, a scene as an SVG 1.1 document: one element per shape,
// in order, its role as the class; text as `<text>` in DejaVu Sans (falling
// back to the viewer's sans-serif), kept as text so that it stays readable,
// searchable and small; an image as an `<image>` whose link the caller gives
// (a `data:` URI, a file name).

import Basics
import Geometry
import Raster

public enum SVGWriter {
    /// The SVG text of `scene`, its size in points as the user unit. `imageLink`
    /// gives each image shape's `href` (the writer encodes no pictures: a caller
    /// that can encodes one as a `data:` URI, or names a file); nil, the default,
    /// writes the image's frame with no picture.
    public static func svg(_ scene: Scene, imageLink: (RGBImage) -> String? = { _ in nil }) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(scene.width))" height="\(n(scene.height))" \
            viewBox="0 0 \(n(scene.width)) \(n(scene.height))">

            """
        if !scene.title.isEmpty { out += "<title>\(escape(scene.title))</title>\n" }
        out +=
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(n(scene.width))\" height=\"\(n(scene.height))\" "
            + "fill=\"\(scene.background.hex)\"/>\n"
        for shape in scene.shapes { out += element(shape, imageLink: imageLink) + "\n" }
        return out + "</svg>\n"
    }

    static func element(_ shape: Shape, imageLink: (RGBImage) -> String? = { _ in nil }) -> String {
        let cls = "class=\"\(escape(shape.role))\""
        switch shape.kind {
        case let .rect(f, fill, stroke, lineWidth):
            return "<rect \(cls) x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\""
                + paint("fill", fill) + (stroke.map { paint("stroke", $0) + " stroke-width=\"\(n(lineWidth))\"" } ?? "")
                + "/>"
        case let .line(a, b, p, width, dashed):
            return "<line \(cls) x1=\"\(n(a.x))\" y1=\"\(n(a.y))\" x2=\"\(n(b.x))\" y2=\"\(n(b.y))\""
                + paint("stroke", p)
                + " stroke-width=\"\(n(width))\" stroke-linecap=\"round\"" + dash(dashed, width) + "/>"
        case let .arrow(a, b, p, width, dashed, bend):
            let geometry = ArrowGeometry(from: a, to: b, width: width, bend: bend)
            let head = geometry.head.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
            let shaft = "M" + geometry.shaft.map { "\(n($0.x)) \(n($0.y))" }.joined(separator: " L")
            return "<g \(cls)><path d=\"\(shaft)\" fill=\"none\"" + paint("stroke", p)
                + " stroke-width=\"\(n(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
                + dash(dashed, width) + "/>"
                + "<polygon points=\"\(head)\"" + paint("fill", p) + "/></g>"
        case let .curve(a, b, p, width, dashed, bend):
            let d =
                "M"
                + ArrowGeometry.curve(from: a, to: b, bend: bend).map { "\(n($0.x)) \(n($0.y))" }
                .joined(separator: " L")
            return "<path \(cls) d=\"\(d)\" fill=\"none\"" + paint("stroke", p)
                + " stroke-width=\"\(n(width))\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
                + dash(dashed, width)
                + "/>"
        case let .circle(c, r, fill, stroke, lineWidth):
            return "<circle \(cls) cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(r))\"" + paint("fill", fill)
                + (stroke.map { paint("stroke", $0) + " stroke-width=\"\(n(lineWidth))\"" } ?? "") + "/>"
        case let .text(text, centre, size, p, bold):
            let baseline = Typeface.face(bold: bold).baseline(centredOn: centre.y, size: size)
            return "<text \(cls) x=\"\(n(centre.x))\" y=\"\(n(baseline))\" font-family=\"\(Typeface.svgFamily)\""
                + " font-size=\"\(n(size))\"" + (bold ? " font-weight=\"bold\"" : "") + " text-anchor=\"middle\""
                + " xml:space=\"preserve\"" + paint("fill", p) + ">\(escape(text))</text>"
        case let .image(picture, f):
            return "<image \(cls) x=\"\(n(f.x))\" y=\"\(n(f.y))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\""
                + " preserveAspectRatio=\"none\"" + (imageLink(picture).map { " href=\"\(escape($0))\"" } ?? "") + "/>"
        }
    }

    static func paint(_ attribute: String, _ p: Paint?) -> String {
        guard let p else { return " \(attribute)=\"none\"" }
        return " \(attribute)=\"\(p.colour.hex)\"" + (p.opacity < 1 ? " \(attribute)-opacity=\"\(n(p.opacity))\"" : "")
    }

    static func dash(_ dashed: Bool, _ width: Double) -> String {
        dashed ? " stroke-dasharray=\"\(n(3 * width)) \(n(2.5 * width))\"" : ""
    }

    /// A number with at most two decimals.
    static func n(_ v: Double) -> String { DecimalText.trimmed(v, places: 2) }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(ch)
            }
        }
        return out
    }
}

/// An arrow's shaft (the curve flattened into a polyline, stopping inside the
/// head) and its head's three corners: the head is `4 * width + 3` points long
/// (at most 0.6 of the arrow), its tip on the arrow's end, pointing along the curve.
struct ArrowGeometry {
    var shaft: [Point]
    var head: [Point]

    init(from a: Point, to b: Point, width: Double, bend: Double = 0) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
        // The control point: `bend` to the left of the middle (y down: left of the direction is (dy, -dx)).
        let control = Point((a.x + b.x) / 2 + dy / length * bend, (a.y + b.y) / 2 - dx / length * bend)
        let tx = b.x - control.x, ty = b.y - control.y
        let tl = max(1e-9, (tx * tx + ty * ty).squareRoot())
        let ux = tx / tl, uy = ty / tl
        let headLength = min(length * 0.6, 4 * width + 3)
        let half = headLength * 0.45
        let base = Point(b.x - ux * headLength, b.y - uy * headLength)
        let stop = Point(b.x - ux * headLength * 0.8, b.y - uy * headLength * 0.8)
        var points: [Point] = []
        let steps = bend == 0 ? 1 : 24
        for k in 0...steps {
            let t = Double(k) / Double(steps), u = 1 - t
            let p = Point(
                u * u * a.x + 2 * u * t * control.x + t * t * b.x, u * u * a.y + 2 * u * t * control.y + t * t * b.y)
            let ex = p.x - b.x, ey = p.y - b.y
            if k > 0 && (ex * ex + ey * ey).squareRoot() < headLength * 0.8 { break }
            points.append(p)
        }
        points.append(stop)
        shaft = points
        head = [b, Point(base.x - uy * half, base.y + ux * half), Point(base.x + uy * half, base.y - ux * half)]
    }

    /// The whole curve from `a` to `b`, bowed `bend` to the left as an arrow's shaft is, flattened (no head).
    static func curve(from a: Point, to b: Point, bend: Double) -> [Point] {
        guard bend != 0 else { return [a, b] }
        let dx = b.x - a.x, dy = b.y - a.y
        let length = max(1e-9, (dx * dx + dy * dy).squareRoot())
        let control = Point((a.x + b.x) / 2 + dy / length * bend, (a.y + b.y) / 2 - dx / length * bend)
        return (0...24).map { k in
            let t = Double(k) / 24, u = 1 - t
            return Point(
                u * u * a.x + 2 * u * t * control.x + t * t * b.x, u * u * a.y + 2 * u * t * control.y + t * t * b.y)
        }
    }
}
