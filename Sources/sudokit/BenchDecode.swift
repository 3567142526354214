// `sudokit bench decode IMAGE...`: decoding speed. Each file is read once, decoded
// once to warm up, then decoded --runs times from memory; prints the median, fastest
// and slowest wall-clock time per decode, and the median CPU time of this thread
// (which, unlike wall time, does not grow when other processes share the cores).
import ImageCodecs

let benchDecodeCommand = Command(
    name: "bench decode",
    summary: "Image decoding speed: median time to decode each file.",
    usage: "[--runs N] [--min-long-side N] IMAGE...",
    discussion: """
        Reads each IMAGE once, decodes it once to warm up, then decodes it N more times
        from memory on this thread and prints
          FILE: WxH -> wxh, median X ms (min Y, max Z), CPU median C ms
        where WxH is the size stored in the file and wxh the upright size returned
        (smaller with --min-long-side: JPEG uses libjpeg's DCT scaling to the smallest
        M/8 whose long side is still at least N). '-' reads standard input.
        Measure a release build: swift build -c release.

        EXAMPLE:
          sudokit bench decode --min-long-side 1000 photo.jpg
        """,
    options: [
        .value("runs", "N", "Timed decodes per file (default 15)."),
        .value("min-long-side", "N", "Decode JPEG at the smallest DCT scale whose long side is at least N pixels."),
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("bench decode needs at least one IMAGE") }
        let runs = try parsed.int("runs", default: 15, in: 1...100_000)
        let minLongSide: Int? = parsed.value("min-long-side") == nil
            ? nil : try parsed.int("min-long-side", default: 0, in: 1...1_000_000)
        let options = DecodeOptions(minLongSide: minLongSide)
        var worst = ExitCode.success
        for argument in parsed.positionals {
            do throws(ImageCodecError) {
                let input = try readImageInput(argument)
                let first = try ImageDecoder.decode(input.bytes, source: input.source, options: options)
                var times: [Double] = [], cpuTimes: [Double] = []
                let clock = ContinuousClock()
                for _ in 0..<runs {
                    let start = clock.now, cpuStart = threadCPUMilliseconds()
                    _ = try ImageDecoder.decode(input.bytes, source: input.source, options: options)
                    cpuTimes.append(threadCPUMilliseconds() - cpuStart)
                    let elapsed = start.duration(to: clock.now)
                    times.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
                }
                print("\(input.source): \(first.storedWidth)x\(first.storedHeight) -> "
                      + "\(first.image.width)x\(first.image.height), median \(formatMilliseconds(median(times))) ms "
                      + "(min \(formatMilliseconds(times.min() ?? 0)), max \(formatMilliseconds(times.max() ?? 0))), "
                      + "CPU median \(formatMilliseconds(median(cpuTimes))) ms")
            } catch {
                printError("Error: \(error)")
                if error.exitCode.rawValue > worst.rawValue { worst = error.exitCode }
            }
        }
        return worst
    })
