// Offers the test corpus: `Fixture` (one line of TestImages/formats/expected.txt),
// `Fixtures.all`, paths, and `blockMismatch`, which compares a decoded picture with
// the expected 4 x 3 block colours.
import Foundation
import ImageCodecs
import Raster
import TestSupport
import Testing

/// One fixture file and the picture it must decode to.
struct Fixture: CustomStringConvertible, Sendable {
    var file: String
    var width: Int
    var height: Int
    var tolerance: Int
    var margin: Int
    /// 12 block colours, row-major over 4 columns and 3 rows.
    var colours: [(UInt8, UInt8, UInt8)]

    var path: String { Fixtures.directory + "/" + file }
    var description: String { file }
}

enum Fixtures {
    /// TestImages/formats in the package root.
    static let directory: String = packageRoot().appendingPathComponent("TestImages/formats").path

    /// Every line of expected.txt. A missing or unreadable file is a test failure, not a skip.
    static let all: [Fixture] = {
        guard let text = try? String(contentsOfFile: directory + "/expected.txt", encoding: .utf8) else {
            Issue.record("cannot read \(directory)/expected.txt: run scripts/make-format-fixtures")
            return []
        }
        return text.split(separator: "\n").compactMap { line -> Fixture? in
            if line.hasPrefix("#") { return nil }
            let f = line.split(separator: " ").map(String.init)
            guard f.count == 17, let w = Int(f[1]), let h = Int(f[2]), let t = Int(f[3]), let m = Int(f[4]) else {
                Issue.record("bad line in expected.txt: \(line)")
                return nil
            }
            let colours = f[5...].map { hex -> (UInt8, UInt8, UInt8) in
                let v = Int(hex, radix: 16) ?? 0
                return (UInt8(v >> 16), UInt8((v >> 8) & 255), UInt8(v & 255))
            }
            return Fixture(file: f[0], width: w, height: h, tolerance: t, margin: m, colours: colours)
        }
    }()

    static func named(_ file: String) -> Fixture {
        guard let f = all.first(where: { $0.file == file }) else {
            Issue.record("no fixture \(file) in expected.txt")
            return Fixture(file: file, width: 0, height: 0, tolerance: 0, margin: 0, colours: [])
        }
        return f
    }

    /// The format a fixture's name promises (its prefix: png-, jpeg-, heif-, avif-, webp-).
    static func format(of file: String) -> ImageFormat? {
        ImageFormat.allCases.first { file.hasPrefix($0.rawValue + "-") }
    }

    static func bytes(_ file: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file)))
    }
}

/// The largest per-channel difference between `image` and 4 x 3 blocks of `colours`,
/// over pixels at least `margin` px inside their block, and where it occurs.
func blockMismatch(_ image: RGBImage, _ colours: [(UInt8, UInt8, UInt8)], margin: Int) -> (worst: Int, at: String) {
    guard colours.count == 12, image.width >= 4, image.height >= 3 else { return (Int.max, "no picture") }
    let bw = image.width / 4, bh = image.height / 3
    var worst = 0, at = ""
    for y in 0..<image.height {
        for x in 0..<image.width {
            let ix = x % bw, iy = y % bh
            if min(ix, bw - 1 - ix, iy, bh - 1 - iy) < margin { continue }
            let want = colours[min(2, y / bh) * 4 + min(3, x / bw)]
            let got = image[x, y]
            let d = max(abs(Int(got.0) - Int(want.0)), abs(Int(got.1) - Int(want.1)), abs(Int(got.2) - Int(want.2)))
            if d > worst {
                worst = d
                at = "(\(x), \(y)): got \(got), want \(want)"
            }
        }
    }
    return (worst, at)
}
