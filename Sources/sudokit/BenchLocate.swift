// `sudokit bench locate IMAGE...`: speed of the location stage (candidate framings,
// warp, lattice and cells of the best one), the photos decoded beforehand.
import GridScanner
import GridVision
import ImageCodecs
import Raster

let benchLocateCommand = Command(
    name: "bench locate",
    summary: "Grid location and cell cutting speed: median CPU time per photo, decoding excluded.",
    usage: "[--runs N] IMAGE...",
    discussion: """
        Decodes every IMAGE first (at the size 'scan' works on), then for each photo
        runs the location stage N times on this thread: candidate framings, then the
        warp, lattice fit and 81 cells (with their glyphs) of the best one. Prints the
        median CPU time of each part per photo size, and a total:
          640x480: 124 photos, locate 21.30 ms + warp, lattice and cells 20.10 ms = 41.40 ms (p90 47.80 ms)
        Measure a release build: swift build -c release.

        EXAMPLE:
          sudokit bench locate TestImages/newspaper/*.jpg
        """,
    options: [.value("runs", "N", "Timed runs per photo (default 5).")],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("bench locate needs at least one IMAGE") }
        let runs = try parsed.int("runs", default: 5, in: 1...1000)
        let decodeSide = ScanOptions().decodeLongSide
        var photos: [(size: String, gray: GrayImage)] = []
        for path in parsed.positionals {
            do throws(ImageCodecError) {
                let d = try ImageDecoder.decodeFile(atPath: path, options: DecodeOptions(minLongSide: decodeSide))
                photos.append(("\(d.image.width)x\(d.image.height)", d.image.grayscale()))
            } catch {
                throw CLIError(message: error.description, code: error.exitCode)
            }
        }
        let locator = GridLocator(), extractor = CellExtractor()
        // Per photo size: median CPU ms of locating, and of cutting the best framing's cells.
        var locate: [String: [Double]] = [:], cells: [String: [Double]] = [:]
        for photo in photos {
            var l: [Double] = [], c: [Double] = []
            for _ in 0...runs {
                let t0 = threadCPUMilliseconds()
                let best = locator.locate(photo.gray).first
                let t1 = threadCPUMilliseconds()
                if let best { _ = extractor.extract(from: photo.gray, quad: best.quad) }
                l.append(t1 - t0)
                c.append(threadCPUMilliseconds() - t1)
            }
            // The first run warms caches and is not counted.
            locate[photo.size, default: []].append(median(Array(l.dropFirst())))
            cells[photo.size, default: []].append(median(Array(c.dropFirst())))
        }
        func line(_ name: String, _ l: [Double], _ c: [Double]) -> String {
            let total = zip(l, c).map { $0 + $1 }.sorted()
            let p90 = total[min(total.count - 1, Int(Double(total.count) * 0.9))]
            return "\(name): \(l.count) photos, locate \(formatMilliseconds(median(l))) ms + warp, lattice and cells "
                + "\(formatMilliseconds(median(c))) ms = \(formatMilliseconds(median(total))) ms (p90 \(formatMilliseconds(p90)) ms)"
        }
        for size in locate.keys.sorted(by: { locate[$0]!.count > locate[$1]!.count }) { print(line(size, locate[size]!, cells[size]!)) }
        print(line("all", locate.values.flatMap { $0 }, cells.values.flatMap { $0 }))
        return .success
    })
