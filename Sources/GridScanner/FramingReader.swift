// Offers: `FramingReader`, which reads the board inside one framing: turns it to
// its reading orientation, reads every glyph, learns this photo's glyphs, flags
// ink read as nothing, searches for a repair, and checks the glyph evidence
// before it calls a board proven.

import GlyphModels
import TesseractOCR
import Geometry
import GridVision
import Raster
import SudokuCore

/// Reads and judges the board of one framing.
///
/// Tuning: the settings (`FramingTuning`, with the repair costs) were chosen by
/// hand on the training photos (`TestImages/newspaper`) and are checked as a
/// whole by `sudokit eval` against `TestImages/baseline.json` (newspaper and
/// synthetic: 0 silent wrong boards). Where a setting's own measurement was
/// recorded, `Tuning+Default.swift` gives it.
struct FramingReader {
    /// Orientation, doubts and flags, and the repair costs.
    var tuning: FramingTuning
    var repairSearch: RepairSearch
    /// Tells printed givens from the player's entries.
    var kindJudge: KindJudge
    /// Tells small digits (pencil marks) from a glyph.
    var marksReader: MarksReader

    /// The reader with `tuning`'s framing, repair, kind and pencil-mark values.
    init(_ tuning: Tuning = Tuning()) {
        self.tuning = tuning.framing
        repairSearch = RepairSearch(tuning: tuning.repair)
        kindJudge = KindJudge(tuning: tuning.kinds)
        marksReader = MarksReader(tuning: tuning.pencilMarks)
    }

    /// Boards with more givens than this are a filled solution grid (printed
    /// beside the puzzle), never a puzzle to prove. No measurement recorded.
    var maxGivens = BoardProblem.maxDigits

    /// Confusions print and OCR are known for: each digit and what it is mistaken
    /// for, most likely first. Written down by hand, not measured.
    static let confusions: [Int: [Int]] = [
        1: [7, 4], 2: [7], 3: [8, 5, 9], 4: [1, 9], 5: [6, 3, 8], 6: [8, 5, 9], 7: [1, 2], 8: [6, 3, 9, 5], 9: [4, 8, 6],
    ]

    /// Index of reading-orientation cell `i` in the framing's own cell order, when
    /// the puzzle's r1c1 is framing corner `k` (the framing turned
    /// counter-clockwise `k` quarter turns is the puzzle upright).
    static func framingIndex(_ i: Int, rotation k: Int) -> Int {
        var r = i / 9, c = i % 9
        for _ in 0..<(((k % 4) + 4) % 4) { (r, c) = (c, 8 - r) }
        return r * 9 + c
    }

    /// A printed digit's usual height in shares of its cell, for a photo with
    /// too few printed glyphs to measure its own. No measurement recorded.
    static let usualPrintHeight = 0.55

    /// Paper kept around a glyph's ink box: 5 % of its height (measured best for
    /// Tesseract; more lets grid-line stubs in).
    static func glyphPad(_ height: Int) -> Int { max(1, (height + 10) / 20) }

    /// The glyph's crop from its cell picture, with a little paper around it.
    static func glyphCrop(_ cells: GridCells, _ index: Int) -> GrayImage? {
        guard let box = cells.glyphs[index].box else { return nil }
        let pad = Self.glyphPad(box.height)
        var crop = cells.images[index].crop(x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad,
                                            height: box.height + 2 * pad, outside: 255)
        // A tall glyph nearly touches the grid lines: where the paper around its box
        // lies on a lattice line's band, it is painted in, so that no line comes
        // into the crop (for glyphs of the usual size nothing changes). Measured:
        // tall-digits 11 -> 12 exact, newspaper unchanged; painting all the paper
        // around every glyph instead lost 5 newspaper photos.
        let band = cells.cellSize / CellExtractor.lineBandDivisor
        let (inner, outer) = (cells.margin + band, cells.margin + cells.cellSize - band)
        let paper = Histogram(of: crop).quantile(Self.paperShare)
        for y in 0..<crop.height {
            for x in 0..<crop.width where x < pad || y < pad || x >= crop.width - pad || y >= crop.height - pad {
                let (cx, cy) = (box.x - pad + x, box.y - pad + y)
                if cx < inner || cy < inner || cx >= outer || cy >= outer { crop[x, y] = paper }
            }
        }
        return crop
    }

