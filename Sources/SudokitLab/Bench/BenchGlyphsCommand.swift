// Offers: `BenchGlyphsCommand`, `sudokit-lab bench glyphs PHOTO|DIR... --out DIR`:
// the glyph crops the reader saw in each photo's chosen framing (from the scan's
// trace, `GridScanner.exportGlyphs`), written as PGM with an index (truth label,
// Tesseract's reading) for training and measuring other digit readers.

import ArgumentParsing
import Basics
import Foundation
import GridScanner
import ImageCodecs
import Raster
import SudokitCommands
import SudokuCore
import Synchronization

struct BenchGlyphsCommand: Command {
    struct Arguments: ParsableArguments {
        var inputs: [String] = []
        var out = ""
        var maxDifferences = 5
        var tessdata = TessdataOption()
        var workers = WorkerOptions()

        static var options: [Option<Self>] {
            [
                .value(
                    "out", \.out, valueName: "dir", help: "Folder for the crops and index.tsv (created when missing)."),
                .value(
                    "max-differences", \.maxDifferences, in: 0...81,
                    help: "A board read with more cells unlike its truth than this had its framing wrong: "
                        + "its glyphs get no label (default 5)."),
            ] + Option.group(\.workers) + Option.group(\.tessdata)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "image-or-dir", \.inputs, minimum: 1,
                help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP photo, or a folder of photos.")
        }

        func validate() throws(UsageError) {
            if out.isEmpty { throw UsageError("missing --out DIR") }
            if inputs.contains("-") { throw UsageError("'-' is not read here: give photo files or folders") }
        }
    }

    static let help = CommandHelp(
        name: "bench glyphs",
        abstract: "Write the glyph crops of each photo's chosen framing as PGM, with an index of labels and readings.",
        discussion: """
            Scans each photo as 'scan' does and takes the framing it chooses. Every
            glyph crop the reader read (upright, in reading orientation) is written to
            DIR as STEM-rRcC.pgm (binary PGM), and DIR/index.tsv gets one row per cell
            of every photo whose grid was read (81 a photo), tab-separated, after a
            header line:
              photo cell label framing differences status crop width height
              tesseract confidence alternatives
            label is the truth's digit (from NAME.dat beside the photo; 0 for a crop
            in a cell the truth has empty: not a digit) when the framing was right,
            else '-'. framing is 'right' when the board as read differs from the truth
            in at most --max-differences cells, 'wrong' when in more, '-' without a
            truth file. tesseract is the digit Tesseract read (0: nothing, or a glyph
            that looks handwritten and that no step of the scan gave Tesseract) with its
            confidence (0-100) and its ranked alternatives (DIGIT:CONFIDENCE,...);
            crop, width, height and the reading are '-' for a cell without a glyph.
            The crops and readings are the scan's own (its trace), not cut or read
            again. A summary goes to stderr.
            """,
        exitStatus: [
            ("0", "every photo's glyphs written"),
            ("1", "a photo had no grid read"),
            ("65", "a photo or a truth file is not usable"),
            ("66", "a photo cannot be opened"),
            ("69", "the digit reader cannot start"),
            ("73, 74", "DIR or a file in it cannot be created, or written"),
        ],
        examples: [
            "sudokit-lab bench glyphs --out glyphs TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench glyphs --jobs 2 --out glyphs TestImages/newspaper/image1.jpg",
        ])

