// Offers: `GridLocator`, which proposes ranked candidate framings (`GridCandidate`)
// of a sudoku grid in a photo, from three sources:
// - contours: quads around the largest ink components, each kept as found and, when
//   it differs, with its corners refined by fitting lines to the component's outer
//   border;
// - cells: quads around clusters of similar, square white blobs side by side (the
//   grid's 81 cells, or its nine boxes), for a grid whose lines run into text or a
//   frame, so that its component is not the grid; and each such cluster grown by
//   9/7, the grid whose outer border is missing or too faint to close its outer
//   cells;
// - nested lattices: inside each of those quads, and inside the whole picture, the
//   best comb of ten evenly spaced horizontal and ten vertical lines, which finds
//   the grid when the quad is a page or a frame around it, or when the grid's
//   border is broken; and the grid whose edges lie where those lines end, for a
//   grid without a border whose best comb is a cell off.
// The search runs on a copy shrunk to at most `workingLongSide`, with its lighting
// flattened and binarised. Every convex quad and lattice covering at least 2 % of
// the picture (not the whole picture itself) is scored by how much line ink its
// warp shows on the 10 + 10 lines of a sudoku grid, less the line ink half a cell
// away from them. Candidates scoring `minimumScore` or less are dropped; of
// near-duplicates (every corner within 2 % of a side) only the best scoring is
// kept; at most `maxCandidates` are returned, best first.
//
// Tuning: every number here (`LocatorTuning`, but for the polish probe's two sizes) was
// chosen by hand on the training photos
// (`TestImages/newspaper`) when the locator was written; none of them has a
// measurement of its own on record. What is measured is the locator as a whole:
// `sudokit eval` prints how often some candidate, and the chosen one, lies within
// 5 % of the true corners (the README has the figures), and `sudokit bench
// locate` its time.

#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Raster

/// One proposed framing of the grid.
public struct GridCandidate: Sendable {
    public enum Source: String, Sendable {
        case contour
        case lattice
        case cells
        case boxLines = "box-lines"
    }

    /// Corners in pixels of the input picture, clockwise from the corner nearest
    /// its top-left (the puzzle's reading rotation is decided later).
    public var quad: Quad
    /// How much the warped quad looks like a 9×9 grid: 0 (nothing) to about 1.
    public var score: Double
    public var source: Source
}

public struct GridLocator: Sendable {
    /// The search's sizes, shares and thresholds (`Tuning.locator`, or
    /// `Tuning.smallGridLocator` for the second pass over a large photo).
    public var tuning: LocatorTuning

    public init(tuning: LocatorTuning = LocatorTuning()) { self.tuning = tuning }

    /// For a grid that is a small part of a large photo (see `LocatorTuning.smallGrids`).
    public static var smallGrids: GridLocator { GridLocator(tuning: .smallGrids) }


    /// The pictures the search works on: the photo shrunk by `factor`, its
    /// illumination flattened, and the ink mask thresholded from that (nil when
    /// the photo is too small to hold a grid).
    public func workingImages(_ image: GrayImage) -> (factor: Int, small: GrayImage, flat: GrayImage, mask: BinaryImage)? {
        guard min(image.width, image.height) >= tuning.minPictureSide else { return nil }
        let longSide = max(image.width, image.height)
        let factor = max(1, Int((Double(longSide) / Double(tuning.workingLongSide)).rounded(.up)))
        let small = Resampler.downscale(image, by: factor)
        let minSide = min(small.width, small.height)
        let flat = Binarizer.flattenIllumination(small, block: max(tuning.minBlock, minSide / tuning.blocksAcross))
        let mask = Binarizer.adaptiveThreshold(flat, window: max(tuning.minWindow, minSide / tuning.windowsAcross) | 1,
                                               relativeOffset: tuning.relativeOffset)
        return (factor, small, flat, mask)
    }

    /// Proposes framings for `image`, best first; empty when nothing grid-like is found.
    public func locate(_ image: GrayImage) -> [GridCandidate] { workingImages(image).map(locate(in:)) ?? [] }

