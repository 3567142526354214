// Offers: `EngineStart`, Tesseract's set-up (about 80 ms: the language data
// and its tables) run on a thread of its own, so that a scanner's first photo
// is decoded, framed and cut into cells while the engine loads; the engine is
// waited for only when the first glyph is to be read.

import Dispatch
import DigitReader
import Synchronization

final class EngineStart: Sendable {
    /// The started engine (or why it did not start) until `take` hands it over.
    private let slot = Mutex<Result<TesseractEngine, ScanError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    /// Checks the language data is there (so a missing file fails here, at
    /// once), then starts the engine in the background.
    init(dataPath: String?) throws(ScanError) {
        do { try TesseractEngine.checkLanguageData(dataPath: dataPath) } catch {
            throw .readerUnavailable(reason: "\(error)")
        }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // Made inside the lock's body, so the engine belongs to the slot alone.
            slot.withLock { $0 = Self.start(dataPath) }
            done.signal()
        }
    }

    private static func start(_ dataPath: String?) -> Result<TesseractEngine, ScanError> {
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
