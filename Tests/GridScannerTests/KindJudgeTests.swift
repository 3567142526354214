// The kind judge's second pass: the player's own hand, learnt from the glyphs
// found surely handwritten, beside the photo's print; and an app's typed
// entries, told from the givens by their second, even ink.

import Foundation
import GlyphModels
import Raster
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// A glyph read as `digit`: printed-looking to both readers when `handwritten`
/// is low, with the kind classifier's odds for handwriting `handwritten`.
private func glyph(_ digit: Int, handwritten: Float, style: GlyphStyle) -> CellRead {
    var r = CellRead()
    r.hasGlyph = true
    r.tesseract = DigitReading(digit: digit, confidence: 99, alternatives: [DigitChoice(digit: digit, confidence: 99)])
    r.reading = r.tesseract
    var printed = [Float](repeating: 0, count: 10)
    printed[digit] = 1
    r.second = DigitPrediction(probabilities: printed)
    var kinds = [Float](repeating: 0, count: 19)
    kinds[digit] = 1 - handwritten
    kinds[9 + digit] = handwritten
    r.kind = KindPrediction(probabilities: kinds)
    r.style = style
    return r
}

private let printStyle = GlyphStyle(height: 0.45, darkness: 0.5, tint: (0, 0))
private let redPen = GlyphStyle(height: 0.40, darkness: 0.35, tint: (-0.9, 0.1))

/// 24 printed givens and 30 entries in red pen; cell 80 is left for the glyph
/// under test.
private func playedPhoto(_ last: CellRead) -> [CellRead] {
    (0..<81).map { i in
        if i == 80 { return last }
        if i < 24 { return glyph(2 + i % 8, handwritten: 0.0001, style: printStyle) }
        if i < 54 {
            // The hand's glyphs vary a little, as a hand does.
            let wobble = Double(i % 5 - 2) * 0.02
            return glyph(
                2 + i % 8, handwritten: 0.9999,
                style: GlyphStyle(
                    height: redPen.height + wobble, darkness: redPen.darkness - wobble,
                    tint: (redPen.tint.redGreen + wobble, redPen.tint.blueGreen)))
        }
        return CellRead()
    }
}

@Suite struct KindJudgeTests {
    let judge = KindJudge()

    /// A neat entry in the player's red pen that the kind classifier takes for
    /// print: the first pass alone keeps it a given in doubt; the hand's style
    /// makes it an entry.
    @Test(.tags(.small)) func anEntryInThePlayersInkIsHandwrittenThoughTheClassifierSaysPrint() {
        let kinds = judge.kinds(playedPhoto(glyph(7, handwritten: 0.001, style: redPen)))
        #expect(kinds[80].kind == .handwritten)
        #expect(kinds[80].confidence >= judge.tuning.sureKind)
        // Without the second pass (the hand not learnt: no decisive style) it
        // would stay printed.
        var firstOnly = judge
        firstOnly.tuning.styleWeight = 0
        firstOnly.tuning.decisiveStyle = .infinity
        #expect(firstOnly.kinds(playedPhoto(glyph(7, handwritten: 0.001, style: redPen)))[80].kind == .printed)
    }

    /// A given in the print's ink and size stays printed, and surely so.
    @Test(.tags(.small)) func aGivenInThePrintsStyleStaysPrinted() {
        let kinds = judge.kinds(playedPhoto(glyph(7, handwritten: 0.001, style: printStyle)))
        #expect(kinds[80].kind == .printed)
        #expect(kinds[80].confidence >= judge.tuning.sureKind)
        #expect(kinds[24].kind == .handwritten && kinds[0].kind == .printed)
    }

    /// A glyph the kind classifier takes for no digit at all, in the player's
    /// ink, is an entry (its digit then read as handwriting), not a given.
    @Test(.tags(.small)) func aNotADigitGlyphInThePlayersInkIsAnEntry() {
        var odd = glyph(4, handwritten: 0.9, style: redPen)
        var p = [Float](repeating: 0, count: 19)
        p[0] = 0.7
        p[13] = 0.3
        odd.kind = KindPrediction(probabilities: p)
        odd.second = DigitPrediction(probabilities: [0.9, 0, 0, 0, 0.1, 0, 0, 0, 0, 0])
        #expect(judge.kinds(playedPhoto(odd))[80].kind == .handwritten)
    }

