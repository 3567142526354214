// Offers: `DebugImages`, the overlay pictures of `scan --debug DIR` written as PNG.

import Foundation
import GridScanner
import ImageCodecs
import Raster

enum DebugImages {
    /// Writes a result's overlay pictures as DIR/<photo name>-<picture>.png.
    /// - Throws: `CLIError` (73) when a picture cannot be written, (70) when it cannot be encoded.
    static func write(_ result: ScanResult, into dir: String) throws(CLIError) {
        let stem = (result.file as NSString).lastPathComponent.replacingOccurrences(of: ".", with: "_")
        for (name, image) in result.debugImages {
            let path = (dir as NSString).appendingPathComponent("\(stem)-\(name).png")
            let png: [UInt8]
            do { png = try PNGEncoder.encode(image) } catch {
                throw CLIError.software("cannot encode overlay \(path): \(error)")
            }
            guard FileManager.default.createFile(atPath: path, contents: Data(png)) else {
                throw CLIError.cannotCreate("cannot write '\(path)'")
            }
        }
    }
}