    /// What one photo contributes, made on a worker.
    struct PhotoGlyphs: Sendable {
        var export: GlyphExport
        var truth: Result<Grid, CLIError>?
    }

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        try OutputGuard.check(
            [.init(option: "--out", path: a.out)], reads: a.inputs + [a.tessdata.path].compactMap { $0 })
        let inputs = InputWalker.expand(a.inputs, recursive: false)
        if !a.workers.quiet { for line in inputs.skipped { Console.note(line) } }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput(
                "no PNG, JPEG, HEIF, AVIF or WebP photo in \(a.inputs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        var options = ScanOptions()
        options.tessdata = a.tessdata.path
        let prepared = try checkReaderStarts(options, photos: inputs.photos.count)
        try OutputFiles.createDirectory(a.out)

        let photos = inputs.photos
        let stems = cropStems(photos)
        let out = a.out, maxDifferences = a.maxDifferences
        let progress = BatchProgress(
            total: photos.count, label: "glyphs", enabled: !a.workers.quiet && photos.count > 1)
        struct Tally {
            var rows: [String] = [Row.header]
            var worst = ExitCode.success
            var failure: CLIError?
            var crops = 0, labelled = 0, photosRight = 0, photosWrong = 0, photosUntrue = 0, unread = 0
        }
        let tally = Mutex(Tally())
        BatchScan.run(
            count: photos.count, jobs: a.workers.jobs, options: options, prepared: prepared,
            work: { scanner, i in
                PhotoGlyphs(export: scanner.exportGlyphs(path: photos[i]), truth: truth(besides: photos[i]))
            },
            failed: { i, error in
                PhotoGlyphs(export: GlyphExport(file: photos[i], error: error))
            },
            emit: { i, photo in
                var failure: CLIError?
                var rows: [String] = []
                var code = ExitCode.success
                var truth: Grid?
                switch photo.truth {
                case .success(let grid)?: truth = grid
                case .failure(let error)?:
                    Console.error(error.message)
                    code = error.code
                case nil: break
                }
                let export = photo.export
                if let error = export.error {
                    progress.note("Error: \(error.description)")
                    code = ExitCode.worst(code, CLIError(error).code)
                } else if export.glyphs.isEmpty {
                    progress.note("note: \(export.file): no grid read")
                    code = ExitCode.worst(code, .notVerified)
                }
                let differences = zip(export.puzzle?.cells ?? [], truth?.cells ?? []).filter { $0 != $1 }.count
                let framing = truth == nil ? "-" : (differences <= maxDifferences ? "right" : "wrong")
                var crops = 0
                for glyph in export.glyphs {
                    var name: String?
                    if let crop = glyph.crop {
                        name = "\(stems[i])-\(glyph.cell).pgm"
                        do throws(CLIError) {
                            try writeFile(PGMEncoder.encode(crop), to: (out as NSString).appendingPathComponent(name!))
                        } catch { failure = failure ?? error }
                        crops += 1
                    }
                    let label = framing == "right" ? truth.map { String($0[glyph.cell]) } ?? "-" : "-"
                    rows.append(
                        Row(
                            photo: export.file, glyph: glyph, label: label, framing: framing,
                            differences: truth == nil || export.puzzle == nil ? "-" : String(differences),
                            status: export.status.rawValue, crop: name
                        ).text)
                }
                let labelled = framing == "right" ? crops : 0
                tally.withLock { t in
                    t.rows += rows
                    t.worst = ExitCode.worst(t.worst, code)
                    if t.failure == nil { t.failure = failure }
                    t.crops += crops
                    t.labelled += labelled
                    if export.glyphs.isEmpty {
                        t.unread += 1
                    } else if framing == "right" {
                        t.photosRight += 1
                    } else if framing == "wrong" {
                        t.photosWrong += 1
                    } else {
                        t.photosUntrue += 1
                    }
                }
                progress.advance()
            })
        progress.finish()
        let t = tally.withLock { $0 }
        if let failure = t.failure { throw failure }
        try OutputFiles.writeAtomically(
            t.rows.joined(separator: "\n") + "\n",
            to: (a.out as NSString).appendingPathComponent("index.tsv"))
        if !a.workers.quiet {
            Console.err(
                "glyphs: \(photos.count) photos, \(t.crops) crops (\(t.labelled) labelled); framing right "
                    + "\(t.photosRight), wrong \(t.photosWrong), no truth \(t.photosUntrue), no grid read \(t.unread)")
        }
        return t.worst
    }

    /// One line of index.tsv.
    struct Row {
        static let header = [
            "photo", "cell", "label", "framing", "differences", "status", "crop", "width", "height",
            "tesseract", "confidence", "alternatives",
        ].joined(separator: "\t")
        var photo: String
        var glyph: ExportedGlyph
        var label: String
        var framing: String
        var differences: String
        var status: String
        var crop: String?

        var text: String {
            var fields = [photo, "\(glyph.cell)", label, framing, differences, status, crop ?? "-"]
            if let image = glyph.crop {
                let alternatives = glyph.alternatives.map {
                    "\($0.digit):\(DecimalText.fixed(Double($0.confidence), places: 1))"
                }
                fields += [
                    String(image.width), String(image.height), String(glyph.digit),
                    DecimalText.fixed(Double(glyph.confidence), places: 1),
                    alternatives.isEmpty ? "-" : alternatives.joined(separator: ","),
                ]
            } else {
                fields += ["-", "-", "-", "-", "-"]
            }
            return fields.joined(separator: "\t")
        }
    }

    /// The truth of `photo` (NAME.dat beside NAME.jpg), nil when there is none.
    static func truth(besides photo: String) -> Result<Grid, CLIError>? {
        let path = (photo as NSString).deletingPathExtension + ".dat"
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.noInput("cannot read '\(path)'"))
        }
        do throws(SudokuCoreError) { return .success(try Grid(dat: String(decoding: data, as: UTF8.self))) } catch {
            return .failure(CLIError(error, in: path))
        }
    }

    /// A file-name stem per photo: its name without the extension, with `-2`,
    /// `-3`, ... added when photos in different folders share a name.
    static func cropStems(_ photos: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return photos.map { path in
            let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
            seen[stem, default: 0] += 1
            return seen[stem]! == 1 ? stem : "\(stem)-\(seen[stem]!)"
        }
    }

    /// Writes `bytes` to `path` (no fsync: thousands of small crops; the index,
    /// written last and atomically, is what says the export is complete).
    static func writeFile(_ bytes: [UInt8], to path: String) throws(CLIError) {
        let fd = try OutputFiles.open(path, flags: O_CREAT | O_TRUNC)
        defer { close(fd) }
        try OutputFiles.write(fd, bytes, path: path)
    }
}
