// Offers: `FramingReader.PhotoGlyphs`, this photo's glyphs and ink as the
// judging steps need them: each cell's ranking against the confidently read
// glyphs, the typical ink and height, the glyphs grouped by a board's digits,
// and the tests for faint, missed, hidden and cut ink and for a cell that holds
// only pencil marks.

import TesseractOCR

extension FramingReader {

    /// This photo's glyphs and ink, as the judging steps need them.
    struct PhotoGlyphs {
        /// The reader's values for faint, missed and hidden ink and marks.
        let tuning: FramingTuning
        var reads: [CellRead]
        /// Per cell: the other digits by similarity of their confident glyphs.
        var ranking: [[(digit: Int, similarity: Float)]]
        /// Median ink of the confidently read glyphs (0 when none).
        var typicalInk: Int
        /// The interior ink of this photo's thinnest digits: the 10th percentile over
        /// the confidently read glyphs (mostly 1s and 7s; 0 when none).
        var thinInteriorInk: Int

        /// The median height of the confidently read glyphs (share of the cell; 0 when none).
        var typicalHeight: Double

        init(_ reads: [CellRead], tuning: FramingTuning) {
            self.tuning = tuning
            self.reads = reads
            var templates = GlyphTemplates()
            for (i, c) in reads.enumerated()
            where c.reading.digit != 0 && c.reading.confidence >= tuning.confidentReading {
                if let s = c.shape { templates.add(cell: i, digit: c.reading.digit, shape: s) }
            }
            ranking = reads.indices.map { i in reads[i].shape.map { templates.ranking($0, excluding: i) } ?? [] }
            let confident = reads.filter { $0.reading.digit != 0 && $0.reading.confidence >= tuning.confidentReading }
            let ink = confident.map(\.ink).sorted()
            typicalInk = ink.isEmpty ? 0 : ink[ink.count / 2]
            let interior = confident.map(\.interiorInk).sorted()
            thinInteriorInk = interior.isEmpty ? 0 : interior[interior.count / 10]
            let heights = confident.compactMap(\.style?.height).sorted()
            typicalHeight = heights.isEmpty ? 0 : heights[heights.count / 2]
        }

        /// A cell read as nothing whose ink is all pencil marks: small digit-like
        /// groups (well under this photo's digits' height), one at least off the
        /// cell's middle, nothing else loose and nothing removed as a line
        /// inside it. Such a cell is empty, as an app's candidates leave it.
        func holdsOnlyMarks(_ i: Int) -> Bool {
            let r = reads[i]
            return !r.hasGlyph && !r.faintGlyph && r.marks > 0 && r.markOffCentre && r.centralLineInk == 0
                && r.looseInk <= r.markInk && r.markLong <= tuning.markHeight * typicalHeight
        }

        /// The glyphs grouped by the digit `board` gives them (not by their reading).
        func templates(of board: [UInt8]) -> GlyphTemplates {
            var t = GlyphTemplates()
            for i in 0..<81 where board[i] != 0 {
                if let s = reads[i].shape { t.add(cell: i, digit: Int(board[i]), shape: s) }
            }
            return t
        }

        /// Much less ink than this photo's digits: a smudge or a line remnant.
        func isFaint(_ i: Int) -> Bool { typicalInk > 0 && Double(reads[i].ink) < tuning.faintInk * Double(typicalInk) }

        /// Ink like this photo's digits, whether or not it made a glyph.
        func holdsInk(_ i: Int) -> Bool {
            reads[i].hasGlyph || reads[i].faintGlyph
                || (!holdsOnlyMarks(i) && typicalInk > 0
                    && Double(reads[i].looseInk) >= tuning.missedInk * Double(typicalInk))
                || hidesInk(i)
        }

        /// Ink inside the cell, away from the lattice lines, that some stage removed
        /// or ignored: any of it removed as a grid line off the lattice lines, or as
        /// much interior ink as half of this photo's thinnest digits hold.
        func hidesInk(_ i: Int) -> Bool {
            reads[i].centralLineInk > 0
                || (!holdsOnlyMarks(i) && thinInteriorInk > 0
                    && Double(reads[i].interiorInk) >= tuning.hiddenInk * Double(thinInteriorInk))
        }

        /// A digit-sized piece crosses the cell's lattice line with as much ink
        /// inside the cell as a missed digit leaves (`missedInk`): a glyph the
        /// lattice cut. The cut digits of a misframed grid leave 0.37–0.40 of the
        /// typical ink inside; on the newspaper photos, the crossing pieces in
        /// empty cells of proven boards (shading and blur of dark photos) 0.14–0.32.
        func cutsGlyph(_ i: Int) -> Bool {
            typicalInk > 0 && Double(reads[i].straddlingInk) >= tuning.missedInk * Double(typicalInk)
        }
    }
}
