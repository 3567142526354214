// Offers: `KindJudge`, which decides each cell's kind (`CellKind`) against the
// photo's own printed glyphs (their `GlyphStyle` and `GlyphPlace`): the givens
// of one puzzle share one font, size, darkness and ink; the player's entries
// vary and differ from them, or (an app's screen) share the font in another
// colour.

import GlyphModels
import GridVision
import Raster
import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

/// Decides which glyphs are the puzzle's printed givens and which the
/// player's entries, against the photo's own printed glyphs.
///
/// The reference is the glyphs that look printed beyond doubt: read alike by
/// Tesseract (confidently) and by the classifier of printed digits (almost
/// surely), and not taken for handwriting by the kind classifier. Their median
/// height, darkness and ink tint, with their spread, make the photo's print;
/// their shapes, per digit, its font. A glyph's score adds: its distance from
/// the print (in spreads); the kind classifier's odds for handwriting; how far
/// its shape is from the font's glyphs of its digit; how far the printed-digit
/// classifier is from being sure of it. At `handwrittenScore` or more the
/// glyph is handwritten; from `doubtScore` it stays printed but its kind is
/// in doubt (flagged `kind`: a given taken for an entry would change the
/// puzzle, so a doubt never removes a given). A photo with too few reference glyphs to learn its print from is
/// printed throughout, as a plain puzzle.
///
/// The weights and thresholds were chosen on the training photos, every
/// photo read by a kind model that did not learn from its page (the fold
/// models of scripts/train-kinds): of the 3,168 printed and 5,570 handwritten
/// glyphs of the first 108 completed photos dumped, 3 printed scored 3 or more
/// and 60 handwritten below 3 (54 of them on one photo framed on the
/// solution printed beside it); 3 of 2,427 givens of plain photos scored 2 or
/// more. The judge as a whole is measured by `scripts/fold-eval-kinds`
/// (README, "Half-played photos"). The weights and thresholds are
/// `KindTuning` (`Tuning.kinds`; their defaults and evidence in
/// `Tuning+Default.swift`).
struct KindJudge: Sendable {
    var tuning = KindTuning()

    /// The photo's print: a robust centre and spread per measure.
    struct Print {
        var centre: [Double]
        var spread: [Double]

        /// How far `s` lies from the print, in spreads (root mean square).
        func distance(_ s: GlyphStyle) -> Double {
            let v = KindJudge.measures(s)
            var sum = 0.0
            for k in v.indices {
                let z = (v[k] - centre[k]) / spread[k]
                sum += z * z
            }
            return (sum / Double(v.count)).squareRoot()
        }
    }

    /// The measures compared with the print, in `floors` order.
    static func measures(_ s: GlyphStyle) -> [Double] {
        [s.height, s.darkness, s.tint.redGreen, s.tint.blueGreen]
    }

    var floors: [Double] { [tuning.heightFloor, tuning.darknessFloor, tuning.tintFloor, tuning.tintFloor] }

    /// Whether `r` looks printed beyond doubt.
    func isReference(_ r: CellRead) -> Bool {
        guard r.style != nil, r.tesseract.digit != 0, r.tesseract.confidence >= tuning.referenceConfidence,
            let c = r.second, c.digit == r.tesseract.digit
        else { return false }
        if let k = r.kind, k.handwritten >= 0.5 { return false }
        return c.probability >= tuning.referenceProbability
    }

    /// The reference glyphs' print, or nil when there are too few of them.
    func photoPrint(_ reads: [CellRead]) -> Print? {
        styleModel(reads.filter(isReference).compactMap(\.style))
    }

