// Offers: the default values of the scanner's stages (`Tuning`, `FramingTuning`,
// `RepairCosts`, `KindTuning`, `MarksTuning`, `RepairTuning`), each with its unit
// and its evidence: "measured" with how (the declaration in `Tuning.swift` gives
// the figures), or "chosen by hand" (picked while the stage was written; only the
// stage as a whole was measured, by `sudokit eval` against
// TestImages/baseline.json). "Training photos" are the corpora of TestImages the
// values were tried on; "folds" are the kind models that did not learn from the
// photo they read (scripts/train-kinds, scripts/fold-eval-kinds).

import GridVision

extension Tuning {
    /// The values the scanner was measured with.
    public init() {
        locator = LocatorTuning()
        smallGridLocator = .smallGrids
        cells = CellTuning()
        framing = FramingTuning()
        kinds = KindTuning()
        pencilMarks = MarksTuning()
        repair = RepairTuning()
    }
}

extension FramingTuning {
    public init() {
        uprightConfidence = 85.0  // Tesseract confidence (0 to 100), mean; chosen by hand
        rotationSample = 8  // glyphs; chosen by hand
        rotationMargin = 25.0  // confidence points, mean; chosen by hand
        lowConfidence = 60  // Tesseract confidence; chosen by hand
        templateMargin = 0.04  // correlation; chosen by hand
        twinSimilarity = 0.9  // correlation; chosen by hand
        // position between two digits' mean glyphs (−0.5 to 0.5); measured on newspaper and synthetic with the 8/6
        // correction: 0 silent wrong, 133 solved
        doubtPosition = 0.05
        // same unit; measured with engineDoubt on newspaper and synthetic: solved 162 -> 166 of 196, 0 silent wrong
        strongDoubtPosition = 0.25
        engineDoubt = 10  // Tesseract confidence; measured with strongDoubtPosition (above)
        reconcileRounds = 3  // rounds; chosen by hand
        templateAgreement = 0.5  // correlation; chosen by hand
        confidentReading = 80  // Tesseract confidence; chosen by hand
        // weight (the classifier has 1 − it); chosen by hand (each reader alone was measured: docs/digit-classifier.md)
        tesseractWeight = 0.3
        fusedFloor = 0.05  // fused score / 100; chosen by hand
        faintInk = 0.4  // share of the typical ink; chosen by hand
        missedInk = 0.35  // share of the typical ink; chosen by hand
        // share of the thin digits' interior ink; measured on newspaper, synthetic and tall-digits: empty cells at most
        // 0.27, 1s at least 0.66
        hiddenInk = 0.5
        // share of the typical glyph height; chosen by hand (apps draw marks a third to a half of their digits)
        markHeight = 0.6
        tesseractDisagreement = 50  // Tesseract confidence; chosen by hand
        secondOpinion = 0.5  // probability; chosen by hand
        costs = RepairCosts()
    }
}

extension RepairCosts {
    /// Chosen by hand on the training photos when the repair search was written
    /// and not changed since; no measurement of a single cost was recorded. The
    /// costs are about −log of a likelihood; the `...Points` values are confidence
    /// points (0 to 100) per unit of cost; `templateSlope` is cost per unit of
    /// correlation.
    public init() {
        alternative = 1.0  // cost; chosen by hand
        alternativePoints = 20.0  // confidence points per unit of cost; chosen by hand
        confusion = 3.0  // cost; chosen by hand
        confusionStep = 0.5  // cost per place down the look-alikes; chosen by hand
        confusionPoints = 50.0  // confidence points per unit of cost; chosen by hand
        template = 2.5  // cost; chosen by hand
        templateSlope = 10.0  // cost per unit of correlation; chosen by hand
        templateFloor = 0.5  // cost; chosen by hand
        emptyFaint = 2.0  // cost; chosen by hand
        empty = 6.0  // cost; chosen by hand
        missedAlternative = 2.0  // cost; chosen by hand
        missedAlternativePoints = 40.0  // confidence points per unit of cost; chosen by hand
        missedTemplate = 2.5  // cost; chosen by hand
        missedTemplateStep = 1.0  // cost per place; chosen by hand
        missedTemplateCount = 3  // digits; chosen by hand
    }
}