    /// The paper's grey around a glyph: this quantile of its crop. No measurement
    /// recorded.
    static let paperShare = 0.9

    /// Decides the reading orientation. Every glyph is read upright first (the
    /// reading is kept when upright wins); when their mean confidence is high, the
    /// puzzle is upright (`confident`). Otherwise, unless another framing of the
    /// photo was confidently upright (`photoUpright`: the photo is upright, and
    /// this framing is only a worse cut of it), a spread sample of glyphs is read
    /// in the three other rotations, and the puzzle is turned only on a clear
    /// margin, so that a weak reading never turns an upright puzzle; the sample's
    /// readings in the rotation chosen are kept (`known`, by framing index), as
    /// the upright ones are when upright wins: the same pixels are not read twice
    /// (on the corpus, 136 of about 48,000 recognitions a run). A turn's sample
    /// is read only while that turn can still be the one taken (see the loop).
    /// (The largest
    /// glyphs alone are a poor sample: 6, 8 and 9 carry the most ink and read well
    /// upside down.) That sample costs most of a wrong framing's reading: each
    /// glyph Tesseract reads as nothing is read again on its own (measured on the
    /// 12-megapixel phone photos: 150 to 290 ms of CPU a framing, against 30 ms
    /// for the upright reading; on all 84 phone photos every framing's sample kept
    /// it upright).
    func rotation(of cells: GridCells, recognizer: some DigitRecognizer, photoUpright: Bool = false) throws
        -> (rotation: Int, known: [Int: DigitReading], confident: Bool) {
        let glyphCells = cells.glyphs.indices.filter { cells.glyphs[$0].hasGlyph }
        guard !glyphCells.isEmpty else { return (0, [:], false) }
        let crops = glyphCells.compactMap { Self.glyphCrop(cells, $0) }
        let upright = try recognizer.read(crops)
        var uprightMap: [Int: DigitReading] = [:]
        for (i, idx) in glyphCells.enumerated() { uprightMap[idx] = upright[i] }
        func mean(_ readings: [DigitReading]) -> Double {
            readings.map { Double($0.confidence) }.reduce(0, +) / Double(max(1, readings.count))
        }
        if mean(upright) >= tuning.uprightConfidence { return (0, uprightMap, true) }
        if photoUpright { return (0, uprightMap, false) }
        let step = max(1, glyphCells.count / tuning.rotationSample)
        let sample = Array(stride(from: 0, to: glyphCells.count, by: step).prefix(tuning.rotationSample))
        let base = mean(sample.map { upright[$0] })
        var best = (0, base)
        var bestReadings: [DigitReading] = []
        // A turn is taken only when its mean reaches `base + rotationMargin` and
        // beats every earlier turn's; one whose mean can no longer do either, even
        // were the rest of its sample read at full confidence, cannot change the
        // outcome, and the rest of its sample is not read (`slack` covers the
        // rounding of the sum, which is added in the same order as `mean` adds it).
        let bar = base + tuning.rotationMargin, slack = 1e-9
        var taken: Double?
        for k in 1...3 {
            var readings: [DigitReading] = []
            var sum = 0.0
            for j in sample {
                let reading = try recognizer.read(crops[j].rotatedCounterClockwise(quarterTurns: k))
                readings.append(reading)
                sum += Double(reading.confidence)
                let ceiling = (sum + Double(sample.count - readings.count) * 100) / Double(sample.count)
                if ceiling + slack < bar || taken.map({ ceiling + slack <= $0 }) == true { break }
            }
            guard readings.count == sample.count else { continue }
            let s = mean(readings)
            if s > best.1 { (best, bestReadings) = ((k, s), readings) }
            if s >= bar { taken = max(taken ?? s, s) }
        }
        if best.0 != 0 && best.1 >= base + tuning.rotationMargin {
            // The sample read in the winning rotation is the very crops the
            // framing reads in it (`read` turns `glyphCrop` the same way), so
            // those glyphs are not read again.
            var known: [Int: DigitReading] = [:]
            for (n, j) in sample.enumerated() { known[glyphCells[j]] = bestReadings[n] }
            return (best.0, known, false)
        }
        return (0, uprightMap, false)
    }

