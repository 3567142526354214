// Offers: the contour source of `GridLocator`: `componentQuads`, quads around
// the largest ink components (`bigComponents`), each through its extreme
// points (`quad(of:)`) and refined onto its outer border (`refine`); and
// `fitLine`, the robust line fit the refinement and the polish share.

import Geometry

#if canImport(Glibc)
    import Glibc
#endif

extension GridLocator {

    /// The largest components of `map` that may be a grid's lines.
    func bigComponents(_ map: ComponentMap, minSide: Int, imageArea: Double) -> ArraySlice<Component> {
        map.components
            .filter {
                Double($0.boxArea) >= tuning.minComponentShare * imageArea
                    && $0.width >= minSide / tuning.componentsAcross && $0.height >= minSide / tuning.componentsAcross
            }
            .sorted { $0.boxArea > $1.boxArea }
            .prefix(tuning.maxComponents)
    }

    /// Quads of the largest components of `map`: each component's extreme
    /// corners refined onto its edges (and unrefined), with its bounding box as
    /// the fallback.
    func componentQuads(
        _ map: ComponentMap, minSide: Int, imageArea: Double
    )
        -> [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)]
    {
        var quads: [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)] = []
        for c in bigComponents(map, minSide: minSide, imageArea: imageArea) {
            guard let q = self.quad(of: c) else { continue }
            let refined = self.refine(q, component: c, map: map) ?? q
            // A grid whose lines are too faint to join up leaves a component of its
            // strong parts only (the edges of shaded boxes, a cross of them): its
            // extreme points are not the grid's corners, but its box, polished onto
            // the border, is.
            let box = Quad(
                Point(Double(c.minX), Double(c.minY)), Point(Double(c.maxX + 1), Double(c.minY)),
                Point(Double(c.maxX + 1), Double(c.maxY + 1)), Point(Double(c.minX), Double(c.maxY + 1)))
            let distinct = box.maxCornerDistance(to: q) > tuning.duplicateDistance * q.meanSide
            quads.append((refined, .contour, distinct ? box : nil))
            if refined != q { quads.append((q, .contour, nil)) }
        }
        return quads
    }

    /// The quad through a component's extreme points: diagonal extremes for a grid
    /// seen nearly square-on, axis extremes for one turned near 45°; the larger wins.
    func quad(of c: Component) -> Quad? {
        let e = c.extremes
        let diagonal = Quad(e[0], e[1], e[2], e[3])
        let axis = Quad(e[4], e[5], e[6], e[7])
        let best = [diagonal, axis].filter(\.isConvex).max { $0.area < $1.area }
        return best
    }

    /// A side is refitted only when this many samples found the border (a third).
    var minBorderHits: Int { tuning.borderSamples / 3 }

    /// Refits each side of `quad` to the outermost pixels of the component along
    /// that side (least squares, twice, dropping outliers), and intersects the lines.
    /// Nil when a side has too few border points or the result strays far.
    func refine(_ quad: Quad, component c: Component, map: ComponentMap) -> Quad? {
        let q =
            quad.signedArea >= 0 ? quad : Quad([quad.corners[0], quad.corners[3], quad.corners[2], quad.corners[1]])
        var lines: [(Point, Point)] = []  // point on line, unit direction
        let center = q.center
        for i in 0..<4 {
            let a = q.corners[i], b = q.corners[(i + 1) % 4]
            let len = a.distance(to: b)
            guard len > tuning.minRefinedSide else { return nil }
            let dir = (b - a) * (1 / len)
            var normal = Point(dir.y, -dir.x)
            if normal.dot(a.lerp(b, 0.5) - center) < 0 { normal = normal * -1 }  // outward
            let reach = max(tuning.minBorderReach, tuning.borderReachShare * len)
            var points: [Point] = []
            let samples = tuning.borderSamples
            for s in 1..<samples {
                let t = tuning.borderSpanStart + tuning.borderSpanLength * Double(s) / Double(samples)
                let base = a.lerp(b, t)
                // Walk from outside inwards; the first pixel of the component is the border.
                var d = reach
                while d >= -reach {
                    let p = base + normal * d
                    let x = Int(p.x), y = Int(p.y)
                    if x >= 0, y >= 0, x < map.width, y < map.height, map.labels[y * map.width + x] == c.label {
                        points.append(p + normal * 0.5)
                        break
                    }
                    d -= 0.5
                }
            }
            guard points.count >= minBorderHits, let line = fitLine(points) else { return nil }
            lines.append(line)
        }
        var corners: [Point] = []
        for i in 0..<4 {
            let (p1, d1) = lines[(i + 3) % 4], (p2, d2) = lines[i]
            let den = d1.cross(d2)
            guard abs(den) > 1e-6 else { return nil }
            let t = (p2 - p1).cross(d2) / den
            corners.append(p1 + d1 * t)
        }
        let refined = Quad(corners)
        guard refined.isConvex, refined.maxCornerDistance(to: q) < tuning.maxRefineShift * q.meanSide else {
            return nil
        }
        return refined
    }

    /// Total least-squares line through `points`, refitted once without points more
    /// than 1.5 px (or 2.5 standard deviations) off. Returns a point and unit direction.
    func fitLine(_ points: [Point]) -> (Point, Point)? {
        func fit(_ pts: [Point]) -> (Point, Point)? {
            guard pts.count >= 2 else { return nil }
            let n = Double(pts.count)
            let mx = pts.map(\.x).reduce(0, +) / n, my = pts.map(\.y).reduce(0, +) / n
            var sxx = 0.0, syy = 0.0, sxy = 0.0
            for p in pts {
                sxx += (p.x - mx) * (p.x - mx)
                syy += (p.y - my) * (p.y - my)
                sxy += (p.x - mx) * (p.y - my)
            }
            let angle = 0.5 * atan2(2 * sxy, sxx - syy)
            return (Point(mx, my), Point(cos(angle), sin(angle)))
        }
        guard let first = fit(points) else { return nil }
        let residuals = points.map { abs(($0 - first.0).cross(first.1)) }
        let sd = (residuals.map { $0 * $0 }.reduce(0, +) / Double(points.count)).squareRoot()
        let limit = max(tuning.outlierPixels, tuning.outlierDeviations * sd)
        let inliers = zip(points, residuals).filter { $0.1 <= limit }.map(\.0)
        return fit(inliers.count >= points.count / 2 ? inliers : points)
    }
}
