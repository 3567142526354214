// Offers: `ScanCommand`, `sudokit scan IMAGE|DIR...`: reads the puzzle in each
// photo, one or a batch (folders walked, photos read in parallel, progress,
// atomic and resumable output).

import ArgumentParsing
import Drawing
import GridScanner
import ImageCodecs
import Raster
import Synchronization

/// The output of `scan`.
enum ScanFormat: String, CaseIterable, ArgumentValue, Sendable {
    case text, line, json, jsonl
}

struct ScanCommand: Command {
    struct Arguments: ParsableArguments {
        var inputs: [String] = []
        var format = ScanFormat.text
        var solution = false
        var logic = ScanLogic()
        var recursive = false
        var out: String?
        var resume = false
        var includeUnverified = false
        var allGrids = false
        var debug: String?
        var reading = ReadingOptions()
        var workers = WorkerOptions()
        var shard = ShardOption()
        var assume = AssumeOptions()

        static var options: [Option<Self>] {
            [
                .value(
                    "format", \.format, valueName: "format",
                    help: "text (default), line, json or jsonl."),
                .flag("solution", \.solution, help: "Also print the proven solution (text format)."),
                .flag(
                    "grade", \.logic.grade,
                    help: "Add each solved puzzle's tier, hardest technique and technique counts."),
                .flag(
                    "explain", \.logic.explain, help: "Add the ladder's steps for each solved puzzle (after the board)."
                ),
                .flag(
                    "hint", \.logic.hint,
                    help: "Add the next step from the player's position (a half-played photo's wrong entries first)."),
                .value(
                    "level", \.logic.level, valueName: "n",
                    help: "With --hint: 1 the technique and where (default), 2 the digits and cells, 3 the argument."),
                .flag("recursive", \.recursive, help: "Also read the photos in subfolders of each DIR."),
                .value(
                    "out", \.out, valueName: "file",
                    help: "Write the records to FILE, atomically, instead of standard output."),
                .flag(
                    "resume", \.resume,
                    help: "With --out FILE and --format jsonl: keep the records already written, scan the rest."),
                .value(
                    "debug", \.debug, valueName: "dir",
                    help: "Write overlay pictures for each photo into DIR, as PNG and SVG."),
                .flag(
                    "all-grids", \.allGrids,
                    help: "Also read every other grid seen in the photo (a second puzzle on the page)."),
                .flag(
                    "include-unverified", \.includeUnverified,
                    help: "With --format line: also put each unverified board in, as read, under a comment saying so."),
            ] + Option.group(\.assume) + Option.group(\.workers) + Option.group(\.shard) + Option.group(\.reading)
        }

        static var positionals: Positionals<Self>? {
            Positionals(
                "image-or-dir", \.inputs, minimum: 1,
                help: "A PNG, JPEG, HEIC/HEIF, AVIF or WebP photo, a folder of photos, or '-' for standard input.")
        }

        /// What the run writes, for `OutputGuard`: FILE and its journal, the overlay folder.
        var outputs: [OutputGuard.Output] {
            var list: [OutputGuard.Output] = []
            if let out { list += [.init(option: "--out", path: out), .init(option: "--out", path: out + ".partial")] }
            if let debug { list.append(.init(option: "--debug", path: debug)) }
            return list
        }