    /// The robust centre and spread of `styles` per measure (median, and the
    /// median absolute deviation as a standard deviation, at least the measure's
    /// floor), or nil for fewer than `minimumReference` glyphs.
    func styleModel(_ styles: [GlyphStyle]) -> Print? {
        let reference = styles.map(Self.measures)
        guard reference.count >= tuning.minimumReference else { return nil }
        var centre: [Double] = [], spread: [Double] = []
        for k in floors.indices {
            let sorted = reference.map { $0[k] }.sorted()
            let median = sorted[sorted.count / 2]
            let deviations = sorted.map { abs($0 - median) }.sorted()
            centre.append(median)
            spread.append(max(floors[k], 1.4826 * deviations[deviations.count / 2]))
        }
        return Print(centre: centre, spread: spread)
    }

    /// Per cell, how like the photo's print of its digit the glyph is: the
    /// median correlation of its shape with the reference glyphs of the digit
    /// the printed-digit classifier reads it as (the glyph itself left out);
    /// nil when there is no glyph, or no other reference glyph of that digit.
    /// Printed givens of one font are near copies of one another; a hand
    /// writes each digit a little differently.
    func printSimilarities(_ reads: [CellRead]) -> [Float?] {
        var templates = GlyphTemplates()
        for (i, r) in reads.enumerated() where isReference(r) {
            if let shape = r.shape { templates.add(cell: i, digit: r.tesseract.digit, shape: shape) }
        }
        return reads.indices.map { i in
            guard let shape = reads[i].shape, let c = reads[i].second else { return nil }
            let digit = c.digit != 0 ? c.digit : (reads[i].kind?.printedDigit ?? 0)
            return digit == 0 ? nil : templates.similarity(shape, to: digit, excluding: i)
        }
    }

    /// The photo's own cues of `score`: the glyph's distance from the print and
    /// its shape's shortfall from the print of its digit, without either
    /// classifier.
    func cueScore(_ r: CellRead, _ print: Print, similarity: Float?) -> Double {
        guard let style = r.style else { return 0 }
        var score = print.distance(style)
        if let similarity {
            score +=
                tuning.similarityWeight * max(0, (tuning.printSimilarity - Double(similarity)) / tuning.similarityStep)
        }
        return score
    }

    /// How handwritten the glyph of `r` looks (see the type): its `cues`
    /// (`cueScore`) and the two classifiers' verdicts.
    func score(_ r: CellRead, cues: Double) -> Double {
        var score = cues
        if let k = r.kind {
            // The kind classifier's odds, in bits, clamped.
            let h = min(max(Double(k.handwritten), 1e-4), 1 - 1e-4)
            score += tuning.modelWeight * log2(h / (1 - h))
        }
        // A glyph the printed-digit classifier takes for no digit at all (a
        // smudge, a stub) gets nothing from it.
        guard let c = r.second, c.digit != 0 else { return score }
        let decades = -log10(max(1e-6, 1 - Double(c.probability)))
        return score + tuning.classifierWeight * max(0, tuning.printedDecades - decades)
    }

    /// Each cell's kind and the confidence in it (0...1): 1 for an empty cell
    /// and for every glyph of a photo whose print cannot be learnt. A photo
    /// with fewer than `minimumEntries` glyphs scoring as handwritten (and no
    /// single glyph plainly an entry, `plainEntryScore`) is a printed puzzle:
    /// those glyphs stay printed, in doubt (0.5). Otherwise a
    /// handwritten glyph's confidence grows from 0.8 with its score's margin
    /// over `handwrittenScore` (the odds doubling per unit), a printed one's
    /// likewise below `doubtScore`, and a glyph between the two is printed in
    /// doubt, as is any glyph whose kind the photo's cues decide against the
    /// kind classifier's own verdict.
    ///
    /// In a played photo the kinds are then decided once more with the
    /// player's own hand beside the print: the glyphs the first pass found
    /// surely handwritten give the hand's height, darkness and ink tint, and
    /// each glyph's `styleOdds` (print against hand) adds to its score. A
    /// glyph whose style is plainly the hand's (`decisiveStyle`) is
    /// handwritten even where the kind classifier finds it printed or no digit.
    func kinds(_ reads: [CellRead]) -> [(kind: CellKind, confidence: Float)] {
        kinds(reads, typed: typedEntries(reads))
    }