    /// 24 printed givens and the glyphs `others` (cell: read) besides.
    func printedPhoto(_ others: [Int: CellRead]) -> [CellRead] {
        (0..<81).map { i in
            others[i] ?? (i < 24 ? glyph(2 + i % 8, handwritten: 0.0001, style: printStyle) : CellRead())
        }
    }

    /// A pencil mark: no digit to the printed-digit classifier, handwriting to
    /// the kind classifier.
    func mark() -> CellRead {
        var r = glyph(4, handwritten: 0.99, style: redPen)
        r.second = DigitPrediction(probabilities: [0.99, 0, 0, 0, 0.01, 0, 0, 0, 0, 0])
        r.tesseract = .nothing
        return r
    }

    /// A lone entry that every judge takes for the hand shows the puzzle is
    /// played; a lone glyph in the print's style that only the kind classifier
    /// doubts does not.
    @Test(.tags(.small)) func aLonePlainEntryIsAnEntry() {
        #expect(judge.kinds(printedPhoto([80: glyph(7, handwritten: 0.9999, style: redPen)]))[80].kind == .handwritten)
        let doubted = judge.kinds(printedPhoto([80: glyph(7, handwritten: 0.9999, style: printStyle)]))[80]
        #expect(doubted.kind == .printed && doubted.confidence < judge.tuning.sureKind)
    }

    /// Pencil marks count as the player's hand: with them, an entry the kind
    /// classifier is less sure of is an entry; without them it stays a given
    /// in doubt.
    @Test(.tags(.small)) func pencilMarksShowThePuzzleIsPlayed() {
        let entry = glyph(7, handwritten: 0.8, style: redPen)
        #expect(judge.kinds(printedPhoto([80: entry]))[80].kind == .printed)
        #expect(judge.kinds(printedPhoto([80: entry, 70: mark(), 71: mark(), 72: mark()]))[80].kind == .handwritten)
    }

    /// In a played photo a glyph far taller than the print is an entry in
    /// doubt, though both classifiers and its ink say print.
    @Test(.tags(.small)) func aGlyphFarTallerThanThePrintIsAnEntry() {
        let tall = GlyphStyle(height: printStyle.height * 1.3, darkness: printStyle.darkness, tint: printStyle.tint)
        let kinds = judge.kinds(playedPhoto(glyph(7, handwritten: 0.001, style: tall)))
        #expect(kinds[80].kind == .handwritten && kinds[80].confidence < judge.tuning.sureKind)
        let slightly = GlyphStyle(height: printStyle.height * 1.1, darkness: printStyle.darkness, tint: printStyle.tint)
        #expect(judge.kinds(playedPhoto(glyph(7, handwritten: 0.001, style: slightly)))[80].kind == .printed)
    }

    /// Two digits side by side in one glyph, as tall as the player writes
    /// entries, are pencil marks; one digit of that size is not.
    @Test(.tags(.small)) func twoDigitsSideBySideAreMarksAtAnySize() {
        func placed(_ r: CellRead, pieces: Int, aspect: Double) -> CellRead {
            var r = r
            r.place = GlyphPlace(x: 0.5, y: 0.5, aspect: aspect, pieces: pieces)
            return r
        }
        var reads = playedPhoto(placed(glyph(7, handwritten: 0.9999, style: redPen), pieces: 2, aspect: 1.4))
        for i in reads.indices where reads[i].hasGlyph && i != 80 {
            reads[i] = placed(reads[i], pieces: 1, aspect: 0.7)
        }
        #expect(judge.marks(reads, kinds: judge.kinds(reads)).contains(80))
        reads[80] = placed(glyph(7, handwritten: 0.9999, style: redPen), pieces: 1, aspect: 0.7)
        #expect(!judge.marks(reads, kinds: judge.kinds(reads)).contains(80))
    }

