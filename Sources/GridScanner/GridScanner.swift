// Offers: `GridScanner`, the pipeline from a photo to a `ScanResult`: decode,
// propose framings, cut cells, and (with a reader) read, choose and repair; a
// picture of light print on a dark ground (a phone in dark mode) is read as
// its negative.

import Basics
import Geometry
import GlyphModels
import GridVision
import ImageCodecs
import Raster
import SudokuCore
import TesseractOCR

/// Settings of a scan.
public struct ScanOptions: Sendable {
    /// Photos larger than this (long side, pixels) are read first at a smaller
    /// size: 1/2, 1/4 or 1/8 of the photo, the smallest whose long side is still
    /// at least this.
    public var decodeLongSide = 1000
    /// A photo not proven whose grid search ran on a copy at least
    /// `smallGridShrink` times smaller than the photo is scanned again, at the
    /// size with this long side, and searched with `GridLocator.smallGrids`: the grid
    /// may be a small part of a large photo (a whole page). A JPEG is decoded
    /// at 1/8, 2/8, 4/8 or 8/8 of its size, the smallest reaching this long side:
    /// a 12-megapixel photo (4608 or 4032 pixels long) at half its size, as
    /// the 2304-pixel copies of TestImages/phone are read whole. With 2400 it
    /// was decoded at full size (measured with `sudokit bench scan` on the 4
    /// photos of TestImages/phone-full against 640x480 photos, in one run:
    /// 9.95x -> 8.18x the CPU, peak memory 146 -> 90 MB; `eval` over the whole
    /// corpus changed in one photo, the 12-megapixel one of a 2304-pixel copy
    /// now read as that copy is).
    public var smallGridDecodeLongSide = 2000
    public var smallGridShrink = 4.0
    /// The pencil marks' small digits (`MarksReader`) are read from the photo
    /// at the size with at least this long side: a 12-megapixel photo at half
    /// its size (its grid's cells then 2 to 3 times finer than the cell
    /// pictures), where 2400 read it whole (peak memory 191 MB on the 4 photos
    /// of TestImages/phone-full, against 139 MB without marks). The photo is
    /// decoded once, at the largest of this, `smallGridDecodeLongSide` and
    /// `decodeLongSide`, and the smaller copies are shrunk from that decode by
    /// a box filter (`scan(bytes:source:)`).
    public var marksDecodeLongSide = 2000
    /// A picture whose median grey is below this is light print on a dark
    /// ground (a screenshot in dark mode) and is read as its negative first.
    /// Measured: dark-mode screenshots (TestImages/screenshots) have medians of
    /// 18 to 28; the darkest of the 488 photos of TestImages (newspaper, mixed,
    /// synthetic, phone) 58 (synthetic/dim-2), the next 67.
    public var negativeMedian: UInt8 = 50
    /// A picture not solved as read first is read the other way too (its
    /// negative, or as it is when its negative came first) when its median grey
    /// is below this, or when no grid was found in it: a dark-mode board on a
    /// lighter screen, a photo of a dark screen. 40 of those 488 photos have a
    /// median below 128; photos solved the first time never pay for it.
    /// Chosen by hand.
    public var otherPolarityMedian: UInt8 = 128
    /// Read the digits (false: locate the grid only, status `located`).
    public var read = true
    /// Also read every other grid seen in the photo (`ScanResult.otherReadings`).
    public var allGrids = false
    /// Most framings read before giving up on a proof.
    public var maxFramings = 4
    /// Folder holding `eng.traineddata`; nil: `TESSDATA_PREFIX`, else Debian's default.
    public var tessdata: String?
    /// A weights file for the digit classifier to read with instead of the
    /// built-in one (nil: built in); for measuring a model trained without the
    /// photos being read.
    public var classifierWeights: String?
    /// Likewise for the kind classifier (printed or handwritten).
    public var kindWeights: String?
    /// Likewise for the hand reader (the digits of handwritten entries).
    public var handWeights: String?
    /// The stages' tuning values (default: as measured; `sudokit eval --tuning`).
    public var tuning = Tuning()
    public init() {}
}