    /// `kinds(_:)` with the cells `typed` (`typedEntries`) taken for entries,
    /// surely, and the other glyphs judged without them.
    func kinds(_ reads: [CellRead], typed: Set<Int>) -> [(kind: CellKind, confidence: Float)] {
        guard typed.isEmpty else {
            var rest = reads
            for i in typed { rest[i] = CellRead() }
            var kinds = judgeKinds(rest)
            for i in typed { kinds[i] = (.handwritten, 1) }
            return kinds
        }
        return judgeKinds(reads)
    }

    /// The cells whose glyphs are typed entries in a colour of their own (see
    /// `typedSeparation`); empty when the surely read glyphs do not make two
    /// such inks.
    func typedEntries(_ reads: [CellRead]) -> Set<Int> {
        let sure = reads.indices.filter { i in
            let r = reads[i]
            guard r.hasGlyph, let style = r.style, style.tintMeasured, let c = r.second, c.digit != 0,
                c.digit == r.tesseract.digit, r.tesseract.confidence >= tuning.referenceConfidence,
                let k = r.kind, k.handwritten < 0.5
            else { return false }
            return c.probability >= tuning.typedProbability
        }
        guard sure.count >= tuning.minimumReference + tuning.minimumEntries else { return [] }
        typealias Tint = (x: Double, y: Double)
        let tints: [Tint] = sure.map {
            let t = reads[$0].style!.tint
            return (t.redGreen, t.blueGreen)
        }
        func distance(_ a: Tint, _ b: Tint) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
        func centre(_ group: [Tint]) -> Tint { (median(group.map(\.x)), median(group.map(\.y))) }
        // Two inks by 2-medians, from the most neutral glyph and the one farthest from it.
        var a = tints.min { distance($0, (0, 0)) < distance($1, (0, 0)) }!
        var b = tints.max { distance($0, a) < distance($1, a) }!
        var inB = [Bool](repeating: false, count: tints.count)
        for _ in 0..<8 {
            inB = tints.map { distance($0, b) < distance($0, a) }
            let groupA = tints.indices.filter { !inB[$0] }.map { tints[$0] }
            let groupB = tints.indices.filter { inB[$0] }.map { tints[$0] }
            guard !groupA.isEmpty, !groupB.isEmpty else { return [] }
            (a, b) = (centre(groupA), centre(groupB))
        }
        let groupA = tints.indices.filter { !inB[$0] }.map { tints[$0] }
        let groupB = tints.indices.filter { inB[$0] }.map { tints[$0] }
        let separation = distance(a, b)
        guard groupA.count >= tuning.minimumReference, groupB.count >= tuning.minimumEntries,
            separation >= tuning.typedSeparation,
            distance(a, (0, 0)) < distance(b, (0, 0)),
            median(groupA.map { distance($0, a) }) <= tuning.typedSpread,
            median(groupB.map { distance($0, b) }) <= tuning.typedSpread
        else { return [] }
        return Set(sure.indices.filter { inB[$0] }.map { sure[$0] })
    }

