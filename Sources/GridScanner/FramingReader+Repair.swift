// Offers: the repairs of a framing's board: `FramingReader.cellEvidence`,
// what each cell may hold instead of its reading and at what cost (with the
// `confusions` print and OCR are known for); `search`, the repair search's run;
// and, once the board has one solution, the changes this photo's glyphs back:
// `fillMissedGivens` and `reconcileWithGlyphs` (`uniqueSolution`).

import SudokuCore
import TesseractOCR

extension FramingReader {

    /// Confusions print and OCR are known for: each digit and what it is mistaken
    /// for, most likely first. Written down by hand, not measured.
    static let confusions: [Int: [Int]] = [
        1: [7, 4], 2: [7], 3: [8, 5, 9], 4: [1, 9], 5: [6, 3, 8], 6: [8, 5, 9], 7: [1, 2], 8: [6, 3, 9, 5],
        9: [4, 8, 6],
    ]

    /// The board's one solution, or nil when it has none or several.
    static func uniqueSolution(_ board: [UInt8]) -> [UInt8]? {
        guard let grid = try? Grid(cells: board) else { return nil }
        let r = Solver.solve(grid, limit: 2)
        return r.count == 1 ? r.solution?.cells : nil
    }

    /// What each cell may hold instead of its reading, and at what cost; flags
    /// doubtful readings and ink read as nothing on the way.
    func cellEvidence(_ photo: PhotoGlyphs, flags: inout [Int: FlagReason]) -> [CellEvidence] {
        let c = tuning.costs
        return photo.reads.indices.map { i in
            let r = photo.reads[i].reading
            let ranking = photo.ranking[i]
            var options: [(value: Int, cost: Double)] = []
            func offer(_ v: Int, _ cost: Double) {
                if let k = options.firstIndex(where: { $0.value == v }) {
                    options[k].cost = min(options[k].cost, cost)
                } else {
                    options.append((v, cost))
                }
            }
            if r.digit != 0 {
                for alt in r.alternatives where alt.digit != r.digit {
                    offer(
                        alt.digit, c.alternative + Double(max(0, r.confidence - alt.confidence)) / c.alternativePoints)
                }
                for (n, d) in (Self.confusions[r.digit] ?? []).enumerated() {
                    offer(d, c.confusion + Double(n) * c.confusionStep + Double(r.confidence) / c.confusionPoints)
                }
                if let top = ranking.first, top.digit != r.digit {
                    let own = ranking.first { $0.digit == r.digit }?.similarity ?? -1
                    offer(top.digit, max(c.templateFloor, c.template - Double(top.similarity - own) * c.templateSlope))
                }
                // The cell may be empty after all (a smudge or a grid-line remnant read as a digit).
                offer(0, photo.isFaint(i) ? c.emptyFaint : c.empty)
                if r.confidence < tuning.lowConfidence { flags[i] = .lowConfidence }
            } else if photo.holdsInk(i) {
                // Ink like this photo's digits, read as nothing: a missed given.
                flags[i] = .missedInk
                for alt in r.alternatives {
                    offer(alt.digit, c.missedAlternative + Double(100 - alt.confidence) / c.missedAlternativePoints)
                }
                for (n, t) in ranking.prefix(c.missedTemplateCount).enumerated()
                where t.similarity > tuning.templateAgreement {
                    offer(t.digit, c.missedTemplate + Double(n) * c.missedTemplateStep)
                }
            }
            return CellEvidence(read: r.digit, options: options)
        }
    }

