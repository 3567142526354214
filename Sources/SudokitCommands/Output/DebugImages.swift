// Offers: `DebugImages`, the overlay pictures of `scan --debug DIR` (scenes
// drawn from the scan's trace, `ScanTrace.overlays`) written as PNG and as SVG.

import Drawing
import Foundation
import GridScanner
import ImageCodecs
import Raster

enum DebugImages {
    /// The empty file that marks a folder as `--debug` output: `InputWalker`
    /// passes such a folder over, so overlays are never read back as photos.
    static let markerName = ".sudokit-debug"

    /// Creates `dir` when missing and marks it as overlay output. A folder that
    /// already holds other files (photos, say) is refused: marked, the scanner
    /// would pass over them.
    /// - Throws: `CLIError` 64 for a folder holding other files, 73 when the
    ///   folder or its marker cannot be created.
    static func prepare(_ dir: String) throws(CLIError) {
        let marker = (dir as NSString).appendingPathComponent(markerName)
        if !OutputFiles.exists(marker), let names = try? FileManager.default.contentsOfDirectory(atPath: dir),
            !names.filter({ !$0.hasPrefix(".") }).isEmpty
        {
            throw CLIError.usage(
                "--debug '\(dir)' holds other files: name a new or empty folder (or one --debug wrote)")
        }
        try OutputFiles.createDirectory(dir)
        guard
            OutputFiles.exists(marker)
                || FileManager.default.createFile(
                    atPath: marker,
                    contents: Data(
                        "Overlay pictures of 'sudokit scan --debug'; scan passes this folder over.\n".utf8))
        else {
            throw CLIError.cannotCreate("cannot create '\(marker)'")
        }
    }

    /// Writes the overlay pictures of the photo `file` as DIR/<photo name>-<picture>.png
    /// (rasterised at one pixel a point: the size of the picture under it) and
    /// DIR/<photo name>-<picture>.svg (the same scene as vectors over the picture,
    /// which is embedded as a PNG `data:` URI so that the file opens on its own).
    /// - Throws: `CLIError` (73) when a picture cannot be written, (70) when it cannot be encoded.
    static func write(_ overlays: [(name: String, scene: Scene)], of file: String, into dir: String) throws(CLIError) {
        let stem = (file as NSString).lastPathComponent.replacingOccurrences(of: ".", with: "_")
        for (name, scene) in overlays {
            let path = (dir as NSString).appendingPathComponent("\(stem)-\(name)")
            let png: [UInt8]
            var links: [(picture: RGBImage, link: String)] = []
            do {
                png = try PNGEncoder.encode(Rasteriser.image(scene))
                for case let .image(picture, _) in scene.shapes.map(\.kind)
                where !links.contains(where: { $0.picture == picture }) {
                    let encoded = try PNGEncoder.encode(picture)
                    links.append((picture, "data:image/png;base64," + Data(encoded).base64EncodedString()))
                }
            } catch {
                throw CLIError.software("cannot encode overlay \(path): \(error)")
            }
            let svg = SVGWriter.svg(scene, imageLink: { picture in links.first { $0.picture == picture }?.link })
            for (bytes, ext) in [(Data(png), "png"), (Data(svg.utf8), "svg")] {
                guard FileManager.default.createFile(atPath: path + "." + ext, contents: bytes) else {
                    throw CLIError.cannotCreate("cannot write '\(path).\(ext)'")
                }
            }
        }
    }
}
