// Offers: `KindJudge`, which decides each cell's kind (`CellKind`) against the
// photo's own printed glyphs (their `GlyphStyle` and `GlyphPlace`): the givens
// of one puzzle share one font, size, darkness and ink; the player's entries
// vary and differ from them, or (an app's screen) share the font in another
// colour.

import GlyphModels
import TesseractOCR
import GridVision
import Raster

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
/// (README, "Half-played photos").
struct KindJudge: Sendable {
    /// Least number of reference glyphs to learn a photo's print from. No
    /// measurement recorded.
    var minimumReference = 6
    /// A glyph read as 1 scoring less than this above `handwrittenScore` is
    /// handwritten in doubt (flagged): in the folds, of 348 printed 1s one
    /// scored 3.2, and 8 of 624 handwritten ones fell below 7.
    var oneMargin = 4.0
    /// Most cells off a half turn's symmetry for `asymmetricGivens`.
    var asymmetryDoubt = 4
    /// Least number of handwritten-looking glyphs (digits other than 1, and
    /// glyphs the printed-digit classifier finds no digit in but the kind
    /// classifier takes for handwriting: pencil marks) for a photo to be taken
    /// as played. No measurement recorded for the number. Counting pencil marks
    /// (training figures, TestImages/phone): photos with every given right
    /// 59 → 67 of 80, the other regression corpora unchanged; a puzzle with a
    /// lone entry and a few pencil marks had its entry taken for a given.
    var minimumEntries = 3
    /// A single glyph shows a photo is played when it scores `plainEntryScore`
    /// or more, its own cues (`cueScore`: style and shape against the print)
    /// reach `plainEntryCues`, the kind classifier finds it handwritten with
    /// `sureHand` and the printed-digit classifier reads a digit in it. Training
    /// figures (glyph dumps of the 477 photos of the regression corpora whose
    /// framing was right): the lone entries of half-played photos with one or
    /// two entries (TestImages/phone, synthetic/played) scored 7.1 to 18 with
    /// cues 3.7 to 11.9; no given of a photo taken as unplayed had all four
    /// (the nearest: score 7.8 with cues 1.6, a dim photo's 6; score 6.7 with
    /// cues 8.5, a 4 the kind classifier takes for print). With the marks
    /// counted as well: photos of TestImages/phone with every given right
    /// 67 → 71, synthetic/played 15 → 16 of 16.
    var plainEntryScore = 7.0
    var plainEntryCues = 3.0
    /// In a played photo a glyph at least `tallPrint` times as high as the
    /// print and `tallSpreads` of its spreads above it is an entry (in doubt)
    /// whatever the classifiers say: some players write a print-like hand,
    /// larger than the print. Training figures (glyph dumps of the 477 photos
    /// of the regression corpora whose framing was right): of 13,903 givens
    /// the tallest were 1.22 of the print (3.3 spreads), but for one given in
    /// a shadow whose box took in the shadow's edge (1.35, already read as an
    /// entry); the print-like entries taken for givens on TestImages/phone
    /// stood 1.29 to 1.37 high.
    var tallPrint = 1.25
    var tallSpreads = 4.0
    /// Tesseract's confidence for a reference glyph, and the printed-digit
    /// classifier's probability.
    var referenceConfidence: Float = 80
    var referenceProbability: Float = 0.9999
    /// Spreads below these are taken as these (shares of the cell for the
    /// height, of the paper's grey for darkness, tint units), so that a photo of very even print does not make
    /// every small difference count.
    var heightFloor = 0.03
    var darknessFloor = 0.05
    var tintFloor = 0.06
    /// Each decade by which the printed-digit classifier falls short of
    /// `printedDecades` (its probability 1 − 10^−3) adds this much to the score.
    var classifierWeight = 1.0
    var printedDecades = 3.0
    /// Each bit of the kind classifier's odds for handwriting adds this much.
    var modelWeight = 0.5
    /// Each `similarityStep` by which a glyph's likeness to the print of its
    /// digit falls short of `printSimilarity` adds `similarityWeight` (printed
    /// glyphs of the training photos: 95 % at 0.86 or more; handwritten: median 0.40).
    var similarityWeight = 0.5
    var printSimilarity = 0.85
    var similarityStep = 0.05
    /// Scores for a handwritten glyph and for a doubt (see the type).
    var handwrittenScore = 3.0
    var doubtScore = 1.5
    /// A glyph whose own cues (`cueScore`: style within the print, shape like
    /// the print of its digit) stay below this is printed in doubt however
    /// handwritten the classifiers find it, and does not show the photo is
    /// played. Measured against none (the kind classifier alone deciding) on the
    /// 408 photos of the baseline: a dim photo's narrow-font givens no longer
    /// taken for entries unflagged (missed givens 31 → 28, flagged 22 → 22), 2
    /// of 8,689 entries more read as printed (in doubt, flagged); 1.0 changed
    /// nothing.
    var cueDoubt = 1.5
    /// Kinds decided with less confidence than this are doubtful (flagged
    /// `kind`: the board is not proven).
    var sureKind: Float = 0.75
    /// The player's hand, for the second pass of `kinds`: the glyphs the first
    /// pass found handwritten with this confidence or more. Each unit of
    /// `styleOdds` (print against hand, each measure's term clamped to
    /// `styleCap`) adds `styleWeight` to a glyph's score, and odds of
    /// `decisiveStyle` or more make it handwritten against the kind
    /// classifier. Chosen on the completed training photos, each read by its
    /// fold's kind model (dumped glyphs of all 159: print's odds 99.9 % below
    /// 0.4, the highest 5.3 on a photo framed off its grid; of the 25 entries
    /// the first pass took for print, 17 above 6); `scripts/fold-eval-kinds`
    /// then gave entries taken for givens 25 → 8, givens taken for entries
    /// 4 → 2, photos with every given right 140 → 152.
    var sureHand: Float = 0.9
    var styleCap = 6.0
    var styleWeight = 0.75
    var decisiveStyle = 6.0
    /// An entry is read surely when the hand reader gives its digit
    /// `sureHandwriting` (the kind classifier, among its handwritten classes,
    /// when there is no hand reading), the kind classifier reads no other
    /// digit at that probability, and Tesseract reads no other digit at
    /// `tesseractContradiction` (the last two waived past
    /// `decisiveHandwriting`). Any other digit either reader gives
    /// `plausibleHandwriting` is plausible (an entry unlike the solution is
    /// never a mistake while the solution's digit is plausible). No
    /// measurement recorded.
    var sureHandwriting: Float = 0.9
    var plausibleHandwriting: Float = 0.002
    var tesseractContradiction: Float = 80
    /// A hand reading this sure is read surely whatever the kind classifier
    /// and Tesseract read instead (their digits stay plausible, and while
    /// they disagree the entry cannot be confirmed as a mistake). Tesseract reads under half of
    /// the handwriting right, and the kind classifier's digit is the weaker
    /// reader's: on the 8,238 entry crops of the completed training photos,
    /// each read by its fold's hand reader and kind model, the two made 1,335
    /// entries not read surely and 22 read surely but wrong; waived from 0.99,
    /// 249 and 29 (0.999: 327 and 25). With the pipeline,
    /// `scripts/fold-eval-kinds`: entries flagged 1,350 → 271 of 8,257, the
    /// other figures unchanged (README, "Half-played photos").
    var decisiveHandwriting: Float = 0.99
    /// An entry is confirmed (may be called a mistake) when the hand reader
    /// and the kind classifier both give its digit `mistakeProbability`, and
    /// Tesseract reads the same digit at `confirmingConfidence` or, reading
    /// no digit at all (it reads under half of the handwriting), the two give
    /// it `unreadMistakeProbability`. Mistakes are rare (none among the 8,257
    /// entries of the completed training photos), so the bar is high: with
    /// the kind classifier alone at 0.9 and Tesseract at 80, the folds called
    /// 6 right entries wrong, entries a person reads either way. Letting an
    /// entry Tesseract cannot read be confirmed by the two at 0.9999 called no
    /// more right entries wrong by folds (2 before and after: corrected
    /// glyphs all three read alike) and found 2 of the 3 mistakes of the
    /// synthetic played photos (none before).
    var confirmingConfidence: Float = 90
    var mistakeProbability: Float = 0.99
    var unreadMistakeProbability: Float = 0.9999
    /// ... and when its glyph is at least this much more like the player's
    /// other confirmed entries of the digit read than like those of the
    /// solution's digit (median correlation; none of the digit read: no
    /// mistake). No measurement recorded.
    var handMargin: Float = 0.1
    /// Typed entries (an app's screen: the player's digits in the givens'
    /// font, in another colour): the glyphs that look printed (both
    /// printed-digit readers read them surely, `referenceConfidence` and
    /// `typedProbability`, and the kind classifier takes them for print) fall
    /// into two inks whose tints (`InkColour.tint`) lie at least
    /// `typedSeparation` apart, each ink as even as a screen's (its glyphs'
    /// median distance from its centre at most `typedSpread`), the givens' ink
    /// the one nearer neutral, at least `minimumReference` glyphs of it and
    /// `minimumEntries` of the other. Measured on TestImages/screenshots:
    /// givens and blue entries 0.47 to 0.85 apart, each ink's spread at most
    /// 0.004. A first rule without the kind classifier's verdict and with a
    /// spread relative to the separation took the givens of 14 completed
    /// photos of TestImages/mixed for entries (boards proven wrong); on five
    /// of those looked at, the two inks lay 0.01 to 0.30 apart or spread 0.10
    /// to 0.15. With these values the regression check is unchanged (no photo
    /// of newspaper, synthetic or mixed has typed entries).
    var typedSeparation = 0.35
    var typedSpread = 0.05
    var typedProbability: Float = 0.99

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