    /// Reads the board of one framing.
    /// `colour` is the photo in colour with the framing's quad, for the ink
    /// colour of each glyph (`InkColour`); `kinds` tells printed glyphs from
    /// handwritten ones, and `hands` (nil: the built-in hand reader, decoded on
    /// first use) reads the digits of those taken for entries. `photoUpright`:
    /// another framing of the photo read confidently upright (see `rotation(of:)`).
    /// `keepGlyphs`: keep each cell's upright crop and Tesseract's reading of it
    /// in `FramingReading.glyphs` (for a scan's trace).
    func read(_ cells: GridCells, recognizer: some DigitRecognizer, classifier: DigitClassifier,
              kinds: KindClassifier, hands: HandReader?, colour: (photo: RGBImage, quad: Quad),
              photoUpright: Bool = false, keepGlyphs: Bool = false) throws -> FramingReading {
        let (k, known, confident) = try rotation(of: cells, recognizer: recognizer, photoUpright: photoUpright)
        let toPhoto = InkColour.framing(colour.quad, cells: cells)
        // Gather crops in reading orientation.
        var reads = [CellRead](repeating: CellRead(), count: 81)
        var uprights = [GrayImage?](repeating: nil, count: 81)
        var toRead: [(cell: Int, crop: GrayImage)] = []
        for i in 0..<81 {
            let f = Self.framingIndex(i, rotation: k)
            let g = cells.glyphs[f]
            reads[i].looseInk = g.looseInkPixels
            reads[i].interiorInk = g.interiorInkPixels
            reads[i].centralLineInk = g.centralLineInkPixels
            reads[i].straddlingInk = g.straddlingInkPixels
            reads[i].ink = g.inkPixels
            reads[i].faintGlyph = g.faintGlyph
            reads[i].smallInk = g.smallGroups.map { b in
                let place = Self.place(b, cells: cells, rotation: k)
                return (place, Double(k % 2 == 0 ? b.height : b.width) / Double(cells.cellSize))
            }
            (reads[i].markInk, reads[i].marks, reads[i].markLong, reads[i].markOffCentre)
                = (g.markPixels, g.marks, g.markLong, g.markOffCentre)
            guard let crop = Self.glyphCrop(cells, f) else { continue }
            reads[i].hasGlyph = true
            let upright = crop.rotatedCounterClockwise(quarterTurns: k)
            uprights[i] = upright
            let pad = Self.glyphPad(g.box!.height)
            reads[i].shape = GlyphShape(cell: upright, box: (pad, pad, upright.width - 2 * pad, upright.height - 2 * pad))
            reads[i].second = classifier.classify(upright)
            reads[i].kind = kinds.classify(upright)
            // The glyph's height against the grid's mean cell, not against its own
            // lattice cell: a lattice squashed at the grid's edge (no border to fit
            // to) makes that row's print look taller in its crops.
            let q = cells.lattice.cellQuad(row: f / 9, col: f % 9)
            let (across, down) = ((q.corners[1] - q.corners[0]).length + (q.corners[2] - q.corners[3]).length,
                                  (q.corners[3] - q.corners[0]).length + (q.corners[2] - q.corners[1]).length)
            let span = (k % 2 == 0 ? down : across) / 2
            reads[i].style = GlyphStyle(crop: upright, pad: pad, cellSize: cells.cellSize)
            reads[i].place = Self.place(g.box!, cells: cells, rotation: k)
            let pieces = GlyphPlace.measure(upright)
            reads[i].place?.pieces = pieces.pieces
            reads[i].place?.inkPieces = pieces.inkPieces
            reads[i].place?.inkAspect = pieces.inkAspect
            reads[i].style?.height *= span / Double(cells.cellSize)
            if let toPhoto, let ink = InkColour.measure(colour.photo, toPhoto: toPhoto, cells: cells, index: f) {
                reads[i].style?.tint = ink.tint
            }
            if let r = known[f] { reads[i].reading = r } else { toRead.append((i, upright)) }
        }
        let results = try recognizer.read(toRead.map(\.crop))
        for (n, item) in toRead.enumerated() { reads[item.cell].reading = results[n] }
        var votes = [ReaderVotes](repeating: ReaderVotes(tesseract: 0, classifier: 0, fused: 0), count: 81)
        for i in 0..<81 {
            let tesseract = Self.correctingEngineBias(reads[i].reading)
            reads[i].tesseract = tesseract
            reads[i].reading = reads[i].second.map { fused(tesseract, $0) } ?? tesseract
            votes[i] = ReaderVotes(tesseract: UInt8(tesseract.digit), classifier: UInt8(reads[i].second?.digit ?? 0),
                                   fused: UInt8(reads[i].reading.digit))
        }
        let typed = kindJudge.typedEntries(reads)
        var kinds = kindJudge.kinds(reads, typed: typed)
        for i in kindJudge.marks(reads, kinds: kinds) where !typed.contains(i) { kinds[i] = (.marks, 1) }
        var handReader = hands
        // An entry as wide as two digits (`marksPairAspect`) that splits into
        // digits both readers read alike (`MarksReader.readsAsDigits`) is marks:
        // touching digits make one piece, which `KindJudge.marks` cannot tell
        // from a digit written broad. Training figures: on TestImages/phone two
        // such cells of entry-sized marks ("25", "58") taken for entries
        // become marks, no entry is lost; on the 159 completed photos of
        // TestImages/mixed (8,238 entries, many written broad: a 2 or a 7 up
        // to twice as wide as tall) the 161 wide entries that split in two
        // (every framing tried) had no split read alike in every piece.
        let wide = (0..<81).filter { kinds[$0].kind == .handwritten && !typed.contains($0)
            && (reads[$0].place?.inkAspect ?? 0) >= kindJudge.tuning.marksPairAspect }
        if !wide.isEmpty {
            let reader = try handReader ?? HandReader()
            handReader = reader
            for i in wide {
                if let upright = uprights[i], try marksReader.readsAsDigits(upright, recognizer: recognizer, hands: reader) {
                    kinds[i] = (.marks, 1)
                }
            }
        }
        // The printed puzzle is judged without the player's entries: to it, a
        // handwritten cell is an empty one.
        var printed = reads
        for i in 0..<81 where kinds[i].kind == .handwritten || kinds[i].kind == .marks { printed[i] = CellRead() }
        var reading = judge(printed, rotation: k)
        reading.confidentlyUpright = confident
        reading.votes = votes
        if keepGlyphs {
            reading.glyphs = (0..<81).map { i in uprights[i].map { ReadGlyph(crop: $0, tesseract: reads[i].tesseract) } }
        }
        // Digits printed: a full grid printed beside the puzzle is 81 of them, a
        // completed puzzle's own grid its givens only (see `GridScanner.better`).
        reading.digits = (0..<81).filter { kinds[$0].kind == .printed && reads[$0].reading.digit != 0 }.count
        reading.kinds = kinds.map(\.kind)
        reading.kindConfidence = kinds.map(\.confidence)
        reading.entries = [UInt8](repeating: 0, count: 81)
        let entryCells = (0..<81).filter { kinds[$0].kind == .handwritten }
        if !entryCells.isEmpty {
            let reader = try handReader ?? HandReader()
            for i in entryCells { reads[i].hand = uprights[i].map(reader.read) }
        }
        reading.printHeight = kindJudge.photoPrint(reads)?.centre[0] ?? Self.usualPrintHeight
        for i in entryCells {
            // A typed entry is print: the printed-digit readers read it surely.
            if typed.contains(i) {
                let digit = reads[i].reading.digit
                reading.entries[i] = UInt8(digit)
                reading.plausibleEntries[i] = [digit]
                reading.confirmedEntries.insert(i)
                continue
            }
            let entry = kindJudge.entry(reads[i])
            reading.entries[i] = UInt8(entry.digit)
            reading.plausibleEntries[i] = entry.plausible
            if entry.confirmed { reading.confirmedEntries.insert(i) }
            if !entry.sure { reading.doubtfulEntries.append(i) }
        }
        // An entry may be called a mistake only when the player's own hand
        // agrees: its glyph is more like the confirmed entries of the digit
        // read than like those of the digit the solution puts there.
        if let solution = reading.solution {
            var hand = GlyphTemplates()
            for i in reading.confirmedEntries where reading.entries[i] == solution[i] {
                if let shape = reads[i].shape { hand.add(cell: i, digit: Int(solution[i]), shape: shape) }
            }
            for i in reading.confirmedEntries where reading.entries[i] != solution[i] {
                guard let shape = reads[i].shape,
                      let read = hand.similarity(shape, to: Int(reading.entries[i]), excluding: i) else {
                    reading.confirmedEntries.remove(i)
                    continue
                }
                let other = hand.similarity(shape, to: Int(solution[i]), excluding: i) ?? -1
                if read < other + kindJudge.tuning.handMargin { reading.confirmedEntries.remove(i) }
            }
        }
        // A cell whose kind is in doubt keeps the board from being proven: a
        // given taken for an entry would change the puzzle.
        var flagged = Dictionary(uniqueKeysWithValues: reading.flagged.map { ($0.cell.index, $0.reason) })
        for i in 0..<81 where kinds[i].kind != .empty && kinds[i].confidence < kindJudge.tuning.sureKind && flagged[i] == nil {
            flagged[i] = .kindDoubt
        }
        for i in kindJudge.asymmetricGivens(kinds.map(\.kind)) where flagged[i] == nil { flagged[i] = .kindDoubt }
        if flagged.count != reading.flagged.count {
            reading.flagged = flagged.sorted { $0.key < $1.key }.map { FlaggedCell(cell: Cell(index: $0.key), reason: $0.value) }
            if reading.status == .solved {
                reading.status = .unverified
                reading.solution = nil
            }
        }
        return reading
    }

