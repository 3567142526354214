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
// Tuning: every number here (`LocatorTuning`, and the static values below) was
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

    /// A picture with a shorter side holds no grid worth reading.
    static let minPictureSide = 32
    /// Illumination is flattened over blocks of 1/`blocksAcross` of the working
    /// copy's short side, at least `minBlock` pixels.
    static let blocksAcross = 12
    static let minBlock = 8
    /// The ink threshold compares each pixel with the mean of a window of
    /// 1/`windowsAcross` of the short side, at least `minWindow` pixels (made odd).
    static let windowsAcross = 24
    static let minWindow = 11
    /// See `minComponentShare`.
    static let componentsAcross = 6
    /// The largest components tried.
    static let maxComponents = 8
    /// A candidate whose corners all lie within this share of its mean side of a
    /// better one's is a duplicate.
    static let duplicateDistance = 0.02

    /// The pictures the search works on: the photo shrunk by `factor`, its
    /// illumination flattened, and the ink mask thresholded from that (nil when
    /// the photo is too small to hold a grid).
    public func workingImages(_ image: GrayImage) -> (factor: Int, small: GrayImage, flat: GrayImage, mask: BinaryImage)? {
        guard min(image.width, image.height) >= Self.minPictureSide else { return nil }
        let longSide = max(image.width, image.height)
        let factor = max(1, Int((Double(longSide) / Double(tuning.workingLongSide)).rounded(.up)))
        let small = Resampler.downscale(image, by: factor)
        let minSide = min(small.width, small.height)
        let flat = Binarizer.flattenIllumination(small, block: max(Self.minBlock, minSide / Self.blocksAcross))
        let mask = Binarizer.adaptiveThreshold(flat, window: max(Self.minWindow, minSide / Self.windowsAcross) | 1,
                                               relativeOffset: tuning.relativeOffset)
        return (factor, small, flat, mask)
    }

    /// Proposes framings for `image`, best first; empty when nothing grid-like is found.
    public func locate(_ image: GrayImage) -> [GridCandidate] {
        guard let (factor, small, flat, mask) = workingImages(image) else { return [] }
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
            guard q.isConvex, q.area >= tuning.minQuadShare * imageArea, let lines = Self.lineProfiles(q, image: flat, joined: joinLines) else { return nil }
            var value: Double?
            if score {
                let full = Quad(q.canonicalOrder.corners.map { $0 * Double(factor) })
                value = Self.gridScore(lines)
                candidates.append(GridCandidate(quad: full, score: value!, source: source))
            }
            if nest { lattices += Self.latticesInside(q, lines) }
            return value
        }
        func consider(_ list: [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)]) {
            for (q, source, fallback) in list {
                let value = consider(q, source, score: true, nest: true)
                if let fallback, (value ?? 0) < Self.clearGrid { consider(fallback, source, score: true, nest: true) }
            }
        }
        consider(quads)
        // The grid's cells, unless a component's quad shows the grid very clearly
        // (`clearGridWithoutCells`): when the grid's lines run into text or a
        // frame, its component is not the grid, but its 81 white cells still are
        // cells. A grid without an outer border (or with a hairline one the
        // threshold misses) closes only its inner 7 x 7 cells: the grid is that
        // cluster grown by 9/7.
        if !candidates.contains(where: { $0.score >= Self.clearGridWithoutCells }) {
            let cells = Self.cellClusters(mask, minSide: minSide, cellsAcross: tuning.cellsAcross).map { q in
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
        if !candidates.contains(where: { $0.score >= Self.clearGrid }) {
            joinLines = true
            let joined = ComponentLabeler.label(Morphology.dilate(mask, radius: 1), minArea: minSide)
            // The quads already tried are probed again, hairlines now counting.
            consider(quads + componentQuads(joined, minSide: minSide, imageArea: imageArea))
            for m in [map, joined] {
                for c in bigComponents(m, minSide: minSide, imageArea: imageArea) {
                    if let q = Self.boxLinesQuad(of: c, map: m) { consider(q, .boxLines, score: true, nest: true) }
                }
            }
        }
        consider(whole, .lattice, score: false, nest: true)
        for q in lattices { consider(q, .lattice, score: true, nest: false) }

        // The best few are polished onto their borders; a polished quad replaces its
        // candidate when it scores clearly higher.
        candidates.sort { $0.score > $1.score }
        var polished: [Quad] = []
        for i in candidates.indices.prefix(Self.polishedCandidates)
            where candidates[i].score < Self.polishBelow && candidates[i].score > Self.polishAbove {
            var q = Quad(candidates[i].quad.corners.map { $0 * (1 / Double(factor)) })
            for _ in 0..<Self.polishRounds {
                guard let p = Self.polish(q, image: flat), p.isConvex, p.area >= tuning.minQuadShare * imageArea,
                      let lines = Self.lineProfiles(p, image: flat, joined: joinLines) else { break }
                let score = Self.gridScore(lines)
                guard score >= candidates[i].score + Self.polishGain else { break }
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
            guard let lines = Self.lineProfiles(q, image: flat, joined: joinLines) else { continue }
            for l in Self.latticesInside(q, lines, heavyLines: true) { consider(l, .lattice, score: true, nest: false) }
        }
        candidates.sort { $0.score > $1.score }
        var kept: [GridCandidate] = []
        for c in candidates where c.score > tuning.minimumScore {
            if kept.contains(where: { $0.quad.maxCornerDistance(to: c.quad) < Self.duplicateDistance * c.quad.meanSide }) {
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
                    && $0.width >= minSide / Self.componentsAcross && $0.height >= minSide / Self.componentsAcross
            }
            .sorted { $0.boxArea > $1.boxArea }
            .prefix(Self.maxComponents)
    }

    /// Quads of the largest components of `map`: each component's extreme
    /// corners refined onto its edges (and unrefined), with its bounding box as
    /// the fallback.
    func componentQuads(_ map: ComponentMap, minSide: Int, imageArea: Double)
        -> [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)] {
        var quads: [(quad: Quad, source: GridCandidate.Source, fallback: Quad?)] = []
        for c in bigComponents(map, minSide: minSide, imageArea: imageArea) {
            guard let q = Self.quad(of: c) else { continue }
            let refined = Self.refine(q, component: c, map: map) ?? q
            // A grid whose lines are too faint to join up leaves a component of its
            // strong parts only (the edges of shaded boxes, a cross of them): its
            // extreme points are not the grid's corners, but its box, polished onto
            // the border, is.
            let box = Quad(Point(Double(c.minX), Double(c.minY)), Point(Double(c.maxX + 1), Double(c.minY)),
                           Point(Double(c.maxX + 1), Double(c.maxY + 1)), Point(Double(c.minX), Double(c.maxY + 1)))
            let distinct = box.maxCornerDistance(to: q) > Self.duplicateDistance * q.meanSide
            quads.append((refined, .contour, distinct ? box : nil))
            if refined != q { quads.append((q, .contour, nil)) }
        }
        return quads
    }

    /// A blob may be a cell (or a box) when it spans at least `minCell` pixels (and
    /// 1/`cellsAcross` of the short side), and at most `maxBlobShare` of it.
    static let minCell = 4
    static let maxBlobShare = (numerator: 10, denominator: 22)
    /// A cell's width over its height lies strictly between these.
    static let minBlobAspect = 0.6
    static let maxBlobAspect = 1.66
    /// A cell fills at least this share of its box.
    static let minBlobFill = 0.55
    /// Blobs cluster when their centres are within this many blob sizes...
    static let clusterReach = 1.7
    /// ...and their sizes' ratio lies strictly between these.
    static let minSizeRatio = 0.7
    static let maxSizeRatio = 1.43
    /// A cluster is a grid's cells with at least this many members, or its boxes
    /// with a count in `boxClusterCounts` and blobs at least `boxInCells` smallest
    /// cells wide.
    static let minClusterCells = 20
    static let boxClusterCounts = 7...12
    static let boxInCells = 3.0
    /// The largest clusters kept.
    static let maxClusters = 3
    /// A grid line's width, as a share of a cell, by which a cluster's quad is
    /// widened on every side.
    static let lineWidthPerCell = 0.06

    /// Quads around clusters of similar, square, white blobs lying side by side:
    /// a grid's 81 cells, or its nine boxes when the thin cell lines are too faint
    /// to close the cells. Each quad is widened by about a grid line's width.
    static func cellClusters(_ mask: BinaryImage, minSide: Int, cellsAcross: Int) -> [Quad] {
        var paper = mask
        for i in 0..<paper.bits.count { paper.bits[i] ^= 1 }
        let minCell = max(Self.minCell, minSide / cellsAcross)
        let maxBlob = minSide * Self.maxBlobShare.numerator / Self.maxBlobShare.denominator
        let blobs = ComponentLabeler.label(paper, minArea: minCell * minCell / 2).components.filter {
            $0.width >= minCell && $0.height >= minCell && $0.width <= maxBlob && $0.height <= maxBlob
                && Double($0.width) / Double($0.height) > Self.minBlobAspect
                && Double($0.width) / Double($0.height) < Self.maxBlobAspect
                && Double($0.area) >= Self.minBlobFill * Double($0.boxArea)
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
                let reach = Self.clusterReach * size
                var j = firstIndex(atLeast: a.center.x - reach)
                while j < blobs.count && xs[j] <= a.center.x + reach {
                    defer { j += 1 }
                    guard owner[j] < 0 else { continue }
                    let b = blobs[j]
                    let sb = Double(b.width + b.height) / 2
                    guard sb > size * Self.minSizeRatio && sb < size * Self.maxSizeRatio else { continue }
                    let distance = a.center.distance(to: b.center)
                    if distance < reach { owner[j] = seed; members.append(j) }
                }
                i += 1
            }
            let size = members.map { Double(blobs[$0].width) }.reduce(0, +) / Double(members.count)
            let cells = members.count >= Self.minClusterCells
            let boxes = Self.boxClusterCounts.contains(members.count) && size >= Self.boxInCells * Double(minCell)
            if cells || boxes { clusters.append(members) }
        }
        return clusters.sorted { $0.count > $1.count }.prefix(Self.maxClusters).compactMap { members -> Quad? in
            let parts = members.map { blobs[$0] }
            let tl = parts.map { $0.extremes[0] }.min { $0.x + $0.y < $1.x + $1.y }!
            let tr = parts.map { $0.extremes[1] }.max { $0.x - $0.y < $1.x - $1.y }!
            let br = parts.map { $0.extremes[2] }.max { $0.x + $0.y < $1.x + $1.y }!
            let bl = parts.map { $0.extremes[3] }.max { $0.y - $0.x < $1.y - $1.x }!
            let inner = Quad(tl, tr, br, bl)
            guard inner.isConvex else { return nil }
            let c = inner.center
            let grow = 1 + 2 * (inner.meanSide / 9 * Self.lineWidthPerCell) / inner.meanSide
            return Quad(inner.corners.map { c + ($0 - c) * grow })
        }
    }

    /// The quad through a component's extreme points: diagonal extremes for a grid
    /// seen nearly square-on, axis extremes for one turned near 45°; the larger wins.
    static func quad(of c: Component) -> Quad? {
        let e = c.extremes
        let diagonal = Quad(e[0], e[1], e[2], e[3])
        let axis = Quad(e[4], e[5], e[6], e[7])
        let best = [diagonal, axis].filter(\.isConvex).max { $0.area < $1.area }
        return best
    }

    /// Sides shorter than this (pixels) are not refitted.
    static let minRefinedSide = 8.0
    /// The border is looked for this far either side of a quad's side: a share of
    /// the side's length, at least `minBorderReach` pixels.
    static let borderReachShare = 0.06
    static let minBorderReach = 4.0
    /// Points sampled along each side, over the part from `borderSpanStart` of its
    /// length, `borderSpanLength` long (the corners' ends are left out).
    static let borderSamples = 40
    static let borderSpanStart = 0.08
    static let borderSpanLength = 0.84
    /// A side is refitted only when this many samples found the border (a third).
    static let minBorderHits = borderSamples / 3
    /// A refined quad whose corners moved more than this share of the mean side is
    /// dropped.
    static let maxRefineShift = 0.12

    /// Refits each side of `quad` to the outermost pixels of the component along
    /// that side (least squares, twice, dropping outliers), and intersects the lines.
    /// Nil when a side has too few border points or the result strays far.
    static func refine(_ quad: Quad, component c: Component, map: ComponentMap) -> Quad? {
        let q = quad.signedArea >= 0 ? quad : Quad([quad.corners[0], quad.corners[3], quad.corners[2], quad.corners[1]])
        var lines: [(Point, Point)] = []  // point on line, unit direction
        let center = q.center
        for i in 0..<4 {
            let a = q.corners[i], b = q.corners[(i + 1) % 4]
            let len = a.distance(to: b)
            guard len > Self.minRefinedSide else { return nil }
            let dir = (b - a) * (1 / len)
            var normal = Point(dir.y, -dir.x)
            if normal.dot(a.lerp(b, 0.5) - center) < 0 { normal = normal * -1 }  // outward
            let reach = max(Self.minBorderReach, Self.borderReachShare * len)
            var points: [Point] = []
            let samples = Self.borderSamples
            for s in 1..<samples {
                let t = Self.borderSpanStart + Self.borderSpanLength * Double(s) / Double(samples)
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
            guard points.count >= Self.minBorderHits, let line = fitLine(points) else { return nil }
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
        guard refined.isConvex, refined.maxCornerDistance(to: q) < Self.maxRefineShift * q.meanSide else { return nil }
        return refined
    }

    /// Points farther off the first fit than this many pixels, or this many
    /// standard deviations of the residuals if more, are outliers.
    static let outlierPixels = 1.5
    static let outlierDeviations = 2.5

    /// Total least-squares line through `points`, refitted once without points more
    /// than 1.5 px (or 2.5 standard deviations) off. Returns a point and unit direction.
    static func fitLine(_ points: [Point]) -> (Point, Point)? {
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
        let limit = max(Self.outlierPixels, Self.outlierDeviations * sd)
        let inliers = zip(points, residuals).filter { $0.1 <= limit }.map(\.0)
        return fit(inliers.count >= points.count / 2 ? inliers : points)
    }

    /// Side of the square warps used for scoring and lattice search (32 px a cell).
    static let probeSize = 288
    /// The probe's ink threshold: window (pixels) and offset (share of the mean).
    /// Measured with the components' boxes as quads: offset 0.05 against 0.08
    /// read 152 of the 160 training photos exactly instead of 148 (145 solved
    /// instead of 139), 318 of 343 with the synthetic sets instead of 315.
    static let probeWindow = 15
    static let probeOffset = 0.05
    /// A line is a run of ink at least this share of a cell long (a digit's stroke
    /// is shorter).
    static let lineRun = (numerator: 7, denominator: 10)
    /// A grid line counts as covered within this many pixels of where it belongs.
    static let lineTolerance = 2

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
    static func lineProfiles(_ quad: Quad, image: GrayImage, joined: Bool = false) -> LineProfiles? {
        guard let warped = Warper.warp(image, quad: quad, size: probeSize, antialias: false) else { return nil }
        let mask = Binarizer.adaptiveThreshold(warped, window: probeWindow, relativeOffset: probeOffset)
        let run = probeSize / 9 * lineRun.numerator / lineRun.denominator
        let horizontal = Morphology.horizontalLines(joined ? Morphology.joinedAcross(mask, horizontal: true) : mask, length: run)
        let vertical = Morphology.verticalLines(joined ? Morphology.joinedAcross(mask, horizontal: false) : mask, length: run)
        return LineProfiles(rows: profile(horizontal, horizontal: true), cols: profile(vertical, horizontal: false),
                            horizontal: horizontal, vertical: vertical)
    }

    /// Share of each expected grid line (k/9 of the side, ±2 px) covered by line
    /// ink, averaged over the 20 lines, less the coverage half a cell away from
    /// them (where a grid has none but ruled text or a frame's hatching may).
    static func gridScore(_ lines: LineProfiles) -> Double {
        let pitch = Double(probeSize) / 9
        func coverage(_ p: [Double], _ offset: Double) -> Double {
            var total = 0.0
            let count = offset == 0 ? 10 : 9
            for k in 0..<count {
                let c = Int((Double(k) * pitch + offset).rounded())
                var best = 0.0
                for d in -lineTolerance...lineTolerance where c + d >= 0 && c + d < p.count { best = max(best, p[c + d]) }
                total += min(1, best)
            }
            return total / Double(count)
        }
        let on = (coverage(lines.rows, 0) + coverage(lines.cols, 0)) / 2
        let off = (coverage(lines.rows, pitch / 2) + coverage(lines.cols, pitch / 2)) / 2
        return on - off
    }

    /// For each row (or column) of a line mask, the share of its length that is ink.
    static func profile(_ mask: BinaryImage, horizontal: Bool) -> [Double] {
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

    /// A comb starting within this many probe pixels of the quad's edge, and
    /// spanning it to within `sameQuadSpan` pixels, is the quad itself.
    static let sameQuadStart = 4.0
    static let sameQuadSpan = 8.0

    /// A quad scoring this much shows a grid clearly: its fallback is not tried.
    static let clearGrid = 0.5
    /// A component quad scoring this much shows the grid so clearly that the
    /// grid's cells are not searched for (the search costs a third of locating).
    static let clearGridWithoutCells = 0.7
    /// How many of the best scoring quads are polished.
    static let polishedCandidates = 4
    /// Rounds of polishing (each from the last, while the score rises): a side can
    /// be found only once its neighbours are near their borders.
    static let polishRounds = 3
    /// A polished quad must score this much more than its candidate to replace
    /// it: a quad on its border already gains next to nothing, and moving it by a
    /// pixel or two towards the lines' centres changes the cells read.
    static let polishGain = 0.05
    /// Only quads scoring below this are polished: one scoring higher lies on its
    /// lines already. (Polishing every quad moved good framings of the training
    /// photos by a pixel or two and cost 2 proofs.)
    static let polishBelow = 0.6
    /// ... and above this: quads showing next to no grid lines (text, pictures)
    /// are not worth the time.
    static let polishAbove = 0.05
    /// The polishing probe: `polishCell` pixels a cell, the quad and a cell more on
    /// every side.
    static let polishCell = 32
    /// A side's border is looked for within 1.25 cells of where the quad puts it.
    /// Points sampled along each side (over its middle 80 %); a side moves only
    /// when a line through the ends of line runs of a third of them is found.
    static let polishSamples = 48
    /// A sample supports a line when one of its runs ends within this many probe
    /// pixels of it.
    static let polishTolerance = 2
    /// `polish`'s offsets of a line from its first sample at each sample: at
    /// `(d + 2 * reach) * polishSamples + k`, the offset at sample `k` of a line
    /// whose last sample lies `d` pixels (-2 reach...2 reach) from its first,
    /// rounded as `polish` rounds it. Made once, not per line tried (4 sides of
    /// 81 x 81 lines of 48 samples a polish; measured on the 4 photos of
    /// TestImages/phone-full: `polish` 2.0 % of the CPU of scanning them, libm's
    /// rounding 0.7 % more).
    static let polishSteps: [Int] = {
        let reach = polishCell * 5 / 4
        return (-2 * reach...2 * reach).flatMap { d in
            (0..<polishSamples).map { k in Int((Double(d) * Double(k) / Double(polishSamples - 1)).rounded()) }
        }
    }()

    /// The quad with each side moved onto the outer edge of the border line seen
    /// near it, in a probe of the quad grown by a cell on every side: a corner some
    /// of a cell off (an extreme point pulled by a title touching the grid, a
    /// comb on a bent page) goes back onto the border. A side with no border line
    /// near it stays. Nil when the probe cannot be made.
    static func polish(_ quad: Quad, image: GrayImage) -> Quad? {
        let cell = Double(polishCell), inner = 9 * cell, size = 11 * polishCell
        guard let toQuad = Homography(squareOfSide: inner, to: quad) else { return nil }
        let grown = Quad([Point(-cell, -cell), Point(inner + cell, -cell), Point(inner + cell, inner + cell),
                          Point(-cell, inner + cell)].map(toQuad.apply))
        guard let toPhoto = Homography(squareOfSide: Double(size), to: grown),
              let warped = Warper.warp(image, quad: grown, size: size, antialias: false) else { return nil }
        let mask = Binarizer.adaptiveThreshold(warped, window: probeWindow, relativeOffset: probeOffset)
        let run = polishCell * lineRun.numerator / lineRun.denominator
        let horizontal = Morphology.horizontalLines(mask, length: run)
        let vertical = Morphology.verticalLines(mask, length: run)
        let reach = polishCell * 5 / 4
        // Sides: top, right, bottom, left; each as (expected position, line ink,
        // horizontal?, is the outer end the low end?).
        let low = polishCell, high = 10 * polishCell
        let sides: [(expected: Int, lines: BinaryImage, horizontal: Bool, outerLow: Bool)] = [
            (low, horizontal, true, true), (high, vertical, false, false),
            (high, horizontal, true, false), (low, vertical, false, true),
        ]
        let positions = (0..<polishSamples).map { Int(cell + inner * (0.1 + 0.8 * Double($0) / Double(polishSamples - 1))) }
        var fitted: [(Point, Point)] = []
        for side in sides {
            // Per sample: the outer ends of the runs of line ink within reach, and
            // which offsets from the expected position lie within tolerance of one.
            var ends = [[Int]](repeating: [], count: polishSamples)
            let span = 2 * reach + 1
            var near = [Bool](repeating: false, count: polishSamples * span)
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
                    let lo = max(0, centre - polishTolerance), hi = min(span - 1, centre + polishTolerance)
                    if lo <= hi { for o in lo...hi { near[k * span + o] = true } }
                    d = end + 1
                }
            }
            // The line (offsets at the first and the last sample) that most samples
            // support; of equals, the outermost (a border, not the first inner line).
            var best: (support: Int, outer: Int, a: Int, b: Int)?
            let steps = polishSteps
            for a in -reach...reach {
                for b in -reach...reach {
                    var support = 0
                    let row = (b - a + 2 * reach) * polishSamples
                    for k in 0..<polishSamples where near[k * span + reach + a + steps[row + k]] {
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
            if let b = best, b.support >= polishSamples / 3 {
                for (k, along) in positions.enumerated() {
                    let at = Double(side.expected + b.a) + Double(b.b - b.a) * Double(k) / Double(polishSamples - 1)
                    if let o = ends[k].min(by: { abs(Double($0) - at) < abs(Double($1) - at) }),
                       abs(Double(o) - at) <= Double(polishTolerance) {
                        let x = Double(along) + 0.5
                        points.append(side.horizontal ? Point(x, Double(o)) : Point(Double(o), x))
                    }
                }
            }
            if points.count >= polishSamples / 3, let line = fitLine(points) {
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
    static func latticesInside(_ quad: Quad, _ lines: LineProfiles, heavyLines: Bool = false) -> [Quad] {
        guard let toSource = Homography(squareOfSide: Double(probeSize), to: quad),
              let rows = bestComb(lines.rows, heavyLines: heavyLines),
              let cols = bestComb(lines.cols, heavyLines: heavyLines) else { return [] }
        var found: [Quad] = []
        let s = Double(probeSize)
        if !(rows.start < sameQuadStart && cols.start < sameQuadStart
            && abs(rows.pitch * 9 - s) < sameQuadSpan && abs(cols.pitch * 9 - s) < sameQuadSpan) {
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

    /// A comb line counts when its run spans at least this many pitches.
    static let minLineEndSpan = 6.0
    /// Gaps in a line's ink up to this many probe pixels are bridged (blur, print).
    static let lineEndGap = 3
    /// Lines whose ends must be seen for the ends to count.
    static let minLineEnds = 5
    /// The ends must give a pitch within this share of the comb's.
    static let lineEndPitchTolerance = 0.15

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
    static func lineEnds(_ mask: BinaryImage, horizontal: Bool, comb: (start: Double, pitch: Double, coverage: Double),
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
                guard let seed = (0...lineEndGap).lazy.flatMap({ [mid - $0, mid + $0] })
                    .first(where: { $0 >= 0 && $0 < n && ink($0) }) else { continue }
                var low = seed, high = seed
                var p = seed - 1, gap = 0
                while p >= 0, gap <= lineEndGap { if ink(p) { low = p; gap = 0 } else { gap += 1 }; p -= 1 }
                p = seed + 1; gap = 0
                while p < n, gap <= lineEndGap { if ink(p) { high = p; gap = 0 } else { gap += 1 }; p += 1 }
                if best == nil || high - low > best!.high - best!.low { best = (low, high) }
            }
            if let b = best, Double(b.high - b.low + 1) >= minLineEndSpan * across.pitch {
                lows.append(b.low)
                highs.append(b.high + 1)
            }
        }
        guard lows.count >= minLineEnds else { return nil }
        let low = Double(lows.sorted()[lows.count / 2]), high = Double(highs.sorted()[highs.count / 2])
        guard abs((high - low) / 9 - across.pitch) <= lineEndPitchTolerance * across.pitch else { return nil }
        return (low, high)
    }

    /// A comb's pitch is at least 1/`minPitchDivisor` of the profile.
    static let minPitchDivisor = 14.0
    /// Bonus per comb span (as a share of the profile), so that of two combs
    /// covering about equally the larger wins (a grid over its own boxes).
    static let largerCombBonus = 0.02
    /// Combs whose value (coverage plus bonus) is below this are no lattice.
    static let minCombValue = 0.5

    /// The start and pitch of the ten evenly spaced lines best covered in `profile`,
    /// with pitch at least 1/14 of the profile, and the comb's value: the lines'
    /// mean coverage plus a small bonus for a larger comb. Nil when the best value
    /// is below one half. With `heavyLines`, a comb a cell to either side that
    /// covers about as well is taken when its box lines are the heavier.
    static func bestComb(_ profile: [Double], heavyLines: Bool = false) -> (start: Double, pitch: Double, coverage: Double)? {
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
            return total / 10 + largerCombBonus * pitch * 9 / Double(n)
        }
        var best: (Double, Double, Double)? = nil
        var pitch = Double(n) / minPitchDivisor
        while pitch * 9 < Double(n) {
            var start = 0.0
            while start + 9 * pitch < Double(n) {
                let value = value(start, pitch)
                if best == nil || value > best!.2 { best = (start, pitch, value) }
                start += 1
            }
            pitch += 0.5
        }
        guard let b = best, b.2 >= minCombValue else { return nil }
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
            if v >= b.2 - shiftedCombTolerance,
               boxEmphasis(shifted) > boxEmphasis(chosen.0) + heavierLines {
                chosen = (shifted, b.1, v)
            }
        }
        return chosen
    }
    /// A comb a cell to the side of the best one counts as covering as well
    /// within this much of its value...
    static let shiftedCombTolerance = 0.05
    /// ...and is taken when its lines 0, 3, 6 and 9 are wider than its others
    /// by this many more pixels (of a 288-pixel probe) than the best comb's.
    /// Both chosen by hand on the one training photo framed wrong before
    /// (a newspaper's fold a cell beside the grid: `sudokit eval` over
    /// TestImages, some candidate right 331 -> 332 of 332).
    static let heavierLines = 0.5
}
