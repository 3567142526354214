// Offers: `Typeface`, the pictures' text set in DejaVu Sans (regular and bold,
// the subsets compiled in by scripts/make-font, CDejaVuSans) through FreeType:
// the width of a line of text (the fonts' own advances, unhinted, so that a
// picture measures the same at every scale), the capital height that centres
// a line on a point, and the glyphs of a line rendered as anti-aliased coverage
// (FreeType's outlines, placed to the sixty-fourth of a pixel) for the
// rasteriser; `Typeface.wrap` breaks a text into lines that fit a width.
// FreeType's faces are not safe to share between threads: each face is used
// under its own lock.

import CDejaVuSans
import CFreeType
import Geometry
import Synchronization

/// One rendered glyph: its coverage (0...255, row by row) and where its top-left pixel lies.
public struct GlyphCoverage: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var coverage: [UInt8]
}

public final class Typeface: Sendable {
    /// DejaVu Sans, the pictures' text: pencil marks, captions, legends.
    public static let regular = Typeface(bytes: sudokit_dejavu_sans(), length: Int(sudokit_dejavu_sans_length()))
    /// DejaVu Sans Bold: the givens, placed digits and headings.
    public static let bold = Typeface(bytes: sudokit_dejavu_sans_bold(), length: Int(sudokit_dejavu_sans_bold_length()))
    /// The face for `bold` or not.
    public static func face(bold: Bool) -> Typeface { bold ? Self.bold : Self.regular }
    /// The SVG's `font-family` for text set in this typeface (a viewer without DejaVu falls back to its sans-serif).
    public static let svgFamily = "DejaVu Sans, sans-serif"

    /// The font file's bytes, as compiled in.
    public let fontBytes: [UInt8]
    /// Each character's advance in em (unhinted); characters the subset lacks advance as its missing glyph.
    let advances: [UInt32: Double]
    let missingAdvance: Double
    /// The height of the capitals ("H") in em: a line's capitals are centred on its point.
    public let capHeight: Double
    /// The ascender and the descender (below the baseline, positive) in em.
    public let ascender: Double
    public let descender: Double
    private let state: Mutex<FaceState>

    /// A FreeType library and one face opened on the compiled-in bytes (which stay alive for the
    /// program), kept as addresses: the lock, not the type system, keeps them to one thread at a time.
    struct FaceState {
        var library: UInt
        var face: UInt
        /// The size last set, in sixty-fourths of a pixel per em.
        var size: Int = 0
    }

    private init(bytes: UnsafePointer<UInt8>, length: Int) {
        fontBytes = Array(UnsafeBufferPointer(start: bytes, count: length))
        var library: FT_Library?
        var face: FT_Face?
        guard FT_Init_FreeType(&library) == 0, let library,
            FT_New_Memory_Face(library, bytes, FT_Long(length), 0, &face) == 0, let face
        else { fatalError("FreeType cannot open the compiled-in DejaVu Sans") }
        let unitsPerEm = Double(face.pointee.units_per_EM)
        // Every character the font maps, with its advance in font units (no scaling, no hinting).
        var table: [UInt32: Double] = [:]
        var index: FT_UInt = 0
        var code = FT_Get_First_Char(face, &index)
        while index != 0 {
            if FT_Load_Glyph(face, index, Self.loadNoScale) == 0 {
                table[UInt32(code)] = Double(face.pointee.glyph.pointee.advance.x) / unitsPerEm
            }
            code = FT_Get_Next_Char(face, code, &index)
        }
        advances = table
        missingAdvance =
            FT_Load_Glyph(face, 0, Self.loadNoScale) == 0
            ? Double(face.pointee.glyph.pointee.advance.x) / unitsPerEm : 0.6
        if FT_Load_Char(face, 0x48, Self.loadNoScale) == 0 {
            capHeight = Double(face.pointee.glyph.pointee.metrics.height) / unitsPerEm
        } else {
            capHeight = 0.73
        }
        ascender = Double(face.pointee.ascender) / unitsPerEm
        descender = -Double(face.pointee.descender) / unitsPerEm
        state = Mutex(FaceState(library: UInt(bitPattern: library), face: UInt(bitPattern: face)))
    }

