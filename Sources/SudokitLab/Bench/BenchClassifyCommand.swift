// Offers: `BenchClassifyCommand`, `sudokit-lab bench classify IMAGE|DIR...`: speed of
// the digit classifier (or, with --model kinds or hand, the kind classifier or
// the hand reader) on the
// glyphs the scanner cuts from each photo, on one core, and how often it agrees
// with Tesseract.

import ArgumentParsing
import Basics
import GlyphModels
import GridScanner
import Raster
import SudokitCommands
import SudokuCore

struct BenchClassifyCommand: Command {
    /// Which of the module's three models is timed.
    enum Model: String, CaseIterable, ArgumentValue {
        case digits, kinds, hand
    }

    struct Arguments: ParsableArguments {
        var inputs: [String] = []
        var runs = 20
        var model = Model.digits
        var format = ListFormat.text
        var tessdata = TessdataOption()

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...10_000, help: "Timed runs per photo (default 20)."),
                .value(
                    "model", \.model, valueName: "model",
                    help:
                        "digits (default): the digit classifier; kinds: the kind classifier (printed or "
                        + "handwritten); hand: the hand reader (handwritten entries)."
                ),
                .listFormat(
                    \.format,
                    record: "an object per photo and one for all, with glyphs, photo_ms, "
                        + "glyph_us, agree_tesseract (and handwritten with --model kinds)"),
            ] + Option.group(\.tessdata)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "image-or-dir", \.inputs, minimum: 1,
                help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP photo, or a folder of photos.")
        }

        func validate() throws(UsageError) {
            if inputs.contains("-") { throw UsageError("'-' is not read here: give photo files or folders") }
        }
    }

    static let help = CommandHelp(
        name: "bench classify",
        abstract: "Digit classifier speed: CPU time to classify every glyph of a photo, on one core.",
        discussion: """
            Scans each photo as 'scan' does (not timed) and takes the glyph crops of the
            chosen framing, then classifies all of them --runs times on this thread,
            after one untimed run. Prints per photo the median CPU time for its glyphs
            and per glyph, and how many of the classifier's digits agree with
            Tesseract's reading; then the median and 90th percentile over the photos:
              TestImages/newspaper/image1.jpg: 28 glyphs, 0.42 ms per photo, 15.0 us per glyph, agrees with Tesseract on 28
              all: 160 photos, 4660 glyphs, median 0.41 ms per photo (p90 0.52 ms), 14.1 us per glyph
            The weights in use are named first (file name, size, SHA-256). With --model
            kinds the kind classifier is timed instead: its digit (printed and handwritten
            classes summed) is compared with Tesseract's, and each photo's line ends with
            the glyphs it reads as handwritten (handwritten > 0.5), e.g. ", handwritten 52".
            With --model hand the hand reader is timed on every glyph (the scan runs it only
            on those taken for entries).
            """,
        exitStatus: [
            ("0", "measured"), ("65", "a photo is not a usable image"), ("66", "a photo cannot be opened"),
            ("69", "the digit reader or the classifier cannot start"),
        ],
        examples: [
            "sudokit-lab bench classify TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench classify --runs 50 TestImages/newspaper/image1.jpg",
            "sudokit-lab bench classify --model kinds TestImages/mixed/image1?.jpg",
            "sudokit-lab bench classify --model hand TestImages/mixed/image1?.jpg",
        ])

    /// The classifier under test, behind one call: the digits it reads for a
    /// photo's crops and how many it calls handwritten (nil for the digit classifier).
    struct Timed: Sendable {
        var name: String
        var byteCount: Int
        var sha256: String
        var classify: @Sendable ([GrayImage]) -> (digits: [Int], handwritten: Int?)
    }

    static func timed(_ model: Model) throws(CLIError) -> Timed {
        do throws(GlyphModelsError) {
            switch model {
            case .digits:
                let c = try DigitClassifier()
                return Timed(
                    name: DigitClassifier.builtInWeightsName, byteCount: c.weightsByteCount,
                    sha256: c.weightsSHA256
                ) { crops in (c.classify(crops).map(\.digit), nil) }
            case .kinds:
                let c = try KindClassifier()
                return Timed(
                    name: KindClassifier.builtInWeightsName, byteCount: c.weightsByteCount,
                    sha256: c.weightsSHA256
                ) { crops in
                    let p = c.classify(crops)
                    return (p.map { $0.notDigit >= 0.5 ? 0 : $0.digit }, p.filter { $0.handwritten > 0.5 }.count)
                }
            case .hand:
                let h = try HandReader()
                return Timed(
                    name: HandReader.builtInWeightsName, byteCount: h.weightsByteCount,
                    sha256: h.weightsSHA256
                ) { crops in (crops.map { h.read($0).digit }, nil) }
            }
        } catch {
            throw CLIError(message: error.description, code: .unavailable)
        }
    }

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var records = a.format.records
        defer { records?.finish() }
        let inputs = InputWalker.expand(a.inputs, recursive: false)
        for line in inputs.skipped { Console.note(line) }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput(
                "no PNG, JPEG, HEIF, AVIF or WebP photo in \(a.inputs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let classifier = try timed(a.model)
        var options = ScanOptions()
        options.tessdata = a.tessdata.path
        let scanner: GridScanner
        do throws(ScanError) { scanner = try GridScanner(options: options) } catch {
            throw CLIError(message: "\(error) (run scripts/setup, or give --tessdata DIR)", code: error.exitCode)
        }
        let ms: (Double) -> String = { DecimalText.scaled($0, places: 2) }
        if a.format == .text {
            Console.out("weights: \(classifier.name).bin, \(classifier.byteCount) bytes, SHA-256 \(classifier.sha256)")
        }
        var worst = ExitCode.success
        var photoTimes: [Double] = [], glyphCount = 0
        for path in inputs.photos {
            let export = scanner.exportGlyphs(path: path)
            if let error = export.error {
                Console.error(error.description)
                worst = ExitCode.worst(worst, CLIError(error).code)
                continue
            }
            let glyphs = export.glyphs.filter { $0.crop != nil }
            let crops = glyphs.map { $0.crop! }
            var times: [Double] = []
            var read: (digits: [Int], handwritten: Int?) = ([], nil)
            for run in 0...a.runs {
                let start = Clocks.threadCPUMilliseconds()
                read = classifier.classify(crops)
                if run > 0 { times.append(Clocks.threadCPUMilliseconds() - start) }
            }
            let agree = zip(glyphs, read.digits).filter { $0.0.digit == $0.1 }.count
            let photo = Statistics.median(times)
            let perGlyph = crops.isEmpty ? 0 : photo * 1000 / Double(crops.count)
            photoTimes.append(photo)
            glyphCount += crops.count
            switch a.format {
            case .json, .jsonl:
                records?.print(
                    JSONText.object(
                        [
                            ("file", JSONText.quoted(path)), ("glyphs", String(crops.count)),
                            ("photo_ms", ms(photo)), ("glyph_us", DecimalText.scaled(perGlyph, places: 1)),
                            ("agree_tesseract", String(agree)),
                        ]
                            + (read.handwritten.map { [("handwritten", String($0))] } ?? [])))
            case .text:
                Console.out(
                    "\(path): \(crops.count) glyphs, \(ms(photo)) ms per photo, "
                        + "\(DecimalText.scaled(perGlyph, places: 1)) us "
                        + "per glyph, agrees with Tesseract on \(agree)"
                        + (read.handwritten.map { ", handwritten \($0)" } ?? ""))
            }
        }
        guard !photoTimes.isEmpty else { return worst }
        let median = Statistics.median(photoTimes), p90 = Statistics.quantile(photoTimes, 0.9)
        let perGlyph = glyphCount == 0 ? 0 : photoTimes.reduce(0, +) * 1000 / Double(glyphCount)
        switch a.format {
        case .json, .jsonl:
            records?.print(
                JSONText.object([
                    ("photos", String(photoTimes.count)), ("glyphs", String(glyphCount)),
                    ("photo_ms", ms(median)), ("photo_p90_ms", ms(p90)),
                    ("glyph_us", DecimalText.scaled(perGlyph, places: 1)),
                    ("weights_sha256", JSONText.quoted(classifier.sha256)),
                ]))
        case .text:
            Console.out(
                "all: \(photoTimes.count) photos, \(glyphCount) glyphs, median \(ms(median)) ms per photo "
                    + "(p90 \(ms(p90)) ms), \(DecimalText.scaled(perGlyph, places: 1)) us per glyph")
        }
        return worst
    }
}
