// Offers: `BenchClassifyCommand`, `sudokit bench classify IMAGE|DIR...`: speed of
// the digit classifier on the glyphs the scanner cuts from each photo, on one
// core, and how often it agrees with Tesseract.

import ArgumentParsing
import DigitClassifier
import GridScanner
import SudokuCore

struct BenchClassifyCommand: Command {
    struct Arguments: ParsableArguments {
        var inputs: [String] = []
        var runs = 20
        var format = ReportFormat.text
        var tessdata = TessdataOption()

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...10_000, help: "Timed runs per photo (default 20)."),
                .reportFormat(\.format, json: "one object per photo and one for all, with glyphs, photo_ms, "
                    + "glyph_us, agree_tesseract"),
            ] + Option.group(\.tessdata)
        }

        static var positionals: Positionals<Self>? {
            Positionals("image-or-dir", \.inputs, minimum: 1, help: "A PNG or JPEG photo, or a folder of photos.")
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
            The weights in use are named first (file name, size, SHA-256).
            """,
        exitStatus: [("0", "measured"), ("65", "a photo is not a usable image"), ("66", "a photo cannot be opened"),
                     ("69", "the digit reader or the classifier cannot start")],
        examples: ["sudokit bench classify TestImages/newspaper", "sudokit bench classify --runs 50 photo.jpg"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let inputs = InputWalker.expand(a.inputs, recursive: false)
        for line in inputs.skipped { Console.note(line) }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput("no PNG or JPEG photo in \(a.inputs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let classifier: DigitClassifier
        do throws(DigitClassifierError) { classifier = try DigitClassifier() } catch {
            throw CLIError(message: error.description, code: .unavailable)
        }
        var options = ScanOptions()
        options.tessdata = a.tessdata.path
        let scanner: GridScanner
        do throws(ScanError) { scanner = try GridScanner(options: options) } catch {
            throw CLIError(message: "\(error) (run scripts/setup, or give --tessdata DIR)", code: error.exitCode)
        }
        let ms = Statistics.twoDecimals
        if a.format == .text {
            Console.out("weights: \(DigitClassifier.builtInWeightsName).bin, \(classifier.weightsByteCount) bytes, "
                + "SHA-256 \(classifier.weightsSHA256)")
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
            var predictions: [DigitPrediction] = []
            for run in 0...a.runs {
                let start = Clocks.threadCPUMilliseconds()
                predictions = classifier.classify(crops)
                if run > 0 { times.append(Clocks.threadCPUMilliseconds() - start) }
            }
            let agree = zip(glyphs, predictions).filter { $0.0.digit == $0.1.digit }.count
            let photo = Statistics.median(times)
            let perGlyph = crops.isEmpty ? 0 : photo * 1000 / Double(crops.count)
            photoTimes.append(photo)
            glyphCount += crops.count
            switch a.format {
            case .json:
                Console.out(JSONText.object([("file", JSONText.quoted(path)), ("glyphs", String(crops.count)),
                                             ("photo_ms", ms(photo)), ("glyph_us", oneDecimal(perGlyph)),
                                             ("agree_tesseract", String(agree))]))
            case .text:
                Console.out("\(path): \(crops.count) glyphs, \(ms(photo)) ms per photo, \(oneDecimal(perGlyph)) us "
                    + "per glyph, agrees with Tesseract on \(agree)")
            }
        }
        guard !photoTimes.isEmpty else { return worst }
        let median = Statistics.median(photoTimes), p90 = Statistics.quantile(photoTimes, 0.9)
        let perGlyph = glyphCount == 0 ? 0 : photoTimes.reduce(0, +) * 1000 / Double(glyphCount)
        switch a.format {
        case .json:
            Console.out(JSONText.object([
                ("photos", String(photoTimes.count)), ("glyphs", String(glyphCount)),
                ("photo_ms", ms(median)), ("photo_p90_ms", ms(p90)), ("glyph_us", oneDecimal(perGlyph)),
                ("weights_sha256", JSONText.quoted(classifier.weightsSHA256)),
            ]))
        case .text:
            Console.out("all: \(photoTimes.count) photos, \(glyphCount) glyphs, median \(ms(median)) ms per photo "
                + "(p90 \(ms(p90)) ms), \(oneDecimal(perGlyph)) us per glyph")
        }
        return worst
    }

    static func oneDecimal(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
