// Offers: `Tuning`, every value the scan's stages are tuned with, as one
// `Codable` value with a member per stage (`locator`, `smallGridLocator`,
// `cells`, `framing`, `kinds`, `pencilMarks`, `repair`), given to the scanner in
// `ScanOptions.tuning`; and the scanner's own stages' values: `FramingTuning`
// (with `RepairCosts`), `KindTuning`, `MarksTuning`, `RepairTuning`. The
// defaults, each with its unit and evidence, are in `Tuning+Default.swift`
// (GridVision's in `VisionTuning+Default.swift`). An evaluation varies them
// without a rebuild: `sudokit eval --tuning FILE` (`TuningFile` reads the file;
// `docs/design/tuning.md`).

import GridVision

/// Every tuning value of the scan, by stage. The default is the scanner as
/// measured: TestImages/baseline.json records the tuning it was measured with.
public struct Tuning: Sendable, Equatable, Codable {
    /// The grid search (`GridLocator`).
    public var locator: LocatorTuning
    /// The grid search of the second pass over a large photo, for a grid that
    /// is a small part of it (`ScanOptions.smallGridShrink`).
    public var smallGridLocator: LocatorTuning
    /// The cell cutting (`CellExtractor`).
    public var cells: CellTuning
    /// Orientation, doubts, flags and the repair costs (`FramingReader`).
    public var framing: FramingTuning
    /// Printed givens against the player's entries (`KindJudge`).
    public var kinds: KindTuning
    /// Pencil marks' small digits (`MarksReader`).
    public var pencilMarks: MarksTuning
    /// The repair search's bounds (`RepairSearch`).
    public var repair: RepairTuning
}

/// The framing reader's orientation, doubts and flags (`FramingReader`).
public struct FramingTuning: Sendable, Equatable, Codable {
    /// A framing whose glyphs read upright with this mean confidence is upright.
    /// No measurement recorded.
    public var uprightConfidence: Double
    /// Glyphs read in every rotation when the upright reading is weak. No
    /// measurement recorded.
    public var rotationSample: Int
    /// Another rotation must read that sample this many confidence points better
    /// (mean) than upright before the puzzle is turned, so that a weak reading
    /// never turns an upright puzzle. No measurement recorded.
    public var rotationMargin: Double
    /// Digits read below this confidence are doubtful: flagged, and a change of
    /// them to nothing counts as backed. No measurement recorded.
    public var lowConfidence: Float
    /// How much closer (correlation) a given must be to another digit's glyphs than
    /// to its own digit's before it is doubted. No measurement recorded.
    public var templateMargin: Float
    /// A given that no other glyph was read like is doubted only when it is this
    /// similar (correlation) to another digit's glyphs: plainly that digit's twin.
    /// No measurement recorded.
    public var twinSimilarity: Float
    /// A given whose glyph lies past this point towards a look-alike's mean glyph
    /// (−0.5 at its own digit's mean, +0.5 at the look-alike's) is doubted, and
    /// changed to the look-alike when the reading offered it and the board stays
    /// unique. Measured when the 8/6 engine-bias correction came in: 0 silent
    /// wrong boards, 133 solved.
    public var doubtPosition: Float
    /// Unless the glyph lies this far towards the look-alike, it is doubted only
    /// when the engine gave the look-alike at least `engineDoubt` confidence.
    /// Measured with `engineDoubt` on newspaper and synthetic: solved 162 -> 166
    /// of 196, still 0 silent wrong.
    public var strongDoubtPosition: Float
    /// See `strongDoubtPosition`.
    public var engineDoubt: Float
    /// Rounds of judging the givens against the glyphs as finally read (a change
    /// moves the templates, so the next round may see more). No measurement
    /// recorded.
    public var reconcileRounds: Int
    /// A template ranking of a missed given counts as the glyph agreeing with a
    /// digit only above this similarity (correlation). No measurement recorded.
    public var templateAgreement: Float
    /// Readings at least this confident make this photo's glyph templates and its
    /// typical ink. No measurement recorded.
    public var confidentReading: Float
    /// Weight of Tesseract in the fused reading; the classifier has the rest.
    /// Measured in the folds by photo on the training glyphs (docs/digit-classifier.md):
    /// the classifier alone is right on 4,631 of 4,634, Tesseract on 4,575. No
    /// measurement of the weight itself recorded.
    public var tesseractWeight: Float
    /// A fused digit below this score is not offered as an alternative.
    public var fusedFloor: Float
    /// A glyph with less ink than this share of `typicalInk` is faint. No
    /// measurement recorded.
    public var faintInk: Double
    /// A cell read as nothing holds ink when the ink left after line removal is
    /// at least this share of `typicalInk`. No measurement recorded.
    public var missedInk: Double
    /// An empty cell whose interior holds at least this share of
    /// `thinInteriorInk` is not shown to be empty. Measured on newspaper,
    /// synthetic and tall-digits with the cells where the board agreed with the
    /// truth: truly empty cells of solved boards reach 0.27, the 1s read at least
    /// 0.66, missed givens 0.75 (except two a misfitted lattice put outside
    /// their cells); at 0.5 the truly empty cells flagged lie on 6 boards that
    /// were unverified anyway.
    public var hiddenInk: Double
    /// Pencil marks are at most this share of `typicalHeight` high. Chosen
    /// by hand: apps draw them at a third to a half of their digits' size.
    public var markHeight: Double
    /// A Tesseract reading at least this confident that contradicts the board
    /// makes the given doubtful. No measurement recorded.
    public var tesseractDisagreement: Float
    /// A classifier verdict at least this probable that contradicts the board
    /// keeps it from being proven. No measurement recorded.
    public var secondOpinion: Float
    /// What the repair search pays for each change to a cell.
    public var costs: RepairCosts
}

