// Offers: `FramingReader.judge`, from a framing's per-cell readings to a
// board, a repair and a status, with `Judgement`, what judging has established
// so far; and `checkEvidence`, the glyph evidence a board must have before it
// is called proven (`settledByGlyphs`, `agrees`, `settled`).

import GlyphModels
import SudokuCore
import TesseractOCR

extension FramingReader {

    /// What judging a framing's readings has established so far.
    struct Judgement {
        var board: [UInt8]
        var solution: [UInt8]?
        var ambiguous = false
        var flags: [Int: FlagReason] = [:]
        var repairs: [Repair] = []

        /// Records that cell `i` now holds `to` instead of what was read there.
        mutating func change(_ i: Int, from read: Int, to value: Int) {
            board[i] = UInt8(value)
            repairs.removeAll { $0.cell.index == i }
            if read != value { repairs.append(Repair(cell: Cell(index: i), from: UInt8(read), to: UInt8(value))) }
        }
    }

    /// From per-cell readings to a board, a repair and a status.
    func judge(_ reads: [CellRead], rotation: Int) -> FramingReading {
        let photo = PhotoGlyphs(reads, tuning: tuning)
        var j = Judgement(board: reads.map { UInt8($0.reading.digit) })
        let evidence = cellEvidence(photo, flags: &j.flags)
        search(evidence, photo, &j)
        if j.solution != nil && !j.ambiguous {
            fillMissedGivens(photo, &j)
            reconcileWithGlyphs(photo, &j)
        }
        checkEvidence(photo, &j)
        // A filled grid (a solution printed beside the puzzle) is not a puzzle to prove.
        let givens = j.board.filter { $0 != 0 }.count
        let status: ScanStatus = (j.solution != nil && j.flags.isEmpty && givens <= maxGivens) ? .solved : .unverified
        let digits = reads.filter { $0.reading.digit != 0 }.count
        return FramingReading(
            rotation: rotation, status: status, puzzle: j.board, solution: status == .solved ? j.solution : nil,
            isUnique: j.solution != nil && !j.ambiguous,
            flagged: j.flags.sorted { $0.key < $1.key }.map {
                FlaggedCell(cell: Cell(index: $0.key), reason: $0.value)
            },
            repairs: j.repairs.sorted { $0.cell < $1.cell },
            digits: digits)
    }

    /// `solved` claims more than a unique solution: that the board is what the
    /// photo shows. So every empty cell must be shown empty (no ink in its
    /// interior that a stage removed or ignored, no digit cut by its lattice
    /// lines, no glyph the classifier reads as a digit: else `missed-ink`), and
    /// every given must be backed by its glyph, and not read otherwise by the
    /// classifier (else `low-confidence`). A given only
    /// the classifier read (Tesseract read nothing there and did not offer the
    /// digit) must also be settled by the photo's glyphs (`settledByGlyphs`), else
    /// `low-confidence`.
    func checkEvidence(_ photo: PhotoGlyphs, _ j: inout Judgement) {
        let final = photo.templates(of: j.board)
        for i in 0..<81 where j.flags[i] == nil {
            let second = photo.reads[i].second
            if j.board[i] == 0 {
                if photo.hidesInk(i) || photo.cutsGlyph(i) {
                    j.flags[i] = .missedInk
                }
                // The classifier sees a digit where the board has none.
                else if let c = second, c.digit != 0, c.probability >= tuning.secondOpinion {
                    j.flags[i] = .missedInk
                }
            } else if !photo.reads[i].hasGlyph {
                j.flags[i] = .lowConfidence
            } else if let c = second, c.digit != Int(j.board[i]), c.probability >= tuning.secondOpinion {
                // The classifier reads the glyph as something else.
                j.flags[i] = .lowConfidence
            } else if case let t = photo.reads[i].tesseract, t.digit != 0, t.digit != Int(j.board[i]),
                t.confidence >= tuning.tesseractDisagreement, !Self.settled(i, against: t.digit, photo, j.board)
            {
                // Tesseract reads it confidently as something else, and neither the
                // puzzle nor the photo's glyphs rule that out.
                j.flags[i] = .lowConfidence
            } else if case let t = photo.reads[i].tesseract, t.digit == 0,
                !t.alternatives.contains(where: { $0.digit == Int(j.board[i]) }),
                !settledByGlyphs(i, digit: Int(j.board[i]), photo, final)
            {
                // A given Tesseract missed and did not offer: the classifier's alone.
                j.flags[i] = .lowConfidence
            }
        }
    }

    /// Whether this photo's glyphs back the board's digit `digit` at cell `i`: of
    /// the other glyphs, grouped by the digit the board gives them, those of
    /// `digit` resemble it most, above `templateAgreement`. Blurry photos can lose
    /// every glyph of one digit to Tesseract, so the groups are the board's, not
    /// the confident readings' only; a digit with no other glyph in the photo
    /// cannot be settled.
    func settledByGlyphs(_ i: Int, digit: Int, _ photo: PhotoGlyphs, _ templates: GlyphTemplates) -> Bool {
        guard let shape = photo.reads[i].shape else { return false }
        return agrees(templates.ranking(shape, excluding: i), with: digit)
    }

    /// Whether a template ranking puts `digit` first, above `templateAgreement`.
    func agrees(_ ranking: [(digit: Int, similarity: Float)], with digit: Int) -> Bool {
        ranking.first.map { $0.digit == digit && $0.similarity > tuning.templateAgreement } ?? false
    }

    /// Whether the board's given at `i` stands against the digit `other` the
    /// other reader saw there: with `other` in its place the board is no puzzle
    /// (no solution, or several: a printed puzzle has one), and this photo's
    /// glyphs of the given's digit resemble it more than those of `other` (or the
    /// photo has no glyph of `other` to compare). A given whose digit has no
    /// other glyph in the photo cannot be settled.
    static func settled(_ i: Int, against other: Int, _ photo: PhotoGlyphs, _ board: [UInt8]) -> Bool {
        let ranking = photo.ranking[i]
        guard let own = ranking.first(where: { $0.digit == Int(board[i]) })?.similarity else { return false }
        if let rival = ranking.first(where: { $0.digit == other })?.similarity, rival >= own { return false }
        var changed = board
        changed[i] = UInt8(other)
        guard let grid = try? Grid(cells: changed) else { return true }
        return Solver.countSolutions(grid, limit: 2) != 1
    }
}