extension KindTuning {
    public init() {
        minimumReference = 6  // glyphs; chosen by hand
        // score points; measured on the folds: of 348 printed 1s one scored 3.2, 8 of 624 handwritten below 7
        oneMargin = 4.0
        asymmetryDoubt = 4  // cells; chosen by hand
        // glyphs; chosen by hand (counting pencil marks measured on TestImages/phone: every given right 59 -> 67 of 80)
        minimumEntries = 3
        plainEntryScore = 7.0  // score points; measured on the glyph dumps of 477 photos: lone entries 7.1 to 18
        plainEntryCues = 3.0  // score points; measured with plainEntryScore: lone entries' cues 3.7 to 11.9
        // times the print's height; measured on the glyph dumps: givens at most 1.22, print-like entries 1.29 to 1.37
        tallPrint = 1.25
        tallSpreads = 4.0  // spreads above the print; measured with tallPrint: givens at most 3.3
        referenceConfidence = 80  // Tesseract confidence; chosen by hand
        referenceProbability = 0.9999  // probability; chosen by hand
        heightFloor = 0.03  // share of the cell; chosen by hand
        darknessFloor = 0.05  // share of the paper's grey; chosen by hand
        tintFloor = 0.06  // tint units (InkColour.tint); chosen by hand
        // score points per decade of probability; chosen with the kind judge on the folds (type comment)
        classifierWeight = 1.0
        printedDecades = 3.0  // decades (probability 1 − 10^−3); chosen with the judge on the folds
        modelWeight = 0.5  // score points per bit of odds; chosen with the judge on the folds
        // score points per step; measured on the training photos: printed glyphs 95 % at 0.86 or more, handwritten
        // median 0.40
        similarityWeight = 0.5
        printSimilarity = 0.85  // correlation; measured with similarityWeight (above)
        similarityStep = 0.05  // correlation; chosen by hand
        // score points; measured on the folds: 3 of 3,168 printed scored 3 or more, 60 of 5,570 handwritten below
        handwrittenScore = 3.0
        doubtScore = 1.5  // score points; measured on the folds: 3 of 2,427 givens of plain photos scored 2 or more
        // score points; measured on the 408 photos of the baseline: missed givens 31 -> 28 (1.0 changed nothing)
        cueDoubt = 1.5
        sureKind = 0.75  // kind confidence; chosen by hand
        sureHand = 0.9  // probability; measured with the style weights on the folds: entries taken for givens 25 -> 8
        styleCap = 6.0  // style odds; measured with sureHand (above)
        styleWeight = 0.75  // score points per unit of style odds; measured with sureHand (above)
        decisiveStyle = 6.0  // style odds; measured with sureHand: of the 25 entries taken for print, 17 above 6
        sureHandwriting = 0.9  // probability; chosen by hand
        plausibleHandwriting = 0.002  // probability; chosen by hand
        tesseractContradiction = 80  // Tesseract confidence; chosen by hand
        // probability; measured on 8,238 entry crops of the folds: not read surely 1,335 -> 249 (0.999: 327)
        decisiveHandwriting = 0.99
        // Tesseract confidence; measured on the folds: at 80 with the kind classifier at 0.9, 6 right entries called
        // wrong
        confirmingConfidence = 90
        mistakeProbability = 0.99  // probability; measured with confirmingConfidence (above)
        // probability; measured on the folds and synthetic/played: 2 of 3 mistakes found, no more right entries called
        // wrong
        unreadMistakeProbability = 0.9999
        handMargin = 0.1  // correlation; chosen by hand
        // tint units; measured on TestImages/screenshots: givens and entries 0.47 to 0.85 apart, mixed photos' inks
        // 0.01 to 0.30
        typedSeparation = 0.35
        // tint units; measured on TestImages/screenshots: each ink's spread at most 0.004, mixed photos' 0.10 to 0.15
        typedSpread = 0.05
        typedProbability = 0.99  // probability; chosen by hand
        marksHeight = 0.92  // share of the print's height; chosen by hand on TestImages/phone
        marksHandHeight = 0.8  // share of the hand's height; chosen by hand on TestImages/phone
        marksHeightCap = 1.1  // share of the print's height; chosen by hand on TestImages/phone
        marksRaise = 0.1  // share of a cell; chosen by hand on TestImages/phone
        marksAspect = 1.2  // width over height; chosen by hand on TestImages/phone
        // ink width over height; measured on TestImages/phone: no entry's ink wider than 1.1 with two pieces, 127 of
        // 133 two-piece marks at 1.0 or wider
        marksPairAspect = 1.0
        marksStretchedBox = 0.8  // share of the box's height; chosen on the training glyphs (see the member)
        marksOpenCells = 5  // cells; chosen by hand
        marksLeast = 0.25  // share of the print's height; chosen by hand
    }
}

extension MarksTuning {
    /// Measured by eye on the phone training photos (TestImages/phone), for
    /// the two sureness values; the sizes chosen by hand (see `MarksReader`).
    public init() {
        leastHeight = 0.3  // share of the print's height; chosen by hand
        mostHeight = 1.15  // share of the print's height; chosen by hand
        // Tesseract confidence; measured by eye on 80 digits of TestImages/phone: 20 of 21 sure ones right
        engineSure = 60
        handSure = 0.7  // probability; measured with engineSure (above)
        pad = 2  // pixels of the cell picture; chosen by hand
        gapInk = 0.08  // share of the crop's height; chosen by hand
        widest = 1.0  // width over height; chosen by hand ("79" read as one piece)
        widestDigit = 0.9  // width over height; chosen by hand
        finest = 4  // times finer than the cell pictures; chosen by hand
        // probability; measured on TestImages/phone: the two 9s Tesseract read as 4 the hand reader read at 1.00
        fourNineHand = 0.99
    }
}

extension RepairTuning {
    /// Chosen by hand on TestImages/newspaper when the search was written, with
    /// the costs (`RepairCosts`); checked as a whole by `sudokit eval`.
    public init() {
        maxEdits = 3  // cells; chosen by hand
        maxSolverCalls = 4000  // solver calls; chosen by hand
        maxQueue = 200_000  // repairs waiting; chosen by hand
        tieMargin = 0.75  // cost; chosen by hand
        maxCost = 12.0  // cost; chosen by hand
    }
}
