// Offers: `EngineStart`, Tesseract's set-up (about 80 ms: the language data
// and its tables) run on a thread of its own, so that a scanner's first photo
// is decoded, framed and cut into cells while the engine loads; the engine is
// waited for only when the first glyph is to be read.

import Dispatch
import Synchronization
import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

final class EngineStart: Sendable {
    /// The started engine (or why it did not start) until `take` hands it over.
    fileprivate let slot = Mutex<Result<TesseractEngine, ScanError>?>(nil)
    fileprivate let done = DispatchSemaphore(value: 0)

    /// Checks the language data is there (so a missing file fails here, at
    /// once), then starts the engine in the background.
    init(dataPath: String?) throws(ScanError) {
        do { try TesseractEngine.checkLanguageData(dataPath: dataPath) } catch {
            throw .readerUnavailable(reason: "\(error)")
        }
        // A thread of its own that ends with the set-up, rather than a pool thread
        // that would idle on for the rest of the run.
        let job = Unmanaged.passRetained(Job(start: self, dataPath: dataPath))
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, job.toOpaque())
        if created == 0 {
            pthread_detach(thread)
        } else {
            job.takeRetainedValue().run()  // no thread to be had: set up here and now
        }
    }

    /// What the set-up thread does: start the engine, put it in the slot, signal.
    private final class Job: Sendable {
        let start: EngineStart
        let dataPath: String?
        init(start: EngineStart, dataPath: String?) {
            self.start = start
            self.dataPath = dataPath
        }
        func run() {
            // Made inside the lock's body, so the engine belongs to the slot alone.
            start.slot.withLock { $0 = EngineStart.start(dataPath) }
            start.done.signal()
        }
    }

    fileprivate static func start(_ dataPath: String?) -> Result<TesseractEngine, ScanError> {
        do { return .success(try TesseractEngine(dataPath: dataPath)) } catch {
            return .failure(.readerUnavailable(reason: "\(error)"))
        }
    }

    /// Waits for the engine and hands it over; call once.
    func take() -> Result<TesseractEngine, ScanError> {
        done.wait()
        return slot.withLock { $0.take() } ?? .failure(.readerUnavailable(reason: "the engine was already handed over"))
    }
}
