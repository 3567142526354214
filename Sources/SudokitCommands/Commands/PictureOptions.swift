// Offers: what the picture-drawing commands share: the option values
// `RectangleSize` (`WIDTHxHEIGHT` in points), `TextSizeValue` (`default`,
// `large` or points) and `LocaleValue`; the option group `PictureOptions`
// (`--size`, `--text-size`, `--locale`, `--scale`); and `PictureFile`, which
// writes a scene as PNG or SVG by the file's extension, atomically.

import ArgumentParsing
import BoardLayout
import BoardRendering
import Drawing
import ImageCodecs

/// `WIDTHxHEIGHT` in points, each 100...4000.
struct RectangleSize: ArgumentValue, Equatable {
    var width: Double
    var height: Double

    static var expected: String { "WIDTHxHEIGHT in points, each 100 to 4000 (e.g. 390x844)" }

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            (100...4000).contains(w), (100...4000).contains(h)
        else { return nil }
        width = w
        height = h
    }
}

/// `default` (17 points), `large` (28) or a size in points (10...60).
struct TextSizeValue: ArgumentValue, Equatable {
    var points: Double

    static var expected: String { "default, large or a size in points from 10 to 60" }

    init(points: Double) { self.points = points }

    init?(argument: String) {
        switch argument {
        case "default": points = TextSize.standard
        case "large": points = TextSize.large
        default:
            guard let p = Double(argument), TextSize.range.contains(p) else { return nil }
            points = p
        }
    }
}

/// A language whose key labels the project ships.
struct LocaleValue: ArgumentValue, Equatable {
    var labels: KeyLabels

    static var expected: String { "one of " + KeyLabels.all.map(\.locale).joined(separator: ", ") }

    init(labels: KeyLabels) { self.labels = labels }

    init?(argument: String) {
        guard let labels = KeyLabels(locale: argument) else { return nil }
        self.labels = labels
    }
}

/// How a picture is sized: the rectangle it fills, the text size and language of the keys, pixels per point.
struct PictureOptions: ParsableArguments {
    var size = RectangleSize(width: 600, height: 600)
    var textSize = TextSizeValue(points: TextSize.standard)
    var locale = LocaleValue(labels: .english)
    var scale = 1

    static var options: [Option<Self>] {
        [
            .value(
                "size", \.size, valueName: "WxH",
                help: "The rectangle the layout fills, in points (default 600x600); it sets the cell size."),
            .value(
                "text-size", \.textSize, valueName: "size",
                help: "The keys' text size: default (17 points), large (28) or points (10-60)."),
            .value("locale", \.locale, valueName: "code", help: "The keys' language: en (default), de or fr."),
            .value("scale", \.scale, in: 1...4, help: "PNG pixels per point (default 1)."),
        ]
    }

    /// The layout of the rectangle (a note on stderr when it is too small even for the emergency layout).
    var layout: Layout {
        let layout = Layout(
            LayoutRequest(width: size.width, height: size.height, textSize: textSize.points, labels: locale.labels))
        if !layout.fits {
            Console.note(
                "\(Int(size.width))x\(Int(size.height)) is too small for a 24-point board and one row of keys; the "
                    + "picture is clipped"
            )
        }
        return layout
    }
}

/// Picture files: `.png` through the project's PNG encoder, `.svg` as text.
enum PictureFile {
    enum Kind { case png, svg }

    /// The kind `path`'s extension names; nil for any other extension.
    static func kind(of path: String) -> Kind? {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { return .png }
        if lower.hasSuffix(".svg") { return .svg }
        return nil
    }

    /// The message for a picture file whose extension names no kind.
    static func badName(_ path: String, option: String = "--out") -> String {
        "\(option) '\(path)' must end in .png or .svg"
    }

    /// The kind `path`'s extension names.
    /// - Throws: `CLIError.usage` for any other extension.
    static func kind(of path: String, option: String) throws(CLIError) -> Kind {
        guard let kind = kind(of: path) else { throw CLIError.usage(badName(path, option: option)) }
        return kind
    }

    /// Writes `scene` to `path` (its kind by extension), atomically.
    /// - Throws: `CLIError` 64 for another extension, 73/74 when the file cannot be written, 70 when encoding fails.
    static func write(_ scene: Scene, to path: String, scale: Int, option: String = "--out") throws(CLIError) {
        let bytes: [UInt8]
        switch try kind(of: path, option: option) {
        case .svg:
            bytes = Array(SVGWriter.svg(scene).utf8)
        case .png:
            let pixels = (scene.width * Double(scale)) * (scene.height * Double(scale))
            guard pixels <= 64_000_000 else {
                throw CLIError.usage(
                    "\(Int(scene.width))x\(Int(scene.height)) points at --scale \(scale) is more than 64 megapixels")
            }
            do throws(ImageCodecError) {
                bytes = try PNGEncoder.encode(Rasteriser.image(scene, scale: Double(scale)))
            } catch {
                throw CLIError(error)
            }
        }
        try OutputFiles.replace(path, through: OutputFiles.temporaryPath(for: path)) { fd throws(CLIError) in
            try OutputFiles.write(fd, bytes, path: path)
        }
    }
}
