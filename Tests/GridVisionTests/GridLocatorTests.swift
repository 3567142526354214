import Foundation
import Geometry
import ImageCodecs
import Raster
import TestSupport
import Testing

@testable import GridVision

@Suite struct GridLocatorTests {
    static let filled: Set<Int> = [
        0, 4, 8, 10, 20, 22, 30, 33, 40, 44, 47, 50, 58, 60, 66, 70, 72, 76, 80, 13, 27, 35, 53, 62, 78,
    ]

    /// Synthetic grids placed into a page through perspective: some candidate lies
    /// within 5 % of the true corners, and the best one does too.
    @Test(
        .tags(.medium),
        arguments: [
            Quad(Point(120, 80), Point(520, 90), Point(510, 470), Point(115, 460)),  // nearly square-on
            Quad(Point(150, 60), Point(560, 120), Point(520, 500), Point(100, 430)),  // perspective and tilt
            Quad(Point(330, 40), Point(600, 300), Point(340, 560), Point(70, 300)),  // turned 45°
            Quad(Point(250, 200), Point(420, 205), Point(418, 370), Point(248, 368)),  // small inset in the page
        ])
    func findsAGridPlacedThroughPerspective(quad: Quad) {
        let grid = SyntheticGrid.flat(side: 360, filled: Self.filled)
        let page = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 640, height: 600))
        let candidates = GridLocator().locate(page)
        #expect(candidates.contains { $0.quad.matches(quad, tolerance: 0.05) }, "\(candidates.map(\.quad))")
        #expect(candidates.first.map { $0.quad.matches(quad, tolerance: 0.05) } == true)
    }

    /// A grid without an outer border: its inner lines close only the inner 7 x 7
    /// cells, and the framing must still reach the cells of the outer rows and
    /// columns.
    @Test(
        .tags(.medium),
        arguments: [
            Quad(Point(120, 80), Point(520, 90), Point(510, 470), Point(115, 460)),
            Quad(Point(150, 60), Point(560, 120), Point(520, 500), Point(100, 430)),
        ])
    func findsAGridWithoutBorder(quad: Quad) {
        let grid = SyntheticGrid.flat(side: 360, filled: Self.filled, border: false)
        let page = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 640, height: 600))
        let candidates = GridLocator().locate(page)
        #expect(candidates.contains { $0.quad.matches(quad, tolerance: 0.03) }, "\(candidates.map(\.quad))")
    }

    /// A grid without a border whose cell lines do not show at all: only the `#`
    /// of its four box lines is left, and their ends mark the grid's edges.
    @Test(
        .tags(.medium),
        arguments: [
            Quad(Point(120, 80), Point(520, 90), Point(510, 470), Point(115, 460)),
            Quad(Point(330, 40), Point(600, 300), Point(340, 560), Point(70, 300)),  // turned 45°
        ])
    func findsAGridFromItsBoxLinesAlone(quad: Quad) {
        let grid = SyntheticGrid.flat(side: 360, filled: Self.filled, cellLine: 0, border: false)
        let page = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 640, height: 600))
        let candidates = GridLocator().locate(page)
        #expect(candidates.contains { $0.quad.matches(quad, tolerance: 0.05) }, "\(candidates.map(\.quad))")
    }

    /// The `#` alone gives the grid's quad; a component that is not a `#` (a
    /// bordered grid's outline with its box lines, a block of text) gives none.
    @Test(.tags(.small)) func boxLinesQuadNeedsAHash() throws {
        func only(_ g: GrayImage) -> (Component, ComponentMap) {
            let mask = Binarizer.adaptiveThreshold(g, window: 31, relativeOffset: 0.1)
            let map = ComponentLabeler.label(mask, minArea: 50)
            return (map.components.max { $0.area < $1.area }!, map)
        }
        let hash = SyntheticGrid.flat(side: 300, filled: [], cellLine: 0, border: false)
        var page = GrayImage(width: 360, height: 360, fill: 230)
        for y in 0..<300 { for x in 0..<300 { page[x + 30, y + 30] = hash[x, y] } }
        let (c, map) = only(page)
        let q = try #require(GridLocator().boxLinesQuad(of: c, map: map))
        let truth = Quad(Point(30, 30), Point(330, 30), Point(330, 330), Point(30, 330))
        #expect(q.matches(truth, tolerance: 0.03), "\(q)")

        var text = GrayImage(width: 360, height: 360, fill: 230)
        for row in stride(from: 10, to: 350, by: 18) {
            for x in 10..<350 where (x / 7) % 5 != 4 || row % 36 == 10 { for y in row..<(row + 7) { text[x, y] = 50 } }
            for x in 10..<14 { for y in row..<(row + 18) where y < 360 { text[x, y] = 50 } }
        }
        let (t, tmap) = only(text)
        #expect(GridLocator().boxLinesQuad(of: t, map: tmap) == nil)
    }

    @Test(.tags(.small)) func aPageWithoutAGridGivesNoCandidate() {
        var page = GrayImage(width: 500, height: 400, fill: 220)
        for row in stride(from: 10, to: 390, by: 18) {
            for x in 10..<490 where (x / 7) % 5 != 4 { for y in row..<(row + 7) { page[x, y] = 50 } }
        }
        #expect(GridLocator().locate(page).isEmpty)
        #expect(GridLocator().locate(GrayImage(width: 300, height: 300, fill: 128)).isEmpty)
    }

    @Test(.tags(.small)) func tinyOrEmptyPicturesGiveNoCandidate() {
        #expect(GridLocator().locate(GrayImage(width: 10, height: 10, fill: 0)).isEmpty)
        #expect(GridLocator().locate(GrayImage(width: 0, height: 0)).isEmpty)
    }

    @Test(.tags(.small)) func degenerateQuadsCannotBeWarped() {
        let g = GrayImage(width: 50, height: 50, fill: 200)
        let line = Quad(Point(0, 0), Point(10, 10), Point(20, 20), Point(30, 30))
        #expect(Warper.warp(g, quad: line, size: 90) == nil)
        #expect(CellExtractor().extract(from: g, quad: line) == nil)
    }

    /// The true outline of photo `name` in `dir`'s outlines.csv.
    func trueOutline(of name: String, in dir: URL) throws -> Quad {
        let outlines = try String(contentsOf: dir.appendingPathComponent("outlines.csv"), encoding: .utf8)
        let row = try #require(outlines.split(whereSeparator: \.isNewline).first { $0.contains("/\(name),") })
        let v = row.split(separator: ",").dropFirst().compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return Quad((0..<4).map { Point(v[2 * $0], v[2 * $0 + 1]) })
    }

    /// Real photos from the corpus with their true outlines (a sample; `sudokit
    /// eval` measures all of them).
    @Test(
        .tags(.medium),
        arguments: [
            "image1.jpg", "image1082.jpg", "image125.jpg", "image2.jpg", "image150.jpg",
            "image30.jpg", "image1031.jpg",
        ])
    func findsTheGridInRealPhotos(name: String) throws {
        let dir = packageRoot().appendingPathComponent("TestImages/newspaper")
        let truth = try trueOutline(of: name, in: dir)
        let photo = try ImageDecoder.decodeFile(atPath: dir.appendingPathComponent(name).path)
        let candidates = GridLocator().locate(photo.image.grayscale())
        #expect(candidates.contains { $0.quad.matches(truth, tolerance: 0.05) })
    }

    /// A newspaper's fold runs a cell beside the grid's left border, and the
    /// border polishes onto the fold: the lattice inside the polished quad, its
    /// box lines the heavy ones, is the grid (before, no candidate was).
    @Test(.tags(.medium)) func aFoldACellBesideTheBorderIsNotTheBorder() throws {
        let name = "kubiesa-train-02_22_honor_view_10_1.jpg"
        let dir = packageRoot().appendingPathComponent("TestImages/phone")
        let truth = try trueOutline(of: name, in: dir)
        let photo = try ImageDecoder.decodeFile(atPath: dir.appendingPathComponent(name).path)
        let candidates = GridLocator().locate(photo.image.grayscale())
        let first = try #require(candidates.first)
        #expect(first.quad.matches(truth, tolerance: 0.05), "\(first.quad) against \(truth)")
    }
}