    /// Proposes framings from the pictures `workingImages` made of a photo, best
    /// first, in pixels of that photo (a scan keeps the mask for its trace).
    public func locate(in working: (factor: Int, small: GrayImage, flat: GrayImage, mask: BinaryImage)) -> [GridCandidate] {
        let (factor, small, flat, mask) = working
        let minSide = min(small.width, small.height)
        // Pieces of fewer pixels than the short side has are specks.
        let map = ComponentLabeler.label(mask, minArea: minSide)

        // Each quad, with a fallback tried when the quad itself shows no clear grid.
        let imageArea = Double(small.width * small.height)
        var quads = componentQuads(map, minSide: minSide, imageArea: imageArea)
        // Every quad is scored, and searched for a nested lattice (as is the whole
        // picture); the lattices found are scored too. One rectified probe per quad.
        let whole = Quad(Point(0, 0), Point(Double(small.width), 0),
                         Point(Double(small.width), Double(small.height)), Point(0, Double(small.height)))
        var candidates: [GridCandidate] = []
        var lattices: [Quad] = []
        // Set once no quad shows a clear grid: from then on hairlines count too.
        var joinLines = false
        /// The quad's score (nil when not scored or not usable).
        @discardableResult
        func consider(_ q: Quad, _ source: GridCandidate.Source, score: Bool, nest: Bool) -> Double? {
            guard q.isConvex, q.area >= tuning.minQuadShare * imageArea, let lines = self.lineProfiles(q, image: flat, joined: joinLines) else { return nil }
            var value: Double?
            if score {
                let full = Quad(q.canonicalOrder.corners.map { $0 * Double(factor) })
                value = self.gridScore(lines)
                candidates.append(GridCandidate(quad: full, score: value!, source: source))
            }
            if nest { lattices += self.latticesInside(q, lines) }
            return value
        }
        func consider(_ list: [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)]) {
            for (q, source, fallback) in list {
                let value = consider(q, source, score: true, nest: true)
                if let fallback, (value ?? 0) < tuning.clearGrid { consider(fallback, source, score: true, nest: true) }
            }
        }
        consider(quads)
        // The grid's cells, unless a component's quad shows the grid very clearly
        // (`clearGridWithoutCells`): when the grid's lines run into text or a
        // frame, its component is not the grid, but its 81 white cells still are
        // cells. A grid without an outer border (or with a hairline one the
        // threshold misses) closes only its inner 7 x 7 cells: the grid is that
        // cluster grown by 9/7.
        if !candidates.contains(where: { $0.score >= tuning.clearGridWithoutCells }) {
            let cells = self.cellClusters(mask, minSide: minSide, cellsAcross: tuning.cellsAcross).map { q in
                let c = q.center
                return (quad: q, source: GridCandidate.Source.cells, fallback: Optional(Quad(q.corners.map { c + ($0 - c) * (9.0 / 7.0) })))
            }
            consider(cells)
            quads += cells
        }
        // Hairlines, thresholded, break where they step from row to row, and the
        // grid falls apart into pieces. When no quad shows a clear grid, the probes
        // join such steps from here on, every quad is probed again, and the
        // components are found again with every gap of a pixel closed. A grid
        // without a border whose cell lines are that faint still shows its heavy
        // box lines: a `#` whose ends mark the grid's edges.
        if !candidates.contains(where: { $0.score >= tuning.clearGrid }) {
            joinLines = true
            let joined = ComponentLabeler.label(Morphology.dilate(mask, radius: 1), minArea: minSide)
            // The quads already tried are probed again, hairlines now counting.
            consider(quads + componentQuads(joined, minSide: minSide, imageArea: imageArea))
            for m in [map, joined] {
                for c in bigComponents(m, minSide: minSide, imageArea: imageArea) {
                    if let q = self.boxLinesQuad(of: c, map: m) { consider(q, .boxLines, score: true, nest: true) }
                }
            }
        }
        consider(whole, .lattice, score: false, nest: true)
        for q in lattices { consider(q, .lattice, score: true, nest: false) }

