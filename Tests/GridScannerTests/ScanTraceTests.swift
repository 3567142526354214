import Drawing
import Foundation
import Geometry
import GridVision
import Raster
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// The trace a scan fills is the scan's own: its kept look gives the result's
/// framing, candidates and readings, so the debug pictures and the benchmarks
/// that read it cannot drift from the scan.
@Suite(.tags(.medium)) struct ScanTraceTests {
    /// A newspaper photo, a phone photo (a 2304-pixel JPEG, read shrunk from a
    /// finer decode) and a dark-mode screenshot (read as its negative).
    static let photos: [(path: String, negative: Bool)] = [
        ("TestImages/newspaper/image1.jpg", false),
        ("TestImages/phone/kubiesa-train-02_17_honor_view_10_0.jpg", false),
        ("TestImages/screenshots/drawn-dark-1.png", true),
    ]

    static func path(_ name: String) -> String { packageRoot().appendingPathComponent(name).path }

    @Test(arguments: photos)
    func theKeptLookIsTheScansResult(_ photo: (path: String, negative: Bool)) throws {
        let scanner = try GridScanner()
        let path = Self.path(photo.path)
        let plain = scanner.scan(path: path)
        var trace = ScanTrace()
        let traced = scanner.scan(path: path, trace: &trace)
        #expect(scanner.trace == nil, "a traced scan leaves no trace behind for the next scan")
        // Tracing does not change the scan.
        #expect(traced.status == plain.status && traced.status == .solved)
        #expect(traced.puzzle == plain.puzzle && traced.corners == plain.corners)
        #expect(traced.candidateQuads == plain.candidateQuads && traced.votes == plain.votes)

        let look = try #require(trace.keptLook)
        #expect(look.negative == photo.negative)
        func stored(_ q: Quad) -> Quad { Quad(q.corners.map { $0 * (1 / look.scale) }) }
        #expect(look.chosen.map(stored) == traced.corners)
        #expect(look.candidates.map { stored($0.quad) } == traced.candidateQuads)
        // The chosen framing is one the reader tried, read as the result says.
        let framing = try #require(look.tried.first { $0.quad.rotated(by: look.rotation) == look.chosen })
        #expect(framing.reading?.status == traced.status)
        // Every glyph is the chosen cells' crop, turned upright, and its reading
        // is the one the result's Tesseract votes came from.
        let cells = try #require(look.cells)
        #expect(look.glyphs.count == 81)
        for (i, glyph) in look.glyphs.enumerated() {
            let crop = FramingReader.glyphCrop(cells, FramingReader.framingIndex(i, rotation: look.rotation))
            #expect(glyph?.crop == crop?.rotatedCounterClockwise(quarterTurns: look.rotation))
            #expect(glyph?.tesseract.digit ?? 0 == Int(traced.votes[i].tesseract))
        }
        #expect(look.glyphs.compactMap { $0 }.count >= 17)
        // The overlays are drawn on the photo as the look saw it: the photo under
        // all of the picture, the chosen framing over it in green.
        let overlays = trace.overlays
        #expect(overlays.map(\.name) == ["framings", "mask", "cells"])
        let framings = try #require(overlays.first?.scene)
        let size = Frame(x: 0, y: 0, width: Double(look.picture.width), height: Double(look.picture.height))
        #expect(framings.shapes.first?.kind == .image(look.picture, size))
        #expect(
            framings.shapes(role: "chosen").count == 5
                && framings.shapes(role: "candidate").count == 5 * look.candidates.count)
        let drawn = Rasteriser.image(framings)
        #expect((drawn.width, drawn.height) == (look.picture.width, look.picture.height))
        let chosen = try #require(look.chosen)
        let side = chosen.corners[1].lerp(chosen.corners[2], 0.5)
        #expect(drawn[Int(side.x), Int(side.y)] == (20, 190, 40))
        // The cells' picture shows a glyph box for each glyph found.
        let sheet = try #require(overlays.last?.scene)
        #expect(sheet.shapes(role: "glyph").count == cells.glyphs.compactMap(\.box).count)
        #expect(sheet.shapes(role: "lattice").count == 81 * 5)
    }

    /// `exportGlyphs` (what `sudokit-lab bench glyphs` writes) gives the scan's
    /// own status, board and corners, also where the scan reads a negative or a
    /// photo shrunk from a finer decode.
    @Test(arguments: photos)
    func theGlyphExportIsTheScans(_ photo: (path: String, negative: Bool)) throws {
        let scanner = try GridScanner()
        let path = Self.path(photo.path)
        let scan = scanner.scan(path: path)
        let export = scanner.exportGlyphs(path: path)
        #expect(export.error == nil)
        #expect(export.status == scan.status && export.puzzle == scan.puzzle && export.corners == scan.corners)
        #expect(export.glyphs.map { UInt8($0.digit) } == scan.votes.map(\.tesseract))
    }

    /// A scan that locates only still cuts the chosen framing's cells for its
    /// trace (what `sudokit-lab bench locate` times); its mask is the locator's.
    @Test func aLocateOnlyTraceHoldsTheFirstCandidatesCellsAndTheLocatorsMask() throws {
        var options = ScanOptions()
        options.read = false
        let scanner = try GridScanner(options: options)
        var trace = ScanTrace()
        let result = scanner.scan(path: Self.path("TestImages/newspaper/image1.jpg"), trace: &trace)
        #expect(result.status == .located)
        let look = try #require(trace.keptLook)
        #expect(trace.looks.count == 1 && !look.negative)
        #expect(look.tried.isEmpty && look.glyphs.isEmpty)
        #expect(look.chosen != nil && look.chosen == look.candidates.first?.quad)
        let cells = try #require(look.cells)
        #expect(cells.images.count == 81)
        let working = try #require(GridLocator().workingImages(look.picture.grayscale()))
        #expect(look.mask == working.mask)
    }

    @Test func aPhotoThatDoesNotDecodeKeepsNoLook() throws {
        var trace = ScanTrace()
        let result = try GridScanner().scan(bytes: [1, 2, 3], source: "junk.jpg", trace: &trace)
        #expect(result.status == .error)
        #expect(trace.looks.isEmpty && trace.kept == nil && trace.overlays.isEmpty)
    }
}

/// The overlays drawn from a trace made by hand (no scan).
@Suite(.tags(.small)) struct ScanTraceOverlayTests {
    /// A framing may reach past the photo (a grid cut off at the edge, its corner
    /// square partly or wholly outside): the overlays clip it rather than fail.
    @Test func aFramingOffThePictureIsClipped() throws {
        let picture = RGBImage(width: 40, height: 30, fill: (200, 200, 200))
        let off = Quad(Point(-20, -15), Point(60, -15), Point(60, 50), Point(-20, 50))
        let edge = Quad(Point(-3, 5), Point(30, 5), Point(30, 25), Point(-3, 25))
        var trace = ScanTrace()
        trace.looks = [
            ScanTrace.Look(
                picture: picture, scale: 1, negative: false, mask: nil,
                candidates: [], chosen: off)
        ]
        trace.kept = 0
        let overlays = trace.overlays
        #expect(overlays.map(\.name) == ["framings"])
        let drawn = Rasteriser.image(try #require(overlays.first?.scene))
        #expect((drawn.width, drawn.height) == (40, 30))
        // Nothing of the framing falls on the picture: the photo is all there is.
        #expect(drawn == picture)
        trace.looks[0].chosen = edge
        let clipped = Rasteriser.image(try #require(trace.overlays.first?.scene))
        #expect(clipped[0, 5] == (20, 190, 40) && clipped[15, 15] == (200, 200, 200))
    }
}