/// Scans photos one at a time. Not thread-safe: give each worker task its own.
public final class GridScanner {
    public let options: ScanOptions
    let locator: GridLocator
    let smallGridLocator: GridLocator
    let extractor: CellExtractor
    let reader: FramingReader
    /// Tesseract while it starts in the background (see `EngineStart`): nil
    /// once `recognizer()` has taken the engine (or its failure) into `engine`,
    /// and when reading is off.
    private var engineStart: EngineStart?
    private var engine: Result<TesseractEngine, ScanError>?
    /// The second, independent reader (the project's own classifier).
    let classifier: DigitClassifier
    /// Tells printed glyphs from handwritten ones.
    let kindClassifier: KindClassifier
    /// Reads the digits of the glyphs taken for handwritten entries: the one
    /// `options.handWeights` names, read at start; nil for the built-in one,
    /// decoded only when a photo first has entries to read (`HandReader.builtIn`).
    let handReader: HandReader?
    /// The trace the scan in progress fills; nil when no caller asked for one
    /// (see `scan(path:trace:)`).
    var trace: ScanTrace?
    /// Tesseract's readings of the glyphs of the photo being scanned, for its
    /// later framings (see `SeenGlyphs`); emptied when a photo's scan begins.
    var seen = SeenGlyphs()

    /// Tesseract starts on a thread of its own (`EngineStart`), so the first
    /// photo's decoding and framing overlap its set-up; should it fail there,
    /// `waitForReader()` throws it, and every photo with cells to read gets it as its error.
    /// - Throws: `ScanError.readerUnavailable` when reading is on and Tesseract's
    ///   language data is not there (no `eng.traineddata` where it was looked for);
    ///   `ScanError.badClassifierWeights` when `options.classifierWeights` or
    ///   `options.kindWeights` or `options.handWeights` names a file that cannot be read or is not a
    ///   weights file of its kind.
    public init(options: ScanOptions = ScanOptions()) throws(ScanError) {
        self.options = options
        locator = GridLocator(tuning: options.tuning.locator)
        smallGridLocator = GridLocator(tuning: options.tuning.smallGridLocator)
        extractor = CellExtractor(tuning: options.tuning.cells)
        reader = FramingReader(options.tuning)
        let customDigits = try Self.weights(options.classifierWeights, DigitClassifier.init(weights:))
        let customKinds = try Self.weights(options.kindWeights, KindClassifier.init(weights:))
        do throws(GlyphModelsError) {
            if let customDigits { classifier = customDigits } else { classifier = try DigitClassifier() }
            if let customKinds { kindClassifier = customKinds } else { kindClassifier = try KindClassifier() }
        } catch {
            throw .readerUnavailable(reason: "\(error)")
        }
        handReader = try Self.weights(options.handWeights, HandReader.init(weights:))
        engineStart = options.read ? try EngineStart(dataPath: options.tessdata) : nil
    }

    /// The model `decode` makes of the weights file at `path`; nil for no path.
    /// - Throws: `ScanError.badClassifierWeights` when the file cannot be read
    ///   or `decode` refuses it.
    static func weights<Model>(
        _ path: String?, _ decode: ([UInt8]) throws(GlyphModelsError) -> Model
    )
        throws(ScanError) -> Model?
    {
        guard let path else { return nil }
        let bytes = try weightsFile(path)
        do throws(GlyphModelsError) { return try decode(bytes) } catch {
            throw .badClassifierWeights(path: path, reason: "\(error)", unreadable: false)
        }
    }

    /// The bytes of the weights file at `path`.
    /// - Throws: `ScanError.badClassifierWeights` (unreadable) when it cannot be read.
    static func weightsFile(_ path: String) throws(ScanError) -> [UInt8] {
        do { return try FileBytes.read(atPath: path) } catch {
            throw .badClassifierWeights(path: path, reason: "\(error)", unreadable: true)
        }
    }