/// What the repair search pays for each change it may make to a cell
/// (`CellEvidence.options`): about −log of the change's likelihood relative
/// to the reading.
public struct RepairCosts: Sendable, Equatable, Codable {
    /// A cell read as a digit, changed to another digit the engine offered:
    /// this much, plus one per `alternativePoints` confidence points the
    /// alternative trails the reading by.
    public var alternative: Double
    public var alternativePoints: Double
    /// ... changed to a look-alike from `confusions`: this much, plus
    /// `confusionStep` per place down the digit's list, plus one per
    /// `confusionPoints` points of the reading's confidence.
    public var confusion: Double
    public var confusionStep: Double
    public var confusionPoints: Double
    /// ... changed to the digit this photo's templates rank first: this much,
    /// less `templateSlope` per unit of correlation by which that digit beats
    /// the reading's own, but at least `templateFloor`.
    public var template: Double
    public var templateSlope: Double
    public var templateFloor: Double
    /// ... emptied: cheap when the glyph holds much less ink than this photo's
    /// digits (a smudge or a grid-line remnant), dear otherwise.
    public var emptyFaint: Double
    public var empty: Double
    /// A missed given (ink read as nothing), filled with a digit the engine
    /// offered: this much, plus one per `missedAlternativePoints` points its
    /// confidence falls short of 100.
    public var missedAlternative: Double
    public var missedAlternativePoints: Double
    /// ... filled with one of the first `missedTemplateCount` digits the photo's
    /// templates rank above `templateAgreement`: this much for the first, plus
    /// `missedTemplateStep` per place.
    public var missedTemplate: Double
    public var missedTemplateStep: Double
    public var missedTemplateCount: Int
}