    /// The kinds of `kinds(_:)` for glyphs judged against the photo's print
    /// and the classifiers (no typed entries among them).
    func judgeKinds(_ reads: [CellRead]) -> [(kind: CellKind, confidence: Float)] {
        guard let print = photoPrint(reads) else {
            return reads.map { $0.hasGlyph && $0.style != nil ? (.printed, 1) : (.empty, 1) }
        }
        let similarities = printSimilarities(reads)
        let cues = reads.indices.map { i in
            reads[i].hasGlyph && reads[i].style != nil ? cueScore(reads[i], print, similarity: similarities[i]) : nil
        }
        let scores = reads.indices.map { i in cues[i].map { score(reads[i], cues: $0) } }
        // The photo's cues alone say print (its style within the print, its shape
        // like the print of its digit) where the classifiers say hand.
        func printedByCues(_ i: Int) -> Bool {
            guard similarities[i] != nil, let c = cues[i] else { return false }
            return c < tuning.cueDoubt
        }
        // What shows a photo is played: glyphs that score as handwritten and are
        // plainly digits other than 1 (a bare stroke tells little of the hand,
        // and a stub or smudge nothing), or that the printed-digit classifier
        // finds no digit in but the kind classifier takes for handwriting
        // (pencil marks, a scrawled entry; a smudge it takes for no digit).
        let evidence = reads.indices.filter { i in
            guard let s = scores[i], s >= tuning.handwrittenScore, let c = reads[i].second, c.digit != 1 else {
                return false
            }
            guard let k = reads[i].kind else { return c.digit != 0 && !printedByCues(i) }
            return (c.digit != 0 || k.handwritten >= 0.5) && k.notDigit < 0.5 && !printedByCues(i)
        }
        // One glyph that every judge takes for the hand shows it alone.
        let plain = evidence.filter { i in
            guard let k = reads[i].kind, let c = reads[i].second, c.digit != 0 else { return false }
            return scores[i]! >= tuning.plainEntryScore && cues[i]! >= tuning.plainEntryCues
                && k.handwritten >= tuning.sureHand
        }
        let played = evidence.count >= tuning.minimumEntries || !plain.isEmpty
        func sure(_ margin: Double) -> Float { Float(1 / (1 + pow(2, -margin - 2))) }
        func decide(_ odds: [Double?]) -> [(kind: CellKind, confidence: Float)] {
            scores.indices.map { i in
                guard var s = scores[i] else { return (.empty, 1) }
                s += tuning.styleWeight * (odds[i] ?? 0)
                let plainlyHand = (odds[i] ?? 0) >= tuning.decisiveStyle
                // What the kind classifier takes for no digit at all stays with the
                // puzzle's judge, which empties smudges and line remnants, unless
                // its style is plainly the player's.
                if let k = reads[i].kind, k.notDigit >= 0.5, !plainlyHand { return (.printed, 1) }
                if s >= tuning.handwrittenScore {
                    guard played else { return (.printed, 0.5) }
                    // A 1 is a bare stroke in print and in hand alike: it needs a wider margin.
                    let one = reads[i].second?.digit == 1 || reads[i].kind?.digit == 1
                    if one && s < tuning.handwrittenScore + tuning.oneMargin { return (.handwritten, 0.5) }
                    // The photo's cues against the kind classifier: in doubt.
                    if let k = reads[i].kind, k.handwritten < 0.5, !plainlyHand { return (.handwritten, 0.5) }
                    if printedByCues(i) && !plainlyHand { return (.printed, 0.5) }
                    return (.handwritten, sure(s - tuning.handwrittenScore))
                }
                // The givens of one puzzle share one size: a glyph far taller than
                // the print is the player's, however like print its hand.
                if played, let h = reads[i].style?.height,
                    h >= tuning.tallPrint * print.centre[0], h - print.centre[0] >= tuning.tallSpreads * print.spread[0]
                {
                    return (.handwritten, 0.5)
                }
                if played && s >= tuning.doubtScore { return (.printed, 0.5) }
                if played, let k = reads[i].kind, k.handwritten >= 0.5 { return (.printed, 0.5) }
                return (.printed, played ? sure(tuning.doubtScore - s) : 1)
            }
        }
        let first = decide([Double?](repeating: nil, count: reads.count))
        guard played else { return first }
        let hand = reads.indices.filter { first[$0].kind == .handwritten && first[$0].confidence >= tuning.sureHand }
        guard let handStyle = styleModel(hand.compactMap { reads[$0].style }) else { return first }
        return decide(
            reads.map { r in r.hasGlyph ? r.style.map { styleOdds($0, print: print, hand: handStyle) } : nil })
    }