    /// Waits until the reader has started.
    /// - Throws: `ScanError.readerUnavailable` when it could not start.
    public func waitForReader() throws(ScanError) { _ = try recognizer() }

    /// The Tesseract engine, waited for the first time; nil when reading is off.
    /// - Throws: `ScanError.readerUnavailable` when it could not start.
    func recognizer() throws(ScanError) -> TesseractEngine? {
        if engine == nil, let engineStart {
            engine = engineStart.take()
            self.engineStart = nil
        }
        return try engine?.get()
    }

    /// Reads and scans the file at `path`; errors become a result with status `error`.
    public func scan(path: String) -> ScanResult {
        let start = Clocks.monotonicMilliseconds()
        var result: ScanResult
        do {
            let bytes = try FileBytes.read(atPath: path)
            result = scan(bytes: bytes, source: path)
        } catch {
            result = ScanResult(file: path, error: .decode(error))
        }
        result.milliseconds = Clocks.monotonicMilliseconds() - start
        return result
    }

    /// Decodes and scans an encoded photo.
    ///
    /// The photo is decoded once, at the finest size a stage asks for (the
    /// pencil marks' and the small-grid pass's), and the first pass's copy is
    /// shrunk from it: the entropy decoding of a JPEG, or the whole decoding of
    /// a HEIC or WebP, costs about the same at every size. The pencil marks are
    /// read once, for the result kept.
    public func scan(bytes: [UInt8], source: String) -> ScanResult {
        let start = Clocks.monotonicMilliseconds()
        seen = SeenGlyphs()
        var result: ScanResult
        do {
            let finest = try ImageDecoder.decode(
                bytes, source: source,
                options: DecodeOptions(
                    minLongSide: max(
                        options.decodeLongSide, options.smallGridDecodeLongSide, options.marksDecodeLongSide)))
            let decoded = finest.shrunk(toMinLongSide: options.decodeLongSide)
            // Set once a framing of the photo reads confidently upright (see
            // `FramingReader.rotation(of:)`), for every later framing of either pass.
            var upright = false
            let fine = FinePhoto(finest.shrunk(toMinLongSide: options.marksDecodeLongSide), coarse: decoded)
            var scanned = scan(
                image: decoded.image, source: source, scale: decoded.scale, locator: locator,
                photoUpright: &upright, fine: fine)
            if scanned.result.status != .solved && options.read && shrink(decoded, locator) >= options.smallGridShrink {
                let firstLook = trace?.kept
                let second = scan(
                    image: finest.shrunk(toMinLongSide: options.smallGridDecodeLongSide), source: source,
                    photoUpright: &upright)
                if Self.preferred(second.result, over: scanned.result) {
                    scanned = second
                } else {
                    trace?.kept = firstLook
                }
            }
            result = withMarks(scanned)
        } catch {
            result = ScanResult(file: source, error: .decode(error))
        }
        result.milliseconds = Clocks.monotonicMilliseconds() - start
        return result
    }

    /// The second pass of `scan(bytes:)`: the photo at `copy`'s finer size,
    /// searched for small grids (the grid may be a small part of a large photo).
    func scan(
        image copy: DecodedImage, source: String, photoUpright: inout Bool
    )
        -> (result: ScanResult, marks: PendingMarks?)
    {
        scan(
            image: copy.image, source: source, scale: copy.scale, locator: smallGridLocator, photoUpright: &photoUpright
        )
    }

    /// How many times smaller than the photo the locator's working copy of
    /// `decoded` is.
    func shrink(_ decoded: DecodedImage, _ locator: GridLocator) -> Double {
        let long = Double(max(decoded.image.width, decoded.image.height))
        let working = long / (long / Double(locator.tuning.workingLongSide)).rounded(.up)
        return long / decoded.scale / working
    }

    /// Whether a second scan's result `a` beats the first's `b`: a higher status
    /// (solved, unverified, located, no-grid), then fewer flagged cells.
    static func preferred(_ a: ScanResult, over b: ScanResult) -> Bool {
        func rank(_ s: ScanStatus) -> Int {
            switch s {
            case .solved: 4
            case .unverified: 3
            case .located: 2
            case .noGrid: 1
            case .error: 0
            }
        }
        if rank(a.status) != rank(b.status) { return rank(a.status) > rank(b.status) }
        return a.status == .unverified && a.flagged.count < b.flagged.count
    }

