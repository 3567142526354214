import Foundation
import Geometry
import ImageCodecs
import Raster
import TestSupport
import Testing

@testable import GridVision

@Suite struct CellExtractorTests {
    @Test(.tags(.small)) func findsInkInExactlyTheFilledCells() throws {
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

    @Test(.tags(.small)) func clean­EmptyCellsHaveNoGlyphAndLittleLooseInk() throws {
        let grid = SyntheticGrid.flat(side: 405, filled: [])
        let quad = Quad(Point(20, 20), Point(425, 20), Point(425, 425), Point(20, 425))
        let page = SyntheticGrid.page(grid: grid, quad: quad, width: 445, height: 445)
        let cells = try #require(CellExtractor().extract(from: page, quad: quad))
        #expect(cells.glyphs.allSatisfy { !$0.hasGlyph })
        #expect(cells.glyphs.allSatisfy { $0.looseInkPixels < 20 })
    }

    /// A dim, noisy photo (the page at a third of its brightness, blotchy
    /// Gaussian noise of 7 grey levels): the noise is measured and the cells smoothed, so
    /// its specks do not group into digit-sized blobs in empty cells; the same
    /// photo without noise is not taken for noisy.
    @Test(.tags(.medium)) func aDimNoisyPhotoFindsInkOnlyInTheFilledCells() throws {
        let filled = GridLocatorTests.filled
        let grid = SyntheticGrid.flat(side: 405, filled: filled)
        let quad = Quad(Point(30, 30), Point(435, 30), Point(435, 435), Point(30, 435))
        let clean = SyntheticGrid.blur(SyntheticGrid.page(grid: grid, quad: quad, width: 465, height: 465))
        var rng = SeededGenerator(seed: 11)
        var dim = clean
        // Blotchy noise, as a camera's after demosaicing: one value per 2×2 pixels.
        let w = clean.width, h = clean.height
        var blotches = [Double](repeating: 0, count: (w / 2 + 1) * (h / 2 + 1))
        for i in blotches.indices {
            // Box–Muller, σ = 7.
            let u = max(1e-12, Double.random(in: 0..<1, using: &rng)), v = Double.random(in: 0..<1, using: &rng)
            blotches[i] = 7 * (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)
        }
        for y in 0..<h {
            for x in 0..<w {
                let value = Double(clean.pixels[y * w + x]) / 3 + blotches[(y / 2) * (w / 2 + 1) + x / 2]
                dim.pixels[y * w + x] = UInt8(min(255, max(0, value.rounded())))
            }
        }
        let side = 9 * CellExtractor().tuning.cellSize
        let warpedClean = try #require(Warper.warp(clean, quad: quad, size: side))
        let warpedDim = try #require(Warper.warp(dim, quad: quad, size: side))
        #expect(!CellExtractor().noise(warpedClean).smooth)
        let noise = CellExtractor().noise(warpedDim)
        #expect(noise.smooth && noise.floor > 0)
        let cells = try #require(CellExtractor().extract(from: dim, quad: quad))
        #expect(Set(cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph }) == filled)
    }

    /// The noise estimate of pure Gaussian noise on flat paper is its σ, within 15 %.
    @Test(.tags(.small)) func theNoiseEstimateOfFlatPaperIsItsSigma() {
        var rng = SeededGenerator(seed: 5)
        var paper = GrayImage(width: 200, height: 200, fill: 0)
        for i in paper.pixels.indices {
            let u = max(1e-12, Double.random(in: 0..<1, using: &rng)), v = Double.random(in: 0..<1, using: &rng)
            paper.pixels[i] = UInt8(
                (128 + 6 * (-2 * Foundation.log(u)).squareRoot() * Foundation.cos(2 * Double.pi * v)).rounded())
        }
        // Against the 5×5 mean the residual's σ is √(24/25) of the noise's.
        let sigma = CellExtractor().residualNoise(paper, of: paper, radius: 2) / (24.0 / 25).squareRoot()
        #expect(abs(sigma - 6) < 0.9, "estimated \(sigma)")
    }

    /// A low-contrast print (digits 30 grey levels below the paper) with one digit
    /// faded to a third of that: the faded one is not taken as a glyph but marked
    /// faint; clean empty cells are not marked.
    @Test(.tags(.small)) func aFadedDigitIsMarkedFaintAndCleanCellsAreNot() throws {
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

    @Test(.tags(.small)) func aDigitLyingOnItsSideIsStillFound() {
        // A 1-like bar lying horizontally in the middle of a 48 px cell with 8 px margin.
        var cell = GrayImage(width: 64, height: 64, fill: 220)
        for y in 28..<36 { for x in 18..<46 { cell[x, y] = 40 } }
        let upright = cell.rotatedCounterClockwise(quarterTurns: 1)
        #expect(CellExtractor().findGlyph(in: cell, cellSize: 48, margin: 8).hasGlyph)
        #expect(CellExtractor().findGlyph(in: upright, cellSize: 48, margin: 8).hasGlyph)
    }

    @Test(.tags(.small)) func aGridLineRemnantAtTheEdgeIsNotAGlyph() {
        var cell = GrayImage(width: 64, height: 64, fill: 220)
        // A thin line along the cell's top edge, broken so it is shorter than a cell.
        for x in 12..<40 { for y in 11..<13 { cell[x, y] = 50 } }
        for y in 12..<38 { for x in 11..<13 { cell[x, y] = 50 } }
        #expect(!CellExtractor().findGlyph(in: cell, cellSize: 48, margin: 8).hasGlyph)
    }

    /// A 48 px cell with an 8 px margin, paper 220, whose lattice lines (at 8 and
    /// 56 in the crop) are drawn 2 px wide right across the crop, as a cell cut
    /// through a well fitted lattice shows them.
    static func latticeCell() -> GrayImage {
        var cell = GrayImage(width: 64, height: 64, fill: 220)
        for a in 0..<64 {
            for d in 7..<9 {
                cell[a, d] = 40
                cell[d, a] = 40
                cell[a, d + 48] = 40
                cell[d + 48, a] = 40
            }
        }
        return cell
    }

    /// A 1 whose stem is 0.83 of a cell long, longer than the 0.7 of a cell that
    /// makes a run a grid line by length: inside the cell, off the lattice lines,
    /// it is a digit's stroke, upright or lying on its side.
    @Test(.tags(.small)) func aTallOneKeepsItsGlyph() throws {
        var cell = Self.latticeCell()
        for y in 12..<52 { for x in 30..<35 { cell[x, y] = 40 } }  // stem, 40 px
        for d in 0..<6 { for x in (25 + d)..<(27 + d) { cell[x, 17 - d] = 40 } }  // flag
        for turned in [cell, cell.rotatedCounterClockwise(quarterTurns: 1)] {
            let glyph = CellExtractor().findGlyph(in: turned, cellSize: 48, margin: 8)
            let box = try #require(glyph.box, "the tall 1 was removed with the grid lines")
            #expect(max(box.width, box.height) >= 38)
            #expect(glyph.inkPixels >= 200)
            #expect(glyph.centralLineInkPixels == 0)
        }
    }

    /// A long piece of a grid line just inside the cell's edge (broken, so it does
    /// not reach out of the cell), and a thick outer border lying wholly inside the
    /// cell along another edge: both lie on lattice lines, so the cell stays empty
    /// and nothing is taken for ink hidden in it.
    @Test(.tags(.small)) func aGridLineRemnantOnTheLatticeLeavesTheCellEmpty() {
        var cell = Self.latticeCell()
        for y in 14..<50 { for x in 10..<13 { cell[x, y] = 40 } }  // 36 px, 2-4 px inside the left line
        for y in 0..<64 { for x in 46..<57 { cell[x, y] = 40 } }  // a border 10 px into the cell
        let glyph = CellExtractor().findGlyph(in: cell, cellSize: 48, margin: 8)
        #expect(!glyph.hasGlyph)
        #expect(glyph.interiorInkPixels == 0 && glyph.centralLineInkPixels == 0)
    }

    /// A grid line through the middle of the cell (a lattice fitted wrongly) runs on
    /// out of the cell: removed, not read as a 1, but counted as ink a glyph may
    /// hide in.
    @Test(.tags(.small)) func aLineThroughTheMiddleIsRemovedButCounted() {
        var cell = Self.latticeCell()
        for y in 0..<64 { for x in 31..<34 { cell[x, y] = 40 } }
        let glyph = CellExtractor().findGlyph(in: cell, cellSize: 48, margin: 8)
        #expect(!glyph.hasGlyph)
        #expect(glyph.centralLineInkPixels >= 3 * 36)
    }

    /// Real photos of `tall-digits` with their true outlines: every given has a
    /// glyph (the 1s above all), no empty cell has one, and no ink was removed from
    /// the middle of an empty cell as a grid line.
    @Test(
        .tags(.medium),
        arguments: [
            "tall-digits-1", "tall-digits-2", "tall-digits-3", "tall-digits-6", "tall-digits-10", "tall-digits-11",
        ])
    func everyTallGivenHasAGlyph(name: String) throws {
        let dir = packageRoot().appendingPathComponent("TestImages/synthetic")
        let outlines = try #require(readTextFile("TestImages/synthetic/outlines.csv"))
        let row = try #require(outlines.split(whereSeparator: \.isNewline).first { $0.contains("/\(name).jpg,") })
        let v = row.split(separator: ",").dropFirst().compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let truthLines = try #require(readTextFile("TestImages/synthetic/\(name).dat")).split(separator: "\n")
        let truth = truthLines.dropFirst(2).prefix(9).flatMap { $0.split(separator: " ").map { Int($0)! } }
        try #require(truth.count == 81 && truth.filter { $0 == 1 }.count >= 6)
        // Decoded as a scan decodes it (long side 1000 or more, by DCT scaling).
        let photo = try ImageDecoder.decodeFile(
            atPath: dir.appendingPathComponent(name + ".jpg").path,
            options: DecodeOptions(minLongSide: 1000))
        let quad = Quad((0..<4).map { Point(v[2 * $0], v[2 * $0 + 1]) * photo.scale })
        let cells = try #require(CellExtractor().extract(from: photo.image.grayscale(), quad: quad))
        let glyphs = Set(cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph })
        let givens = Set(truth.indices.filter { truth[$0] != 0 })
        #expect(givens.subtracting(glyphs).isEmpty, "givens without a glyph: \(givens.subtracting(glyphs).sorted())")
        #expect(glyphs.subtracting(givens).isEmpty, "glyphs in empty cells: \(glyphs.subtracting(givens).sorted())")
        #expect(truth.indices.filter { truth[$0] == 0 }.allSatisfy { cells.glyphs[$0].centralLineInkPixels == 0 })
    }

    @Test(.tags(.small)) func latticeFollowsABentLine() {
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

/// Digits cut by a lattice line against grid-line remnants on it, on ink masks
/// of one 48-pixel cell with its 8-pixel margin.
@Suite struct StraddlingInkTests {
    static let (cellSize, margin, speck) = (48, 8, 5)

    static func mask(_ boxes: [(x: ClosedRange<Int>, y: ClosedRange<Int>)], ring: Bool = false) -> BinaryImage {
        var m = BinaryImage(width: 64, height: 64)
        for b in boxes {
            for y in b.y {
                for x in b.x {
                    // A ring: a glyph-like outline, not a solid block.
                    let edge = x == b.x.lowerBound || x == b.x.upperBound || y == b.y.lowerBound || y == b.y.upperBound
                    if !ring || edge || abs(x - (b.x.lowerBound + b.x.upperBound) / 2) <= 1 { m.bits[y * 64 + x] = 1 }
                }
            }
        }
        return m
    }

    static func straddling(_ m: BinaryImage) -> Int {
        CellExtractor().straddlingInk(m, cellSize: cellSize, margin: margin, speck: speck)
    }

    @Test(.tags(.small)) func aDigitCutByTheRightLineCounts() {
        // A 14×25 digit across the right lattice line (x = 56), level with the middle.
        let cut = Self.straddling(Self.mask([(x: 46...60, y: 20...45)], ring: true))
        #expect(cut > 0)
        // The same digit inside the cell crosses no line.
        #expect(Self.straddling(Self.mask([(x: 26...40, y: 20...45)], ring: true)) == 0)
    }

    @Test(.tags(.small)) func gridLineRemnantsAndOffCentrePiecesDoNot() {
        // A vertical line remnant 6 px thick on the left line (x = 8).
        #expect(Self.straddling(Self.mask([(x: 5...10, y: 10...48)])) == 0)
        // A digit-sized piece across the right line but in the cell's top corner
        // (the row above's business).
        #expect(Self.straddling(Self.mask([(x: 46...60, y: 0...22)], ring: true)) == 0)
        // A piece across the line with nearly all of it outside the cell.
        #expect(Self.straddling(Self.mask([(x: 53...63, y: 20...45)], ring: true)) == 0)
    }
}