/// The kind judge's weights and thresholds (`KindJudge`): printed givens against
/// the player's entries, and the entries' readings.
public struct KindTuning: Sendable, Equatable, Codable {
    /// Least number of reference glyphs to learn a photo's print from. No
    /// measurement recorded.
    public var minimumReference: Int
    /// A glyph read as 1 scoring less than this above `handwrittenScore` is
    /// handwritten in doubt (flagged): in the folds, of 348 printed 1s one
    /// scored 3.2, and 8 of 624 handwritten ones fell below 7.
    public var oneMargin: Double
    /// Most cells off a half turn's symmetry for `asymmetricGivens`.
    public var asymmetryDoubt: Int
    /// Least number of handwritten-looking glyphs (digits other than 1, and
    /// glyphs the printed-digit classifier finds no digit in but the kind
    /// classifier takes for handwriting: pencil marks) for a photo to be taken
    /// as played. No measurement recorded for the number. Counting pencil marks
    /// (training figures, TestImages/phone): photos with every given right
    /// 59 → 67 of 80, the other regression corpora unchanged; a puzzle with a
    /// lone entry and a few pencil marks had its entry taken for a given.
    public var minimumEntries: Int
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
    public var plainEntryScore: Double
    public var plainEntryCues: Double
    /// In a played photo a glyph at least `tallPrint` times as high as the
    /// print and `tallSpreads` of its spreads above it is an entry (in doubt)
    /// whatever the classifiers say: some players write a print-like hand,
    /// larger than the print. Training figures (glyph dumps of the 477 photos
    /// of the regression corpora whose framing was right): of 13,903 givens
    /// the tallest were 1.22 of the print (3.3 spreads), but for one given in
    /// a shadow whose box took in the shadow's edge (1.35, already read as an
    /// entry); the print-like entries taken for givens on TestImages/phone
    /// stood 1.29 to 1.37 high.
    public var tallPrint: Double
    public var tallSpreads: Double
    /// Tesseract's confidence for a reference glyph, and the printed-digit
    /// classifier's probability.
    public var referenceConfidence: Float
    public var referenceProbability: Float
    /// Spreads below these are taken as these (shares of the cell for the
    /// height, of the paper's grey for darkness, tint units), so that a photo of very even print does not make
    /// every small difference count.
    public var heightFloor: Double
    public var darknessFloor: Double
    public var tintFloor: Double
    /// Each decade by which the printed-digit classifier falls short of
    /// `printedDecades` (its probability 1 − 10^−3) adds this much to the score.
    public var classifierWeight: Double
    public var printedDecades: Double
    /// Each bit of the kind classifier's odds for handwriting adds this much.
    public var modelWeight: Double
    /// Each `similarityStep` by which a glyph's likeness to the print of its
    /// digit falls short of `printSimilarity` adds `similarityWeight` (printed
    /// glyphs of the training photos: 95 % at 0.86 or more; handwritten: median 0.40).
    public var similarityWeight: Double
    public var printSimilarity: Double
    public var similarityStep: Double
    /// Scores for a handwritten glyph and for a doubt (see the type).
    public var handwrittenScore: Double
    public var doubtScore: Double
    /// A glyph whose own cues (`cueScore`: style within the print, shape like
    /// the print of its digit) stay below this is printed in doubt however
    /// handwritten the classifiers find it, and does not show the photo is
    /// played. Measured against none (the kind classifier alone deciding) on the
    /// 408 photos of the baseline: a dim photo's narrow-font givens no longer
    /// taken for entries unflagged (missed givens 31 → 28, flagged 22 → 22), 2
    /// of 8,689 entries more read as printed (in doubt, flagged); 1.0 changed
    /// nothing.
    public var cueDoubt: Double
    /// Kinds decided with less confidence than this are doubtful (flagged
    /// `kind`: the board is not proven).
    public var sureKind: Float
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
    public var sureHand: Float
    public var styleCap: Double
    public var styleWeight: Double
    public var decisiveStyle: Double
    /// An entry is read surely when the hand reader gives its digit
    /// `sureHandwriting` (the kind classifier, among its handwritten classes,
    /// when there is no hand reading), the kind classifier reads no other
    /// digit at that probability, and Tesseract reads no other digit at
    /// `tesseractContradiction` (the last two waived past
    /// `decisiveHandwriting`). Any other digit either reader gives
    /// `plausibleHandwriting` is plausible (an entry unlike the solution is
    /// never a mistake while the solution's digit is plausible). No
    /// measurement recorded.
    public var sureHandwriting: Float
    public var plausibleHandwriting: Float
    public var tesseractContradiction: Float
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
    public var decisiveHandwriting: Float
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
    public var confirmingConfidence: Float
    public var mistakeProbability: Float
    public var unreadMistakeProbability: Float
    /// ... and when its glyph is at least this much more like the player's
    /// other confirmed entries of the digit read than like those of the
    /// solution's digit (median correlation; none of the digit read: no
    /// mistake). No measurement recorded.
    public var handMargin: Float
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
    public var typedSeparation: Double
    public var typedSpread: Double
    public var typedProbability: Float
    /// Pencil marks among the glyphs (`KindJudge.marks`).
    /// See `marks`: a pencil mark is below this share of the print's height...
    public var marksHeight: Double
    /// ... or, in a played photo (`minimumEntries` surely handwritten single
    /// glyphs), below this share of the hand's height (their upper quartile)
    /// and `marksHeightCap` of the print's ...
    public var marksHandHeight: Double
    public var marksHeightCap: Double
    /// ... and sits this share of a cell above its row's glyphs, or is this
    /// much wider than tall.
    public var marksRaise: Double
    public var marksAspect: Double
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
    public var marksPairAspect: Double
    /// A glyph whose ink (darker than its crop's middle grey) spans less than
    /// this share of its box's height had its box stretched by a faint
    /// grid-line remnant the extractor joined to it: its height and place
    /// for `KindJudge.marks` are its ink's. Training figures (TestImages/phone,
    /// phone-full, mixed and synthetic/played, the chosen framing's glyph
    /// crops from `sudokit-lab bench glyphs`, the ink's rows found by a
    /// script with the same grey levels and specks rule, without the
    /// edge-line removal):
    /// the ink of 7,993 givens spans 0.82 of the box or more, of 9,385 entries
    /// all but 4 0.8 or more (the lowest 0.64); of 374 pencil-mark glyphs, 3
    /// span 0.62 to 0.64, "15" cells whose box a line's remnant ran down.
    public var marksStretchedBox: Double
    /// Least number of cells without any ink for a photo to hold marks.
    public var marksOpenCells: Int
    /// Ink groups lower than this share of the print's height are specks, not
    /// marks.
    public var marksLeast: Double
}

