// Offers: `Rasteriser`, a scene drawn into an `RGBImage`, anti-aliased: every
// shape is turned into a coverage mask (the exact overlap for rectangles, the
// distance to the outline for lines, rings and discs, 4 x 4 samples for
// arrowheads, FreeType's coverage for text) and blended over what is below it;
// an image is copied in, sampled nearest.

import Geometry
import Raster

public enum Rasteriser {
    /// `scene` at `scale` pixels per point: an image `ceil(width * scale)` by `ceil(height * scale)`.
    public static func image(_ scene: Scene, scale: Double = 1) -> RGBImage {
        let w = Int((scene.width * scale).rounded(.up)), h = Int((scene.height * scale).rounded(.up))
        var canvas = Canvas(width: w, height: h, background: scene.background)
        for shape in scene.shapes { canvas.draw(shape.kind, scale: scale) }
        return canvas.image
    }
}

/// An image being drawn, with the blending and coverage primitives.
struct Canvas {
    var image: RGBImage

    init(width: Int, height: Int, background: Colour) {
        image = RGBImage(width: width, height: height, fill: (background.r, background.g, background.b))
    }

    mutating func draw(_ kind: Shape.Kind, scale s: Double) {
        func p(_ q: Point) -> Point { Point(q.x * s, q.y * s) }
        switch kind {
        case let .rect(f, fill, stroke, lineWidth):
            let r = Frame(x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s)
            if let fill { fillRect(r, fill) }
            if let stroke {
                let w = lineWidth * s
                fillRect(Frame(x: r.x - w / 2, y: r.y - w / 2, width: r.width + w, height: w), stroke)
                fillRect(Frame(x: r.x - w / 2, y: r.maxY - w / 2, width: r.width + w, height: w), stroke)
                fillRect(Frame(x: r.x - w / 2, y: r.y + w / 2, width: w, height: max(0, r.height - w)), stroke)
                fillRect(Frame(x: r.maxX - w / 2, y: r.y + w / 2, width: w, height: max(0, r.height - w)), stroke)
            }
        case let .line(a, b, paint, width, dashed):
            strokePolylines(dashed ? dashes([p(a), p(b)], width * s) : [[p(a), p(b)]], width: width * s, paint)
        case let .arrow(a, b, paint, width, dashed, bend):
            let g = ArrowGeometry(from: p(a), to: p(b), width: width * s, bend: bend * s)
            strokePolylines(dashed ? dashes(g.shaft, width * s) : [g.shaft], width: width * s, paint)
            fillTriangle(g.head, paint)
        case let .curve(a, b, paint, width, dashed, bend):
            let line = ArrowGeometry.curve(from: p(a), to: p(b), bend: bend * s)
            strokePolylines(dashed ? dashes(line, width * s) : [line], width: width * s, paint)
        case let .circle(c, r, fill, stroke, lineWidth):
            let c = p(c), r = r * s, w = lineWidth * s
            if let fill { cover(around: c, reach: r + 1, paint: fill) { d in min(1, max(0, r + 0.5 - d)) } }
            if let stroke {
                cover(around: c, reach: r + w, paint: stroke) { d in min(1, max(0, w / 2 + 0.5 - abs(d - r))) }
            }
        case let .text(text, centre, size, paint, bold):
            let face = Typeface.face(bold: bold), px = size * s
            let origin = Point(
                centre.x * s - face.width(of: text, size: px) / 2, face.baseline(centredOn: centre.y * s, size: px))
            for glyph in face.glyphs(text, size: px, origin: origin) { drawCoverage(glyph, paint) }
        case let .image(picture, f):
            drawImage(picture, in: Frame(x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s))
        }
    }