        func validate() throws(UsageError) {
            if resume && (out == nil || format != .jsonl) {
                throw UsageError("--resume needs --out FILE and --format jsonl")
            }
            if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError("'-' can be given once") }
            if logic.level != .one && !logic.hint { throw UsageError("--level goes with --hint") }
            if includeUnverified && format != .line { throw UsageError("--include-unverified goes with --format line") }
        }
    }

    static let help = CommandHelp(
        name: "scan",
        abstract: "Read the sudoku puzzle in each photo; prove it or flag the cells to check.",
        discussion: """
            Finds the grid (several framings are tried), reads the digits, and reports
            the puzzle with a status: solved (exactly one solution, every digit backed by
            its glyph), unverified (read, not proven: see the flagged cells), located
            (--locate-only), no-grid, or error.

            BATCHES: a DIR stands for the PNG, JPEG, HEIC/HEIF, AVIF and WebP files in it
            (recognised by their first bytes; sorted by path; names starting with '.'
            passed over), with --recursive those of its subfolders too; other files are
            skipped with a note on stderr. --jobs photos are read at once; records come
            out in input order. A file named .jpg, .jpeg, .png, .heic, .heif, .hif, .avif
            or .webp (any case) is read whatever its bytes: a
            damaged one becomes a record with status error, as does any photo that
            cannot be read, and the batch goes on. With more than one photo, stderr shows the progress (a bar on a
            terminal, a line every 10 photos or 5 s otherwise) and a summary at the end.

            OUTPUT FILE (--out FILE): FILE appears complete or not at all. Records are
            written to a temporary file beside it (.FILE.tmp-PID, or for jsonl the journal
            FILE.partial, one whole line per record), fsynced and renamed to FILE at the
            end. Ctrl-C (SIGINT) or SIGTERM leaves FILE as it was and exits 130/143; for
            jsonl the records done so far stay in FILE.partial, and running the same
            command with --resume scans only the photos without a record (a record with
            status error is tried again). Without --resume, a leftover FILE.partial stops
            the run, and so do earlier records of photos not among the inputs. An
            output (--out, --debug) that is an input, or lies inside a folder being
            read, is refused (64) before anything is written; --debug DIR must be new,
            empty, or written by --debug (a marker file tells later scans to pass it
            over). With --format line, FILE is a puzzle collection ('# PHOTO' and the
            81 cells of each solved photo) that 'sudokit solve --input FILE' reads.

            SHARDS: --shard I/N reads block I (0-based) of N of the inputs as listed
            above, so N processes (on N machines) read every photo exactly once;
            their outputs, concatenated in shard order or joined with 'sudokit
            merge', are the records one process writes. --shard auto/N takes I from
            SLURM_ARRAY_TASK_ID (less SLURM_ARRAY_TASK_MIN) or JOB_COMPLETION_INDEX.

            FORMATS: text (the grid as read, flagged cells and suggested repairs marked
            '?', settled cells '*', a status line saying why a photo is not proven),
            line (a puzzle collection, as with --out), json (one array of a pretty
            object per photo), jsonl (one object per line). JSON keys: file, status,
            puzzle (the printed givens; unverified: as read), solution, entries (the
            player's handwritten digits, 81 characters, '.' where none), wrong [{row,
            col}] (entries unlike the proven solution; null unless solved), conflicts
            [{row, col, with [{row, col}]}], doubtful_entries [{row, col}] (entries not
            read surely: never called wrong), doubtful_clashes [{row, col, digit, with
            [{row, col}], text}] (those of them unlike the solution that would clash:
            cells to look at, never called mistakes), kinds
            (81 characters: '.' empty, 'p' printed, 'h' handwritten), kind_confidence
            [81 numbers 0-1], kinds_settled [{row, col}] (cells whose kind only the
            puzzle settled: the only kinds giving symmetric givens and one solution),
            flagged [{row, col, reason}], repairs [{row, col, from,
            to}] (unverified: suggestions only), corners [[x, y] x 4 from r1c1
            clockwise], candidates, ms, error, problem (why the board as read is no
            puzzle: no-solution, several-solutions, complete, too-many-digits, empty;
            else null), settled [{row, col, digit}] (--assume), other_grids [{corners,
            score}] (with --all-grids also status, puzzle, solution, problem, flagged);
            with --grade, grade {tier, technique_tier, hardest, hardest_step, score,
            steps, techniques} (null unless solved); with --explain, explanation (as
            'explain --format json'); with --hint, hint {level, wrong_entries,
            doubtful_clashes, technique, hint, step} (null unless solved).

            UNSURE READINGS: --assume CELL=DIGIT (r1c9=7; r4c2=. for empty) settles a
            cell of one photo: the board is proven again with it, every other flag
            still honoured, and the record lists it under settled. --grade, --explain
            and --hint on an unverified photo say in one line why there is no answer.

            HALF-PLAYED PHOTOS: every glyph is told printed or handwritten against the
            photo's own print (its givens share one font, size, stroke and darkness). The
            printed givens are the puzzle, proven as for any photo; the handwritten digits
            are the player's entries, checked against the proven solution. A cell whose
            kind is in doubt is flagged 'kind', so the puzzle is not called solved. --hint
            reports the wrong entries, then the next step from the position without them.
            """,
        exitStatus: [
            ("0", "every photo solved (with --locate-only: located)"),
            ("1", "a photo unverified or no-grid (located, unless --locate-only)"),
            ("65", "a photo is not a usable image, or --classifier-weights is not a weights file"),
            ("66", "a photo (or the --classifier-weights file) cannot be opened"),
            ("69", "the digit reader cannot start"),
            ("73, 74", "an output file or folder cannot be created, or written"),
            ("130, 143", "interrupted by SIGINT, SIGTERM"),
        ],
        examples: [
            "sudokit scan TestImages/newspaper/image1.jpg",
            "sudokit scan --hint --level 2 TestImages/mixed/image1.jpg",
            "sudokit scan --format jsonl --debug overlays TestImages/newspaper/image1.jpg "
                + "TestImages/newspaper/image2.jpg",
            "sudokit scan --jobs 2 --format jsonl --out results.jsonl TestImages/synthetic/played",
            "sudokit scan --format line --out puzzles.txt --recursive TestImages/synthetic/played && sudokit solve "
                + "--input puzzles.txt",
            "cat TestImages/newspaper/image1.jpg | sudokit scan -",
            "sudokit scan --shard 2/8 --format jsonl --out shard-2.jsonl TestImages/newspaper",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        var options = a.reading.scanOptions
        options.allGrids = a.allGrids
        try OutputGuard.check(a.outputs, reads: a.inputs + a.reading.files)
        if let out = a.out { try OutputFiles.refuseFolder(out, option: "--out") }
        let quiet = a.workers.quiet
        var inputs = InputWalker.expand(a.inputs, recursive: a.recursive)
        if !quiet { for line in inputs.skipped { Console.note(line) } }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput(
                "no PNG, JPEG, HEIF, AVIF or WebP photo in \(a.inputs.map { "'\($0)'" }.joined(separator: ", "))")
        }
        inputs.photos = try a.shard.select(inputs.photos)
        let settled = try a.assume.settled()
        if !settled.isEmpty && (inputs.photos.count != 1 || a.reading.locateOnly) {
            throw CLIError.usage(
                "--assume settles cells of one photo read in full: give exactly one photo, without --locate-only")
        }
        if let debug = a.debug { try DebugImages.prepare(debug) }
        let prepared = try checkReaderStarts(options, photos: inputs.photos.count)
        // Standard input is read now, on this thread; a worker scans the bytes.
        var standardInput: Result<[UInt8], ImageCodecError>?
        if inputs.photos.contains("-") {
            do throws(ImageCodecError) { standardInput = .success(try FileBytes.readStandardInput()) } catch {
                standardInput = .failure(error)
            }
        }
        let stdinBytes = standardInput

        var notes: [String] = []
        let keys = inputs.photos.map { $0 == "-" ? "<stdin>" : $0 }
        let sink = try ScanSink(
            format: a.format, showSolution: a.solution, logic: a.logic, out: a.out, resume: a.resume,
            includeUnverified: a.includeUnverified, inputs: keys, notes: &notes)
        if !quiet { for line in notes { Console.note(line) } }
        let todo = keys.indices.filter { keys[$0] == "<stdin>" || !sink.isDone(keys[$0]) }
        if a.resume && !quiet {
            Console.err("resume: \(keys.count - todo.count) photos already done, \(todo.count) to scan")
        }

        let photos = inputs.photos
        let progress = BatchProgress(total: todo.count, label: "scan", enabled: !quiet && todo.count > 1)
        if a.out != nil {
            InterruptWatch.install { signal in
                progress.finish()
                sink.interrupt { message in
                    if let message { Console.err(message) }
                    Console.terminate(.interrupted(by: signal))
                }
            }
        }
        let debugDir = a.debug
        let locateOnly = a.reading.locateOnly
        let tally = Mutex(BatchTally())
        /// A photo's result, with the overlay pictures of the scan's trace when
        /// `--debug` asked for them (the trace is filled only then).
        struct Scanned: Sendable {
            var result: ScanResult
            var overlays: [(name: String, scene: Scene)] = []
        }
        @Sendable func read(_ scanner: GridScanner, _ path: String) -> Scanned {
            var trace = ScanTrace()
            let traced = debugDir != nil
            func scan(path: String) -> ScanResult {
                traced ? scanner.scan(path: path, trace: &trace) : scanner.scan(path: path)
            }
            func scan(bytes: [UInt8]) -> ScanResult {
                traced
                    ? scanner.scan(bytes: bytes, source: "<stdin>", trace: &trace)
                    : scanner.scan(bytes: bytes, source: "<stdin>")
            }
            let result: ScanResult
            if path != "-" {
                result = scan(path: path)
            } else {
                switch stdinBytes {
                case .success(let bytes)?: result = scan(bytes: bytes)
                case .failure(let error)?: result = ScanResult(file: "<stdin>", error: .decode(error))
                case nil:
                    result = ScanResult(
                        file: "<stdin>",
                        error: .decode(.cannotOpen(source: "<stdin>", reason: "standard input was not read")))
                }
            }
            return Scanned(result: result, overlays: trace.overlays)
        }
        BatchScan.run(
            count: todo.count, jobs: a.workers.jobs, options: options, prepared: prepared,
            work: { scanner, i in
                var scanned = read(scanner, photos[todo[i]])
                scanned.result = scanned.result.settling(settled)
                return scanned
            },
            failed: { i, error in
                Scanned(result: ScanResult(file: keys[todo[i]], error: error))
            },
            emit: { _, scanned in
                let result = scanned.result
                var failure: CLIError?
                do throws(CLIError) { try sink.write(result) } catch { failure = error }
                if result.status == .error { progress.note("Error: \(result.error?.description ?? result.file)") }
                if let debugDir {
                    do throws(CLIError) {
                        try DebugImages.write(scanned.overlays, of: result.file, into: debugDir)
                    } catch {
                        failure = failure ?? error
                    }
                }
                tally.withLock { t in
                    t.count(result.status, code: result.exitCode(locateOnly: locateOnly))
                    if t.failure == nil { t.failure = failure }
                }
                progress.advance()
            })
        progress.finish()
        var totals = tally.withLock { $0 }
        if let failure = totals.failure {
            sink.abandon()
            throw failure
        }
        // Photos done by an earlier run count with their recorded status.
        let done = Set(todo)
        for i in keys.indices where !done.contains(i) {
            if let status = sink.previousStatus(keys[i]) {
                totals.count(status, code: ScanResult.exitCode(status, locateOnly: locateOnly))
            }
        }
        try sink.finish(photos: keys)
        if !quiet && keys.count > 1 { Console.err("scan: " + totals.summary) }
        return totals.worst
    }
}

/// What a batch came to: a count per status and the exit code it calls for.
struct BatchTally {
    var photos = 0
    var byStatus: [ScanStatus: Int] = [:]
    var worst = ExitCode.success
    /// The first failure to write output (the batch goes on; the command fails).
    var failure: CLIError?

    mutating func count(_ status: ScanStatus, code: ExitCode) {
        photos += 1
        byStatus[status, default: 0] += 1
        worst = ExitCode.worst(worst, code)
    }

    /// `160 photos: 112 solved, 47 unverified, 1 no-grid, 0 errors` (located only when any).
    var summary: String {
        var parts = ["\(byStatus[.solved, default: 0]) solved", "\(byStatus[.unverified, default: 0]) unverified"]
        if let located = byStatus[.located] { parts.append("\(located) located") }
        parts.append("\(byStatus[.noGrid, default: 0]) no-grid")
        let errors = byStatus[.error, default: 0]
        parts.append("\(errors) error" + (errors == 1 ? "" : "s"))
        return "\(photos) photo" + (photos == 1 ? "" : "s") + ": " + parts.joined(separator: ", ")
    }
}