    /// The log odds (natural) that a glyph of style `s` is the hand's rather
    /// than the print's: per measure, Gaussian with each one's centre and
    /// spread, each term clamped to ±`styleCap` so that one odd measure (a
    /// blot, a colour fringe) cannot decide alone.
    func styleOdds(_ s: GlyphStyle, print: Print, hand: Print) -> Double {
        let v = Self.measures(s)
        var odds = 0.0
        for k in v.indices {
            let zp = (v[k] - print.centre[k]) / print.spread[k], zh = (v[k] - hand.centre[k]) / hand.spread[k]
            let term = 0.5 * (zp * zp - zh * zh) + log(print.spread[k] / hand.spread[k])
            odds += min(tuning.styleCap, max(-tuning.styleCap, term))
        }
        return odds
    }

    /// Pencil marks (`CellKind.marks`): glyphs clearly smaller than the
    /// photo's print and, in a played photo, than the player's own entries,
    /// that sit high in their cell against the other glyphs of their row or
    /// are wider than tall (two or more small digits side by side; where the
    /// player's hand shows, one broad piece is a digit written broad), and whose
    /// shape is not the print of a digit. Players write candidates small,
    /// along the top or in the corners of an empty cell; a given cut short by
    /// a misfitted lattice keeps its print's shape, and its row's glyphs are
    /// shifted with it.
    ///
    /// Measured on the training photos (glyph heights against the photo's
    /// print, centres against the row's): the pencil-mark cells of
    /// TestImages/phone are 0.65-0.96 of the print high and sit 0.1-0.3 of a
    /// cell above their row; givens are 0.93-1.05 high; entries of the phone
    /// photos 1.14-1.5 high, of the completed photos 0.64-1.09 (a small hand,
    /// which the hand's own height tells apart).
    func marks(_ reads: [CellRead], kinds: [(kind: CellKind, confidence: Float)]) -> Set<Int> {
        guard let print = photoPrint(reads) else { return [] }
        let printHeight = print.centre[0]
        let similarities = printSimilarities(reads)
        // The hand's height: the upper quartile of the surely handwritten single
        // glyphs (marks the first pass took for entries are among them when the
        // player marks a lot, and are smaller).
        let handHeights = reads.indices.filter {
            kinds[$0].kind == .handwritten && kinds[$0].confidence >= tuning.sureHand
        }
        .filter { (reads[$0].place?.aspect ?? 0) < tuning.marksAspect }
        .compactMap { reads[$0].style?.height }.sorted()
        let handHeight = handHeights.count >= tuning.minimumEntries ? handHeights[handHeights.count * 3 / 4] : nil
        // A glyph's height and centre (in shares of a cell), measured on its
        // ink where a faint line's remnant stretched its box
        // (`marksStretchedBox`).
        func inkExtent(_ i: Int) -> (height: Double, y: Double)? {
            guard let h = reads[i].style?.height, let place = reads[i].place else { return nil }
            let share = place.inkBottom - place.inkTop
            guard share < tuning.marksStretchedBox else { return (h, place.y) }
            return (h * share, place.y + h * ((place.inkTop + place.inkBottom) / 2 - 0.5))
        }
        func small(_ i: Int) -> Bool {
            guard let h = inkExtent(i)?.height else { return false }
            if let handHeight {
                return h < tuning.marksHandHeight * handHeight && h < tuning.marksHeightCap * printHeight
            }
            return h < tuning.marksHeight * printHeight
        }
        func printLike(_ i: Int) -> Bool { similarities[i].map { Double($0) >= tuning.printSimilarity } ?? false }
        // Each row's line of full-size glyphs: where its digits sit. The print
        // is full-size even under a large hand (whose small-glyph bound can
        // reach above the print's height).
        let full = reads.indices.filter {
            reads[$0].place != nil && reads[$0].style != nil && (!small($0) || printLike($0))
        }
        let all = full.map { reads[$0].place!.y }.sorted()
        guard !all.isEmpty else { return [] }
        let photoLine = all[all.count / 2]
        // Marks belong to a puzzle being played: one with empty cells left (a
        // completed puzzle has none, and a small hand's entries fill it), whose
        // player's hand shows, or with digits side by side in one glyph
        // (`sideBySide`) somewhere.
        let open = reads.indices.filter { !reads[$0].hasGlyph && reads[$0].smallInk.isEmpty && reads[$0].looseInk == 0 }
        guard open.count >= tuning.marksOpenCells else { return [] }
        // Two or more digits side by side in one glyph: pieces in a box wider
        // than tall, or pieces of the ink itself in ink wider than tall (see
        // `GlyphPlace.inkPieces(in:)`).
        func sideBySide(_ i: Int) -> Bool {
            guard reads[i].hasGlyph, let place = reads[i].place else { return false }
            return (place.pieces >= 2 && place.aspect >= tuning.marksAspect)
                || (place.inkPieces >= 2 && place.inkAspect >= tuning.marksPairAspect)
        }
        guard handHeight != nil || reads.indices.contains(where: { !printLike($0) && sideBySide($0) }) else {
            return []
        }
        var found = Set<Int>()
        for i in reads.indices where reads[i].hasGlyph && small(i) && !printLike(i) {
            guard let place = reads[i].place, let y = inkExtent(i)?.y else { continue }
            let row = full.filter { $0 / 9 == i / 9 && $0 != i }.map { reads[$0].place!.y }.sorted()
            let line = row.count >= 2 ? row[row.count / 2] : photoLine
            // One broad piece is marks only where no hand shows: a player's hand
            // writes some digits broad (a 2 or a 7 wider than tall).
            let wide = place.aspect >= tuning.marksAspect && (place.pieces >= 2 || handHeight == nil)
            if line - y >= tuning.marksRaise || wide { found.insert(i) }
        }
        // Two or more digits side by side in one glyph are marks at any
        // height: an entry is one digit, and some players mark as large as
        // they write (phone training photos: "15" and "127" as tall as the
        // print were read as entries).
        for i in reads.indices where !found.contains(i) && !printLike(i) && sideBySide(i) { found.insert(i) }
        // A cell with no glyph whose ink is only groups of small digits, all
        // above the cell's middle or under half a print digit high: marks, not
        // a missed given.
        for i in reads.indices where !reads[i].hasGlyph && !reads[i].smallInk.isEmpty {
            let pieces = reads[i].smallInk.filter { $0.height >= tuning.marksLeast * printHeight }
            guard !pieces.isEmpty else { continue }
            if pieces.allSatisfy({
                $0.height < tuning.marksHeight * printHeight && ($0.place.y < 0.5 || $0.height < 0.5 * printHeight)
            }) {
                found.insert(i)
            }
        }
        return found
    }

