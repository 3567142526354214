// `sudokit scan` on screenshots, end to end with the real binary and the real
// Tesseract: every phone screenshot of TestImages/screenshots (light and dark
// mode, our renderer's and ImageMagick's, some with entries in blue and pencil
// marks) is proven with its givens exactly and its entries apart; a newspaper
// photo's negative reads as the photo does; a board drawn with `render --theme
// dark` reads back as the puzzle drawn.

import Foundation
import TestSupport
import Testing

private let folder = packageRoot().appendingPathComponent("TestImages/screenshots")

/// The screenshots with a truth file beside them, by name.
private func screenshots() -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { name in
        (name.hasSuffix(".png") || name.hasSuffix(".jpg"))
            && names.contains(String(name.dropLast(4)) + ".dat")
    }.sorted()
}

/// The 81 cells of a truth file (`sudokit eval`'s format) as a puzzle line, '.' for 0.
private func truthLine(_ url: URL) throws -> String {
    let text = try String(contentsOf: url, encoding: .utf8)
    let digits = text.split(separator: "\n").dropFirst(2).prefix(9).flatMap { $0.split(separator: " ") }
    try #require(digits.count == 81, "\(url.lastPathComponent) holds \(digits.count) cells")
    return String(digits.map { $0 == "0" ? "." : Character(String($0)) })
}

private func record(_ arguments: [String]) throws -> [String: Any] {
    let r = try runSudokit(["scan", "--format", "jsonl"] + arguments)
    #expect(r.status == 0, "\(arguments): \(r.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
}

@Suite(.tags(.medium)) struct ScanScreenshotCLITests {
    @Test func theFolderHoldsScreenshotsOfEveryKind() {
        let names = screenshots()
        #expect(names.count >= 8)
        #expect(names.contains { $0.hasPrefix("render-dark") } && names.contains { $0.hasPrefix("drawn-dark") })
        #expect(names.contains { $0.hasPrefix("render-light") } && names.contains { $0.hasPrefix("drawn-light") })
    }

    /// Each screenshot is proven with exactly its givens; where the player
    /// entered digits (in another colour), they are entries, each read right.
    @Test(arguments: screenshots())
    func aScreenshotIsProvenWithItsGivens(_ name: String) throws {
        let base = folder.appendingPathComponent(String(name.dropLast(4)))
        let written = try truthLine(base.appendingPathExtension("dat"))
        let givensFile = base.appendingPathExtension("givens.dat")
        let played = FileManager.default.fileExists(atPath: givensFile.path)
        let givens = played ? try truthLine(givensFile) : written
        let o = try record([folder.appendingPathComponent(name).path])
        #expect(o["status"] as? String == "solved", "\(name): \(o["status"] ?? "-"), flagged \(o["flagged"] ?? "-")")
        #expect(o["puzzle"] as? String == givens, "\(name)")
        let entries = String(zip(written, givens).map { w, g in g == "." ? w : "." })
        #expect(o["entries"] as? String == entries, "\(name)")
    }

    /// The negative of a newspaper photo (light print on dark paper) reads as
    /// the photo itself.
    @Test func aNewspaperPhotosNegativeReadsAsThePhoto() throws {
        let photo = try record([packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path])
        let negative = try record([folder.appendingPathComponent("inverted-1.jpg").path])
        #expect(photo["status"] as? String == "solved")
        #expect(negative["status"] as? String == "solved")
        #expect(negative["puzzle"] as? String == photo["puzzle"] as? String)
        #expect(negative["puzzle"] as? String == (try truthLine(folder.appendingPathComponent("inverted-1.dat"))))
    }

    /// `render --theme dark` draws light on dark, and the scanner reads the
    /// board back.
    @Test func aBoardRenderedDarkReadsBack() throws {
        let puzzle = "..4......5...8.479.......1...3..9...4......5.87.2.6....9....1....26.75.......386."
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-dark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let png = dir.appendingPathComponent("dark.png").path
        let drawn = try runSudokit([
            "render", "--theme", "dark", "--size", "390x844", "--scale", "2", "--out", png, puzzle,
        ])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        let o = try record([png])
        #expect(o["status"] as? String == "solved")
        #expect(o["puzzle"] as? String == puzzle)
        #expect(try runSudokit(["render", "--theme", "dusk", "--out", png, puzzle]).status == 64)
    }
}