    /// `picture` stretched over `f`, opaque: every pixel whose centre lies in the
    /// frame takes the picture's pixel under that centre (nearest, no blending), so
    /// a picture drawn over its own size at scale 1 is copied exactly.
    mutating func drawImage(_ picture: RGBImage, in f: Frame) {
        guard f.width > 0, f.height > 0, picture.width > 0, picture.height > 0 else { return }
        let x0 = max(0, Int((f.x - 0.5).rounded(.up))), x1 = min(image.width - 1, Int((f.maxX - 0.5).rounded(.up)) - 1)
        let y0 = max(0, Int((f.y - 0.5).rounded(.up))), y1 = min(image.height - 1, Int((f.maxY - 0.5).rounded(.up)) - 1)
        guard x0 <= x1, y0 <= y1 else { return }
        let sx = (x0...x1).map { x in
            min(picture.width - 1, max(0, Int((Double(x) + 0.5 - f.x) / f.width * Double(picture.width))))
        }
        for y in y0...y1 {
            let row = min(picture.height - 1, max(0, Int((Double(y) + 0.5 - f.y) / f.height * Double(picture.height))))
            for (k, x) in (x0...x1).enumerated() {
                let i = (y * image.width + x) * 3, j = (row * picture.width + sx[k]) * 3
                image.pixels[i] = picture.pixels[j]
                image.pixels[i + 1] = picture.pixels[j + 1]
                image.pixels[i + 2] = picture.pixels[j + 2]
            }
        }
    }

    /// A glyph's coverage blended in `paint`.
    mutating func drawCoverage(_ g: GlyphCoverage, _ paint: Paint) {
        for row in 0..<g.height {
            let y = g.y + row
            guard y >= 0, y < image.height else { continue }
            for column in 0..<g.width {
                let c = g.coverage[row * g.width + column]
                if c > 0 { blend(g.x + column, y, paint, Double(c) / 255) }
            }
        }
    }

    /// Blends `paint` at pixel (x, y) with `coverage` (0...1).
    mutating func blend(_ x: Int, _ y: Int, _ paint: Paint, _ coverage: Double) {
        guard x >= 0, y >= 0, x < image.width, y < image.height, coverage > 0 else { return }
        let a = min(1, coverage * paint.opacity)
        let i = (y * image.width + x) * 3
        let c = [paint.colour.r, paint.colour.g, paint.colour.b]
        for k in 0..<3 {
            let old = Double(image.pixels[i + k])
            image.pixels[i + k] = UInt8((old + (Double(c[k]) - old) * a).rounded())
        }
    }

