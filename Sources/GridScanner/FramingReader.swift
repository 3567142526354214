// Offers: `FramingReader`, which reads the board inside one framing: turns it to
// its reading orientation, reads every glyph, learns this photo's glyphs, flags
// ink read as nothing, searches for a repair, and checks the glyph evidence
// before it calls a board proven. This file holds the type and `read`, which
// takes those steps in order and tells printed givens, the player's entries and
// pencil marks apart. The steps: `FramingReader+Orientation.swift`,
// `GlyphCrop.swift`, `FramingReader+Fusion.swift`, `PhotoGlyphs.swift`,
// `FramingReader+Judging.swift`, `FramingReader+Repair.swift`.

import Geometry
import GlyphModels
import GridVision
import Raster
import SudokuCore
import TesseractOCR

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

    /// A printed digit's usual height in shares of its cell, for a photo with
    /// too few printed glyphs to measure its own. No measurement recorded.
    static let usualPrintHeight = 0.55

    /// Reads the board of one framing.
    /// `colour` is the photo in colour with the framing's quad, for the ink
    /// colour of each glyph (`InkColour`); `kinds` tells printed glyphs from
    /// handwritten ones, and `hands` (nil: the built-in hand reader, decoded on
    /// first use) reads the digits of those taken for entries. `photoUpright`:
    /// another framing of the photo read confidently upright (see `rotation(of:)`).
    /// `keepGlyphs`: keep each cell's upright crop and Tesseract's reading of it
    /// in `FramingReading.glyphs` (for a scan's trace). `deferHandwriting`: a
    /// glyph the kind classifier takes for handwriting, on a framing whose
    /// other glyphs read upright confidently, is given to Tesseract only when a
    /// step uses its reading: a cell the kind judge takes for print or is
    /// unsure of, an entry the hand reader is not decisive on, and every entry
    /// of a board not proven, with a kind in doubt, or with an entry unlike its
    /// solution (to confirm entries before a mistake is called); false reads
    /// every glyph. `seen`: the photo's
    /// glyphs read by earlier framings, added to (see `SeenGlyphs`).
    func read(
        _ cells: GridCells, recognizer: some DigitRecognizer, classifier: DigitClassifier,
        kinds: KindClassifier, hands: HandReader?, colour: (photo: RGBImage, quad: Quad),
        photoUpright: Bool = false, keepGlyphs: Bool = false, deferHandwriting: Bool = true,
        seen: inout SeenGlyphs
    ) throws -> FramingReading {
        let toPhoto = InkColour.framing(colour.quad, cells: cells)
        // Glyphs that look handwritten may be left unread by Tesseract
        // (`deferred`, framing indices) until a step needs their reading.
        let (k, known, confident, predictions, unread, kindPredictions) = try rotation(
            of: cells, recognizer: recognizer, photoUpright: photoUpright, classifier: classifier,
            kinds: deferHandwriting ? kinds : nil, seen: &seen,
            where: toPhoto.map { ($0, 1 / Double(max(1, colour.photo.width))) })
        var deferred = unread
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
            (reads[i].markInk, reads[i].marks, reads[i].markLong, reads[i].markOffCentre) = (
                g.markPixels, g.marks, g.markLong, g.markOffCentre
            )
            guard let crop = Self.glyphCrop(cells, f) else { continue }
            reads[i].hasGlyph = true
            let upright = crop.rotatedCounterClockwise(quarterTurns: k)
            uprights[i] = upright
            let pad = Self.glyphPad(g.box!.height)
            reads[i].shape = GlyphShape(
                cell: upright, box: (pad, pad, upright.width - 2 * pad, upright.height - 2 * pad))
            reads[i].second = k == 0 ? predictions[f] ?? classifier.classify(upright) : classifier.classify(upright)
            reads[i].kind = k == 0 ? kindPredictions[f] ?? kinds.classify(upright) : kinds.classify(upright)
            // The glyph's height against the grid's mean cell, not against its own
            // lattice cell: a lattice squashed at the grid's edge (no border to fit
            // to) makes that row's print look taller in its crops.
            let q = cells.lattice.cellQuad(row: f / 9, col: f % 9)
            let (across, down) = (
                (q.corners[1] - q.corners[0]).length + (q.corners[2] - q.corners[3]).length,
                (q.corners[3] - q.corners[0]).length + (q.corners[2] - q.corners[1]).length
            )
            let span = (k % 2 == 0 ? down : across) / 2
            reads[i].style = GlyphStyle(crop: upright, pad: pad, cellSize: cells.cellSize)
            reads[i].place = Self.place(g.box!, cells: cells, rotation: k)
            let pieces = GlyphPlace.measure(upright)
            reads[i].place?.pieces = pieces.pieces
            reads[i].place?.inkPieces = pieces.inkPieces
            reads[i].place?.inkAspect = pieces.inkAspect
            if let rows = pieces.inkRows {
                let box = Double(upright.height - 2 * pad)
                reads[i].place?.inkTop = max(0, Double(rows.top - pad) / box)
                reads[i].place?.inkBottom = min(1, Double(rows.bottom + 1 - pad) / box)
            }
            reads[i].style?.height *= span / Double(cells.cellSize)
            if let toPhoto, let ink = InkColour.measure(colour.photo, toPhoto: toPhoto, cells: cells, index: f) {
                reads[i].style?.tint = ink.tint
            }
            if let r = known[f] {
                reads[i].reading = r
            } else if !deferred.contains(f) {
                toRead.append((i, upright))
            }
        }
        let results = try recognizer.read(toRead.map(\.crop))
        for (n, item) in toRead.enumerated() { reads[item.cell].reading = results[n] }
        var votes = [ReaderVotes](repeating: ReaderVotes(tesseract: 0, classifier: 0, fused: 0), count: 81)
        for i in 0..<81 {
            let tesseract = Self.correctingEngineBias(reads[i].reading)
            reads[i].tesseract = tesseract
            reads[i].reading = reads[i].second.map { fused(tesseract, $0) } ?? tesseract
            votes[i] = ReaderVotes(
                tesseract: UInt8(tesseract.digit), classifier: UInt8(reads[i].second?.digit ?? 0),
                fused: UInt8(reads[i].reading.digit))
        }
        // Tesseract's reading of deferred cells, when a step needs it: the
        // fused reading and the votes made again with it.
        func readDeferred(_ cellsToRead: [Int]) throws {
            let due = cellsToRead.filter {
                deferred.contains(Self.framingIndex($0, rotation: k)) && uprights[$0] != nil
            }
            guard !due.isEmpty else { return }
            let results = try recognizer.read(due.map { uprights[$0]! })
            for (n, i) in due.enumerated() {
                deferred.remove(Self.framingIndex(i, rotation: k))
                let tesseract = Self.correctingEngineBias(results[n])
                reads[i].tesseract = tesseract
                reads[i].reading = reads[i].second.map { fused(tesseract, $0) } ?? tesseract
                votes[i] = ReaderVotes(
                    tesseract: UInt8(tesseract.digit), classifier: UInt8(reads[i].second?.digit ?? 0),
                    fused: UInt8(reads[i].reading.digit))
            }
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
        let wide = (0..<81).filter {
            kinds[$0].kind == .handwritten && !typed.contains($0)
                && (reads[$0].place?.inkAspect ?? 0) >= kindJudge.tuning.marksPairAspect
        }
        if !wide.isEmpty {
            let reader = try handReader ?? HandReader()
            handReader = reader
            for i in wide {
                if let upright = uprights[i],
                    try marksReader.readsAsDigits(upright, recognizer: recognizer, hands: reader)
                {
                    kinds[i] = (.marks, 1)
                }
            }
        }
        // The board as judged with `kinds`: the printed puzzle, the player's
        // entries, and the flags; `flips` gets the cells in doubt whose kinds
        // the puzzle settles the other way than `kinds` (see `puzzleKinds`).
        func judged(_ kinds: [(kind: CellKind, confidence: Float)], flips: inout [Int]) throws -> FramingReading {
            // The printed puzzle is judged without the player's entries: to it, a
            // handwritten cell is an empty one.
            var printed = reads
            for i in 0..<81 where kinds[i].kind == .handwritten || kinds[i].kind == .marks { printed[i] = CellRead() }
            var reading = judge(printed, rotation: k)
            reading.confidentlyUpright = confident
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
            // Tesseract's reading of an entry serves when the hand reader is not
            // decisive, and to confirm entries before any may be called a
            // mistake (here, or after a person settles a cell): a deferred
            // entry is read for the first, and every one when the puzzle is not
            // proven, may lose its proof to a kind in doubt (below), or has an
            // entry unlike its solution.
            let asymmetric = kindJudge.asymmetricGivens(kinds.map(\.kind))
            let kindInDoubt =
                kinds.contains { $0.kind != .empty && $0.confidence < kindJudge.tuning.sureKind }
                || !asymmetric.isEmpty
            try readDeferred(
                entryCells.filter {
                    reading.solution == nil || kindInDoubt
                        || (reads[$0].hand?.probability ?? 0) < kindJudge.tuning.decisiveHandwriting
                })
            func readEntries() {
                for i in entryCells {
                    reading.plausibleEntries[i] = nil
                    reading.confirmedEntries.remove(i)
                    reading.doubtfulEntries.removeAll { $0 == i }
                    readEntry(i)
                }
            }
            func readEntry(_ i: Int) {
                // A typed entry is print: the printed-digit readers read it surely.
                if typed.contains(i) {
                    let digit = reads[i].reading.digit
                    reading.entries[i] = UInt8(digit)
                    reading.plausibleEntries[i] = [digit]
                    reading.confirmedEntries.insert(i)
                    return
                }
                let entry = kindJudge.entry(reads[i])
                reading.entries[i] = UInt8(entry.digit)
                reading.plausibleEntries[i] = entry.plausible
                if entry.confirmed { reading.confirmedEntries.insert(i) }
                if !entry.sure { reading.doubtfulEntries.append(i) }
            }
            readEntries()
            if let solution = reading.solution,
                entryCells.contains(where: { reading.entries[$0] != solution[$0] }),
                entryCells.contains(where: { deferred.contains(Self.framingIndex($0, rotation: k)) })
            {
                try readDeferred(entryCells)
                readEntries()
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
                        let read = hand.similarity(shape, to: Int(reading.entries[i]), excluding: i)
                    else {
                        reading.confirmedEntries.remove(i)
                        continue
                    }
                    let other = hand.similarity(shape, to: Int(solution[i]), excluding: i) ?? -1
                    if read < other + kindJudge.tuning.handMargin { reading.confirmedEntries.remove(i) }
                }
            }
            // A cell whose kind is in doubt keeps the board from being proven: a
            // given taken for an entry would change the puzzle. Unless the puzzle
            // itself settles it: the kinds read are the only ones that give a
            // symmetric puzzle with one solution.
            var flagged = Dictionary(uniqueKeysWithValues: reading.flagged.map { ($0.cell.index, $0.reason) })
            let doubtful = (0..<81).filter {
                kinds[$0].kind != .empty && kinds[$0].confidence < kindJudge.tuning.sureKind && flagged[$0] == nil
            }
            var settled = false
            if reading.status == .solved,
                let choice = kindJudge.puzzleKinds(puzzle: reading.puzzle, entries: reading.entries, doubtful: doubtful)
            {
                flips = doubtful.indices.filter { (choice & (1 << $0) != 0) != (reading.puzzle[doubtful[$0]] != 0) }
                    .map { doubtful[$0] }
                settled = flips.isEmpty
                if settled { reading.kindsSettledByPuzzle = doubtful }
            }
            if !settled { for i in doubtful { flagged[i] = .kindDoubt } }
            for i in asymmetric where flagged[i] == nil { flagged[i] = .kindDoubt }
            if flagged.count != reading.flagged.count {
                reading.flagged = flagged.sorted { $0.key < $1.key }.map {
                    FlaggedCell(cell: Cell(index: $0.key), reason: $0.value)
                }
                if reading.status == .solved {
                    reading.status = .unverified
                    reading.solution = nil
                }
            }
            reading.votes = votes
            if keepGlyphs {
                reading.glyphs = (0..<81).map { i in
                    uprights[i].map { ReadGlyph(crop: $0, tesseract: reads[i].tesseract) }
                }
            }
            return reading
        }
        // A deferred glyph the kind judge takes for print, or is unsure of, is
        // judged with both readers.
        try readDeferred(
            (0..<81).filter {
                kinds[$0].kind == .printed
                    || (kinds[$0].kind == .handwritten && kinds[$0].confidence < kindJudge.tuning.sureKind)
            })
        var flips: [Int] = []
        var reading = try judged(kinds, flips: &flips)
        // Kinds in doubt that the puzzle settles the other way (a given read
        // as an entry, or the reverse, where only the other kinds give a
        // symmetric puzzle with one solution) are read again that way; the
        // reading is kept when it is proven so.
        if !flips.isEmpty && flips.allSatisfy({ !typed.contains($0) }) {
            var other = kinds
            for i in flips { other[i].kind = kinds[i].kind == .printed ? .handwritten : .printed }
            var again: [Int] = []
            let flipped = try judged(other, flips: &again)
            if flipped.status == .solved { reading = flipped }
        }
        return reading
    }
}
