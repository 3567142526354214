// Offers: `BenchLocateCommand`, `sudokit-lab bench locate IMAGE...`: speed of the
// location stage (candidate framings, then the warp, lattice and cells of the
// best one), the photos decoded beforehand, timed by the scan's own trace.

import ArgumentParsing
import Basics
import GridScanner
import ImageCodecs
import Raster
import SudokitCommands
import SudokuCore

struct BenchLocateCommand: Command {
    struct Arguments: ParsableArguments {
        var images: [String] = []
        var runs = 5
        var format = ListFormat.text

        static var options: [Option<Self>] {
            [
                .value("runs", \.runs, in: 1...1000, help: "Timed runs per photo (default 5)."),
                .listFormat(
                    \.format,
                    record: "an object per photo size and one for all, with size, photos, "
                        + "locate_ms, cells_ms, total_ms, total_p90_ms"),
            ]
        }

        static var positionals: Positionals<Self>? {
            Positionals("image", \.images, minimum: 1, help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP photo.")
        }
    }

    static let help = CommandHelp(
        name: "bench locate",
        abstract: "Grid location and cell cutting speed: median CPU time per photo, decoding excluded.",
        discussion: """
            Decodes every IMAGE first (at the size 'scan' works on), then for each photo
            runs the location stage --runs times on this thread, after one untimed
            run: candidate framings, then the warp, lattice fit and 81 cells (with their
            glyphs) of the best one. Prints the median CPU time of each part per photo
            size, and a total:
              640x480: 124 photos, locate 21.30 ms + warp, lattice and cells 20.10 ms = 41.40 ms (p90 47.80 ms)
            """,
        exitStatus: [("0", "measured"), ("65", "a photo is not a usable image"), ("66", "a photo cannot be opened")],
        examples: ["sudokit-lab bench locate TestImages/newspaper/image1?.jpg"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let decodeSide = ScanOptions().decodeLongSide
        var photos: [(path: String, size: String, decoded: DecodedImage)] = []
        for path in a.images {
            do throws(ImageCodecError) {
                let d = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minLongSide: decodeSide))
                photos.append((path, "\(d.image.width)x\(d.image.height)", d))
            } catch {
                throw CLIError(error)
            }
        }
        // A scan that locates only: its trace times the grid search and the cutting
        // of the chosen framing's cells, inside the scan itself.
        var options = ScanOptions()
        options.read = false
        let scanner = try checkReaderStarts(options, photos: 1)
        // Per photo size: median CPU ms of locating, and of cutting the best framing's cells.
        var locate: [String: [Double]] = [:], cells: [String: [Double]] = [:]
        for photo in photos {
            var l: [Double] = [], c: [Double] = []
            for _ in 0...a.runs {
                var trace = ScanTrace()
                _ = scanner.scan(
                    image: photo.decoded.image, source: photo.path, scale: photo.decoded.scale, trace: &trace)
                let look = trace.keptLook
                l.append(look?.locateMilliseconds ?? 0)
                c.append(look?.cellsMilliseconds ?? 0)
            }
            // The first run warms caches and is not counted.
            locate[photo.size, default: []].append(Statistics.median(Array(l.dropFirst())))
            cells[photo.size, default: []].append(Statistics.median(Array(c.dropFirst())))
        }
        func report(_ name: String, _ l: [Double], _ c: [Double]) -> String {
            let total = zip(l, c).map { $0 + $1 }
            let ms: (Double) -> String = { DecimalText.scaled($0, places: 2) }
            let (lm, cm, tm, p90) = (
                Statistics.median(l), Statistics.median(c), Statistics.median(total),
                Statistics.quantile(total, 0.9)
            )
            switch a.format {
            case .json, .jsonl:
                return JSONText.object([
                    ("size", JSONText.quoted(name)), ("photos", String(l.count)), ("locate_ms", ms(lm)),
                    ("cells_ms", ms(cm)), ("total_ms", ms(tm)), ("total_p90_ms", ms(p90)),
                ])
            case .text:
                return "\(name): \(l.count) photos, locate \(ms(lm)) ms + warp, lattice and cells "
                    + "\(ms(cm)) ms = \(ms(tm)) ms (p90 \(ms(p90)) ms)"
            }
        }
        // Most common size first; the same order for both parts, so the totals pair up.
        let sizes = locate.keys.sorted { (locate[$0]?.count ?? 0, $1) > (locate[$1]?.count ?? 0, $0) }
        var records = a.format.records
        let lines =
            sizes.map { report($0, locate[$0] ?? [], cells[$0] ?? []) }
            + [report("all", sizes.flatMap { locate[$0] ?? [] }, sizes.flatMap { cells[$0] ?? [] })]
        for line in lines {
            if records != nil { records!.print(line) } else { Console.out(line) }
        }
        records?.finish()
        return .success
    }
}
