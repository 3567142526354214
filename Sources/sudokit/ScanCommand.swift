// `sudokit scan IMAGE...`: reads sudoku puzzles from photos.

import Foundation
import GridScanner
import ImageCodecs

let scanCommand = Command(
    name: "scan",
    summary: "Read the sudoku puzzle in each photo; prove it or flag the cells to check.",
    usage: "[options] IMAGE...",
    discussion: """
        Finds the grid (several framings are tried), reads the digits, and reports
        the puzzle with a status: solved (exactly one solution, every digit backed by
        its glyph), unverified (read, not proven: see the flagged cells), no-grid, or
        error. '-' reads a photo from standard input.

        FORMATS (--format):
          text   the grid, flagged cells marked '?', and a status line (default)
          line   one line per photo: the 81 cells, '.' for empty
          json   one pretty JSON object per photo
          jsonl  one JSON object per line
        JSON keys: file, status, puzzle, solution, flagged [{row,col,reason}],
        repairs [{row,col,from,to}], corners [[x,y] x4 from r1c1 clockwise], candidates, ms, error.

        EXIT STATUS: 0 every photo solved; 1 any unverified, located or no-grid;
        65 a photo is not a usable image; 66 a photo cannot be opened.

        EXAMPLES:
          sudokit scan TestImages/newspaper/image1.jpg
          sudokit scan --format jsonl --debug /tmp/overlays photo1.jpg photo2.jpg
        """,
    options: [
        .value("format", "FORMAT", "text, line, json or jsonl (default: text)."),
        .flag("solution", "Also print the proven solution (text format)."),
        .value("debug", "DIR", "Write overlay pictures for each photo into DIR."),
        .value("tessdata", "DIR", "Folder holding eng.traineddata (default: $TESSDATA_PREFIX, else Debian's)."),
        .flag("locate-only", "Only locate the grid: status 'located' with its corners, no reading."),
    ],
    run: { parsed in
        guard !parsed.positionals.isEmpty else { throw CLIError.usage("scan needs at least one IMAGE (or '-')") }
        let format = try parsed.choice("format", ["text", "line", "json", "jsonl"], default: "text")
        var options = try scanOptions(parsed)
        let debugDir = parsed.value("debug")
        if let debugDir {
            options.debug = true
            try createDirectory(debugDir)
        }
        let scanner = try makeScanner(options)
        var worst = ExitCode.success
        for argument in parsed.positionals {
            let result: ScanResult
            if argument == "-" {
                do throws(ImageCodecError) {
                    let bytes = try FileBytes.readStandardInput()
                    result = scanner.scan(bytes: bytes, source: "<stdin>")
                } catch {
                    var r = ScanResult(file: "<stdin>", status: .error)
                    r.error = error.description
                    r.errorIsCannotOpen = error.isCannotOpen
                    result = r
                }
            } else {
                result = scanner.scan(path: argument)
            }
            switch format {
            case "line": print(result.line)
            case "json": print(result.json(pretty: true))
            case "jsonl": print(result.json(pretty: false))
            default: print(result.text(showSolution: parsed.flag("solution")), terminator: "")
            }
            if result.status == .error { printError("Error: \(result.error ?? result.file)") }
            if let debugDir { try writeDebugImages(result, into: debugDir) }
            worst = worse(worst, exitCode(for: result))
        }
        return worst
    })

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