    // FreeType's load flags (freetype.h's FT_LOAD_* macros, which Swift does not all import).
    static let loadNoScale = FT_Int32(1 << 0)
    static let loadNoHinting = FT_Int32(1 << 1)
    static let loadNoBitmap = FT_Int32(1 << 3)

    /// The advance of `ch` in em.
    public func advance(_ ch: Unicode.Scalar) -> Double { advances[ch.value] ?? missingAdvance }

    /// True when the font has a glyph for `ch`.
    public func covers(_ ch: Unicode.Scalar) -> Bool { advances[ch.value] != nil }

    /// The width of `text` set at `size` (points or pixels to the em), in the same unit.
    public func width(of text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + advance($1) } * size
    }

    /// The baseline's height for a line whose capitals are centred on `centreY` at `size`.
    public func baseline(centredOn centreY: Double, size: Double) -> Double { centreY + capHeight * size / 2 }

    /// The glyphs of `text` at `size` pixels to the em, the pen starting at `origin` (the left end of the
    /// baseline, in pixels), each glyph's coverage at its pixel position. Spaces and blank glyphs give nothing.
    public func glyphs(_ text: String, size: Double, origin: Point) -> [GlyphCoverage] {
        guard size > 0 else { return [] }
        let charSize = max(1, Int((size * 64).rounded()))
        return state.withLock { state -> [GlyphCoverage] in
            guard let face = FT_Face(bitPattern: state.face) else { return [] }
            if state.size != charSize {
                guard FT_Set_Char_Size(face, 0, FT_F26Dot6(charSize), 72, 72) == 0 else { return [] }
                state.size = charSize
            }
            var out: [GlyphCoverage] = []
            var penX = origin.x
            let baseY = origin.y
            for ch in text.unicodeScalars {
                defer { penX += advance(ch) * size }
                guard FT_Load_Char(face, FT_ULong(ch.value), Self.loadNoHinting | Self.loadNoBitmap) == 0,
                    let slot = face.pointee.glyph
                else { continue }
                // The outline moved by the pen's fraction of a pixel (y up in FreeType), then rendered.
                let ix = Int(penX.rounded(.down)), iy = Int(baseY.rounded(.down))
                let fx = FT_Pos(((penX - Double(ix)) * 64).rounded())
                let fy = FT_Pos(-((baseY - Double(iy)) * 64).rounded())
                FT_Outline_Translate(&slot.pointee.outline, fx, fy)
                guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { continue }
                let bitmap = slot.pointee.bitmap
                let w = Int(bitmap.width), h = Int(bitmap.rows), pitch = Int(bitmap.pitch)
                guard w > 0, h > 0, let buffer = bitmap.buffer else { continue }
                var coverage = [UInt8](repeating: 0, count: w * h)
                for row in 0..<h {
                    for column in 0..<w { coverage[row * w + column] = buffer[row * pitch + column] }
                }
                out.append(
                    GlyphCoverage(
                        x: ix + Int(slot.pointee.bitmap_left), y: iy - Int(slot.pointee.bitmap_top), width: w,
                        height: h, coverage: coverage))
            }
            return out
        }
    }

    /// `text` broken into lines no wider than `width` at `size`: at spaces, a word too long for a line
    /// alone broken where it must; paragraphs ("\n") kept apart. No line is empty unless `text` is.
    public func wrap(_ text: String, width: Double, size: Double) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if self.width(of: candidate, size: size) <= width {
                    line = candidate
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                // A word wider than the line: as many characters a line as fit.
                var rest = String(word)
                while self.width(of: rest, size: size) > width, rest.count > 1 {
                    var head = ""
                    for ch in rest {
                        if !head.isEmpty && self.width(of: head + String(ch), size: size) > width { break }
                        head.append(ch)
                    }
                    lines.append(head)
                    rest.removeFirst(head.count)
                }
                line = rest
            }
            if !line.isEmpty || lines.isEmpty { lines.append(line) }
        }
        return lines
    }
}