    var floors: [Double] { [heightFloor, darknessFloor, tintFloor, tintFloor] }

    /// Whether `r` looks printed beyond doubt.
    func isReference(_ r: CellRead) -> Bool {
        guard r.style != nil, r.tesseract.digit != 0, r.tesseract.confidence >= referenceConfidence,
              let c = r.second, c.digit == r.tesseract.digit else { return false }
        if let k = r.kind, k.handwritten >= 0.5 { return false }
        return c.probability >= referenceProbability
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
        guard reference.count >= minimumReference else { return nil }
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
            score += similarityWeight * max(0, (printSimilarity - Double(similarity)) / similarityStep)
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
            score += modelWeight * log2(h / (1 - h))
        }
        // A glyph the printed-digit classifier takes for no digit at all (a
        // smudge, a stub) gets nothing from it.
        guard let c = r.second, c.digit != 0 else { return score }
        let decades = -log10(max(1e-6, 1 - Double(c.probability)))
        return score + classifierWeight * max(0, printedDecades - decades)
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
                  c.digit == r.tesseract.digit, r.tesseract.confidence >= referenceConfidence,
                  let k = r.kind, k.handwritten < 0.5 else { return false }
            return c.probability >= typedProbability
        }
        guard sure.count >= minimumReference + minimumEntries else { return [] }
        typealias Tint = (x: Double, y: Double)
        let tints: [Tint] = sure.map { let t = reads[$0].style!.tint; return (t.redGreen, t.blueGreen) }
        func distance(_ a: Tint, _ b: Tint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
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
        guard groupA.count >= minimumReference, groupB.count >= minimumEntries, separation >= typedSeparation,
              distance(a, (0, 0)) < distance(b, (0, 0)),
              median(groupA.map { distance($0, a) }) <= typedSpread,
              median(groupB.map { distance($0, b) }) <= typedSpread else { return [] }
        return Set(sure.indices.filter { inB[$0] }.map { sure[$0] })
    }

    /// The kinds of `kinds(_:)` for glyphs judged against the photo's print
    /// and the classifiers (no typed entries among them).
    func judgeKinds(_ reads: [CellRead]) -> [(kind: CellKind, confidence: Float)] {
        guard let print = photoPrint(reads) else { return reads.map { $0.hasGlyph && $0.style != nil ? (.printed, 1) : (.empty, 1) } }
        let similarities = printSimilarities(reads)
        let cues = reads.indices.map { i in
            reads[i].hasGlyph && reads[i].style != nil ? cueScore(reads[i], print, similarity: similarities[i]) : nil
        }
        let scores = reads.indices.map { i in cues[i].map { score(reads[i], cues: $0) } }
        // The photo's cues alone say print (its style within the print, its shape
        // like the print of its digit) where the classifiers say hand.
        func printedByCues(_ i: Int) -> Bool {
            guard similarities[i] != nil, let c = cues[i] else { return false }
            return c < cueDoubt
        }
        // What shows a photo is played: glyphs that score as handwritten and are
        // plainly digits other than 1 (a bare stroke tells little of the hand,
        // and a stub or smudge nothing), or that the printed-digit classifier
        // finds no digit in but the kind classifier takes for handwriting
        // (pencil marks, a scrawled entry; a smudge it takes for no digit).
        let evidence = reads.indices.filter { i in
            guard let s = scores[i], s >= handwrittenScore, let c = reads[i].second, c.digit != 1 else { return false }
            guard let k = reads[i].kind else { return c.digit != 0 && !printedByCues(i) }
            return (c.digit != 0 || k.handwritten >= 0.5) && k.notDigit < 0.5 && !printedByCues(i)
        }
        // One glyph that every judge takes for the hand shows it alone.
        let plain = evidence.filter { i in
            guard let k = reads[i].kind, let c = reads[i].second, c.digit != 0 else { return false }
            return scores[i]! >= plainEntryScore && cues[i]! >= plainEntryCues && k.handwritten >= sureHand
        }
        let played = evidence.count >= minimumEntries || !plain.isEmpty
        func sure(_ margin: Double) -> Float { Float(1 / (1 + pow(2, -margin - 2))) }
        func decide(_ odds: [Double?]) -> [(kind: CellKind, confidence: Float)] {
            scores.indices.map { i in
                guard var s = scores[i] else { return (.empty, 1) }
                s += styleWeight * (odds[i] ?? 0)
                let plainlyHand = (odds[i] ?? 0) >= decisiveStyle
                // What the kind classifier takes for no digit at all stays with the
                // puzzle's judge, which empties smudges and line remnants, unless
                // its style is plainly the player's.
                if let k = reads[i].kind, k.notDigit >= 0.5, !plainlyHand { return (.printed, 1) }
                if s >= handwrittenScore {
                    guard played else { return (.printed, 0.5) }
                    // A 1 is a bare stroke in print and in hand alike: it needs a wider margin.
                    let one = reads[i].second?.digit == 1 || reads[i].kind?.digit == 1
                    if one && s < handwrittenScore + oneMargin { return (.handwritten, 0.5) }
                    // The photo's cues against the kind classifier: in doubt.
                    if let k = reads[i].kind, k.handwritten < 0.5, !plainlyHand { return (.handwritten, 0.5) }
                    if printedByCues(i) && !plainlyHand { return (.printed, 0.5) }
                    return (.handwritten, sure(s - handwrittenScore))
                }
                // The givens of one puzzle share one size: a glyph far taller than
                // the print is the player's, however like print its hand.
                if played, let h = reads[i].style?.height,
                   h >= tallPrint * print.centre[0], h - print.centre[0] >= tallSpreads * print.spread[0] {
                    return (.handwritten, 0.5)
                }
                if played && s >= doubtScore { return (.printed, 0.5) }
                if played, let k = reads[i].kind, k.handwritten >= 0.5 { return (.printed, 0.5) }
                return (.printed, played ? sure(doubtScore - s) : 1)
            }
        }
        let first = decide([Double?](repeating: nil, count: reads.count))
        guard played else { return first }
        let hand = reads.indices.filter { first[$0].kind == .handwritten && first[$0].confidence >= sureHand }
        guard let handStyle = styleModel(hand.compactMap { reads[$0].style }) else { return first }
        return decide(reads.map { r in r.hasGlyph ? r.style.map { styleOdds($0, print: print, hand: handStyle) } : nil })
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
            odds += min(styleCap, max(-styleCap, term))
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
        let handHeights = reads.indices.filter { kinds[$0].kind == .handwritten && kinds[$0].confidence >= sureHand }
            .filter { (reads[$0].place?.aspect ?? 0) < marksAspect }
            .compactMap { reads[$0].style?.height }.sorted()
        let handHeight = handHeights.count >= minimumEntries ? handHeights[handHeights.count * 3 / 4] : nil
        func small(_ i: Int) -> Bool {
            guard let h = reads[i].style?.height else { return false }
            if let handHeight { return h < marksHandHeight * handHeight && h < marksHeightCap * printHeight }
            return h < marksHeight * printHeight
        }
        func printLike(_ i: Int) -> Bool { similarities[i].map { Double($0) >= printSimilarity } ?? false }
        // Each row's line of full-size glyphs: where its digits sit. The print
        // is full-size even under a large hand (whose small-glyph bound can
        // reach above the print's height).
        let full = reads.indices.filter { reads[$0].place != nil && reads[$0].style != nil && (!small($0) || printLike($0)) }
        let all = full.map { reads[$0].place!.y }.sorted()
        guard !all.isEmpty else { return [] }
        let photoLine = all[all.count / 2]
        // Marks belong to a puzzle being played: one with empty cells left (a
        // completed puzzle has none, and a small hand's entries fill it), whose
        // player's hand shows, or with digits side by side in one glyph
        // (`sideBySide`) somewhere.
        let open = reads.indices.filter { !reads[$0].hasGlyph && reads[$0].smallInk.isEmpty && reads[$0].looseInk == 0 }
        guard open.count >= marksOpenCells else { return [] }
        // Two or more digits side by side in one glyph: pieces in a box wider
        // than tall, or pieces of the ink itself in ink wider than tall (see
        // `GlyphPlace.inkPieces(in:)`).
        func sideBySide(_ i: Int) -> Bool {
            guard reads[i].hasGlyph, let place = reads[i].place else { return false }
            return (place.pieces >= 2 && place.aspect >= marksAspect)
                || (place.inkPieces >= 2 && place.inkAspect >= marksPairAspect)
        }
        guard handHeight != nil || reads.indices.contains(where: { !printLike($0) && sideBySide($0) }) else { return [] }
        var found = Set<Int>()
        for i in reads.indices where reads[i].hasGlyph && small(i) && !printLike(i) {
            guard let place = reads[i].place else { continue }
            let row = full.filter { $0 / 9 == i / 9 && $0 != i }.map { reads[$0].place!.y }.sorted()
            let line = row.count >= 2 ? row[row.count / 2] : photoLine
            // One broad piece is marks only where no hand shows: a player's hand
            // writes some digits broad (a 2 or a 7 wider than tall).
            let wide = place.aspect >= marksAspect && (place.pieces >= 2 || handHeight == nil)
            if line - place.y >= marksRaise || wide { found.insert(i) }
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
            let pieces = reads[i].smallInk.filter { $0.height >= marksLeast * printHeight }
            guard !pieces.isEmpty else { continue }
            if pieces.allSatisfy({ $0.height < marksHeight * printHeight && ($0.place.y < 0.5 || $0.height < 0.5 * printHeight) }) {
                found.insert(i)
            }
        }
        return found
    }

    /// See `marks`: a pencil mark is below this share of the print's height...
    var marksHeight = 0.92
    /// ... or, in a played photo (`minimumEntries` surely handwritten single
    /// glyphs), below this share of the hand's height (their upper quartile)
    /// and `marksHeightCap` of the print's ...
    var marksHandHeight = 0.8
    var marksHeightCap = 1.1
    /// ... and sits this share of a cell above its row's glyphs, or is this
    /// much wider than tall.
    var marksRaise = 0.1
    var marksAspect = 1.2
    /// Digits side by side measured on their ink (`GlyphPlace.inkPieces(in:)`):
    /// two or more pieces each at least half the ink's height, in ink at least
    /// this much wider than tall, are marks at any height. Two digits side by
    /// side are wider than tall, one digit broken in two keeps its own width.
    /// Training figures (TestImages/phone, the chosen framing's glyphs): of
    /// 576 entries and 2,304 givens, none has two such pieces (and no entry's
    /// ink is wider than 1.1); of the pencil-mark glyphs, 133 have two or more,
    /// 127 of them at 1.0 or wider: among them, entry-sized marks ("15", "19",
    /// "127") taken for entries, their box stretched by a grid-line remnant
    /// (0.66 to 0.95 wide) or a 1 too narrow for `marksAspect` (1.11 to 1.19).
    var marksPairAspect = 1.0
    /// Least number of cells without any ink for a photo to hold marks.
    var marksOpenCells = 5
    /// Ink groups lower than this share of the print's height are specks, not
    /// marks.
    var marksLeast = 0.25

    /// Most newspaper puzzles print their givens in a pattern symmetric under
    /// a half turn (65 of the 160 training puzzles; one more is within 4 cells
    /// of it, the rest far from it). In a played photo whose printed cells miss
    /// that symmetry by 1 to `asymmetryDoubt` cells, those cells and their
    /// mirror cells are where a given and an entry were likeliest confused: they
    /// are returned, to be flagged. Empty for a photo with no handwriting.
    func asymmetricGivens(_ kinds: [CellKind]) -> [Int] {
        guard kinds.count == 81, kinds.contains(.handwritten) else { return [] }
        let odd = (0..<81).filter { (kinds[$0] == .printed) != (kinds[80 - $0] == .printed) }
        return (1...asymmetryDoubt).contains(odd.count) ? odd : []
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
        if r.hand != nil && odds[digit - 1] < sureHandwriting {
            var support = (1...9).map { odds[$0 - 1] + kindOdds[$0 - 1] }
            if t.digit != 0 { support[t.digit - 1] += t.confidence / 100 }
            for d in 1...9 where support[d - 1] > support[digit - 1] { digit = d }
        }
        var plausible = [digit] + (1...9).filter { $0 != digit && odds[$0 - 1] >= plausibleHandwriting }
        var disputed = false
        if r.hand != nil {
            for d in 1...9 where d != digit && kindOdds[d - 1] >= plausibleHandwriting && !plausible.contains(d) {
                plausible.append(d)
            }
            disputed = k.handwrittenDigit != digit && k.handwrittenDigitProbability >= sureHandwriting
        }
        var contradicted = t.digit != 0 && t.digit != digit && t.confidence >= tesseractContradiction
        if contradicted && !plausible.contains(t.digit) { plausible.append(t.digit) }
        if r.hand != nil && odds[digit - 1] >= decisiveHandwriting {
            contradicted = false
            disputed = false
        }
        // Tesseract's errors on handwriting are its own; the printed-digit
        // classifier's, on the same field, are too like the kind classifier's
        // to confirm anything (in the folds it confirmed 10 right entries misread).
        let neural = min(odds[digit - 1], k.handwrittenDigit == digit ? k.handwrittenDigitProbability : 0)
        let confirmed = neural >= mistakeProbability
            && ((t.digit == digit && t.confidence >= confirmingConfidence) || (t.digit == 0 && neural >= unreadMistakeProbability))
        return (digit, plausible, odds[digit - 1] >= sureHandwriting && !contradicted && !disputed, confirmed)
    }
}
