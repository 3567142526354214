// Loads the PNG fixtures beside this file as `GrayImage`s. ImageMagick (installed
// by scripts/setup) converts each to binary PGM; TesseractOCR's tests must not
// depend on ImageCodecs, which sits above nothing here but is tested on its own.

import Foundation
import Raster
import TestSupport

enum FixtureError: Error, CustomStringConvertible {
    case convertFailed(file: String, status: Int32, message: String)
    case notPGM(file: String)

    var description: String {
        switch self {
        case let .convertFailed(file, status, message):
            return "ImageMagick 'convert' failed on \(file) (status \(status)): \(message). Run scripts/setup."
        case let .notPGM(file): return "convert did not produce a binary PGM for \(file)"
        }
    }
}

/// The folder holding the fixture images.
let fixturesFolder = packageRoot().appendingPathComponent("Tests/TesseractOCRTests/Fixtures")

/// Fixture file names with `prefix`, sorted.
func fixtureNames(prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: fixturesFolder.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".png") }.sorted()
}

/// The digit a fixture shows, from the `-d<digit>` part of its name (`-d0`: empty).
func fixtureDigit(_ name: String) -> Int? {
    guard let range = name.range(of: #"-d[0-9]\."#, options: .regularExpression) else { return nil }
    return Int(String(name[range].dropFirst(2).prefix(1)))
}

/// Decodes one fixture through `convert <file> -colorspace Gray -depth 8 pgm:-`.
func loadFixture(_ name: String) throws -> GrayImage {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "convert", fixturesFolder.appendingPathComponent(name).path,
        "-colorspace", "Gray", "-depth", "8", "pgm:-",
    ]
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw FixtureError.convertFailed(file: name, status: process.terminationStatus, message: message)
    }
    return try parsePGM([UInt8](data), name: name)
}

/// Parses a binary (P5) 8-bit PGM.
func parsePGM(_ bytes: [UInt8], name: String) throws -> GrayImage {
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") else {
        throw FixtureError.notPGM(file: name)
    }
    var i = 2
    var fields: [Int] = []
    while fields.count < 3 {
        guard i < bytes.count else { throw FixtureError.notPGM(file: name) }
        let c = bytes[i]
        if c == UInt8(ascii: "#") {
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
        } else if (0x30...0x39).contains(c) {
            var n = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
                n = n * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            fields.append(n)
            continue
        }
        i += 1
    }
    i += 1  // the single whitespace after maxval
    let (w, h, maxval) = (fields[0], fields[1], fields[2])
    guard maxval == 255, bytes.count - i >= w * h else { throw FixtureError.notPGM(file: name) }
    return GrayImage(width: w, height: h, pixels: Array(bytes[i..<(i + w * h)]))
}
