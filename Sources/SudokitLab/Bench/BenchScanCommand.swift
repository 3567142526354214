// Offers: `BenchScanCommand`, `sudokit-lab bench scan IMAGE-OR-DIR...`: the CPU time
// of a whole scan (reading the file, decoding, every pass, reading the digits)
// per photo, large photos against reference-sized ones measured side by side in
// one process, and the process's peak memory.

import ArgumentParsing
import Basics
import GridScanner
import ImageCodecs
import SudokitCommands
import SudokuCore

#if canImport(Glibc)
    import Glibc
#endif

struct BenchScanCommand: Command {
    struct Arguments: ParsableArguments {
        var inputs: [String] = []
        var runs = 3
        var reference = "640x480"
        var format = ListFormat.text
        var tessdata = TessdataOption()

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...1000, help: "Timed rounds over every photo (default 3)."),
                .value(
                    "reference", \.reference, valueName: "WxH",
                    help: "The stored size the other photos are compared with (default 640x480, either way round)."),
                .listFormat(
                    \.format,
                    record: "an object per photo size, then one with the comparison: "
                        + "reference_ms, large_photos, large_ms, median_ratio, max_ratio, max_ratio_file, "
                        + "start_rss_mb, peak_rss_mb"),
            ] + Option.group(\.tessdata)
        }

        static var positionals: Positionals<Self>? {
            Positionals("image-or-dir", \.inputs, minimum: 1, help: "A PNG or JPEG photo, or a folder of photos.")
        }
    }

    /// Photos of at least this many pixels are the large ones compared with the
    /// reference (a 12-megapixel phone photo has 12.0 to 15.9 million).
    static let largePixels = 10_000_000

    static let help = CommandHelp(
        name: "bench scan",
        abstract:
            "Whole-scan CPU time per photo: large photos against reference-sized ones, side by side, and peak memory.",
        discussion: """
            Starts one scanner (as 'scan --jobs 1' does, Tesseract started before any
            timing), scans every photo once untimed, then --runs rounds of every photo in
            the order given, each scan timed by the process's CPU clock: reading the
            file, decoding, every pass and the reading of the digits, as 'scan' does
            per photo. Rounds alternate the photos, so a change in the machine's speed
            touches large and small photos alike. Prints the median per photo size,
            then the median of the photos of 10 megapixels or more against the
            median of the --reference photos (the ratio), the largest photo's ratio,
            and the process's peak resident memory (getrusage), after start-up and
            at the end:
              reference 640x480: 20 photos, median 61.20 ms CPU per photo
              10+ MP: 4 photos, median 150.00 ms = 2.45x; largest 3.10x (IMG_1.jpg)
              peak RSS 118.4 MB (58.2 MB after start-up)
            """,
        exitStatus: [
            ("0", "measured"), ("65", "a photo is not a usable image"),
            ("66", "a photo cannot be opened, or no reference-sized photo"),
            ("69", "Tesseract's language data is missing"),
        ],
        examples: ["sudokit-lab bench scan TestImages/phone-full TestImages/newspaper/image1?.jpg"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let inputs = InputWalker.expand(a.inputs, recursive: false)
        for line in inputs.skipped { Console.note(line) }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput("no PNG or JPEG photo in \(a.inputs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        let sides = a.reference.split(separator: "x").compactMap { Int($0) }
        guard sides.count == 2 else { throw CLIError.usage("--reference takes WxH, e.g. 640x480") }
        // The size stored in each file, from a decode at the smallest scale.
        var sizes: [(width: Int, height: Int)] = []
        for path in inputs.photos {
            do throws(ImageCodecError) {
                let d = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minLongSide: 1))
                sizes.append((d.storedWidth, d.storedHeight))
            } catch {
                throw CLIError(error)
            }
        }
        let isReference = sizes.map { Set([$0.width, $0.height]) == Set(sides) }
        guard isReference.contains(true) else {
            throw CLIError.noInput("no photo of \(a.reference) pixels among the inputs")
        }
        var options = ScanOptions()
        options.tessdata = a.tessdata.path
        let scanner: GridScanner
        do throws(ScanError) {
            scanner = try GridScanner(options: options)
            try scanner.waitForReader()
        } catch {
            throw CLIError(message: "\(error) (run scripts/setup, or give --tessdata DIR)", code: error.exitCode)
        }
        let startRSS = peakRSSMegabytes()
        var times = [[Double]](repeating: [], count: inputs.photos.count)
        for round in 0...a.runs {
            for (i, path) in inputs.photos.enumerated() {
                let start = Clocks.processCPUSeconds()
                let result = scanner.scan(path: path)
                let ms = (Clocks.processCPUSeconds() - start) * 1000
                if let error = result.error, round == 0 { Console.error("\(path): \(error)") }
                if round > 0 { times[i].append(ms) }
            }
        }
        let perPhoto = times.map { Statistics.median($0) }
        let two: (Double) -> String = { DecimalText.scaled($0, places: 2) }
        var records = a.format.records
        defer { records?.finish() }
        func emit(_ text: String, _ json: String) {
            if records != nil { records!.print(json) } else { Console.out(text) }
        }
        // Per stored size (either way round), largest first.
        var groups: [String: [Int]] = [:]
        for i in inputs.photos.indices {
            let (w, h) = (max(sizes[i].width, sizes[i].height), min(sizes[i].width, sizes[i].height))
            groups["\(w)x\(h)", default: []].append(i)
        }
        let pixels = { (i: Int) in sizes[i].width * sizes[i].height }
        for (name, members) in groups.sorted(by: { pixels($0.value[0]) > pixels($1.value[0]) }) {
            let m = Statistics.median(members.map { perPhoto[$0] })
            emit(
                "\(name): \(members.count) photos, median \(two(m)) ms CPU per photo",
                JSONText.object([
                    ("size", JSONText.quoted(name)), ("photos", String(members.count)), ("median_ms", two(m)),
                ]))
        }
        let reference = Statistics.median(inputs.photos.indices.filter { isReference[$0] }.map { perPhoto[$0] })
        let large = inputs.photos.indices.filter { pixels($0) >= Self.largePixels }
        let largeMedian = Statistics.median(large.map { perPhoto[$0] })
        let worst = large.max { perPhoto[$0] < perPhoto[$1] }
        let ratio = { (ms: Double) in reference > 0 ? ms / reference : 0 }
        let peak = peakRSSMegabytes()
        let worstName = worst.map { inputs.photos[$0] } ?? ""
        let text =
            "reference \(a.reference): median \(two(reference)) ms CPU per photo\n"
            + (large.isEmpty
                ? "no photo of 10 megapixels or more\n"
                : "10+ MP: \(large.count) photos, median \(two(largeMedian)) ms = \(two(ratio(largeMedian)))x; "
                    + "largest \(two(ratio(worst.map { perPhoto[$0] } ?? 0)))x (\(worstName))\n")
            + "peak RSS \(DecimalText.scaled(peak, places: 1)) MB (\(DecimalText.scaled(startRSS, places: 1)) MB "
            + "after start-up)"
        emit(
            text,
            JSONText.object([
                ("reference_ms", two(reference)), ("large_photos", String(large.count)), ("large_ms", two(largeMedian)),
                ("median_ratio", two(ratio(largeMedian))), ("max_ratio", two(ratio(worst.map { perPhoto[$0] } ?? 0))),
                ("max_ratio_file", JSONText.quoted(worstName)),
                ("start_rss_mb", DecimalText.scaled(startRSS, places: 1)),
                ("peak_rss_mb", DecimalText.scaled(peak, places: 1)),
            ]))
        return .success
    }

    /// The process's peak resident memory so far (`getrusage`'s `ru_maxrss`), in MB.
    static func peakRSSMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
