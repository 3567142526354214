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
// This file holds the types and the search (`locate`); its parts: the contour
// quads (`ContourQuads.swift`), the cell clusters (`CellClusters.swift`), the
// nested lattices (`NestedLattices.swift`), the box lines (`BoxLines.swift`),
// the probe and its score (`GridScore.swift`), and the polish onto the border
// (`QuadPolish.swift`).
//
// Tuning: every number here (`LocatorTuning`, but for the polish probe's two sizes) was
// chosen by hand on the training photos
// (`TestImages/newspaper`) when the locator was written; none of them has a
// measurement of its own on record. What is measured is the locator as a whole:
// `sudokit eval` prints how often some candidate, and the chosen one, lies within
// 5 % of the true corners (the README has the figures), and `sudokit bench
// locate` its time.

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
    public func workingImages(
        _ image: GrayImage
    ) -> (factor: Int, small: GrayImage, flat: GrayImage, mask: BinaryImage)? {
        guard min(image.width, image.height) >= tuning.minPictureSide else { return nil }
        let longSide = max(image.width, image.height)
        let factor = max(1, Int((Double(longSide) / Double(tuning.workingLongSide)).rounded(.up)))
        let small = Resampler.downscale(image, by: factor)
        let minSide = min(small.width, small.height)
        let flat = Binarizer.flattenIllumination(small, block: max(tuning.minBlock, minSide / tuning.blocksAcross))
        let mask = Binarizer.adaptiveThreshold(
            flat, window: max(tuning.minWindow, minSide / tuning.windowsAcross) | 1,
            relativeOffset: tuning.relativeOffset)
        return (factor, small, flat, mask)
    }

    /// Proposes framings for `image`, best first; empty when nothing grid-like is found.
    public func locate(_ image: GrayImage) -> [GridCandidate] { workingImages(image).map(locate(in:)) ?? [] }

    /// Proposes framings from the pictures `workingImages` made of a photo, best
    /// first, in pixels of that photo (a scan keeps the mask for its trace).
    public func locate(
        in working: (factor: Int, small: GrayImage, flat: GrayImage, mask: BinaryImage)
    ) -> [GridCandidate] {
        let (factor, small, flat, mask) = working
        let minSide = min(small.width, small.height)
        // Pieces of fewer pixels than the short side has are specks.
        let map = ComponentLabeler.label(mask, minArea: minSide)

        // Each quad, with a fallback tried when the quad itself shows no clear grid.
        let imageArea = Double(small.width * small.height)
        var quads = componentQuads(map, minSide: minSide, imageArea: imageArea)
        // Every quad is scored, and searched for a nested lattice (as is the whole
        // picture); the lattices found are scored too. One rectified probe per quad.
        let whole = Quad(
            Point(0, 0), Point(Double(small.width), 0),
            Point(Double(small.width), Double(small.height)), Point(0, Double(small.height)))
        var candidates: [GridCandidate] = []
        var lattices: [Quad] = []
        // Set once no quad shows a clear grid: from then on hairlines count too.
        var joinLines = false
        /// The quad's score (nil when not scored or not usable).
        @discardableResult
        func consider(_ q: Quad, _ source: GridCandidate.Source, score: Bool, nest: Bool) -> Double? {
            guard q.isConvex, q.area >= tuning.minQuadShare * imageArea,
                let lines = self.lineProfiles(q, image: flat, joined: joinLines)
            else { return nil }
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
                return (
                    quad: q, source: GridCandidate.Source.cells,
                    fallback: Optional(Quad(q.corners.map { c + ($0 - c) * (9.0 / 7.0) }))
                )
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
                    let lines = self.lineProfiles(p, image: flat, joined: joinLines)
                else { break }
                let score = self.gridScore(lines)
                guard score >= candidates[i].score + tuning.polishGain else { break }
                q = p.canonicalOrder
                candidates[i] = GridCandidate(
                    quad: Quad(q.corners.map { $0 * Double(factor) }), score: score,
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
            if kept.contains(where: {
                $0.quad.maxCornerDistance(to: c.quad) < tuning.duplicateDistance * c.quad.meanSide
            }) {
                continue
            }
            kept.append(c)
            if kept.count == tuning.maxCandidates { break }
        }
        return kept
    }
}