    /// A rectangle with fractional edges: each pixel covered by its overlap's area.
    mutating func fillRect(_ f: Frame, _ paint: Paint) {
        guard f.width > 0, f.height > 0 else { return }
        let x0 = max(0, Int(f.x.rounded(.down))), x1 = min(image.width - 1, Int(f.maxX.rounded(.up)) - 1)
        let y0 = max(0, Int(f.y.rounded(.down))), y1 = min(image.height - 1, Int(f.maxY.rounded(.up)) - 1)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            let cy = min(f.maxY, Double(y + 1)) - max(f.y, Double(y))
            for x in x0...x1 {
                let cx = min(f.maxX, Double(x + 1)) - max(f.x, Double(x))
                blend(x, y, paint, cx * cy)
            }
        }
    }

    /// Every pixel within `reach` of `c`, covered by `coverage(distance of its centre)`.
    mutating func cover(around c: Point, reach: Double, paint: Paint, _ coverage: (Double) -> Double) {
        let x0 = max(0, Int((c.x - reach).rounded(.down))), x1 = min(image.width - 1, Int((c.x + reach).rounded(.up)))
        let y0 = max(0, Int((c.y - reach).rounded(.down))), y1 = min(image.height - 1, Int((c.y + reach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
                blend(x, y, paint, coverage((dx * dx + dy * dy).squareRoot()))
            }
        }
    }

    /// Polylines stroked `width` wide with round caps and joins; each pixel is
    /// blended once, with its largest coverage over all segments (no dark joints).
    mutating func strokePolylines(_ lines: [[Point]], width: Double, _ paint: Paint) {
        let points = lines.flatMap { $0 }
        guard !points.isEmpty else { return }
        let r = width / 2
        let minX = max(0, Int((points.map(\.x).min()! - r - 1).rounded(.down)))
        let maxX = min(image.width - 1, Int((points.map(\.x).max()! + r + 1).rounded(.up)))
        let minY = max(0, Int((points.map(\.y).min()! - r - 1).rounded(.down)))
        let maxY = min(image.height - 1, Int((points.map(\.y).max()! + r + 1).rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        let w = maxX - minX + 1
        var mask = [Double](repeating: 0, count: w * (maxY - minY + 1))
        for line in lines {
            let segments = line.count == 1 ? [(line[0], line[0])] : Array(zip(line, line.dropFirst()))
            for (a, b) in segments {
                let sx0 = max(minX, Int((min(a.x, b.x) - r - 1).rounded(.down)))
                let sx1 = min(maxX, Int((max(a.x, b.x) + r + 1).rounded(.up)))
                let sy0 = max(minY, Int((min(a.y, b.y) - r - 1).rounded(.down)))
                let sy1 = min(maxY, Int((max(a.y, b.y) + r + 1).rounded(.up)))
                guard sx0 <= sx1, sy0 <= sy1 else { continue }
                let dx = b.x - a.x, dy = b.y - a.y, ll = dx * dx + dy * dy
                for y in sy0...sy1 {
                    for x in sx0...sx1 {
                        let px = Double(x) + 0.5, py = Double(y) + 0.5
                        let t = ll == 0 ? 0 : min(1, max(0, ((px - a.x) * dx + (py - a.y) * dy) / ll))
                        let ex = px - (a.x + t * dx), ey = py - (a.y + t * dy)
                        let c = min(1, max(0, r + 0.5 - (ex * ex + ey * ey).squareRoot()))
                        let k = (y - minY) * w + (x - minX)
                        if c > mask[k] { mask[k] = c }
                    }
                }
            }
        }
        for y in minY...maxY {
            for x in minX...maxX { blend(x, y, paint, mask[(y - minY) * w + (x - minX)]) }
        }
    }

    /// A triangle, covered by 4 x 4 samples a pixel.
    mutating func fillTriangle(_ t: [Point], _ paint: Paint) {
        let x0 = max(0, Int(t.map(\.x).min()!.rounded(.down))),
            x1 = min(image.width - 1, Int(t.map(\.x).max()!.rounded(.up)))
        let y0 = max(0, Int(t.map(\.y).min()!.rounded(.down))),
            y1 = min(image.height - 1, Int(t.map(\.y).max()!.rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        func edge(_ a: Point, _ b: Point, _ x: Double, _ y: Double) -> Double {
            (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
        }
        let area = edge(t[0], t[1], t[2].x, t[2].y)
        guard area != 0 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                        let e0 = edge(t[0], t[1], px, py), e1 = edge(t[1], t[2], px, py), e2 = edge(t[2], t[0], px, py)
                        if (e0 >= 0 && e1 >= 0 && e2 >= 0) || (e0 <= 0 && e1 <= 0 && e2 <= 0) { inside += 1 }
                    }
                }
                blend(x, y, paint, Double(inside) / 16)
            }
        }
    }

    /// The dashes of a polyline `width` wide: three widths on, two and a half off, along its length.
    func dashes(_ line: [Point], _ width: Double) -> [[Point]] {
        let on = 3 * width, off = 2.5 * width
        var out: [[Point]] = []
        var current: [Point] = []
        var drawing = true
        var left = on
        for (a, b) in zip(line, line.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            var t = 0.0
            if drawing && current.isEmpty { current = [a] }
            while length - t > left {
                t += left
                let p = Point(a.x + dx * t / length, a.y + dy * t / length)
                if drawing {
                    current.append(p)
                    out.append(current)
                    current = []
                } else {
                    current = [p]
                }
                drawing.toggle()
                left = drawing ? on : off
            }
            left -= length - t
            if drawing { current.append(b) }
        }
        if current.count > 1 { out.append(current) }
        return out
    }
}
