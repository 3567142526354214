// `sudokit diagnose`: what the OCR engine will run with — Tesseract's version,
// the language data in use, and the OpenMP thread limit actually in force.

import DigitReader

let diagnoseCommand = Command(
    name: "diagnose",
    summary: "Show the Tesseract version, language data and OpenMP thread limit in use.",
    usage: "[--json] [--tessdata <dir>]",
    discussion: """
        Reports the libtesseract version, the tessdata folder (from --tessdata, else
        TESSDATA_PREFIX, else /usr/share/tesseract-ocr/5/tessdata), whether
        eng.traineddata is there and loads, OMP_THREAD_LIMIT as set in the
        environment, and the limit the OpenMP runtime reports (omp_get_thread_limit).
        sudokit sets OMP_THREAD_LIMIT=1 when it is unset, by re-executing itself;
        SUDOKIT_NO_REEXEC=1 turns that off.
        Exit status: 0 when the engine loads, 1 when it does not.

        EXAMPLE: sudokit diagnose --json
        """,
    options: [
        .flag("json", "Print one JSON object instead of text."),
        .value("tessdata", "dir", "The folder holding eng.traineddata."),
    ],
    run: { args in
        guard args.positionals.isEmpty else {
            throw CLIError.usage("'diagnose' takes no arguments, got '\(args.positionals[0])'")
        }
        let report = DiagnoseReport(tessdataOption: args.value("tessdata"))
        print(args.flag("json") ? report.json : report.text)
        return report.engineError == nil ? .success : .notVerified
    })

/// The facts `diagnose` prints.
struct DiagnoseReport {
    var tesseractVersion: String
    var tessdata: TessdataLocation
    var trainedDataFound: Bool
    /// Why the engine failed to load, nil when it loaded.
    var engineError: String?
    var environmentThreadLimit: String?
    var runtimeThreadLimit: Int?

    init(tessdataOption: String?) {
        tesseractVersion = TesseractEngine.version
        tessdata = TessdataLocation(explicitPath: tessdataOption)
        trainedDataFound = tessdata.hasTrainedData(language: "eng")
        do {
            _ = try TesseractEngine(dataPath: tessdataOption)
            engineError = nil
        } catch {
            engineError = "\(error)"
        }
        environmentThreadLimit = OpenMPRuntime.environmentThreadLimit
        runtimeThreadLimit = OpenMPRuntime.threadLimit
    }

    var text: String {
        let runtime = runtimeThreadLimit.map { $0 == Int(Int32.max) ? "unlimited (\($0))" : String($0) }
            ?? "no OpenMP runtime loaded"
        return """
            Tesseract:                  \(tesseractVersion)
            tessdata:                   \(tessdata.path) (from \(tessdata.source))
            eng.traineddata:            \(trainedDataFound ? "found" : "missing") (\(tessdata.trainedDataFile(language: "eng")))
            engine:                     \(engineError.map { "fails: \($0)" } ?? "loads")
            OMP_THREAD_LIMIT (env):     \(environmentThreadLimit ?? "unset")
            OpenMP thread limit (omp_get_thread_limit): \(runtime)
            """
    }

    var json: String {
        func quoted(_ s: String?) -> String { s.map(jsonString) ?? "null" }
        return "{"
            + "\"tesseractVersion\":\(jsonString(tesseractVersion)),"
            + "\"tessdataPath\":\(jsonString(tessdata.path)),"
            + "\"tessdataSource\":\(jsonString(tessdata.source)),"
            + "\"engTrainedDataFound\":\(trainedDataFound),"
            + "\"engineError\":\(quoted(engineError)),"
            + "\"ompThreadLimitEnvironment\":\(quoted(environmentThreadLimit)),"
            + "\"ompThreadLimitRuntime\":\(runtimeThreadLimit.map(String.init) ?? "null")"
            + "}"
    }
}
