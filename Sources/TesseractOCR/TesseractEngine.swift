// Offers: `TesseractEngine`, a `DigitRecognizer` on libtesseract's LSTM, with
// its measured settings (`TesseractEngine.Options`).
//
// Measured on newspaper-train (152 photos, 4428 digits; true corners, warp to
// 504x504, glyph box + 5 % margin; Tesseract 5.3.0, Debian eng.traineddata,
// OMP_THREAD_LIMIT=1, CPU ms per glyph):
//   default (PSM 13, stretch, pad 0.2, blur 1, retry 24 px/pad 0.1)  94.2 %  nothing 2.8 %  1.2 ms
//   same without retry                                               93.1 %  nothing 4.3 %  1.15 ms
//   same without retry and blur                                      92.8 %  nothing 4.3 %  1.1 ms
//   PSM 10 (= PSM 7 for one glyph)                                   80.6 %  nothing 17.9 %
//   PSM 8                                                            87.7 %  nothing 9.7 %
//   strip of 9 glyphs, PSM 7, gap 0.3 x height                       93.9 %  nothing 0.8 %  1.05 ms
// Strips read more glyphs (fewer "nothing", 97.4 % right in the top two) but
// more of them wrong (5.3 % against 3.0 %), and a glyph's reading then depends
// on its neighbours (strips of 3 or 81: 88 %), so one glyph per call is the
// default and `.strip` an option. Without OMP_THREAD_LIMIT=1 a glyph takes
// about 7.7 ms instead of 1.3 ms (same readings).
//
// Where a recognition's time goes (perf, the 4 12-megapixel phone photos):
// about three quarters in the LSTM's forward pass, whose cost grows with the
// glyph's width at the network's 36-pixel input height, the rest in Tesseract's
// per-call layout, line-image and beam-search work. Tesseract 5.3 runs the
// network a second time on the inverted image when the line's mean best output
// is below `invert_threshold` (0.7): 149 of the 674 recognitions of those photos.
// Measured on the whole eval corpus, and not taken:
//   tessedit_do_invert=0: up to 3 % of the phone photos' readings change; cell accuracy 99.862 ->
//     99.857 %, entries read right 9268 -> 9252 of 9333;
//   strips of 9 (gap 0.3), each glyph taking the one symbol centred in its slot
//     and lying wholly in it, any other read alone: no photo less exact, but 16
//     photos no longer solved (441 -> 425), and the phone photos' recognitions
//     took no less time (a strip is about as wide as its glyphs read one by one).
// Crops read twice on the same pixels were 0 of the phone photos' recognitions
// (the rotation check's, on turned puzzles, are no longer read twice).

internal import CTesseract
import Raster

/// Reads sudoku digits with Tesseract's LSTM engine, restricted to `1`...`9`.
///
/// Thread-safety: not `Sendable`. A Tesseract handle must not be used from two
/// threads, so create one engine per worker task, inside that task, and send only
/// the `DigitReading` values across tasks. Creating an engine loads the language
/// data (tens of milliseconds); reuse it for every glyph the task reads.
///
/// Tesseract's OpenMP threads slow single glyphs down; run with
/// `OMP_THREAD_LIMIT=1` (see `OpenMPRuntime`).
public final class TesseractEngine: DigitRecognizer {
    /// Tesseract page segmentation modes that make sense for digits.
    public enum PageSegMode: Int, Sendable, Hashable, CaseIterable {
        case singleLine = 7
        case singleWord = 8
        case singleChar = 10
        /// A line, bypassing Tesseract's layout analysis.
        case rawLine = 13
    }

    /// How `read(_ crops:)` feeds glyphs to Tesseract.
    public enum Batching: Sendable, Hashable {
        /// One recognition per glyph.
        case perGlyph
        /// Up to `count` glyphs side by side in one image, `gap` × glyph height
        /// of white between them, one recognition per strip.
        case strip(count: Int, gap: Double)
    }

    /// Engine settings; the defaults are the measured best (see the file's header).
    public struct Options: Sendable, Hashable {
        public var pageSegMode: PageSegMode
        public var normalizer: GlyphNormalizer.Options
        /// Tesseract's `lstm_choice_mode`: 0 off, 1 every timestep's choices,
        /// 2 the best choices per character. Alternatives need 1 or 2.
        public var choiceMode: Int
        public var batching: Batching
        /// A second way to read a glyph that the first read as nothing, or nil.
        public var retry: Retry?
        public var language: String

        public init(
            pageSegMode: PageSegMode = .rawLine,
            normalizer: GlyphNormalizer.Options = GlyphNormalizer.Options(),
            choiceMode: Int = 2,
            batching: Batching = .perGlyph,
            retry: Retry? = .smallGlyph,
            language: String = "eng"
        ) {
            self.retry = retry
            self.pageSegMode = pageSegMode
            self.normalizer = normalizer
            self.choiceMode = choiceMode
            self.batching = batching
            self.language = language
        }
    }

    /// A second reading for glyphs the first reading returned nothing for.
    public struct Retry: Sendable, Hashable {
        public var pageSegMode: PageSegMode
        public var normalizer: GlyphNormalizer.Options

        public init(pageSegMode: PageSegMode, normalizer: GlyphNormalizer.Options) {
            self.pageSegMode = pageSegMode
            self.normalizer = normalizer
        }

        /// The measured best retry: the glyph scaled to 24 px high, 0.1 × height
        /// of padding, no blur, raw line. It recovers about a third of the glyphs
        /// the default reading returns nothing for.
        public static let smallGlyph = Retry(
            pageSegMode: .rawLine, normalizer: GlyphNormalizer.Options(padding: 0.1, glyphHeight: 24, blur: 0))
    }

    public let options: Options
    /// The tessdata folder in use.
    public let tessdata: TessdataLocation
    private let handle: TesseractHandle

