// Offers: `BenchDecodeCommand`, `sudokit-lab bench decode IMAGE...`: decoding speed.
// Each file is read once, decoded once to warm up, then decoded --runs times from
// memory; prints the median, fastest and slowest wall-clock time per decode, and
// the median CPU time of this thread.

import ArgumentParsing
import Basics
import ImageCodecs
import Raster
import SudokitCommands
import SudokuCore

struct BenchDecodeCommand: Command {
    struct Arguments: ParsableArguments {
        var images: [String] = []
        var runs = 15
        var minLongSide: Int?
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...100_000, help: "Timed decodes per file (default 15)."),
                .value(
                    "min-long-side", \.minLongSide, in: 1...1_000_000,
                    help: "Decode JPEG at the smallest DCT scale whose long side is at least N pixels."),
                .listFormat(\.format, record: "an object per file"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "image", \.images, minimum: 1,
                help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP file, or '-' for standard input.")
        }
    }

    static let help = CommandHelp(
        name: "bench decode",
        abstract: "Image decoding speed: median time to decode each file.",
        discussion: """
            Prints, per file:
              FILE: WxH -> wxh, median X ms (min Y, max Z), CPU median C ms
            where WxH is the size stored in the file and wxh the upright size returned
            (smaller with --min-long-side: JPEG uses libjpeg's DCT scaling to the smallest
            M/8 whose long side is still at least N). JSON keys: file, stored_width,
            stored_height, width, height, median_ms, min_ms, max_ms, cpu_median_ms.
            """,
        exitStatus: [
            ("0", "every file measured"), ("65", "a file is not a usable image"), ("66", "a file cannot be opened"),
        ],
        examples: ["sudokit-lab bench decode --min-long-side 1000 TestImages/newspaper/image1.jpg"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var records = a.format.records
        defer { records?.finish() }
        let options = DecodeOptions(minLongSide: a.minLongSide)
        var worst = ExitCode.success
        for argument in a.images {
            do throws(ImageCodecError) {
                let input = try ImageInput.read(argument)
                let first = try ImageDecoder.decode(input.bytes, source: input.source, options: options)
                var times: [Double] = [], cpuTimes: [Double] = []
                for _ in 0..<a.runs {
                    let start = Clocks.monotonicMilliseconds(), cpuStart = Clocks.threadCPUMilliseconds()
                    _ = try ImageDecoder.decode(input.bytes, source: input.source, options: options)
                    cpuTimes.append(Clocks.threadCPUMilliseconds() - cpuStart)
                    times.append(Clocks.monotonicMilliseconds() - start)
                }
                let ms: (Double) -> String = { DecimalText.scaled($0, places: 2) }
                let (median, low, high, cpu) = (
                    Statistics.median(times), times.min() ?? 0, times.max() ?? 0,
                    Statistics.median(cpuTimes)
                )
                switch a.format {
                case .json, .jsonl:
                    records?.print(
                        JSONText.object([
                            ("file", JSONText.quoted(input.source)),
                            ("stored_width", String(first.storedWidth)), ("stored_height", String(first.storedHeight)),
                            ("width", String(first.image.width)), ("height", String(first.image.height)),
                            ("median_ms", ms(median)), ("min_ms", ms(low)), ("max_ms", ms(high)),
                            ("cpu_median_ms", ms(cpu)),
                        ]))
                case .text:
                    Console.out(
                        "\(input.source): \(first.storedWidth)x\(first.storedHeight) -> "
                            + "\(first.image.width)x\(first.image.height), median \(ms(median)) ms "
                            + "(min \(ms(low)), max \(ms(high))), CPU median \(ms(cpu)) ms")
                }
            } catch {
                Console.error(error.description)
                worst = ExitCode.worst(worst, error.exitCode)
            }
        }
        return worst
    }
}
