// Offers: `TesseractOCRError`, the one error type of the TesseractOCR module.

/// Why reading digits failed. Every Tesseract status code becomes one of these in
/// `TesseractHandle`; nothing else in the module talks to the C API.
public enum TesseractOCRError: Swift.Error, Hashable, CustomStringConvertible {
    /// `<tessdata>/<language>.traineddata` does not exist. `source` says where the
    /// folder came from (the init parameter, `TESSDATA_PREFIX`, or the default).
    case trainedDataMissing(path: String, source: String)
    /// `TessBaseAPICreate` returned NULL.
    case engineCreationFailed
    /// `TessBaseAPIInit2` returned `status` (non-zero) for this folder and language.
    case initFailed(dataPath: String, language: String, status: Int32)
    /// `TessBaseAPISetVariable` refused a parameter (unknown name or bad value).
    case variableRejected(name: String, value: String)
    /// `TessBaseAPIRecognize` returned `status` (non-zero).
    case recognitionFailed(status: Int32)
    /// The crop cannot be given to Tesseract (empty, or too large).
    case unusableCrop(width: Int, height: Int)

    public var description: String {
        switch self {
        case let .trainedDataMissing(path, source):
            return "Tesseract language data not found: \(path) (tessdata folder from \(source)). "
                + "Install it (Debian: apt-get install tesseract-ocr-eng) or set TESSDATA_PREFIX to the folder "
                + "holding eng.traineddata."
        case .engineCreationFailed:
            return "Tesseract could not create an engine (TessBaseAPICreate returned NULL)"
        case let .initFailed(dataPath, language, status):
            return "Tesseract failed to load language '\(language)' from \(dataPath) (status \(status))"
        case let .variableRejected(name, value):
            return "Tesseract rejected the setting \(name)=\(value)"
        case let .recognitionFailed(status):
            return "Tesseract recognition failed (status \(status))"
        case let .unusableCrop(width, height):
            return "cannot read a \(width)x\(height) crop"
        }
    }
}