    /// Each measure's term is clamped: a tint far from both the print and
    /// the hand counts `styleCap` at most.
    @Test(.tags(.small)) func styleOddsClampEachMeasure() throws {
        let print = try #require(judge.styleModel([GlyphStyle](repeating: printStyle, count: 8)))
        let hand = try #require(
            judge.styleModel(
                (0..<8).map { k in
                    GlyphStyle(height: 0.40 + Double(k) * 0.01, darkness: 0.35, tint: (-0.9 + Double(k) * 0.02, 0.1))
                }))
        #expect(judge.styleOdds(redPen, print: print, hand: hand) > judge.tuning.decisiveStyle)
        #expect(judge.styleOdds(printStyle, print: print, hand: hand) < 0)
        let blue = GlyphStyle(height: 0.45, darkness: 0.5, tint: (0, 5))
        #expect(judge.styleOdds(blue, print: print, hand: hand) <= judge.tuning.styleCap + 1e-9)
    }
}

/// How surely an entry is read: the hand reader against the kind classifier
/// and Tesseract.
@Suite struct EntryReadingTests {
    let judge = KindJudge()

    /// An entry the hand reader reads as `hand` with probability `p` (the rest
    /// on 1), the kind classifier as handwritten `kind` at `q` (the rest on 1
    /// or 2), Tesseract as `tesseract` at 95.
    func entry(hand: Int, _ p: Float, kind: Int, _ q: Float = 0.95, tesseract: Int) -> CellRead {
        var r = glyph(kind, handwritten: 1, style: redPen)
        var kinds = [Float](repeating: 0, count: 19)
        kinds[9 + kind] = q
        kinds[9 + (kind == 1 ? 2 : 1)] = 1 - q
        r.kind = KindPrediction(probabilities: kinds)
        var probabilities = [Float](repeating: 0, count: 9)
        probabilities[hand - 1] = p
        probabilities[hand == 1 ? 1 : 0] += 1 - p
        r.hand = HandReading(probabilities: probabilities)
        r.tesseract = DigitReading(
            digit: tesseract, confidence: 95,
            alternatives: [DigitChoice(digit: tesseract, confidence: 95)])
        return r
    }

    /// Below `decisiveHandwriting` a confident other digit from either reader
    /// makes the entry doubtful; past it the hand reader is believed, the other
    /// digits stay plausible, and the entry cannot be confirmed as a mistake
    /// (the readers do not agree).
    @Test(.tags(.small)) func aDecisiveHandReadingOutweighsTheOtherReaders() {
        for (p, sure) in [(Float(0.95), false), (0.995, true)] {
            let disputed = judge.entry(entry(hand: 7, p, kind: 1, tesseract: 7))
            #expect(disputed.digit == 7 && disputed.sure == sure && disputed.plausible.contains(1))
            #expect(!disputed.confirmed)
            let contradicted = judge.entry(entry(hand: 7, p, kind: 7, tesseract: 4))
            #expect(contradicted.digit == 7 && contradicted.sure == sure && contradicted.plausible.contains(4))
            #expect(!contradicted.confirmed)
        }
        // All three agreeing, past their bars: sure and confirmed.
        let agreed = judge.entry(entry(hand: 7, 0.9999, kind: 7, 0.9999, tesseract: 7))
        #expect(agreed.sure && agreed.confirmed && agreed.plausible == [7])
    }
}

/// An app's screen: 24 givens in black and 12 entries typed in the same font
/// in `entryTint`, every glyph taken for print by the kind classifier; the
/// entries' tints spread by `spread` each way in turn.
private func typedScreen(entryTint: (Double, Double), spread: Double = 0) -> [CellRead] {
    (0..<81).map { i in
        if i < 24 { return glyph(2 + i % 8, handwritten: 0.0001, style: printStyle) }
        if i < 36 {
            let wobble = Double(i % 3 - 1) * spread
            return glyph(
                2 + i % 8, handwritten: 0.0001,
                style: GlyphStyle(height: 0.45, darkness: 0.45, tint: (entryTint.0 + wobble, entryTint.1 - wobble)))
        }
        return CellRead()
    }
}

