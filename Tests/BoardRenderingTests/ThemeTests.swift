// The themes' hint marks: on light paper exactly `Palette`'s colours; on dark
// paper fills and inks that keep the digits drawn over them readable (WCAG
// contrast ratios).
import BoardRendering
import Drawing
import Foundation
import TestSupport
import Testing

@Suite(.tags(.small)) struct ThemeTests {
    /// Every fill a hint picture draws under digits.
    static let fills =
        [
            Palette.house, Palette.cover, Palette.patternCandidate, Palette.secondCandidate, Palette.fin,
            Palette.secondCluster, Palette.secondClusterOther,
            Palette.placementFill, Palette.eliminationFill,
        ] + Palette.sets
    /// Every line and digit colour a hint picture draws.
    static let inks = [
        Palette.outline, Palette.pivot, Palette.placement, Palette.elimination, Palette.strongLink, Palette.weakLink,
    ]

    /// WCAG 2 relative luminance of an sRGB colour.
    static func luminance(_ c: Colour) -> Double {
        func channel(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.039_28 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
    }

    /// WCAG 2 contrast ratio, 1 to 21.
    static func contrast(_ a: Colour, _ b: Colour) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test func theLightThemeKeepsThePalettesColours() {
        for c in Self.fills + Self.inks {
            #expect(Theme.light.markFill(c) == c && Theme.light.markInk(c) == c, "\(c.hex)")
        }
    }

    @Test func onDarkPaperTheDigitsStayReadableOnEveryFill() {
        let dark = Theme.dark
        for f in Self.fills {
            let fill = dark.markFill(f)
            #expect(Self.contrast(fill, dark.given) >= 7, "given on \(fill.hex)")
            #expect(Self.contrast(fill, dark.entry) >= 3, "entry on \(fill.hex)")
            #expect(Self.contrast(fill, dark.candidate) >= 3, "pencil mark on \(fill.hex)")
            // The light palette's own fill fails this: it is the case the dark theme mends.
            #expect(Self.contrast(f, dark.given) < 3)
        }
        let placed = Self.contrast(dark.markInk(Palette.placement), dark.markFill(Palette.placementFill))
        let struck = Self.contrast(dark.markInk(Palette.elimination), dark.markFill(Palette.eliminationFill))
        #expect(placed >= 3 && struck >= 3, "placed \(placed), struck \(struck)")
    }

    @Test func onDarkPaperTheMarksLinesStandOut() {
        for c in Self.inks {
            #expect(Self.contrast(Theme.dark.markInk(c), Theme.dark.paper) >= 3, "\(c.hex)")
        }
    }
}
