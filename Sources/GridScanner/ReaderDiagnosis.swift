// Offers: `ReaderDiagnosis`, what the digit reader will run with (Tesseract's
// version, the language data, the OpenMP thread limit in force), so that a front
// end can report it without reaching into the reading layer.

import DigitClassifier
import DigitReader

/// The facts about the reading engine that decide whether a scan can read.
public struct ReaderDiagnosis: Sendable {
    /// libtesseract's version string.
    public var tesseractVersion: String
    /// The tessdata folder in use, without a trailing slash.
    public var tessdataPath: String
    /// Where that folder came from: the option, `TESSDATA_PREFIX`, or the Debian default.
    public var tessdataSource: String
    /// `<tessdata>/eng.traineddata`.
    public var trainedDataFile: String
    public var trainedDataFound: Bool
    /// Why the engine failed to start; nil when it started.
    public var engineError: String?
    /// `OMP_THREAD_LIMIT` as set in the environment; nil when unset.
    public var environmentThreadLimit: String?
    /// The limit the OpenMP runtime itself reports (`omp_get_thread_limit`),
    /// `Int(Int32.max)` for unlimited; nil when no OpenMP runtime is loaded.
    public var runtimeThreadLimit: Int?
    /// The second reader's weights: their name, size in bytes and SHA-256, as
    /// decoded at start-up; nil with `classifierError` when they do not decode.
    public var classifierWeights: (name: String, bytes: Int, sha256: String)?
    public var classifierError: String?

    /// Starts an engine once with `tessdata` (nil: `TESSDATA_PREFIX`, else
    /// Debian's folder) and records what happened.
    public init(tessdata: String?) {
        tesseractVersion = TesseractEngine.version
        let location = TessdataLocation(explicitPath: tessdata)
        tessdataPath = location.path
        tessdataSource = location.source
        trainedDataFile = location.trainedDataFile(language: "eng")
        trainedDataFound = location.hasTrainedData(language: "eng")
        do {
            _ = try TesseractEngine(dataPath: tessdata)
            engineError = nil
        } catch {
            engineError = "\(error)"
        }
        do {
            let c = try DigitClassifier()
            classifierWeights = (DigitClassifier.builtInWeightsName, c.weightsByteCount, c.weightsSHA256)
        } catch {
            classifierError = "\(error)"
        }
        environmentThreadLimit = OpenMPRuntime.environmentThreadLimit
        runtimeThreadLimit = OpenMPRuntime.threadLimit
    }

    /// Whether both readers start.
    public var engineLoads: Bool { engineError == nil && classifierError == nil }
}