@Suite struct TypedEntryTests {
    let judge = KindJudge()

    /// Blue entries in the givens' font (an app's, measured on
    /// TestImages/screenshots at about (0.41, −0.74)) are entries, surely.
    @Test(.tags(.small)) func entriesTypedInAnotherEvenInkAreEntries() {
        let reads = typedScreen(entryTint: (0.41, -0.74))
        #expect(judge.typedEntries(reads) == Set(24..<36))
        let kinds = judge.kinds(reads)
        for i in 0..<24 { #expect(kinds[i].kind == .printed, "cell \(i)") }
        for i in 24..<36 {
            #expect(kinds[i].kind == .handwritten, "cell \(i)")
            #expect(kinds[i].confidence >= judge.tuning.sureKind)
        }
        #expect(kinds[40].kind == .empty)
    }

    /// Inks closer than `typedSeparation`, or as uneven as a photo's (ink and
    /// light vary over paper), make no typed entries: all stays print.
    @Test(.tags(.small)) func closeOrUnevenInksAreNotTypedEntries() {
        #expect(judge.typedEntries(typedScreen(entryTint: (0.15, -0.2))).isEmpty)
        #expect(judge.typedEntries(typedScreen(entryTint: (0.41, -0.74), spread: 0.12)).isEmpty)
        let kinds = judge.kinds(typedScreen(entryTint: (0.15, -0.2)))
        #expect((0..<36).allSatisfy { kinds[$0].kind == .printed })
    }

    /// A glyph whose colour was not measured is no evidence either way, though
    /// grey ink measures (0, 0) as well.
    @Test(.tags(.small)) func anUnmeasuredTintIsNotGrey() {
        var style = GlyphStyle(height: 0.45, darkness: 0.5, tint: (0, 0))
        #expect(style.tintMeasured)
        style = GlyphStyle(crop: GrayImage(width: 4, height: 4, fill: 200), pad: 1, cellSize: 10)
        #expect(!style.tintMeasured)
        style.tint = (0, 0)
        #expect(style.tintMeasured)
    }

    /// An entry the hand reader is unsure of takes the digit the three
    /// readers back together, and stays doubtful: a 6 the hand reader gives
    /// 8 (0.75) but Tesseract reads 6 (98) and the kind classifier finds 6
    /// plausible is a 6; a sure hand reading is kept against them.
    @Test(.tags(.small)) func anUnsureHandReadingYieldsToTheReadersTogether() {
        var r = glyph(6, handwritten: 1, style: redPen)
        var kinds = [Float](repeating: 0, count: 19)
        kinds[9 + 8] = 0.6
        kinds[9 + 6] = 0.4
        r.kind = KindPrediction(probabilities: kinds)
        var hand = [Float](repeating: 0, count: 9)
        hand[7] = 0.75
        hand[5] = 0.25
        r.hand = HandReading(probabilities: hand)
        let unsure = judge.entry(r)
        #expect(unsure.digit == 6 && !unsure.sure && unsure.plausible.contains(8))
        hand[7] = 0.995
        hand[5] = 0.005
        r.hand = HandReading(probabilities: hand)
        #expect(judge.entry(r).digit == 8)
    }

    /// Entries of training phone photos (TestImages/phone) the hand reader
    /// alone misread: a 1 with a foot (read 2), a 2 (read 7), a 6 (read 8).
    @Test(.tags(.medium)) func entriesOfPhonePhotosTheHandReaderMisreadAlone() throws {
        let scanner = try GridScanner()
        func entries(_ name: String) -> [UInt8] { phoneScan(name, with: scanner).entries }
        let cell = cellIndex
        let one = entries("02_17_honor_view_10_0")
        #expect(one.count == 81 && one[cell(9, 8)] == 1)
        let two = entries("02_23_honor_view_10_0")
        #expect(two.count == 81 && two[cell(7, 7)] == 2)
        let six = entries("02_28_honor_view_10_0")
        #expect(six.count == 81 && six[cell(2, 9)] == 6)
    }
}