    /// Scans an upright photo. Coordinates in the result are multiplied by
    /// `1 / scale`, so they are pixels of the upright photo at full resolution
    /// when it was decoded at `scale`.
    public func scan(image: RGBImage, source: String, scale: Double = 1) -> ScanResult {
        seen = SeenGlyphs()
        var upright = false
        return withMarks(scan(image: image, source: source, scale: scale, locator: locator, photoUpright: &upright))
    }

    /// The pencil marks of a scan's chosen framing, read only for the result
    /// kept (`withMarks`): a photo read in both polarities, or in two passes,
    /// reads the marks of one reading, not of each (measured on the 4 photos of
    /// TestImages/phone-full: 12 to 34 ms of CPU a reading).
    struct PendingMarks {
        let best: (reading: FramingReading, quad: Quad, cells: GridCells)
        /// The picture the framing's quad is in (the negative, for a negative's reading).
        let photo: RGBImage
        let fine: FinePhoto?
    }

    /// `scanned.result` with the pencil marks of its pending marks read; a
    /// reading error makes it an error result.
    func withMarks(_ scanned: (result: ScanResult, marks: PendingMarks?)) -> ScanResult {
        var result = scanned.result
        guard let pending = scanned.marks else { return result }
        do {
            result.marks = try readMarks(pending.best, photo: pending.photo, fine: pending.fine)
        } catch {
            result.status = .error
            result.error = error as? ScanError ?? .readingFailed(source: result.file, reason: "\(error)")
        }
        return result
    }

    /// `photoUpright`: whether a framing of this photo read confidently upright,
    /// before this scan of it and after (see `chooseFraming`).
    /// `fine`: the photo decoded finer than `image`, for the pencil marks, which
    /// are left to read (`withMarks`) once the result is chosen.
    func scan(
        image: RGBImage, source: String, scale: Double, locator: GridLocator,
        photoUpright: inout Bool, fine: FinePhoto? = nil
    ) -> (result: ScanResult, marks: PendingMarks?) {
        let start = Clocks.monotonicMilliseconds()
        let gray = image.grayscale()
        let median = Histogram(of: gray).quantile(0.5)
        let negativeFirst = median < options.negativeMedian
        func read(negative: Bool) -> (result: ScanResult, marks: PendingMarks?) {
            negative
                ? scan(
                    image.negative(), gray.negative(), shown: image, source: source, scale: scale, locator: locator,
                    photoUpright: &photoUpright, negative: true)
                : scan(
                    image, gray, shown: image, source: source, scale: scale, locator: locator,
                    photoUpright: &photoUpright,
                    fine: fine)
        }
        var scanned = read(negative: negativeFirst)
        if options.read && scanned.result.status != .solved
            && (median < options.otherPolarityMedian || scanned.result.status == .noGrid)
        {
            let firstLook = trace?.kept
            let other = read(negative: !negativeFirst)
            if Self.preferred(other.result, over: scanned.result) { scanned = other } else { trace?.kept = firstLook }
        }
        scanned.result.milliseconds = Clocks.monotonicMilliseconds() - start
        return scanned
    }