    /// Loads the language data and applies `options`.
    /// - Parameter dataPath: the folder holding `eng.traineddata`; nil uses
    ///   `TESSDATA_PREFIX`, else `/usr/share/tesseract-ocr/5/tessdata`.
    /// - Throws: `TesseractOCRError.trainedDataMissing` naming the file looked for,
    ///   `.initFailed`, `.variableRejected`.
    public init(dataPath: String? = nil, options: Options = Options()) throws {
        self.options = options
        self.tessdata = TessdataLocation(explicitPath: dataPath)
        handle = try TesseractHandle(location: tessdata, language: options.language)
        try handle.setVariable("tessedit_char_whitelist", "123456789")
        try handle.setVariable("lstm_choice_mode", String(options.choiceMode))
    }

    /// Throws `TesseractOCRError.trainedDataMissing` (as `init` would) when the
    /// language data is not where `init(dataPath:)` would look; touches no engine.
    public static func checkLanguageData(dataPath: String?, language: String = Options().language) throws {
        let location = TessdataLocation(explicitPath: dataPath)
        guard location.hasTrainedData(language: language) else {
            throw TesseractOCRError.trainedDataMissing(
                path: location.trainedDataFile(language: language),
                source: location.source)
        }
    }

    private func recognize(_ image: GrayImage, _ mode: PageSegMode) throws -> [TesseractSymbol] {
        // The setting is the calling thread's own: made here, every thread that reads has it.
        OpenMPRuntime.applySerializationToThisThread()
        handle.setPageSegMode(TessPageSegMode(UInt32(mode.rawValue)))
        return try handle.recognize(image)
    }

    /// The libtesseract version, from `TessVersion`.
    public static var version: String { TesseractHandle.version }

    public func read(_ crop: GrayImage) throws -> DigitReading {
        guard crop.width > 0, crop.height > 0 else { return .nothing }
        let glyph = GlyphNormalizer.normalize(crop, options: options.normalizer)
        let reading = Self.reading(from: try recognize(glyph, options.pageSegMode))
        guard reading.digit == 0, let retry = options.retry else { return reading }
        return Self.reading(
            from: try recognize(GlyphNormalizer.normalize(crop, options: retry.normalizer), retry.pageSegMode))
    }

    public func read(_ crops: [GrayImage]) throws -> [DigitReading] {
        guard case let .strip(count, gap) = options.batching, count > 1 else {
            return try crops.map { try read($0) }
        }
        var readings: [DigitReading] = []
        readings.reserveCapacity(crops.count)
        var start = 0
        while start < crops.count {
            let end = min(crops.count, start + count)
            readings += try readStrip(Array(crops[start..<end]), gap: gap)
            start = end
        }
        return readings
    }

    /// Reads glyphs side by side in one image and gives each symbol to the glyph
    /// whose slot holds the symbol's centre.
    private func readStrip(_ crops: [GrayImage], gap: Double) throws -> [DigitReading] {
        var normalizer = options.normalizer
        normalizer.padding = 0
        if normalizer.glyphHeight == nil { normalizer.glyphHeight = 32 }
        let glyphs = crops.map { crop in
            crop.width > 0 && crop.height > 0
                ? GlyphNormalizer.normalize(crop, options: normalizer) : GrayImage(width: 1, height: 1, fill: 255)
        }
        let height = glyphs.map(\.height).max() ?? 1
        let space = max(1, Int((Double(height) * gap).rounded()))
        let border = max(1, Int((Double(height) * options.normalizer.padding).rounded()))
        let width = glyphs.reduce(2 * border - space) { $0 + $1.width + space }
        var strip = GrayImage(width: width, height: height + 2 * border, fill: 255)
        var slots: [Range<Int>] = []
        var x = border
        for g in glyphs {
            let top = border + (height - g.height) / 2
            for yy in 0..<g.height {
                for xx in 0..<g.width { strip[x + xx, top + yy] = g[xx, yy] }
            }
            // A slot reaches halfway into the gaps on either side.
            slots.append((x - space / 2)..<(x + g.width + space - space / 2))
            x += g.width + space
        }
        let symbols = try recognize(strip, options.pageSegMode)
        return try zip(crops, slots).map { crop, slot in
            let reading = Self.reading(from: symbols.filter { slot.contains(($0.box.left + $0.box.right) / 2) })
            guard reading.digit == 0, let retry = options.retry, crop.width > 0, crop.height > 0 else { return reading }
            return Self.reading(
                from: try recognize(GlyphNormalizer.normalize(crop, options: retry.normalizer), retry.pageSegMode))
        }
    }

    /// The best digit symbol and its ranked choices; `.nothing` without one.
    static func reading(from symbols: [TesseractSymbol]) -> DigitReading {
        let digitSymbols = symbols.compactMap { s -> (Int, TesseractSymbol)? in
            guard let d = Int(s.text), (1...9).contains(d) else { return nil }
            return (d, s)
        }
        guard let (digit, best) = digitSymbols.max(by: { $0.1.confidence < $1.1.confidence }) else {
            return .nothing
        }
        let confidence = max(0, min(100, best.confidence))
        var alternatives = [DigitChoice(digit: digit, confidence: confidence)]
        var seen: Set<Int> = [digit]
        let ranked = best.choices
            .compactMap { c -> DigitChoice? in
                guard let d = Int(c.text), (1...9).contains(d) else { return nil }
                return DigitChoice(digit: d, confidence: max(0, min(confidence, c.confidence)))
            }
            .sorted { $0.confidence > $1.confidence }
        for choice in ranked where seen.insert(choice.digit).inserted {
            alternatives.append(choice)
        }
        return DigitReading(digit: digit, confidence: confidence, alternatives: alternatives)
    }
}