    /// Where the glyph of box `box` (in its framing cell's crop) lies in its
    /// cell once the cell is turned `rotation` quarter turns counter-clockwise.
    static func place(_ box: (x: Int, y: Int, width: Int, height: Int), cells: GridCells, rotation: Int) -> GlyphPlace {
        let cs = Double(cells.cellSize), m = Double(cells.margin)
        var x = (Double(box.x) + Double(box.width) / 2 - m) / cs, y = (Double(box.y) + Double(box.height) / 2 - m) / cs
        var (w, h) = (Double(box.width), Double(box.height))
        for _ in 0..<(((rotation % 4) + 4) % 4) {
            (x, y) = (y, 1 - x)
            (w, h) = (h, w)
        }
        return GlyphPlace(x: x, y: y, aspect: w / max(1, h))
    }

    /// The confidence of 8 ranked behind a 6 from which the reading is taken as an
    /// 8 (see `correctingEngineBias`).
    static let eightBehindSix: Float = 40

    /// Tesseract's LSTM reads many printed 8s as 6, with high confidence, but then
    /// ranks 8 second with a confidence of 40 or more; a real 6 almost never has
    /// 8 ranked that high (measured on the corpus with the true corners: 105 of
    /// 108 eights read as 6 had 8 second at 40 or more, against 1 of 428 sixes).
    /// Such a reading is taken as an 8, keeping 6 as the alternative.
    static func correctingEngineBias(_ r: DigitReading) -> DigitReading {
        guard r.digit == 6, let eight = r.alternatives.first(where: { $0.digit == 8 }),
              eight.confidence >= eightBehindSix else { return r }
        let rest = r.alternatives.filter { $0.digit != 8 && $0.digit != 6 }
        // The pair's odds are the engine's confidence in the glyph, so it keeps it.
        return DigitReading(digit: 8, confidence: r.confidence,
                            alternatives: [DigitChoice(digit: 8, confidence: r.confidence),
                                           DigitChoice(digit: 6, confidence: eight.confidence)] + rest)
    }


