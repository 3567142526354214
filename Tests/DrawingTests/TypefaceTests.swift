// The pictures' typeface: DejaVu Sans compiled in (the bytes are the font
// files' in Sources/CDejaVuSans/Fonts, as scripts/make-font made them), its
// widths and capital height as the font says, glyphs rendered by FreeType into
// non-empty coverage where the text is and nowhere else, bold darker than
// regular; text in SVG as `<text>` in DejaVu Sans; lines wrapped within a width.

import Drawing
import Foundation
import Geometry
import Raster
import TestSupport
import Testing

@Suite(.tags(.small)) struct TypefaceTests {
    @Test func theCompiledInFontsAreTheFontFiles() throws {
        for (face, file) in [
            (Typeface.regular, "DejaVuSans-subset.ttf"), (Typeface.bold, "DejaVuSans-Bold-subset.ttf"),
        ] {
            let url = packageRoot().appendingPathComponent("Sources/CDejaVuSans/Fonts/" + file)
            let bytes = try [UInt8](Data(contentsOf: url))
            #expect(bytes.count > 10_000 && bytes.count < 200_000, "\(file): \(bytes.count) bytes")
            #expect(face.fontBytes == bytes, "\(file): run scripts/make-font")
        }
        let licence = try #require(readTextFile("Sources/CDejaVuSans/Fonts/LICENSE"))
        #expect(licence.contains("subset") && licence.contains("Bitstream"))
    }

    @Test func widthsAreTheFontsAdvances() {
        let t = Typeface.regular
        // DejaVu Sans: digits 1303 units of 2048, "i" 569, "M" 1767; the capitals 1493 high.
        #expect(abs(t.width(of: "0", size: 1) - 1303.0 / 2048) < 1e-9)
        #expect(abs(t.width(of: "123456789", size: 10) - 9 * 1303.0 / 2048 * 10) < 1e-9)
        #expect(abs(t.width(of: "iM", size: 2048) - (569 + 1767)) < 1e-6)
        #expect(abs(t.capHeight - 1493.0 / 2048) < 1e-9)
        #expect(Typeface.bold.width(of: "Hint", size: 17) > t.width(of: "Hint", size: 17))
        #expect(t.width(of: "", size: 17) == 0)
        for ch in "0123456789 ABCXYZ abcxyz äöüéèç ≠ − → .,;:()'\"-".unicodeScalars { #expect(t.covers(ch), "\(ch)") }
    }

    @Test func glyphsHaveCoverageWhereTheTextIs() {
        let glyphs = Typeface.regular.glyphs("8", size: 20, origin: Point(10, 30))
        #expect(glyphs.count == 1)
        let g = glyphs[0]
        // The 8 is about 0.73 em high and 0.5 em wide, standing on the baseline at y = 30.
        #expect((13...16).contains(g.height) && (9...12).contains(g.width), "\(g.width) x \(g.height)")
        #expect(g.y + g.height >= 30 && g.y + g.height <= 31 && g.x >= 10 && g.x <= 13)
        #expect(g.coverage.contains(255) && g.coverage.filter { $0 > 0 }.count > 40)
        // A space has no glyph; the pen still advances past it.
        let spaced = Typeface.regular.glyphs("1 1", size: 20, origin: Point(0, 30))
        #expect(spaced.count == 2 && spaced[1].x - spaced[0].x > 15)
    }

    /// The dark pixels of a scene of one text.
    func ink(_ text: String, bold: Bool, size: Double = 30) -> (count: Int, box: (Int, Int, Int, Int)) {
        let scene = Scene(
            width: 200, height: 60, background: Colour(255, 255, 255),
            shapes: [
                Shape(.text(text, centre: Point(100, 30), size: size, Paint(Colour(0, 0, 0)), bold: bold), role: "t")
            ])
        let image = Rasteriser.image(scene)
        var n = 0, x0 = 200, y0 = 60, x1 = 0, y1 = 0
        for y in 0..<60 {
            for x in 0..<200 where image[x, y].0 < 128 {
                n += 1
                x0 = min(x0, x)
                y0 = min(y0, y)
                x1 = max(x1, x)
                y1 = max(y1, y)
            }
        }
        return (n, (x0, y0, x1, y1))
    }

    @Test func textIsRasterisedCentredOnItsPoint() {
        let regular = ink("Hint 7", bold: false)
        let (x0, y0, x1, y1) = regular.box
        // Centred on (100, 30): the capitals' middle on y = 30, the advance's middle on x = 100.
        #expect(abs(Double(x0 + x1) / 2 - 100) < 3 && abs(Double(y0 + y1) / 2 - 30) < 2, "\(regular.box)")
        #expect(y1 - y0 >= 19 && y1 - y0 <= 24, "capitals 0.73 em high: \(regular.box)")
        #expect(ink("Hint 7", bold: true).count > regular.count * 5 / 4)
    }

    @Test func svgWritesTextAsTextInDejaVuSans() {
        let scene = Scene(
            width: 100, height: 40, background: Colour(255, 255, 255),
            shapes: [
                Shape(
                    .text("r1c6 <> 8 & 9", centre: Point(50, 20), size: 12, Paint(Colour(0, 0, 0)), bold: true),
                    role: "caption")
            ])
        let svg = SVGWriter.svg(scene)
        #expect(svg.contains(">r1c6 &lt;&gt; 8 &amp; 9</text>"))
        #expect(svg.contains("font-family=\"DejaVu Sans, sans-serif\"") && svg.contains("font-weight=\"bold\""))
        #expect(svg.contains("text-anchor=\"middle\"") && svg.contains("class=\"caption\""))
    }

    @Test func wrappingKeepsLinesWithinTheWidth() {
        let t = Typeface.regular
        let text =
            "Digit 9: in columns 6 and 9 its candidates lie in rows 6 and 9 (r6c6, r6c9, r9c6 and r9c9). "
            + "So r6c5 and r9c4 lose 9."
        for width in [80.0, 150, 300, 1000] {
            let lines = t.wrap(text, width: width, size: 14)
            for line in lines { #expect(t.width(of: line, size: 14) <= width, "\(line)") }
            #expect(lines.joined(separator: " ") == text, "nothing lost at \(width)")
            #expect(lines.count == 1 || width < 1000)
        }
        // A word longer than the line is broken; a newline starts a new line.
        let long = t.wrap("Abcdefghijklmnopqrstuvwxyz", width: 60, size: 14)
        #expect(long.count > 1 && long.joined() == "Abcdefghijklmnopqrstuvwxyz")
        #expect(t.wrap("one\ntwo", width: 500, size: 14) == ["one", "two"])
    }
}
