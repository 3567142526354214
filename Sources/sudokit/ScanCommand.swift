// `sudokit scan IMAGE|DIR...`: reads sudoku puzzles from photos, one or a batch
// (folders walked, photos read in parallel, progress, atomic and resumable output).

import Foundation
import GridScanner
import ImageCodecs
import Synchronization

let scanCommand = Command(
    name: "scan",
    summary: "Read the sudoku puzzle in each photo; prove it or flag the cells to check.",
    usage: "[options] IMAGE|DIR...",
    discussion: """
        Finds the grid (several framings are tried), reads the digits, and reports
        the puzzle with a status: solved (exactly one solution, every digit backed by
        its glyph), unverified (read, not proven: see the flagged cells), no-grid, or
        error. '-' reads a photo from standard input.

        BATCHES: a DIR stands for the PNG and JPEG files in it (recognised by their
        first bytes; sorted by path; names starting with '.' passed over), with
        --recursive those of its subfolders too; other files are skipped with a note
        on stderr. --jobs photos are read at once; records come out in input order.
        A photo that cannot be read becomes a record with status error; the batch
        goes on. With more than one photo, stderr shows the progress (a bar on a
        terminal, a line every 10 photos or 5 s otherwise) and a summary at the end.

        OUTPUT FILE (--out FILE): FILE appears complete or not at all. Records are
        written to a temporary file beside it (.FILE.tmp-PID, or for jsonl the journal
        FILE.partial, one whole line per record), fsynced and renamed to FILE at the
        end. Ctrl-C (SIGINT) or SIGTERM leaves FILE as it was and exits 130/143; for
        jsonl the records done so far stay in FILE.partial, and running the same
        command with --resume scans only the photos without a record (a record with
        status error is tried again) and writes FILE with every record, in input
        order. Without --resume, a leftover FILE.partial stops the run.
        With --format line, FILE is a puzzle collection: '# PHOTO' and the 81 cells
        for each solved photo, a comment line for the others: 'sudokit solve --input
        FILE' reads it.

        FORMATS (--format):
          text   the grid, flagged cells marked '?', and a status line (default)
          line   one line per photo: the 81 cells, '.' for empty
          json   one pretty JSON object per photo
          jsonl  one JSON object per line
        JSON keys: file, status, puzzle, solution, flagged [{row,col,reason}],
        repairs [{row,col,from,to}], corners [[x,y] x4 from r1c1 clockwise], candidates, ms, error.

        EXIT STATUS: 0 every photo solved; 1 any unverified, located or no-grid;
        65 a photo is not a usable image; 66 a photo cannot be opened (the most
        serious wins); 130/143 interrupted.

        EXAMPLES:
          sudokit scan TestImages/newspaper/image1.jpg
          sudokit scan --format jsonl --debug /tmp/overlays photo1.jpg photo2.jpg
          sudokit scan --jobs 2 --format jsonl --out results.jsonl TestImages/newspaper
          sudokit scan --format line --out puzzles.txt --recursive photos/ && sudokit solve --input puzzles.txt
        """,
    options: [
        .value("format", "FORMAT", "text, line, json or jsonl (default: text)."),
        .flag("solution", "Also print the proven solution (text format)."),
        .value("jobs", "N", "Photos read at once, one reader each (default: the number of cores)."),
        .flag("recursive", "Also read the photos in subfolders of each DIR."),
        .value("out", "FILE", "Write the records to FILE, atomically, instead of standard output."),
        .flag("resume", "With --out FILE and --format jsonl: keep FILE's and FILE.partial's records, scan the rest."),
        .flag("quiet", "No progress, notes or summary on stderr (errors are still shown)."),
        .value("debug", "DIR", "Write overlay pictures for each photo into DIR."),
        .value("tessdata", "DIR", "Folder holding eng.traineddata (default: $TESSDATA_PREFIX, else Debian's)."),
        .flag("locate-only", "Only locate the grid: status 'located' with its corners, no reading."),
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("scan needs at least one IMAGE or DIR (or '-')") }
        let format = try ScanSink.Format(rawValue: parsed.choice("format", ["text", "line", "json", "jsonl"], default: "text"))!
        let jobs = try parsed.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let quiet = parsed.flag("quiet")
        let out = parsed.value("out")
        let resume = parsed.flag("resume")
        if resume && (out == nil || format != .jsonl) {
            throw CLIError.usage("--resume needs --out FILE and --format jsonl")
        }
        if parsed.positionals.filter({ $0 == "-" }).count > 1 { throw CLIError.usage("'-' can be given once") }
        var options = try scanOptions(parsed)
        let debugDir = parsed.value("debug")
        if let debugDir {
            options.debug = true
            try createDirectory(debugDir)
        }

        let inputs = InputWalker.expand(parsed.positionals, recursive: parsed.flag("recursive"))
        if !quiet { for line in inputs.skipped { printError("note: " + line) } }
        guard !inputs.photos.isEmpty else {
            throw CLIError.noInput("no PNG or JPEG photo in \(parsed.positionals.map { "'\($0)'" }.joined(separator: ", "))")
        }
        _ = try makeScanner(options)  // fail once, clearly, before any photo
        // Standard input is read now, on this thread; a worker scans the bytes.
        var standardInput: Result<[UInt8], ImageCodecError>?
        if inputs.photos.contains("-") {
            do throws(ImageCodecError) { standardInput = .success(try FileBytes.readStandardInput()) } catch {
                standardInput = .failure(error)
            }
        }
        let stdinBytes = standardInput

        var notes: [String] = []
        let sink = try ScanSink(format: format, showSolution: parsed.flag("solution"), out: out, resume: resume, notes: &notes)
        if !quiet { for line in notes { printError("note: " + line) } }
        let keys = inputs.photos.map { $0 == "-" ? "<stdin>" : $0 }
        let todo = keys.indices.filter { keys[$0] == "<stdin>" || !sink.isDone(keys[$0]) }
        if resume && !quiet {
            printError("resume: \(keys.count - todo.count) photos already done, \(todo.count) to scan")
        }

        let photos = inputs.photos
        let progress = BatchProgress(total: todo.count, label: "scan", enabled: !quiet && todo.count > 1)
        if out != nil {
            InterruptWatch.install { signal in
                progress.finish()
                sink.interrupt(signal: signal)
            }
        }
        let tally = Mutex(BatchTally())
        BatchScan.run(count: todo.count, jobs: jobs, options: options, name: { keys[todo[$0]] }, scan: { scanner, i in
            let path = photos[todo[i]]
            guard path == "-" else { return scanner.scan(path: path) }
            switch stdinBytes {
            case .success(let bytes)?: return scanner.scan(bytes: bytes, source: "<stdin>")
            case .failure(let error)?: return GridScanner.failure("<stdin>", error)
            case nil: return GridScanner.failure("<stdin>", .cannotOpen(source: "<stdin>", reason: "standard input was not read"))
            }
        }, emit: { _, result in
            var failure: CLIError?
            do { try sink.write(result) } catch { failure = error as? CLIError }
            if result.status == .error { progress.note("Error: \(result.error ?? result.file)") }
            if let debugDir {
                do { try writeDebugImages(result, into: debugDir) } catch { failure = failure ?? (error as? CLIError) }
            }
            tally.withLock { t in
                t.count(result.status, code: exitCode(for: result))
                if t.failure == nil { t.failure = failure }
            }
            progress.advance()
        })
        progress.finish()
        var totals = tally.withLock { $0 }
        if let failure = totals.failure { throw failure }
        // Photos done by an earlier run count with their recorded status.
        let done = Set(todo)
        for i in keys.indices where !done.contains(i) {
            if let status = sink.previousStatus(keys[i]) {
                totals.count(status, code: status == .solved ? .success : .notVerified)
            }
        }
        try sink.finish(photos: keys)
        if !quiet && keys.count > 1 { printError("scan: " + totals.summary) }
        return totals.worst
    })

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
        worst = worse(worst, code)
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