        // The best few are polished onto their borders; a polished quad replaces its
        // candidate when it scores clearly higher.
        candidates.sort { $0.score > $1.score }
        var polished: [Quad] = []
        for i in candidates.indices.prefix(tuning.polishedCandidates)
            where candidates[i].score < tuning.polishBelow && candidates[i].score > tuning.polishAbove {
            var q = Quad(candidates[i].quad.corners.map { $0 * (1 / Double(factor)) })
            for _ in 0..<tuning.polishRounds {
                guard let p = self.polish(q, image: flat), p.isConvex, p.area >= tuning.minQuadShare * imageArea,
                      let lines = self.lineProfiles(p, image: flat, joined: joinLines) else { break }
                let score = self.gridScore(lines)
                guard score >= candidates[i].score + tuning.polishGain else { break }
                q = p.canonicalOrder
                candidates[i] = GridCandidate(quad: Quad(q.corners.map { $0 * Double(factor) }), score: score,
                                              source: candidates[i].source)
                polished.append(q)
            }
        }
        // A side polished onto a line parallel to the grid's border (a page's
        // fold, a frame) leaves a cell too many across: the lattice inside the
        // polished quad is the grid.
        for q in polished {
            guard let lines = self.lineProfiles(q, image: flat, joined: joinLines) else { continue }
            for l in self.latticesInside(q, lines, heavyLines: true) { consider(l, .lattice, score: true, nest: false) }
        }
        candidates.sort { $0.score > $1.score }
        var kept: [GridCandidate] = []
        for c in candidates where c.score > tuning.minimumScore {
            if kept.contains(where: { $0.quad.maxCornerDistance(to: c.quad) < tuning.duplicateDistance * c.quad.meanSide }) {
                continue
            }
            kept.append(c)
            if kept.count == tuning.maxCandidates { break }
        }
        return kept
    }

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
    func componentQuads(_ map: ComponentMap, minSide: Int, imageArea: Double)
        -> [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)] {
        var quads: [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)] = []
        for c in bigComponents(map, minSide: minSide, imageArea: imageArea) {
            guard let q = self.quad(of: c) else { continue }
            let refined = self.refine(q, component: c, map: map) ?? q
            // A grid whose lines are too faint to join up leaves a component of its
            // strong parts only (the edges of shaded boxes, a cross of them): its
            // extreme points are not the grid's corners, but its box, polished onto
            // the border, is.
            let box = Quad(Point(Double(c.minX), Double(c.minY)), Point(Double(c.maxX + 1), Double(c.minY)),
                           Point(Double(c.maxX + 1), Double(c.maxY + 1)), Point(Double(c.minX), Double(c.maxY + 1)))
            let distinct = box.maxCornerDistance(to: q) > tuning.duplicateDistance * q.meanSide
            quads.append((refined, .contour, distinct ? box : nil))
            if refined != q { quads.append((q, .contour, nil)) }
        }
        return quads
    }


    /// Quads around clusters of similar, square, white blobs lying side by side:
    /// a grid's 81 cells, or its nine boxes when the thin cell lines are too faint
    /// to close the cells. Each quad is widened by about a grid line's width.
    func cellClusters(_ mask: BinaryImage, minSide: Int, cellsAcross: Int) -> [Quad] {
        var paper = mask
        for i in 0..<paper.bits.count { paper.bits[i] ^= 1 }
        let minCell = max(tuning.minCell, minSide / cellsAcross)
        let maxBlob = minSide * tuning.maxBlobShare.numerator / tuning.maxBlobShare.denominator
        let blobs = ComponentLabeler.label(paper, minArea: minCell * minCell / 2).components.filter {
            $0.width >= minCell && $0.height >= minCell && $0.width <= maxBlob && $0.height <= maxBlob
                && Double($0.width) / Double($0.height) > tuning.minBlobAspect
                && Double($0.width) / Double($0.height) < tuning.maxBlobAspect
                && Double($0.area) >= tuning.minBlobFill * Double($0.boxArea)
        }.sorted { $0.center.x < $1.center.x }
        // Cluster: blobs of similar size whose centres are within reach.
        // Blobs are sorted by centre x, so each looks only at those within reach.
        let xs: [Double] = blobs.map { $0.center.x }
        func firstIndex(atLeast x: Double) -> Int {
            var lo = 0, hi = xs.count
            while lo < hi { let mid = (lo + hi) / 2; if xs[mid] < x { lo = mid + 1 } else { hi = mid } }
            return lo
        }
        var owner = [Int](repeating: -1, count: blobs.count)
        var clusters: [[Int]] = []
        for seed in blobs.indices where owner[seed] < 0 {
            var members = [seed]
            owner[seed] = seed
            var i = 0
            while i < members.count {
                let a = blobs[members[i]]
                let size = Double(a.width + a.height) / 2
                let reach = tuning.clusterReach * size
                var j = firstIndex(atLeast: a.center.x - reach)
                while j < blobs.count && xs[j] <= a.center.x + reach {
                    defer { j += 1 }
                    guard owner[j] < 0 else { continue }
                    let b = blobs[j]
                    let sb = Double(b.width + b.height) / 2
                    guard sb > size * tuning.minSizeRatio && sb < size * tuning.maxSizeRatio else { continue }
                    let distance = a.center.distance(to: b.center)
                    if distance < reach { owner[j] = seed; members.append(j) }
                }
                i += 1
            }
            let size = members.map { Double(blobs[$0].width) }.reduce(0, +) / Double(members.count)
            let cells = members.count >= tuning.minClusterCells
            let boxes = tuning.boxClusterCounts.contains(members.count) && size >= tuning.boxInCells * Double(minCell)
            if cells || boxes { clusters.append(members) }
        }
        return clusters.sorted { $0.count > $1.count }.prefix(tuning.maxClusters).compactMap { members -> Quad? in
            let parts = members.map { blobs[$0] }
            let tl = parts.map { $0.extremes[0] }.min { $0.x + $0.y < $1.x + $1.y }!
            let tr = parts.map { $0.extremes[1] }.max { $0.x - $0.y < $1.x - $1.y }!
            let br = parts.map { $0.extremes[2] }.max { $0.x + $0.y < $1.x + $1.y }!
            let bl = parts.map { $0.extremes[3] }.max { $0.y - $0.x < $1.y - $1.x }!
            let inner = Quad(tl, tr, br, bl)
            guard inner.isConvex else { return nil }
            let c = inner.center
            let grow = 1 + 2 * (inner.meanSide / 9 * tuning.lineWidthPerCell) / inner.meanSide
            return Quad(inner.corners.map { c + ($0 - c) * grow })
        }
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
        let q = quad.signedArea >= 0 ? quad : Quad([quad.corners[0], quad.corners[3], quad.corners[2], quad.corners[1]])
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
        guard refined.isConvex, refined.maxCornerDistance(to: q) < tuning.maxRefineShift * q.meanSide else { return nil }
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
            for p in pts { sxx += (p.x - mx) * (p.x - mx); syy += (p.y - my) * (p.y - my); sxy += (p.x - mx) * (p.y - my) }
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


    /// For each row and each column of the rectified `quad`, the share of it covered
    /// by long horizontal (respectively vertical) line ink.
    struct LineProfiles {
        var rows: [Double]
        var cols: [Double]
        /// The long horizontal and vertical line ink of the probe.
        var horizontal: BinaryImage
        var vertical: BinaryImage
    }

    ///
    /// `joined`: ink is first joined across each line direction
    /// (`Morphology.joinedAcross`), so that a hairline drawn at a slight slant,
    /// broken where it steps from row to row, still counts as a line.
    func lineProfiles(_ quad: Quad, image: GrayImage, joined: Bool = false) -> LineProfiles? {
        guard let warped = Warper.warp(image, quad: quad, size: tuning.probeSize, antialias: false) else { return nil }
        let mask = Binarizer.adaptiveThreshold(warped, window: tuning.probeWindow, relativeOffset: tuning.probeOffset)
        let run = tuning.probeSize / 9 * tuning.lineRun.numerator / tuning.lineRun.denominator
        let horizontal = Morphology.horizontalLines(joined ? Morphology.joinedAcross(mask, horizontal: true) : mask, length: run)
        let vertical = Morphology.verticalLines(joined ? Morphology.joinedAcross(mask, horizontal: false) : mask, length: run)
        return LineProfiles(rows: profile(horizontal, horizontal: true), cols: profile(vertical, horizontal: false),
                            horizontal: horizontal, vertical: vertical)
    }

    /// Share of each expected grid line (k/9 of the side, ±2 px) covered by line
    /// ink, averaged over the 20 lines, less the coverage half a cell away from
    /// them (where a grid has none but ruled text or a frame's hatching may).
    func gridScore(_ lines: LineProfiles) -> Double {
        let pitch = Double(tuning.probeSize) / 9
        func coverage(_ p: [Double], _ offset: Double) -> Double {
            var total = 0.0
            let count = offset == 0 ? 10 : 9
            for k in 0..<count {
                let c = Int((Double(k) * pitch + offset).rounded())
                var best = 0.0
                for d in -tuning.lineTolerance...tuning.lineTolerance where c + d >= 0 && c + d < p.count { best = max(best, p[c + d]) }
                total += min(1, best)
            }
            return total / Double(count)
        }
        let on = (coverage(lines.rows, 0) + coverage(lines.cols, 0)) / 2
        let off = (coverage(lines.rows, pitch / 2) + coverage(lines.cols, pitch / 2)) / 2
        return on - off
    }

    /// For each row (or column) of a line mask, the share of its length that is ink.
    func profile(_ mask: BinaryImage, horizontal: Bool) -> [Double] {
        let n = horizontal ? mask.height : mask.width
        let len = horizontal ? mask.width : mask.height
        var counts = [Int32](repeating: 0, count: n)
        let w = mask.width
        // Counts in 32-bit loops without a branch (a mask's side is far below 2^31).
        mask.bits.withUnsafeBufferPointer { bits in
            counts.withUnsafeMutableBufferPointer { c in
                let ink = bits.baseAddress!, count = c.baseAddress!
                for y in 0..<mask.height {
                    let row = y &* w
                    if horizontal {
                        var sum: Int32 = 0
                        for x in 0..<w { sum &+= ink[row &+ x] != 0 ? 1 : 0 }
                        count[y] = sum
                    } else {
                        for x in 0..<w { count[x] &+= ink[row &+ x] != 0 ? 1 : 0 }
                    }
                }
            }
        }
        return counts.map { Double($0) / Double(len) }
    }


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
            (0..<Self.polishSamples).map { k in Int((Double(d) * Double(k) / Double(Self.polishSamples - 1)).rounded()) }
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
        let grown = Quad([Point(-cell, -cell), Point(inner + cell, -cell), Point(inner + cell, inner + cell),
                          Point(-cell, inner + cell)].map(toQuad.apply))
        guard let toPhoto = Homography(squareOfSide: Double(size), to: grown),
              let warped = Warper.warp(image, quad: grown, size: size, antialias: false) else { return nil }
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
        let positions = (0..<Self.polishSamples).map { Int(cell + inner * (0.1 + 0.8 * Double($0) / Double(Self.polishSamples - 1))) }
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
                    guard ink(d) else { d += 1; continue }
                    var end = d
                    while ink(end + 1) { end += 1 }
                    var start = d
                    while ink(start - 1) { start -= 1 }
                    let outer = side.outerLow ? start : end + 1
                    ends[k].append(outer)
                    let centre = outer - side.expected + reach
                    let lo = max(0, centre - tuning.polishTolerance), hi = min(span - 1, centre + tuning.polishTolerance)
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
                    let at = Double(side.expected + b.a) + Double(b.b - b.a) * Double(k) / Double(Self.polishSamples - 1)
                    if let o = ends[k].min(by: { abs(Double($0) - at) < abs(Double($1) - at) }),
                       abs(Double(o) - at) <= Double(tuning.polishTolerance) {
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

    /// The grids inside `quad`, in the same coordinates: the best comb of ten evenly
    /// spaced lines in each direction (unless it is the quad itself), and the grid
    /// whose edges are where the comb's lines end (see `lineEnds`), when that
    /// differs. Empty when no comb covers its lines well.
    func latticesInside(_ quad: Quad, _ lines: LineProfiles, heavyLines: Bool = false) -> [Quad] {
        guard let toSource = Homography(squareOfSide: Double(tuning.probeSize), to: quad),
              let rows = bestComb(lines.rows, heavyLines: heavyLines),
              let cols = bestComb(lines.cols, heavyLines: heavyLines) else { return [] }
        var found: [Quad] = []
        let s = Double(tuning.probeSize)
        if !(rows.start < tuning.sameQuadStart && cols.start < tuning.sameQuadStart
            && abs(rows.pitch * 9 - s) < tuning.sameQuadSpan && abs(cols.pitch * 9 - s) < tuning.sameQuadSpan) {
            let x0 = cols.start, x1 = cols.start + 9 * cols.pitch
            let y0 = rows.start, y1 = rows.start + 9 * rows.pitch
            // The outer comb lines are pixel rows; the grid's outer edge is half a line further out.
            found.append(Quad([Point(x0, y0), Point(x1 + 1, y0), Point(x1 + 1, y1 + 1), Point(x0, y1 + 1)].map(toSource.apply)))
        }
        if let across = lineEnds(lines.horizontal, horizontal: true, comb: rows, across: cols),
           let down = lineEnds(lines.vertical, horizontal: false, comb: cols, across: rows) {
            found.append(Quad([Point(across.low, down.low), Point(across.high, down.low),
                               Point(across.high, down.high), Point(across.low, down.high)].map(toSource.apply)))
        }
        return found
    }


    /// A grid's lines run from one edge of it to the other, whether or not it has
    /// an outer border, and stop there: where the comb's lines end, across the
    /// comb, is where the grid's edges lie. So a grid without a border, or with a
    /// hairline one the threshold missed, whose best comb is a cell off (eight
    /// lines cover the same whether the comb reaches one cell out to the left or to
    /// the right), still gets its edges. For each comb line: the run of its ink
    /// (gaps of `lineEndGap` bridged) through the middle of the perpendicular comb;
    /// the medians of the runs' starts and ends (past the last pixel) are the edges.
    /// Nil when fewer than `minLineEnds` lines span `minLineEndSpan` pitches, or
    /// when the edges' pitch is off the perpendicular comb's.
    func lineEnds(_ mask: BinaryImage, horizontal: Bool, comb: (start: Double, pitch: Double, coverage: Double),
                         across: (start: Double, pitch: Double, coverage: Double)) -> (low: Double, high: Double)? {
        let n = horizontal ? mask.width : mask.height
        let mid = Int((across.start + 4.5 * across.pitch).rounded())
        guard mid >= 0, mid < n else { return nil }
        var lows: [Int] = [], highs: [Int] = []
        for k in 0...9 {
            let c = Int((comb.start + Double(k) * comb.pitch).rounded())
            var best: (low: Int, high: Int)?
            for line in (c - 1)...(c + 1) where line >= 0 && line < (horizontal ? mask.height : mask.width) {
                func ink(_ a: Int) -> Bool { horizontal ? mask[a, line] : mask[line, a] }
                guard let seed = (0...tuning.lineEndGap).lazy.flatMap({ [mid - $0, mid + $0] })
                    .first(where: { $0 >= 0 && $0 < n && ink($0) }) else { continue }
                var low = seed, high = seed
                var p = seed - 1, gap = 0
                while p >= 0, gap <= tuning.lineEndGap { if ink(p) { low = p; gap = 0 } else { gap += 1 }; p -= 1 }
                p = seed + 1; gap = 0
                while p < n, gap <= tuning.lineEndGap { if ink(p) { high = p; gap = 0 } else { gap += 1 }; p += 1 }
                if best == nil || high - low > best!.high - best!.low { best = (low, high) }
            }
            if let b = best, Double(b.high - b.low + 1) >= tuning.minLineEndSpan * across.pitch {
                lows.append(b.low)
                highs.append(b.high + 1)
            }
        }
        guard lows.count >= tuning.minLineEnds else { return nil }
        let low = Double(lows.sorted()[lows.count / 2]), high = Double(highs.sorted()[highs.count / 2])
        guard abs((high - low) / 9 - across.pitch) <= tuning.lineEndPitchTolerance * across.pitch else { return nil }
        return (low, high)
    }


    /// The start and pitch of the ten evenly spaced lines best covered in `profile`,
    /// with pitch at least 1/14 of the profile, and the comb's value: the lines'
    /// mean coverage plus a small bonus for a larger comb. Nil when the best value
    /// is below one half. With `heavyLines`, a comb a cell to either side that
    /// covers about as well is taken when its box lines are the heavier.
    func bestComb(_ profile: [Double], heavyLines: Bool = false) -> (start: Double, pitch: Double, coverage: Double)? {
        let n = profile.count
        // Smooth by taking the max over ±1 so a comb slightly off a line still counts.
        var p = profile
        for i in 0..<n { p[i] = profile[max(0, i - 1)...min(n - 1, i + 1)].max()! }
        // The comb's lines' mean coverage, and a bonus that prefers the larger
        // comb when two cover about equally (a grid over its own boxes).
        func value(_ start: Double, _ pitch: Double) -> Double {
            var total = 0.0
            for k in 0...9 {
                total += min(1, p[min(n - 1, Int(roundedToNearest(start + Double(k) * pitch)))])
            }
            return total / 10 + tuning.largerCombBonus * pitch * 9 / Double(n)
        }
        var best: (Double, Double, Double)? = nil
        var pitch = Double(n) / tuning.minPitchDivisor
        while pitch * 9 < Double(n) {
            var start = 0.0
            while start + 9 * pitch < Double(n) {
                let value = value(start, pitch)
                if best == nil || value > best!.2 { best = (start, pitch, value) }
                start += 1
            }
            pitch += 0.5
        }
        guard let b = best, b.2 >= tuning.minCombValue else { return nil }
        guard heavyLines else { return b }
        // Ten lines a cell apart beside an eleventh (a page's fold or a frame
        // a cell from the border) cover as well one cell to either side: the
        // grid is the comb whose heavy lines (its border and box lines: lines
        // 0, 3, 6 and 9) are the widest against the others.
        func boxEmphasis(_ start: Double) -> Double {
            func width(_ k: Int) -> Double {
                let c = Int(roundedToNearest(start + Double(k) * b.1))
                return Double((max(0, c - 3)...min(n - 1, c + 3)).count { profile[$0] >= 0.5 })
            }
            return [0, 3, 6, 9].map(width).reduce(0, +) / 4 - [1, 2, 4, 5, 7, 8].map(width).reduce(0, +) / 6
        }
        var chosen = b
        for shifted in [b.0 - b.1, b.0 + b.1] where shifted >= 0 && shifted + 9 * b.1 < Double(n) {
            let v = value(shifted, b.1)
            if v >= b.2 - tuning.shiftedCombTolerance,
               boxEmphasis(shifted) > boxEmphasis(chosen.0) + tuning.heavierLines {
                chosen = (shifted, b.1, v)
            }
        }
        return chosen
    }
}
