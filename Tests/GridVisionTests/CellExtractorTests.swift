import Geometry
@testable import GridVision
import Raster
import Testing

@Suite struct CellExtractorTests {
    @Test func findsInkInExactlyTheFilledCells() throws {
        let filled = GridLocatorTests.filled
        let grid = SyntheticGrid.flat(side: 405, filled: filled)
        let quad = Quad(Point(60, 50), Point(470, 70), Point(455, 480), Point(50, 460))
        let page = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 540, height: 540))
        let cells = try #require(CellExtractor().extract(from: page, quad: quad))
        #expect(cells.images.count == 81 && cells.glyphs.count == 81)
        let found = Set(cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph })
        #expect(found == filled)
        #expect(cells.glyphs.filter(\.hasGlyph).allSatisfy { $0.contrast > 50 })
    }

    @Test func clean­EmptyCellsHaveNoGlyphAndLittleLooseInk() throws {
        let grid = SyntheticGrid.flat(side: 405, filled: [])
        let quad = Quad(Point(20, 20), Point(425, 20), Point(425, 425), Point(20, 425))
        let page = SyntheticGrid.page(grid: grid, quad: quad, width: 445, height: 445)
        let cells = try #require(CellExtractor().extract(from: page, quad: quad))
        #expect(cells.glyphs.allSatisfy { !$0.hasGlyph })
        #expect(cells.glyphs.allSatisfy { $0.looseInkPixels < 20 })
    }

    /// A low-contrast print (digits 30 grey levels below the paper) with one digit
    /// faded to a third of that: the faded one is not taken as a glyph but marked
    /// faint; clean empty cells are not marked.
    @Test func aFadedDigitIsMarkedFaintAndCleanCellsAreNot() throws {
        let filled = GridLocatorTests.filled
        var grid = SyntheticGrid.flat(side: 405, filled: filled)
        let pitch = 405.0 / 9
        for y in 0..<405 {
            for x in 0..<405 where grid[x, y] == 30 {
                let faded = Int(Double(x) / pitch) == 4 && Int(Double(y) / pitch) == 4  // cell 40, r5c5
                grid[x, y] = faded ? 220 : 200
            }
        }
        let quad = Quad(Point(30, 30), Point(435, 30), Point(435, 435), Point(30, 435))
        let page = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 465, height: 465))
        let cells = try #require(CellExtractor().extract(from: page, quad: quad))
        #expect(Set(cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph }) == filled.subtracting([40]))
        #expect(cells.glyphs[40].faintGlyph)
        let clean = cells.glyphs.indices.filter { !filled.contains($0) }
        #expect(clean.allSatisfy { !cells.glyphs[$0].faintGlyph })
    }

    @Test func aDigitLyingOnItsSideIsStillFound() {
        // A 1-like bar lying horizontally in the middle of a 48 px cell with 8 px margin.
        var cell = GrayImage(width: 64, height: 64, fill: 220)
        for y in 28..<36 { for x in 18..<46 { cell[x, y] = 40 } }
        let upright = cell.rotatedCounterClockwise(quarterTurns: 1)
        #expect(CellExtractor.findGlyph(in: cell, cellSize: 48, margin: 8).hasGlyph)
        #expect(CellExtractor.findGlyph(in: upright, cellSize: 48, margin: 8).hasGlyph)
    }

    @Test func aGridLineRemnantAtTheEdgeIsNotAGlyph() {
        var cell = GrayImage(width: 64, height: 64, fill: 220)
        // A thin line along the cell's top edge, broken so it is shorter than a cell.
        for x in 12..<40 { for y in 11..<13 { cell[x, y] = 50 } }
        for y in 12..<38 { for x in 11..<13 { cell[x, y] = 50 } }
        #expect(!CellExtractor.findGlyph(in: cell, cellSize: 48, margin: 8).hasGlyph)
    }

    @Test func latticeFollowsABentLine() {
        // A flat grid whose middle horizontal line is drawn 5 px low in the right half.
        var g = GrayImage(width: 432, height: 432, fill: 230)
        for k in 0...9 {
            let p = min(429, k * 48)
            for a in 0..<432 { for d in 0..<3 { g[p + d, a] = 40 } }
            for x in 0..<432 {
                let y = min(429, p + (k == 4 && x > 216 ? 5 : 0))
                for d in 0..<3 { g[x, y + d] = 40 }
            }
        }
        let lattice = LatticeFitter.fit(g)
        let left = lattice.points[4 * 10 + 1].y, right = lattice.points[4 * 10 + 8].y
        #expect(abs(right - left - 5) <= 1.5, "left \(left) right \(right)")
        #expect(abs(lattice.points[2 * 10 + 2].y - lattice.points[2 * 10 + 7].y) <= 1)
    }
}