    /// Runs the repair search. Each change must be backed by the reading (an OCR
    /// alternative or this photo's templates; emptying a cell by a faint glyph or a
    /// doubtful reading), else the cell is flagged; a tie flags the contested cells.
    func search(_ evidence: [CellEvidence], _ photo: PhotoGlyphs, _ j: inout Judgement) {
        guard let outcome = repairSearch.run(evidence) else {
            for group in RepairSearch.conflictCells(j.board) { for c in group { j.flags[c] = .conflict } }
            return
        }
        j.board = outcome.board
        j.solution = outcome.solution
        j.ambiguous = outcome.ambiguous
        for e in outcome.edits {
            j.repairs.append(Repair(cell: Cell(index: e.cell), from: UInt8(e.from), to: UInt8(e.to)))
            let read = photo.reads[e.cell].reading
            let backed =
                e.to == 0
                ? (photo.isFaint(e.cell) || read.confidence < tuning.lowConfidence)
                : read.alternatives.contains { $0.digit == e.to } || photo.ranking[e.cell].first?.digit == e.to
            j.flags[e.cell] = backed ? nil : .lowConfidence
        }
        if j.ambiguous { for c in outcome.contestedCells { j.flags[c] = .ambiguous } }
    }

    /// Fills a missed given from the unique solution only when the glyph agrees
    /// (the engine offered that digit, or this photo's templates rank it first).
    func fillMissedGivens(_ photo: PhotoGlyphs, _ j: inout Judgement) {
        guard let solution = j.solution else { return }
        for (i, reason) in j.flags where reason == .missedInk {
            let d = Int(solution[i])
            let ocrAgrees = photo.reads[i].reading.alternatives.contains { $0.digit == d }
            if ocrAgrees || agrees(photo.ranking[i], with: d) {
                j.change(i, from: 0, to: d)
                j.flags[i] = nil
            }
        }
    }

    /// The givens of one puzzle share one font: judges each given against the other
    /// glyphs as finally read. A given whose glyph lies towards a look-alike's is
    /// changed to it when the reading offered that digit and the board stays
    /// unique; otherwise it is flagged, as is a given whose glyph merely resembles
    /// another digit's glyphs more than its own digit's.
    func reconcileWithGlyphs(_ photo: PhotoGlyphs, _ j: inout Judgement) {
        for _ in 0..<tuning.reconcileRounds {
            let final = photo.templates(of: j.board)
            var changed = false
            for i in 0..<81 where j.board[i] != 0 && j.flags[i] == nil {
                guard let shape = photo.reads[i].shape else { continue }
                let d = Int(j.board[i])
                // Along the line between this digit's mean glyph and each look-alike's
                // (only the strokes where they differ count): which side is it on?
                let lookAlikes = (Self.confusions[d] ?? []).compactMap { e in
                    final.position(shape, between: d, and: e, excluding: i).map { (digit: e, position: $0) }
                }.sorted { $0.position > $1.position }
                var suspect: Int?
                // Only a look-alike may replace the given; a closer template only flags it.
                var mayChange = false
                let ranking = final.ranking(shape, excluding: i)
                // Weak template evidence against a reading whose engine gave the
                // look-alike no weight at all is not enough to doubt it.
                let read = photo.reads[i].reading
                func engineWeight(_ digit: Int) -> Float {
                    read.alternatives.first { $0.digit == digit }?.confidence ?? 0
                }
                if let near = lookAlikes.first, near.position > tuning.doubtPosition,
                    engineWeight(near.digit) >= tuning.engineDoubt || near.position >= tuning.strongDoubtPosition
                {
                    suspect = near.digit
                    mayChange = true
                } else if let top = ranking.first, top.digit != d {
                    if let own = ranking.first(where: { $0.digit == d })?.similarity {
                        if top.similarity > own + tuning.templateMargin { suspect = top.digit }
                    } else if top.similarity > tuning.twinSimilarity {
                        // No other glyph read as d: nothing to compare with, unless it
                        // is plainly another digit's twin.
                        suspect = top.digit
                    }
                }
                guard let suspect else { continue }
                var swapped = j.board
                swapped[i] = UInt8(suspect)
                if mayChange, read.alternatives.contains(where: { $0.digit == suspect }),
                    let solution = Self.uniqueSolution(swapped)
                {
                    j.change(i, from: read.digit, to: suspect)
                    j.solution = solution
                    changed = true
                } else {
                    j.flags[i] = .lowConfidence
                }
            }
            if !changed { break }
        }
    }
}
