// Offers: `GridLocator.boxLinesQuad`, the grid framed from its four box lines
// alone: a grid printed without an outer border, whose thin cell lines are too
// faint to hold together, still shows a `#` of heavy box lines, and the ends of
// those lines lie on the grid's edges.

import Geometry

#if canImport(Glibc)
    import Glibc
#endif

extension GridLocator {

    /// The quad a `#`-shaped component implies: its two families of two strong
    /// parallel lines are the box lines, and the ends of each family's lines
    /// mark the grid's edges across them. Nil when the component is not such a
    /// `#` (a bordered grid's outline, text, a single line).
    func boxLinesQuad(of c: Component, map: ComponentMap) -> Quad? {
        var points: [Point] = []
        points.reserveCapacity(min(c.area, tuning.boxLineSamples))
        let step = max(1, c.area / tuning.boxLineSamples)
        var seen = 0
        for y in c.minY...c.maxY {
            for x in c.minX...c.maxX where map.labels[y * map.width + x] == c.label {
                if seen % step == 0 { points.append(Point(Double(x), Double(y))) }
                seen += 1
            }
        }
        guard points.count >= 64 else { return nil }
        let weight = Double(step)

        // The direction whose projection piles the pixels into the sharpest peaks
        // is square to the first family of lines.
        func histogram(_ degrees: Int) -> (bins: [Double], origin: Double) {
            let a = Double(degrees) * .pi / 180
            let (cx, sy) = (cos(a), sin(a))
            var lo = Double.infinity, hi = -Double.infinity
            var values = [Double](repeating: 0, count: points.count)
            for (i, p) in points.enumerated() {
                let v = p.x * cx + p.y * sy
                values[i] = v
                lo = min(lo, v)
                hi = max(hi, v)
            }
            var bins = [Double](repeating: 0, count: Int(hi - lo) + 3)
            for v in values { bins[Int(v - lo) + 1] += weight }
            return (bins, lo - 1)
        }
        func sharpest(_ degrees: ClosedRange<Int>) -> Int {
            let scored = degrees.map { d in (d, histogram(d).bins.reduce(0) { $0 + $1 * $1 }) }
            return scored.max { $0.1 < $1.1 }!.0
        }
        let first = sharpest(0...(tuning.boxLineAngles - 1))
        let second = sharpest((first + 90 - tuning.boxLineShear)...(first + 90 + tuning.boxLineShear))

        /// The family square to `degrees`: its two box lines' positions and the
        /// span of the pixels' projections (where the other family's lines end).
        func family(_ degrees: Int, side: Double) -> (lo: Double, hi: Double)? {
            let (bins, origin) = histogram(degrees)
            let band = (0..<bins.count).map { i in
                (i > 0 ? bins[i - 1] : 0) + bins[i] + (i + 1 < bins.count ? bins[i + 1] : 0)
            }
            // The span: from the 1st to the 99th percentile of the pixels.
            let total = bins.reduce(0, +)
            var run = 0.0, lo = 0, hi = bins.count - 1
            for (i, b) in bins.enumerated() {
                if run < 0.01 * total && run + b >= 0.01 * total { lo = i }
                if run < 0.99 * total && run + b >= 0.99 * total { hi = i }
                run += b
            }
            let span = Double(hi - lo)
            guard span > 0 else { return nil }
            // The two strongest peaks, apart by at least a fifth of the span.
            let p1 = band.indices.max { band[$0] < band[$1] }!
            let far = band.indices.filter { abs($0 - p1) >= Int(span / 5) }
            guard let p2 = far.max(by: { band[$0] < band[$1] }) else { return nil }
            guard band[p1] >= tuning.boxLineFill * side, band[p2] >= tuning.boxLineFill * side else { return nil }
            let spacing = Double(abs(p2 - p1))
            guard abs(span - 3 * spacing) <= tuning.boxLineSpanTolerance * 3 * spacing else { return nil }
            // The peaks lie inside, a box from each end.
            let (a, b) = (min(p1, p2), max(p1, p2))
            guard Double(a - lo) > 0.5 * spacing, Double(hi - b) > 0.5 * spacing else { return nil }
            return (Double(lo) + origin, Double(hi) + origin)
        }
        let side = Double(max(c.width, c.height)) * 0.8
        guard let f1 = family(first, side: side), let f2 = family(second, side: side) else { return nil }

        // Corners: where the edge lines of the two families cross.
        func corner(_ d1: Double, _ d2: Double) -> Point? {
            let a1 = Double(first) * .pi / 180, a2 = Double(second) * .pi / 180
            let (u1, v1, u2, v2) = (cos(a1), sin(a1), cos(a2), sin(a2))
            let det = u1 * v2 - v1 * u2
            guard abs(det) > 0.3 else { return nil }
            return Point((d1 * v2 - v1 * d2) / det, (u1 * d2 - d1 * u2) / det)
        }
        guard let p00 = corner(f1.lo, f2.lo), let p10 = corner(f1.hi, f2.lo),
            let p11 = corner(f1.hi, f2.hi), let p01 = corner(f1.lo, f2.hi)
        else { return nil }
        let q = Quad(p00, p10, p11, p01)
        let ordered = q.signedArea >= 0 ? q : Quad(p00, p01, p11, p10)
        return ordered.isConvex ? ordered.canonicalOrder : nil
    }
}
