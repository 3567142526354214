// Offers: `GridLocator.polish`, which moves each side of a candidate quad onto
// the outer edge of the border line seen near it (a corner some of a cell off
// goes back onto the border), with its probe's sizes (`polishCell`,
// `polishSamples`) and offsets (`polishSteps`).

import Geometry
import Raster

extension GridLocator {

    /// The polishing probe: `polishCell` pixels a cell, the quad and a cell more on
    /// every side.
    static let polishCell = 32
    /// A side's border is looked for within 1.25 cells of where the quad puts it.
    /// Points sampled along each side (over its middle 80 %); a side moves only
    /// when a line through the ends of line runs of a third of them is found.
    static let polishSamples = 48
    /// `polish`'s offsets of a line from its first sample at each sample: at
    /// `(d + 2 * reach) * polishSamples + k`, the offset at sample `k` of a line
    /// whose last sample lies `d` pixels (-2 reach...2 reach) from its first,
    /// rounded as `polish` rounds it. Made once, not per line tried (4 sides of
    /// 81 x 81 lines of 48 samples a polish; measured on the 4 photos of
    /// TestImages/phone-full: `polish` 2.0 % of the CPU of scanning them, libm's
    /// rounding 0.7 % more).
    static let polishSteps: [Int] = {
        let reach = Self.polishCell * 5 / 4
        return (-2 * reach...2 * reach).flatMap { d in
            (0..<Self.polishSamples).map { k in Int((Double(d) * Double(k) / Double(Self.polishSamples - 1)).rounded())
            }
        }
    }()

    /// The quad with each side moved onto the outer edge of the border line seen
    /// near it, in a probe of the quad grown by a cell on every side: a corner some
    /// of a cell off (an extreme point pulled by a title touching the grid, a
    /// comb on a bent page) goes back onto the border. A side with no border line
    /// near it stays. Nil when the probe cannot be made.
    func polish(_ quad: Quad, image: GrayImage) -> Quad? {
        let cell = Double(Self.polishCell), inner = 9 * cell, size = 11 * Self.polishCell
        guard let toQuad = Homography(squareOfSide: inner, to: quad) else { return nil }
        let grown = Quad(
            [
                Point(-cell, -cell), Point(inner + cell, -cell), Point(inner + cell, inner + cell),
                Point(-cell, inner + cell),
            ].map(toQuad.apply))
        guard let toPhoto = Homography(squareOfSide: Double(size), to: grown),
            let warped = Warper.warp(image, quad: grown, size: size, antialias: false)
        else { return nil }
        let mask = Binarizer.adaptiveThreshold(warped, window: tuning.probeWindow, relativeOffset: tuning.probeOffset)
        let run = Self.polishCell * tuning.lineRun.numerator / tuning.lineRun.denominator
        let horizontal = Morphology.horizontalLines(mask, length: run)
        let vertical = Morphology.verticalLines(mask, length: run)
        let reach = Self.polishCell * 5 / 4
        // Sides: top, right, bottom, left; each as (expected position, line ink,
        // horizontal?, is the outer end the low end?).
        let low = Self.polishCell, high = 10 * Self.polishCell
        let sides: [(expected: Int, lines: BinaryImage, horizontal: Bool, outerLow: Bool)] = [
            (low, horizontal, true, true), (high, vertical, false, false),
            (high, horizontal, true, false), (low, vertical, false, true),
        ]
        let positions = (0..<Self.polishSamples).map {
            Int(cell + inner * (0.1 + 0.8 * Double($0) / Double(Self.polishSamples - 1)))
        }
        var fitted: [(Point, Point)] = []
        for side in sides {
            // Per sample: the outer ends of the runs of line ink within reach, and
            // which offsets from the expected position lie within tolerance of one.
            var ends = [[Int]](repeating: [], count: Self.polishSamples)
            let span = 2 * reach + 1
            var near = [Bool](repeating: false, count: Self.polishSamples * span)
            for (k, along) in positions.enumerated() {
                func ink(_ d: Int) -> Bool {
                    guard d >= 0, d < size else { return false }
                    return side.horizontal ? side.lines[along, d] : side.lines[d, along]
                }
                var d = side.expected - reach
                while d <= side.expected + reach {
                    guard ink(d) else {
                        d += 1
                        continue
                    }
                    var end = d
                    while ink(end + 1) { end += 1 }
                    var start = d
                    while ink(start - 1) { start -= 1 }
                    let outer = side.outerLow ? start : end + 1
                    ends[k].append(outer)
                    let centre = outer - side.expected + reach
                    let lo = max(0, centre - tuning.polishTolerance),
                        hi = min(span - 1, centre + tuning.polishTolerance)
                    if lo <= hi { for o in lo...hi { near[k * span + o] = true } }
                    d = end + 1
                }
            }
            // The line (offsets at the first and the last sample) that most samples
            // support; of equals, the outermost (a border, not the first inner line).
            var best: (support: Int, outer: Int, a: Int, b: Int)?
            let steps = Self.polishSteps
            for a in -reach...reach {
                for b in -reach...reach {
                    var support = 0
                    let row = (b - a + 2 * reach) * Self.polishSamples
                    for k in 0..<Self.polishSamples where near[k * span + reach + a + steps[row + k]] {
                        support += 1
                    }
                    let outer = side.outerLow ? -(a + b) : a + b
                    if best == nil || support > best!.support || (support == best!.support && outer > best!.outer) {
                        best = (support, outer, a, b)
                    }
                }
            }
            let e = Double(side.expected)
            var points: [Point] = []
            if let b = best, b.support >= Self.polishSamples / 3 {
                for (k, along) in positions.enumerated() {
                    let at =
                        Double(side.expected + b.a) + Double(b.b - b.a) * Double(k) / Double(Self.polishSamples - 1)
                    if let o = ends[k].min(by: { abs(Double($0) - at) < abs(Double($1) - at) }),
                        abs(Double(o) - at) <= Double(tuning.polishTolerance)
                    {
                        let x = Double(along) + 0.5
                        points.append(side.horizontal ? Point(x, Double(o)) : Point(Double(o), x))
                    }
                }
            }
            if points.count >= Self.polishSamples / 3, let line = fitLine(points) {
                fitted.append(line)
            } else {
                fitted.append(side.horizontal ? (Point(0, e), Point(1, 0)) : (Point(e, 0), Point(0, 1)))
            }
        }
        var corners: [Point] = []
        for i in 0..<4 {
            let (p1, d1) = fitted[(i + 3) % 4], (p2, d2) = fitted[i]
            let den = d1.cross(d2)
            guard abs(den) > 1e-6 else { return nil }
            corners.append(toPhoto.apply(p1 + d1 * ((p2 - p1).cross(d2) / den)))
        }
        return Quad(corners)
    }
}
