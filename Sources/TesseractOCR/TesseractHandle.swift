// Offers: `TesseractHandle`, the one owner of a `TessBaseAPI*`, and the one place
// where Tesseract's C status codes become `TesseractOCRError`s.

internal import CTesseract
import Raster

/// One recognised symbol: its best text, confidence, box and ranked choices.
struct TesseractSymbol {
    var text: String
    var confidence: Float
    /// Left, top, right, bottom in the recognised image's pixels (right/bottom exclusive).
    var box: (left: Int, top: Int, right: Int, bottom: Int)
    /// Choices from the choice iterator, in the order Tesseract gives them.
    var choices: [(text: String, confidence: Float)]
}

/// Owns a `TessBaseAPI*` from `TessBaseAPICreate` until `deinit` ends and deletes it.
///
/// Not thread-safe (Tesseract's handle is not), hence not `Sendable`.
final class TesseractHandle {
    private let api: OpaquePointer

    /// Creates the handle and loads `language` with the LSTM engine.
    /// Calls `TessBaseAPICreate` and `TessBaseAPIInit2(..., OEM_LSTM_ONLY)`.
    /// - Throws: `TesseractOCRError.trainedDataMissing` before touching Tesseract
    ///   when the file is absent (Tesseract would only print to stderr), else
    ///   `.engineCreationFailed` or `.initFailed`.
    init(location: TessdataLocation, language: String) throws {
        guard location.hasTrainedData(language: language) else {
            throw TesseractOCRError.trainedDataMissing(
                path: location.trainedDataFile(language: language), source: location.source)
        }
        guard let api = TessBaseAPICreate() else { throw TesseractOCRError.engineCreationFailed }
        self.api = api
        // Tesseract's diagnostics go to stderr by default; a library must not print.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        let status = TessBaseAPIInit2(api, location.path, language, OEM_LSTM_ONLY)
        try Self.check(status == 0, .initFailed(dataPath: location.path, language: language, status: status))
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// The one place a C status becomes a Swift error. Tesseract's conventions
    /// differ per function (`Init*`/`Recognize`: 0 is success; `SetVariable`:
    /// TRUE is success), so callers state what success is.
    private static func check(_ succeeded: Bool, _ error: @autoclosure () -> TesseractOCRError) throws {
        if !succeeded { throw error() }
    }

    /// Sets a Tesseract parameter. Calls `TessBaseAPISetVariable`.
    /// - Throws: `TesseractOCRError.variableRejected`.
    func setVariable(_ name: String, _ value: String) throws {
        // TessBaseAPISetVariable returns TRUE (1) on success.
        try Self.check(TessBaseAPISetVariable(api, name, value) != 0, .variableRejected(name: name, value: value))
    }

    /// Calls `TessBaseAPISetPageSegMode`.
    func setPageSegMode(_ mode: TessPageSegMode) {
        TessBaseAPISetPageSegMode(api, mode)
    }

    /// Recognises `image` and returns its symbols in reading order.
    /// Calls `TessBaseAPISetImage` (which copies the pixels), `TessBaseAPIRecognize`,
    /// then walks `TessBaseAPIGetIterator` at `RIL_SYMBOL` with
    /// `TessResultIteratorGetChoiceIterator` for the choices.
    /// - Throws: `TesseractOCRError.unusableCrop`, `.recognitionFailed`.
    func recognize(_ image: GrayImage) throws -> [TesseractSymbol] {
        guard image.width > 0, image.height > 0, image.width < 1 << 15, image.height < 1 << 15 else {
            throw TesseractOCRError.unusableCrop(width: image.width, height: image.height)
        }
        image.pixels.withUnsafeBufferPointer { buffer in
            TessBaseAPISetImage(api, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
        }
        // Tesseract guesses the resolution otherwise, and warns about it.
        TessBaseAPISetSourceResolution(api, 300)
        defer { TessBaseAPIClear(api) }
        let status = TessBaseAPIRecognize(api, nil)
        try Self.check(status == 0, .recognitionFailed(status: status))

        guard let iterator = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(iterator) }
        var symbols: [TesseractSymbol] = []
        repeat {
            guard let cText = TessResultIteratorGetUTF8Text(iterator, RIL_SYMBOL) else { continue }
            let text = String(cString: cText)
            TessDeleteText(cText)
            let confidence = TessResultIteratorConfidence(iterator, RIL_SYMBOL)
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            _ = TessPageIteratorBoundingBox(
                TessResultIteratorGetPageIteratorConst(iterator), RIL_SYMBOL, &l, &t, &r, &b)
            var choices: [(String, Float)] = []
            if let choice = TessResultIteratorGetChoiceIterator(iterator) {
                repeat {
                    if let c = TessChoiceIteratorGetUTF8Text(choice) {  // owned by the iterator
                        choices.append((String(cString: c), TessChoiceIteratorConfidence(choice)))
                    }
                } while TessChoiceIteratorNext(choice) != 0
                TessChoiceIteratorDelete(choice)
            }
            symbols.append(
                TesseractSymbol(
                    text: text, confidence: confidence,
                    box: (Int(l), Int(t), Int(r), Int(b)), choices: choices))
        } while TessResultIteratorNext(iterator, RIL_SYMBOL) != 0
        return symbols
    }

    /// The library's version string. Calls `TessVersion`.
    static var version: String { String(cString: TessVersion()) }
}
