// The same photo's glyph statistics on real crops: shapes, similarity by median,
// ranking with a cell left out, and the place between two digits' mean glyphs.

import Raster
import TestSupport
import Testing

@testable import TesseractOCR

/// The shape of a whole fixture crop (the crops hold the glyph and a little paper).
private func shape(_ name: String) throws -> GlyphShape {
    let crop = try loadFixture(name)
    return GlyphShape(cell: crop, box: (0, 0, crop.width, crop.height))
}

@Suite(.tags(.small)) struct GlyphTemplatesTests {
    @Test func aShapeHasZeroMeanAndUnitNormAndABlankCropHasNone() throws {
        let eight = try shape("real-image1050-r6c7-d8.png")
        #expect(eight.values.count == GlyphShape.width * GlyphShape.height)
        #expect(abs(eight.values.reduce(0, +)) < 1e-3)
        #expect(abs(eight.correlation(eight) - 1) < 1e-4)
        let blank = GlyphShape(cell: GrayImage(width: 30, height: 40, fill: 200), box: (3, 3, 24, 34))
        #expect(blank.values.allSatisfy { $0 == 0 })
        #expect(blank.correlation(eight) == 0)
    }

    @Test func theBoxIsWhatIsScaled() throws {
        // The same glyph on a larger sheet of paper, with its box given, has the same shape.
        let crop = try loadFixture("rendered-DejaVu-Sans-d4.png")
        let sheet = GrayImage(width: crop.width + 30, height: crop.height + 20, fill: 255)
        var placed = sheet
        for y in 0..<crop.height { for x in 0..<crop.width { placed[x + 17, y + 5] = crop[x, y] } }
        let original = GlyphShape(cell: crop, box: (0, 0, crop.width, crop.height))
        let moved = GlyphShape(cell: placed, box: (17, 5, crop.width, crop.height))
        #expect(moved.correlation(original) > 0.99)
        // The whole sheet as the box is a smaller glyph in the fixed box: another shape.
        let unboxed = GlyphShape(cell: placed, box: (0, 0, placed.width, placed.height))
        #expect(unboxed.correlation(original) < 0.9)
    }

    @Test func rankingLeavesTheCellOutAndPutsItsTwinFirst() throws {
        var templates = GlyphTemplates()
        for d in 1...9 { templates.add(cell: d, digit: d, shape: try shape("rendered-DejaVu-Sans-d\(d).png")) }
        let three = try shape("rendered-DejaVu-Sans-d3.png")
        let ranking = templates.ranking(three, excluding: -1)
        #expect(ranking.count == 9 && ranking.first?.digit == 3)
        #expect(ranking.first.map { abs($0.similarity - 1) < 1e-4 } == true)
        #expect(zip(ranking, ranking.dropFirst()).allSatisfy { $0.similarity >= $1.similarity })
        // Left out, cell 3 was the only glyph read as 3: no 3 to compare with.
        let without = templates.ranking(three, excluding: 3)
        #expect(without.count == 8 && !without.contains { $0.digit == 3 })
        #expect(templates.similarity(three, to: 3, excluding: 3) == nil)
    }

    @Test func similarityIsTheMedianOfTheMembers() throws {
        var templates = GlyphTemplates()
        let members = try [
            "rendered-DejaVu-Sans-d5.png", "rendered-Liberation-Serif-d5.png",
            "real-image119-r1c3-d5.png",
        ].map(shape)
        for (i, m) in members.enumerated() { templates.add(cell: i, digit: 5, shape: m) }
        let query = try shape("real-image19-r6c1-d5.png")
        let scores = members.map { query.correlation($0) }.sorted()
        #expect(templates.similarity(query, to: 5, excluding: -1) == scores[1])
        // Two members left: the mean of the two.
        let two = members.dropFirst().map { query.correlation($0) }.sorted()
        #expect(templates.similarity(query, to: 5, excluding: 0) == (two[0] + two[1]) / 2)
    }

    @Test func positionRunsFromOneDigitsMeanGlyphToTheOthers() throws {
        var templates = GlyphTemplates()
        let six = try shape("real-image203-r0c2-d6.png"), eight = try shape("real-image174-r5c2-d8.png")
        templates.add(cell: 0, digit: 6, shape: six)
        templates.add(cell: 1, digit: 8, shape: eight)
        let atSix = try #require(templates.position(six, between: 6, and: 8, excluding: -1))
        let atEight = try #require(templates.position(eight, between: 6, and: 8, excluding: -1))
        #expect(abs(atSix + 0.5) < 1e-4 && abs(atEight - 0.5) < 1e-4)
        #expect(templates.position(six, between: 8, and: 6, excluding: -1).map { abs($0 - 0.5) < 1e-4 } == true)
        // With the only 6 left out there is no line to place it on.
        #expect(templates.position(six, between: 6, and: 8, excluding: 0) == nil)
    }
}
