// Offers: `DiagnoseCommand`, `sudokit diagnose`: what the digit reader will run
// with — Tesseract's version, the language data in use, and the OpenMP thread
// limit actually in force.

import ArgumentParsing
import Basics
import GridScanner
import SudokuCore

struct DiagnoseCommand: Command {
    struct Arguments: ParsableArguments {
        var format = ReportFormat.text
        var tessdata = TessdataOption()

        static var options: [Option<Self>] {
            [.reportFormat(\.format, json: "one object")] + Option.group(\.tessdata)
        }
    }

    static let help = CommandHelp(
        name: "diagnose",
        abstract: "Show the Tesseract version, language data, OpenMP thread limit and classifier weights in use.",
        discussion: """
            Reports the libtesseract version, the tessdata folder (from --tessdata, else
            TESSDATA_PREFIX, else /usr/share/tesseract-ocr/5/tessdata), whether
            eng.traineddata is there and loads, OMP_THREAD_LIMIT as set in the
            environment, the limit the OpenMP runtime reports (omp_get_thread_limit), its
            max-active-levels, the threads the process runs after an engine on a worker
            thread read one glyph, and the weights of the second reader and of the kind
            classifier (printed or handwritten; both compiled in: name, size, SHA-256).
            When OMP_THREAD_LIMIT is unset, sudokit sets the runtime's max-active-levels
            to 0, so that Tesseract's parallel regions run on the thread that enters them
            and no OpenMP thread is started (the glyph is read on a worker thread, so
            threads after reading: 2, that worker and the main thread); only a runtime
            without that setting makes it re-execute itself with OMP_THREAD_LIMIT=1.
            SUDOKIT_NO_OMP_LIMIT=1 leaves the runtime alone.
            JSON keys: tesseract_version, tessdata_path, tessdata_source,
            eng_trained_data_found, engine_error, omp_thread_limit_environment,
            omp_thread_limit_runtime, omp_max_active_levels, threads_after_reading,
            classifier_weights, classifier_bytes, classifier_sha256, classifier_error,
            kind_classifier_weights, kind_classifier_bytes, kind_classifier_sha256,
            kind_classifier_error.
            """,
        exitStatus: [
            ("0", "the readers start"),
            ("69", "Tesseract or a classifier cannot start (the report says why)"),
        ],
        examples: ["sudokit diagnose", "sudokit diagnose --format json --tessdata /usr/share/tesseract-ocr/5/tessdata"])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let d = ReaderDiagnosis(tessdata: a.tessdata.path)
        switch a.format {
        case .json:
            Console.out(
                JSONText.object([
                    ("tesseract_version", JSONText.quoted(d.tesseractVersion)),
                    ("tessdata_path", JSONText.quoted(d.tessdataPath)),
                    ("tessdata_source", JSONText.quoted(d.tessdataSource)),
                    ("eng_trained_data_found", d.trainedDataFound ? "true" : "false"),
                    ("engine_error", JSONText.optional(d.engineError)),
                    ("omp_thread_limit_environment", JSONText.optional(d.environmentThreadLimit)),
                    ("omp_thread_limit_runtime", d.runtimeThreadLimit.map(String.init) ?? "null"),
                    ("omp_max_active_levels", d.maxActiveLevels.map(String.init) ?? "null"),
                    ("threads_after_reading", d.threadsAfterReading.map(String.init) ?? "null"),
                    ("classifier_weights", JSONText.optional(d.classifierWeights?.name)),
                    ("classifier_bytes", d.classifierWeights.map { String($0.bytes) } ?? "null"),
                    ("classifier_sha256", JSONText.optional(d.classifierWeights?.sha256)),
                    ("classifier_error", JSONText.optional(d.classifierError)),
                    ("kind_classifier_weights", JSONText.optional(d.kindClassifierWeights?.name)),
                    ("kind_classifier_bytes", d.kindClassifierWeights.map { String($0.bytes) } ?? "null"),
                    ("kind_classifier_sha256", JSONText.optional(d.kindClassifierWeights?.sha256)),
                    ("kind_classifier_error", JSONText.optional(d.kindClassifierError)),
                    ("hand_reader_weights", JSONText.optional(d.handReaderWeights?.name)),
                    ("hand_reader_bytes", d.handReaderWeights.map { String($0.bytes) } ?? "null"),
                    ("hand_reader_sha256", JSONText.optional(d.handReaderWeights?.sha256)),
                    ("hand_reader_error", JSONText.optional(d.handReaderError)),
                ]))
        case .text:
            let runtime =
                d.runtimeThreadLimit.map { $0 == Int(Int32.max) ? "unlimited (\($0))" : String($0) }
                ?? "no OpenMP runtime loaded"
            Console.out(
                """
                Tesseract:                  \(d.tesseractVersion)
                tessdata:                   \(d.tessdataPath) (from \(d.tessdataSource))
                eng.traineddata:            \(d.trainedDataFound ? "found" : "missing") (\(d.trainedDataFile))
                engine:                     \(d.engineError.map { "fails: \($0)" } ?? "loads")
                OMP_THREAD_LIMIT (env):     \(d.environmentThreadLimit ?? "unset")
                OpenMP thread limit (omp_get_thread_limit): \(runtime)
                OpenMP max active levels:   \(d.maxActiveLevels.map(String.init) ?? "no OpenMP runtime loaded")
                threads after one reading:  \(d.threadsAfterReading.map(String.init) ?? "unknown")
                classifier:                 \(d.classifierWeights.map { "\($0.name), \($0.bytes) bytes, sha256 \($0.sha256)" } ?? "fails: \(d.classifierError ?? "")")
                kind classifier:            \(d.kindClassifierWeights.map { "\($0.name), \($0.bytes) bytes, sha256 \($0.sha256)" } ?? "fails: \(d.kindClassifierError ?? "")")
                hand reader:                \(d.handReaderWeights.map { "\($0.name), \($0.bytes) bytes, sha256 \($0.sha256)" } ?? "fails: \(d.handReaderError ?? "")")
                """)
        }
        return d.engineLoads ? .success : .unavailable
    }
}