    /// Both readers' verdict on one glyph: each digit scores `tesseractWeight` ×
    /// Tesseract's confidence in it (0 when not offered) plus the rest × the
    /// classifier's probability, as a confidence 0...100. The digit is the best
    /// scorer; nothing is read only when neither reader saw a digit (Tesseract read
    /// nothing and the classifier ranks "not a digit" first, or gives no digit half
    /// its weight). So a glyph both read alike keeps its confidence, one only the
    /// classifier read is a digit of about 70 (flagged below `lowConfidence` when
    /// the classifier was not sure), and a disagreement goes to the surer side.
    func fused(_ t: DigitReading, _ c: DigitPrediction) -> DigitReading {
        let w = tuning.tesseractWeight
        var scores: [(digit: Int, score: Float)] = (1...9).map { d in
            let tc = (t.alternatives.first { $0.digit == d }?.confidence ?? 0) / 100
            return (d, 100 * (w * tc + (1 - w) * c.probabilities[d]))
        }
        scores.sort { $0.score > $1.score || ($0.score == $1.score && $0.digit < $1.digit) }
        let best = scores[0]
        if t.digit == 0 && (c.digit == 0 || c.probabilities[best.digit] < 0.5) { return t }
        let alternatives = scores.filter { $0.score >= 100 * tuning.fusedFloor || $0.digit == best.digit }
            .map { DigitChoice(digit: $0.digit, confidence: $0.score) }
        return DigitReading(digit: best.digit, confidence: best.score, alternatives: alternatives)
    }

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
            for (i, c) in reads.enumerated() where c.reading.digit != 0 && c.reading.confidence >= tuning.confidentReading {
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
                || (!holdsOnlyMarks(i) && typicalInk > 0 && Double(reads[i].looseInk) >= tuning.missedInk * Double(typicalInk))
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

    /// The board's one solution, or nil when it has none or several.
    static func uniqueSolution(_ board: [UInt8]) -> [UInt8]? {
        guard let grid = try? Grid(cells: board) else { return nil }
        let r = Solver.solve(grid, limit: 2)
        return r.count == 1 ? r.solution?.cells : nil
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
            flagged: j.flags.sorted { $0.key < $1.key }.map { FlaggedCell(cell: Cell(index: $0.key), reason: $0.value) },
            repairs: j.repairs.sorted { $0.cell < $1.cell },
            digits: digits)
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
                if let k = options.firstIndex(where: { $0.value == v }) { options[k].cost = min(options[k].cost, cost) }
                else { options.append((v, cost)) }
            }
            if r.digit != 0 {
                for alt in r.alternatives where alt.digit != r.digit {
                    offer(alt.digit, c.alternative + Double(max(0, r.confidence - alt.confidence)) / c.alternativePoints)
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
                for (n, t) in ranking.prefix(c.missedTemplateCount).enumerated() where t.similarity > tuning.templateAgreement {
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
            let backed = e.to == 0
                ? (photo.isFaint(e.cell) || read.confidence < tuning.lowConfidence)
                : read.alternatives.contains { $0.digit == e.to } || photo.ranking[e.cell].first?.digit == e.to
            j.flags[e.cell] = backed ? nil : .lowConfidence
        }
        if j.ambiguous { for c in outcome.contestedCells { j.flags[c] = .ambiguous } }
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
                if photo.hidesInk(i) || photo.cutsGlyph(i) { j.flags[i] = .missedInk }
                // The classifier sees a digit where the board has none.
                else if let c = second, c.digit != 0, c.probability >= tuning.secondOpinion { j.flags[i] = .missedInk }
            } else if !photo.reads[i].hasGlyph {
                j.flags[i] = .lowConfidence
            } else if let c = second, c.digit != Int(j.board[i]), c.probability >= tuning.secondOpinion {
                // The classifier reads the glyph as something else.
                j.flags[i] = .lowConfidence
            } else if case let t = photo.reads[i].tesseract, t.digit != 0, t.digit != Int(j.board[i]),
                      t.confidence >= tuning.tesseractDisagreement, !Self.settled(i, against: t.digit, photo, j.board) {
                // Tesseract reads it confidently as something else, and neither the
                // puzzle nor the photo's glyphs rule that out.
                j.flags[i] = .lowConfidence
            } else if case let t = photo.reads[i].tesseract, t.digit == 0, !t.alternatives.contains(where: { $0.digit == Int(j.board[i]) }),
                      !settledByGlyphs(i, digit: Int(j.board[i]), photo, final) {
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
                func engineWeight(_ digit: Int) -> Float { read.alternatives.first { $0.digit == digit }?.confidence ?? 0 }
                if let near = lookAlikes.first, near.position > tuning.doubtPosition,
                   engineWeight(near.digit) >= tuning.engineDoubt || near.position >= tuning.strongDoubtPosition {
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
                   let solution = Self.uniqueSolution(swapped) {
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