/// The pencil marks' reading (`MarksReader`).
public struct MarksTuning: Sendable, Equatable, Codable {
    /// A group lower than this share of the print's height is a speck; higher
    /// than `mostHeight`, not small digits.
    public var leastHeight: Double
    public var mostHeight: Double
    public var engineSure: Float
    public var handSure: Float
    /// Paper kept around a group, and around a digit for the hand reader
    /// (pixels of the cell picture).
    public var pad: Int
    /// A column with at most this share of the crop's height in ink lies
    /// between two digits (small digits written close touch at a point).
    public var gapInk: Double
    /// A piece of ink wider than this over its height is digits touching, cut
    /// where it can be; a digit still wider than `widestDigit` is not read
    /// surely. No measurement recorded.
    public var widest: Double
    public var widestDigit: Double
    /// Most times finer than the cell pictures a cell is cut again from the
    /// photo for its marks. No measurement recorded.
    public var finest: Int
    /// The hand reader's probability past which its 4 or 9 stands against
    /// Tesseract's 9 or 4 (`MarksReader.fourNine`).
    public var fourNineHand: Float
}

/// The repair search's bounds (`RepairSearch`).
public struct RepairTuning: Sendable, Equatable, Codable {
    /// Most cells changed in one repair; a board that needs more is not repaired
    /// (and so not proven).
    public var maxEdits: Int
    /// Most boards handed to the solver: bounds the time spent on a board that no
    /// small repair fixes.
    public var maxSolverCalls: Int
    /// Most repairs kept waiting in the queue: bounds the memory of the same.
    public var maxQueue: Int
    /// A second repair costing no more than this above the best is a tie: the
    /// outcome is ambiguous instead of picking between them.
    public var tieMargin: Double
    /// Repairs costing more than this are not tried: the reading backs them too
    /// little to be worth a proof.
    public var maxCost: Double
}
