// Offers: the option groups and value types several commands share, each name
// written once: `TessdataOption`, `ReadingOptions`, `WorkerOptions`, and the
// output format `ReportFormat` (text for people, JSON for machines).

import ArgumentParsing
import Foundation
import GridScanner
import SudokuCore

/// `--tessdata DIR`: where Tesseract's language data is.
package struct TessdataOption: ParsableArguments {
    package var path: String?

    package init() {}

    package static var options: [Option<Self>] {
        [
            .value(
                "tessdata", \.path, valueName: "dir",
                help: "Folder holding eng.traineddata (default: $TESSDATA_PREFIX, else Debian's).")
        ]
    }
}

/// How photos are read: the language data, and whether to read at all.
struct ReadingOptions: ParsableArguments {
    var tessdata = TessdataOption()
    var locateOnly = false
    var classifierWeights: String?
    var kindWeights: String?
    var handWeights: String?

    static var options: [Option<Self>] {
        Option.group(\.tessdata) + [
            .flag(
                "locate-only", \.locateOnly,
                help: "Only locate the grid: status 'located' with its corners, no reading."),
            .value(
                "classifier-weights", \.classifierWeights, valueName: "file",
                help:
                    "Read with this digit-classifier weights file instead of the built-in one (to measure a model on "
                    + "photos it was not trained on)."
            ),
            .value(
                "kind-weights", \.kindWeights, valueName: "file",
                help:
                    "Tell printed from handwritten with this kind-classifier weights file instead of the built-in "
                    + "one (likewise)."
            ),
            .value(
                "hand-weights", \.handWeights, valueName: "file",
                help:
                    "Read handwritten entries with this hand-reader weights file instead of the built-in one "
                    + "(likewise)."
            ),
        ]
    }

    /// The files and folders these options make the run read (for `OutputGuard`).
    var files: [String] { [tessdata.path, classifierWeights, kindWeights, handWeights].compactMap { $0 } }

    /// The scan settings these options ask for.
    var scanOptions: ScanOptions {
        var options = ScanOptions()
        options.tessdata = tessdata.path
        options.read = !locateOnly
        options.classifierWeights = classifierWeights
        options.kindWeights = kindWeights
        options.handWeights = handWeights
        return options
    }
}

/// How a batch runs: workers, and whether stderr shows progress.
package struct WorkerOptions: ParsableArguments {
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    package var quiet = false

    package init() {}

    package static var options: [Option<Self>] {
        [
            .value(
                "jobs", \.jobs, in: 1...256,
                help: "Photos read at once, one reader each (default: the number of cores)."),
            .flag("quiet", \.quiet, help: "No progress, notes or summary on stderr (errors are still shown)."),
        ]
    }
}

/// The output of the report commands: text for people, JSON for machines.
package enum ReportFormat: String, CaseIterable, ArgumentValue {
    case text, json
}

extension Option {
    /// `--input FILE`, repeating, for the commands that read puzzles (solve, hint, explain, grade).
    package static func puzzleInput(_ keyPath: WritableKeyPath<Root, [String]>) -> Option {
        .repeating(
            "input", keyPath, valueName: "file", help: "Read puzzles from FILE ('-' for standard input); may repeat.")
    }

    /// `--input-format`, how those puzzles are written.
    package static func puzzleInputFormat(_ keyPath: WritableKeyPath<Root, PuzzleFormat>) -> Option {
        .value(
            "input-format", keyPath, valueName: "format",
            help: "Input format: line (default), grid (9 lines), dat (truth file), json.")
    }

    /// `--entries LINE`, the player's digits, for the commands that take a position (hint, check-step).
    package static func playerEntries(_ keyPath: WritableKeyPath<Root, String?>) -> Option {
        .value(
            "entries", keyPath, valueName: "line",
            help: "The player's entries: 81 characters, digits where the player wrote one, '.' or '0' " + "elsewhere.")
    }

    /// `--candidates FILE`, the player's pencil marks, for the same commands.
    package static func playerCandidates(_ keyPath: WritableKeyPath<Root, String?>) -> Option {
        .value(
            "candidates", keyPath, valueName: "file",
            help:
                "The player's pencil marks: a candidate grid (9 rows of 9 groups, '|' and '-' optional) or "
                + "a\n729-character line ('-' for standard input).")
    }

    /// `--format text|json`.
    package static func reportFormat(_ keyPath: WritableKeyPath<Root, ReportFormat>, json: String) -> Option {
        .value("format", keyPath, valueName: "format", help: "text (default) or json: \(json).")
    }
}

/// Starts one scanner before any photo, so a reader that cannot start fails
/// once, clearly (exit 69), instead of once per photo. The scanner is returned
/// for the batch's first worker (`BatchScan.run(..., prepared:)`): starting the
/// reader is most of a one-photo run's set-up, so it is done once. Missing
/// language data fails here at once; for one photo the engine's own start is not
/// waited for, so that it overlaps the photo's decoding and framing (a failure
/// then comes as that photo's error record, with the same exit code).
package func checkReaderStarts(_ options: ScanOptions, photos: Int) throws(CLIError) -> GridScanner {
    do {
        let scanner = try GridScanner(options: options)
        if photos > 1 { try scanner.waitForReader() }
        return scanner
    } catch {
        let hint = if case .readerUnavailable = error { " (run scripts/setup, or give --tessdata DIR)" } else { "" }
        throw CLIError(message: "\(error)\(hint)", code: error.exitCode)
    }
}