/// The scan settings shared by `scan` and `eval`.
func scanOptions(_ parsed: ParsedArguments) throws -> ScanOptions {
    var options = ScanOptions()
    options.tessdata = parsed.value("tessdata")
    options.read = !parsed.flag("locate-only")
    return options
}

/// A scanner for this thread.
/// - Throws: `CLIError.software` naming the cause when Tesseract cannot start.
func makeScanner(_ options: ScanOptions) throws -> GridScanner {
    do { return try GridScanner(options: options) } catch {
        throw CLIError.software("cannot start the digit reader: \(error) (run scripts/setup, or give --tessdata DIR)")
    }
}

/// The exit code one photo's result calls for.
func exitCode(for result: ScanResult) -> ExitCode {
    switch result.status {
    case .solved: .success
    case .unverified, .located, .noGrid: .notVerified
    case .error: result.errorIsCannotOpen ? .noInput : .dataError
    }
}

/// The more serious of two exit codes (errors over unverified over success).
func worse(_ a: ExitCode, _ b: ExitCode) -> ExitCode {
    func rank(_ c: ExitCode) -> Int {
        switch c {
        case .success: 0
        case .notVerified: 1
        case .dataError: 2
        case .noInput: 3
        case .usage: 4
        case .software: 5
        }
    }
    return rank(a) >= rank(b) ? a : b
}

/// Creates `path` (and parents) when missing.
/// - Throws: `CLIError.noInput` when it cannot be created.
func createDirectory(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw CLIError.noInput("cannot create directory '\(path)': \(error.localizedDescription)")
    }
}

/// Writes a result's overlay pictures as DIR/<photo name>-<picture>.png.
func writeDebugImages(_ result: ScanResult, into dir: String) throws {
    let stem = (result.file as NSString).lastPathComponent.replacingOccurrences(of: ".", with: "_")
    for (name, image) in result.debugImages {
        let path = (dir as NSString).appendingPathComponent("\(stem)-\(name).png")
        do {
            let png = try PNGEncoder.encode(image)
            guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
                throw CLIError.noInput("cannot write '\(path)'")
            }
        } catch let error as ImageCodecError {
            throw CLIError.software("cannot encode overlay \(path): \(error)")
        }
    }
}