    /// Scans `image` (and its grey copy `gray`) as it is: dark print on a light
    /// ground. `shown` is the picture a trace's overlays are drawn on (the
    /// photo, when `image` is its `negative`). The chosen framing's pencil marks
    /// are returned unread. With a trace, the look is added to it and kept,
    /// unless its reading fails.
    func scan(
        _ image: RGBImage, _ gray: GrayImage, shown: RGBImage, source: String, scale: Double,
        locator: GridLocator, photoUpright: inout Bool, fine: FinePhoto? = nil, negative: Bool = false
    )
        -> (result: ScanResult, marks: PendingMarks?)
    {
        let locateStart = trace == nil ? 0 : Clocks.threadCPUMilliseconds()
        let (candidates, mask) = locate(gray, with: locator)
        let locateMilliseconds = trace == nil ? 0 : Clocks.threadCPUMilliseconds() - locateStart
        var result = ScanResult(file: source, status: candidates.isEmpty ? .noGrid : .located)
        let toStored = 1 / scale
        func stored(_ q: Quad) -> Quad { Quad(q.corners.map { $0 * toStored }) }
        result.candidateQuads = candidates.map { stored($0.quad) }
        var chosen = candidates.first?.quad
        var chosenCells: GridCells?
        var marks: PendingMarks?
        var look = trace.map { _ in
            ScanTrace.Look(
                picture: shown, scale: scale, negative: negative, mask: mask, candidates: candidates,
                locateMilliseconds: locateMilliseconds)
        }
        if options.read {
            let best: (reading: FramingReading, quad: Quad, cells: GridCells)?
            do {
                best = try chooseFraming(gray, image, candidates, photoUpright: &photoUpright, look: &look)
            } catch let error as ScanError {
                result.status = .error
                result.error = error
                trace?.kept = nil
                return (result, nil)
            } catch {
                result.status = .error
                result.error = .readingFailed(source: source, reason: "\(error)")
                trace?.kept = nil
                return (result, nil)
            }
            if let best {
                Self.fill(&result, from: best.reading)
                chosen = best.quad.rotated(by: best.reading.rotation)
                chosenCells = best.cells
                marks = PendingMarks(best: best, photo: image, fine: fine)
            } else if !candidates.isEmpty {
                result.status = .noGrid
            }
        }
        result.corners = chosen.map(stored)
        if let chosen {
            let others = Self.otherGrids(candidates, chosen: chosen)
            result.otherGrids = others.map { OtherGrid(quad: stored($0[0].quad), score: $0[0].score) }
            if options.read && options.allGrids {
                for cluster in others {
                    var other = ScanResult(file: source, status: .noGrid)
                    other.corners = stored(cluster[0].quad)
                    var untraced: ScanTrace.Look?
                    if let best = try? chooseFraming(gray, image, cluster, photoUpright: &photoUpright, look: &untraced)
                    {
                        Self.fill(&other, from: best.reading)
                        other.corners = stored(best.quad.rotated(by: best.reading.rotation))
                    }
                    result.otherReadings.append(other)
                }
            }
        }
        if var look {
            if let best = marks?.best {
                look.rotation = best.reading.rotation
                look.glyphs = best.reading.glyphs
                look.cellsMilliseconds = look.tried.first { $0.quad == best.quad }?.cellsMilliseconds ?? 0
            } else if let chosen {
                // No framing was read (a scan that locates only, or none could be
                // cut): the chosen one's cells are cut here, for the trace alone.
                let start = Clocks.threadCPUMilliseconds()
                chosenCells = extractor.extract(from: gray, quad: chosen)
                look.cellsMilliseconds = Clocks.threadCPUMilliseconds() - start
            }
            look.chosen = chosen
            look.cells = chosenCells
            let index = trace?.looks.count
            trace?.looks.append(look)
            trace?.kept = index
        }
        return (result, marks)
    }

    /// The locator's candidates for `gray`, best first, and its ink mask when a
    /// trace is being filled (nil otherwise, or when the picture is too small).
    func locate(_ gray: GrayImage, with locator: GridLocator) -> (candidates: [GridCandidate], mask: BinaryImage?) {
        guard let working = locator.workingImages(gray) else { return ([], nil) }
        return (locator.locate(in: working), trace == nil ? nil : working.mask)
    }

