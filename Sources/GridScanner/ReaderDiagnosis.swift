// Offers: `ReaderDiagnosis`, what the digit reader will run with (Tesseract's
// version, the language data, the OpenMP thread limit in force), so that a front
// end can report it without reaching into the reading layer.

import Foundation
import GlyphModels
import Raster
import Synchronization
import TesseractOCR

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
    /// The runtime's max-active-levels (0: every parallel region runs on the
    /// thread that enters it); nil when no OpenMP runtime is loaded.
    public var maxActiveLevels: Int?
    /// Threads the process runs after an engine on a worker thread read one glyph:
    /// 2 (this one and the worker) when Tesseract's parallel regions stayed on the
    /// worker, more when OpenMP started its pool; nil when the engine did not
    /// start or `/proc` is missing.
    public var threadsAfterReading: Int?
    /// The second reader's weights: their name, size in bytes and SHA-256, as
    /// decoded at start-up; nil with `classifierError` when they do not decode.
    public var classifierWeights: (name: String, bytes: Int, sha256: String)?
    public var classifierError: String?
    /// The kind classifier's weights (printed or handwritten), the same way;
    /// nil with `kindClassifierError` when they do not decode.
    public var kindClassifierWeights: (name: String, bytes: Int, sha256: String)?
    public var kindClassifierError: String?
    /// The hand reader's weights (handwritten entries), the same way.
    public var handReaderWeights: (name: String, bytes: Int, sha256: String)?
    public var handReaderError: String?

    /// Starts an engine once with `tessdata` (nil: `TESSDATA_PREFIX`, else
    /// Debian's folder) and records what happened.
    public init(tessdata: String?) {
        tesseractVersion = TesseractEngine.version
        let location = TessdataLocation(explicitPath: tessdata)
        tessdataPath = location.path
        tessdataSource = location.source
        trainedDataFile = location.trainedDataFile(language: "eng")
        trainedDataFound = location.hasTrainedData(language: "eng")
        (engineError, threadsAfterReading) = Self.startOnAWorker(tessdata: tessdata)
        do {
            let c = try DigitClassifier()
            classifierWeights = (DigitClassifier.builtInWeightsName, c.weightsByteCount, c.weightsSHA256)
        } catch {
            classifierError = "\(error)"
        }
        do {
            let c = try KindClassifier()
            kindClassifierWeights = (KindClassifier.builtInWeightsName, c.weightsByteCount, c.weightsSHA256)
        } catch {
            kindClassifierError = "\(error)"
        }
        do {
            let h = try HandReader()
            handReaderWeights = (HandReader.builtInWeightsName, h.weightsByteCount, h.weightsSHA256)
        } catch {
            handReaderError = "\(error)"
        }
        environmentThreadLimit = OpenMPRuntime.environmentThreadLimit
        runtimeThreadLimit = OpenMPRuntime.threadLimit
        maxActiveLevels = OpenMPRuntime.maxActiveLevels
    }

    /// Starts an engine on a new thread, as a batch worker does, and has it read
    /// one glyph (a printed 1); then counts the process's threads: OpenMP's pool
    /// threads, if the read started them, are still there. Returns why the engine
    /// did not start (nil when it did) and the count (nil when it did not start).
    static func startOnAWorker(tessdata: String?) -> (error: String?, threads: Int?) {
        let outcome = Mutex<(error: String?, threads: Int?)>((nil, nil))
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            defer { done.signal() }
            let engine: TesseractEngine
            do { engine = try TesseractEngine(dataPath: tessdata) } catch {
                outcome.withLock { $0.error = "\(error)" }
                return
            }
            var glyph = GrayImage(width: 40, height: 56, fill: 235)
            for y in 8..<48 { for x in 17..<23 { glyph[x, y] = 30 } }
            for y in 8..<14 { for x in 11..<17 { glyph[x, y] = 30 } }
            _ = try? engine.read(glyph)
            outcome.withLock { $0.threads = OpenMPRuntime.processThreads }
        }
        worker.start()
        done.wait()
        return outcome.withLock { $0 }
    }

    /// Makes Tesseract's OpenMP parallel regions run on the thread that enters
    /// them, for the whole process (see `OpenMPRuntime.serializeParallelRegions`);
    /// false when the runtime does not offer that.
    public static func keepOpenMPOnCallingThreads() -> Bool {
        OpenMPRuntime.serializeParallelRegions()
    }

    /// Whether the readers start: Tesseract, both classifiers and the hand reader.
    public var engineLoads: Bool {
        engineError == nil && classifierError == nil && kindClassifierError == nil && handReaderError == nil
    }
}