    /// Most newspaper puzzles print their givens in a pattern symmetric under
    /// a half turn (65 of the 160 training puzzles; one more is within 4 cells
    /// of it, the rest far from it). In a played photo whose printed cells miss
    /// that symmetry by 1 to `asymmetryDoubt` cells, those cells and their
    /// mirror cells are where a given and an entry were likeliest confused: they
    /// are returned, to be flagged. Empty for a photo with no handwriting.
    func asymmetricGivens(_ kinds: [CellKind]) -> [Int] {
        guard kinds.count == 81, kinds.contains(.handwritten) else { return [] }
        let odd = (0..<81).filter { (kinds[$0] == .printed) != (kinds[80 - $0] == .printed) }
        return (1...tuning.asymmetryDoubt).contains(odd.count) ? odd : []
    }

    /// The digit of a handwritten cell, the digits it may plausibly be (the
    /// digit first), and whether it was read surely. The hand reader reads it
    /// when it has (`CellRead.hand`; the kind classifier's handwritten digit
    /// otherwise); when its digit is short of `sureHandwriting`, the digit the
    /// readers back most together (hand odds, plus the kind classifier's
    /// handwritten odds, plus Tesseract's confidence over 100 for its digit)
    /// is taken instead, in doubt still. Training figures (eval over the
    /// regression corpora): entries read right 9,271 -> 9,282 of 9,333
    /// (TestImages/phone 561 -> 570 of 576: a 1 with a foot read 2, a 2 read
    /// 7, a 6 read 8 by the hand reader alone), 2 right entries lost (a 1 the
    /// kind classifier takes surely for 3, a 9), flagged entries unchanged.
    /// A digit the kind classifier or Tesseract (confidently) reads
    /// instead makes that digit plausible, and the entry doubtful unless the
    /// hand reader gives its own digit `decisiveHandwriting`.
    ///
    /// `confirmed`: the hand reader, the kind classifier and Tesseract all read
    /// the same digit, each past its bar; only a confirmed entry may be called
    /// a mistake.
    func entry(_ r: CellRead) -> (digit: Int, plausible: [Int], sure: Bool, confirmed: Bool) {
        guard let k = r.kind else { return (0, [], false, false) }
        let hand = (1...9).reduce(Float(0)) { $0 + k.probabilities[9 + $1] }
        guard hand > 0 else { return (0, [], false, false) }
        // The kind classifier's own reading of the handwriting, conditioned on it
        // being handwritten.
        let kindOdds = (1...9).map { k.probabilities[9 + $0] / hand }
        let odds = r.hand?.probabilities ?? kindOdds
        var digit = 1
        for d in 2...9 where odds[d - 1] > odds[digit - 1] { digit = d }
        let t = r.tesseract
        // A hand reading short of sure is one reader's guess: the digit the
        // three readers together back most (the hand reader's odds, the kind
        // classifier's, Tesseract's confidence) is taken, in doubt.
        if r.hand != nil && odds[digit - 1] < tuning.sureHandwriting {
            var support = (1...9).map { odds[$0 - 1] + kindOdds[$0 - 1] }
            if t.digit != 0 { support[t.digit - 1] += t.confidence / 100 }
            for d in 1...9 where support[d - 1] > support[digit - 1] { digit = d }
        }
        var plausible = [digit] + (1...9).filter { $0 != digit && odds[$0 - 1] >= tuning.plausibleHandwriting }
        var disputed = false
        if r.hand != nil {
            for d in 1...9 where d != digit && kindOdds[d - 1] >= tuning.plausibleHandwriting && !plausible.contains(d)
            {
                plausible.append(d)
            }
            disputed = k.handwrittenDigit != digit && k.handwrittenDigitProbability >= tuning.sureHandwriting
        }
        var contradicted = t.digit != 0 && t.digit != digit && t.confidence >= tuning.tesseractContradiction
        if contradicted && !plausible.contains(t.digit) { plausible.append(t.digit) }
        if r.hand != nil && odds[digit - 1] >= tuning.decisiveHandwriting {
            contradicted = false
            disputed = false
        }
        // Tesseract's errors on handwriting are its own; the printed-digit
        // classifier's, on the same field, are too like the kind classifier's
        // to confirm anything (in the folds it confirmed 10 right entries misread).
        let neural = min(odds[digit - 1], k.handwrittenDigit == digit ? k.handwrittenDigitProbability : 0)
        let confirmed =
            neural >= tuning.mistakeProbability
            && ((t.digit == digit && t.confidence >= tuning.confirmingConfidence)
                || (t.digit == 0 && neural >= tuning.unreadMistakeProbability))
        return (digit, plausible, odds[digit - 1] >= tuning.sureHandwriting && !contradicted && !disputed, confirmed)
    }
}