    /// Puts a framing's reading into `result`: its status, boards, flags and
    /// the player's entries checked against a proven solution.
    static func fill(_ result: inout ScanResult, from r: FramingReading) {
        result.status = r.status
        result.puzzle = board(r.puzzle)
        result.solution = r.solution.map(board)
        result.flagged = r.flagged
        result.repairs = r.repairs
        result.votes = r.votes
        result.kinds = r.kinds
        result.kindConfidence = r.kindConfidence
        result.kindsSettledByPuzzle = r.kindsSettledByPuzzle.map { Cell(index: $0) }
        result.entries = r.entries
        result.doubtfulEntries = r.doubtfulEntries.map { Cell(index: $0) }
        result.entryEvidence = (r.plausibleEntries, r.confirmedEntries)
        if let solution = r.solution, r.status == .solved {
            let check = PlayerEntries.check(
                entries: r.entries, doubtful: Set(r.doubtfulEntries),
                plausible: r.plausibleEntries, confirmed: r.confirmedEntries,
                puzzle: r.puzzle, solution: solution)
            result.wrongEntries = check.wrong
            result.entryConflicts = check.conflicts
            result.doubtfulEntries = (r.doubtfulEntries + check.doubtful).sorted().map { Cell(index: $0) }
            result.doubtfulClashes = check.clashes
        }
    }

    /// The candidates that frame other grids than `chosen`, grouped by grid (the
    /// best framing of each first), grids in the locator's order. A candidate
    /// frames another grid when its bounding box and the chosen one's barely
    /// overlap (less than `otherGridOverlap` of the smaller), its area is at
    /// least `otherGridArea` of the chosen one's, and it scores at least
    /// `otherGridScore` as a grid: a second puzzle on the page (or a crossword),
    /// not a framing of the same grid, of the page around it, or a boxed notice.
    static func otherGrids(_ candidates: [GridCandidate], chosen: Quad) -> [[GridCandidate]] {
        var groups: [[GridCandidate]] = []
        for c in candidates
        where c.score >= otherGridScore && c.quad.area >= otherGridArea * chosen.area
            && boxOverlap(c.quad, chosen) < otherGridOverlap
        {
            if let k = groups.firstIndex(where: { boxOverlap($0[0].quad, c.quad) >= otherGridOverlap }) {
                groups[k].append(c)
            } else {
                groups.append([c])
            }
        }
        return groups
    }

    /// Two framings with less of their bounding boxes in common than this share
    /// of the smaller box frame different grids. No measurement recorded.
    static let otherGridOverlap = 0.1
    /// The locator's score a second grid needs: on the training photos (TestImages),
    /// boxed notices and grids cut by the photo's edge scored 0.2-0.4, whole
    /// second grids (puzzles, printed solutions, crosswords) 0.6-0.9.
    static let otherGridScore = 0.5
    /// A second grid is at least this share of the chosen grid's area (a puzzle
    /// printed smaller beside it, not a detail of the page). No measurement recorded.
    static let otherGridArea = 0.04

    /// The share of the smaller of two quads' bounding boxes that the boxes have in common.
    static func boxOverlap(_ a: Quad, _ b: Quad) -> Double {
        func box(_ q: Quad) -> (x0: Double, y0: Double, x1: Double, y1: Double) {
            (q.corners.map(\.x).min()!, q.corners.map(\.y).min()!, q.corners.map(\.x).max()!, q.corners.map(\.y).max()!)
        }
        let p = box(a), q = box(b)
        let w = max(0, min(p.x1, q.x1) - max(p.x0, q.x0)), h = max(0, min(p.y1, q.y1) - max(p.y0, q.y0))
        let smaller = min((p.x1 - p.x0) * (p.y1 - p.y0), (q.x1 - q.x0) * (q.y1 - q.y0))
        return smaller > 0 ? w * h / smaller : 0
    }

    /// The pencil marks of the framing `best` read, read from `fine` when
    /// given (the photo decoded finer than `photo`, which the framing's quad is
    /// in): small digits are a few pixels high in the cell pictures.
    func readMarks(
        _ best: (reading: FramingReading, quad: Quad, cells: GridCells), photo: RGBImage,
        fine: FinePhoto?
    ) throws -> [CellMarks] {
        let cells = best.reading.kinds.indices.filter { best.reading.kinds[$0] == .marks }
        guard !cells.isEmpty, let recognizer = try recognizer() else { return [] }
        var (image, quad) = (photo, best.quad)
        if let f = fine {
            image = f.image
            quad = Quad(best.quad.corners.map { $0 * f.factor })
        }
        let printHeight = best.reading.printHeight * Double(best.cells.cellSize)
        return try reader.marksReader.read(
            cells, cells: best.cells, rotation: best.reading.rotation, printHeight: printHeight,
            photo: image, toPhoto: InkColour.framing(quad, cells: best.cells),
            recognizer: recognizer, hands: try handReader ?? HandReader())
    }

