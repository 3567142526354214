// Offers: `PhotoGroup`, the keys `sudokit eval --by` groups photos by (the
// case, the camera), so that the figures show which kind of photo fails.

/// What `sudokit eval --by` groups the photos by, so that a person sees which
/// kind of photo fails.
public enum PhotoGroup: String, Sendable, CaseIterable {
    /// The case: the file name without its extension and a trailing `-N`
    /// (`tall-digits-3.jpg` -> `tall-digits`, `rotated-90.jpg` -> `rotated`), or
    /// without its trailing number when the name is one word and a number, as the
    /// corpus numbers its photos (`image17.jpg` -> `image`).
    case photoClass = "class"
    /// The first word of the truth file's line 1: the camera's make in the corpus
    /// (`sonyEricsson`, `iphone`), `synthetic` for the generated photos; `-` when
    /// the line is empty.
    case camera

    /// The group `score` belongs to.
    public func name(of score: PhotoScore) -> String {
        switch self {
        case .photoClass: Self.photoClass(score.name)
        case .camera: score.source.split(whereSeparator: \.isWhitespace).first.map(String.init) ?? "-"
        }
    }

    /// See `photoClass`.
    static func photoClass(_ fileName: String) -> String {
        var stem = Substring(fileName)
        if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = stem[..<dot] }
        let digits = stem.reversed().prefix { $0.isASCII && $0.isNumber }.count
        guard digits > 0, digits < stem.count else { return String(stem) }
        let head = stem.dropLast(digits)
        if head.last == "-", head.count > 1 { return String(head.dropLast()) }
        if head.allSatisfy({ $0.isASCII && $0.isLetter }) { return String(head) }
        return String(stem)
    }
}
