import Foundation
import Raster
import SudokuCore
import TestSupport
import Testing

@testable import GridScanner

/// `exportGlyphs` cuts its crops from the framing the normal scan chooses.
@Suite(.tags(.medium)) struct GlyphExportTests {
    /// image1: a clear photo; image1049: one whose glyphs include a grid-line
    /// stub in an empty cell.
    @Test(arguments: ["image1.jpg", "image1049.jpg"])
    func theExportHasTheScansBoardCornersAndOneCropPerGlyph(_ name: String) throws {
        let path = packageRoot().appendingPathComponent("TestImages/newspaper/" + name).path
        let scanner = try GridScanner()
        let scan = scanner.scan(path: path)
        let export = scanner.exportGlyphs(path: path)
        #expect(export.error == nil)
        #expect(export.status == scan.status)
        #expect(export.puzzle == scan.puzzle)
        #expect(export.corners == scan.corners)
        #expect(export.glyphs.map(\.cell) == Cell.all)
        let crops = export.glyphs.compactMap(\.crop)
        // Every digit of the board as read comes from a glyph (the reader flags any other).
        let read = export.glyphs.filter { $0.digit != 0 }
        #expect(crops.count >= read.count && read.count >= 17)
        for glyph in export.glyphs {
            if glyph.crop == nil { #expect(glyph.digit == 0 && glyph.alternatives.isEmpty) }
            if glyph.digit != 0 { #expect(glyph.alternatives.first?.digit == glyph.digit) }
        }
        // Upright glyphs are taller than wide (a crop turned a quarter would be
        // wider); a line stub or a broad glyph may not be, so 8 in 10 are asked for.
        let tall = crops.filter { $0.height > $0.width }.count
        #expect(tall * 10 >= crops.count * 8)
    }

    @Test func aPhotoThatDoesNotDecodeIsAnError() throws {
        let export = try GridScanner().exportGlyphs(bytes: [1, 2, 3], source: "junk.jpg")
        #expect(export.status == .error && export.glyphs.isEmpty)
        #expect(export.error?.description.contains("junk.jpg") == true)
    }

    @Test func aLocateOnlyScannerCannotExport() throws {
        var options = ScanOptions()
        options.read = false
        let path = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let export = try GridScanner(options: options).exportGlyphs(path: path)
        guard case .readerUnavailable? = export.error else {
            Issue.record("expected readerUnavailable, got \(String(describing: export.error))")
            return
        }
    }
}
