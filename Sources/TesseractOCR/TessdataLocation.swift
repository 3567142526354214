// Offers: `TessdataLocation`, where Tesseract's language data is looked for.

#if canImport(Glibc)
    import Glibc
#endif

/// The folder holding `<language>.traineddata`, and where that choice came from.
///
/// Order: an explicit path, else `TESSDATA_PREFIX`, else Debian's default
/// `/usr/share/tesseract-ocr/5/tessdata`. Like Tesseract itself, a
/// `TESSDATA_PREFIX` is the tessdata folder, not its parent.
public struct TessdataLocation: Sendable, Hashable {
    /// Debian's folder for the `tesseract-ocr-eng` package (Tesseract 5).
    public static let debianDefault = "/usr/share/tesseract-ocr/5/tessdata"

    /// The folder, without a trailing slash.
    public var path: String
    /// `"the init parameter"`, `"TESSDATA_PREFIX"` or `"the Debian default"`.
    public var source: String

    /// Resolves the folder; `explicitPath` wins over the environment.
    public init(explicitPath: String? = nil) {
        if let explicitPath {
            self.init(path: explicitPath, source: "the init parameter")
        } else if let env = getenv("TESSDATA_PREFIX"), env.pointee != 0 {
            self.init(path: String(cString: env), source: "TESSDATA_PREFIX")
        } else {
            self.init(path: Self.debianDefault, source: "the Debian default")
        }
    }

    private init(path: String, source: String) {
        var p = path
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        self.path = p
        self.source = source
    }

    /// `<path>/<language>.traineddata`.
    public func trainedDataFile(language: String = "eng") -> String {
        "\(path)/\(language).traineddata"
    }

    /// Whether `trainedDataFile(language:)` is a readable file.
    public func hasTrainedData(language: String = "eng") -> Bool {
        var info = stat()
        let file = trainedDataFile(language: language)
        return stat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG && access(file, R_OK) == 0
    }
}