    /// The framing `scan(image:)` keeps: the first `maxFramings` candidates are
    /// read in the locator's order, the first proven one wins, else the best by
    /// `better(_:than:)`. Nil when no candidate's cells could be cut. Tesseract
    /// is waited for only once the first framing's cells are cut. Once a framing
    /// reads confidently upright, `photoUpright` is set, and later framings of the
    /// photo are not read in other rotations (`FramingReader.rotation(of:)`).
    /// A glyph an earlier framing of the photo read, in either pass, and both
    /// readers agreed on is not given to Tesseract again (`seen`, `SeenGlyphs`).
    /// With a trace's `look`, each framing read is added to its `tried`, its
    /// glyphs kept.
    /// - Throws: `ScanError.readerUnavailable` when Tesseract could not start;
    ///   a reading error otherwise.
    func chooseFraming(
        _ gray: GrayImage, _ photo: RGBImage, _ candidates: [GridCandidate], photoUpright: inout Bool,
        look: inout ScanTrace.Look?
    ) throws -> (reading: FramingReading, quad: Quad, cells: GridCells)? {
        var best: (reading: FramingReading, quad: Quad, cells: GridCells)?
        for candidate in candidates.prefix(options.maxFramings) {
            let start = look == nil ? 0 : Clocks.threadCPUMilliseconds()
            let cut = extractor.extract(from: gray, quad: candidate.quad)
            let cutMilliseconds = look == nil ? 0 : Clocks.threadCPUMilliseconds() - start
            guard let cells = cut else {
                look?.tried.append(
                    ScanTrace.Framing(quad: candidate.quad, reading: nil, cellsMilliseconds: cutMilliseconds))
                continue
            }
            guard let recognizer = try recognizer() else { return nil }
            let reading = try reader.read(
                cells, recognizer: recognizer, classifier: classifier, kinds: kindClassifier,
                hands: handReader, colour: (photo, candidate.quad), photoUpright: photoUpright,
                keepGlyphs: look != nil, seen: &seen)
            look?.tried.append(
                ScanTrace.Framing(quad: candidate.quad, reading: reading, cellsMilliseconds: cutMilliseconds))
            if reading.confidentlyUpright { photoUpright = true }
            if best == nil || Self.better(reading, than: best!.reading) { best = (reading, candidate.quad, cells) }
            if reading.status == .solved { break }
        }
        return best
    }

    /// Whether a later framing's reading `a` beats an earlier one's `b`, decided by
    /// the first of these on which they differ: being proven (`solved`); then
    /// holding a puzzle's number of digits (17 to 50: a filled solution grid in the
    /// frame is not a puzzle); then having a unique solution; then, between
    /// boards not proven, fewer cells flagged (fewer cells to check). When they
    /// agree on all four, `a` does not win and the locator's ranking stands.
    static func better(_ a: FramingReading, than b: FramingReading) -> Bool {
        func rank(_ r: FramingReading) -> (Int, Int, Int, Int) {
            (
                r.status == .solved ? 1 : 0, (17...50).contains(r.digits) ? 1 : 0, r.isUnique ? 1 : 0,
                -r.flagged.count
            )
        }
        return rank(a) > rank(b)
    }

    /// A board the reader built: 81 values in 0...9 by construction, so a failure
    /// here is a bug in this module, not bad input.
    static func board(_ cells: [UInt8]) -> Grid {
        do { return try Grid(cells: cells) } catch {
            preconditionFailure("the framing reader built an invalid board: \(error)")
        }
    }
}
