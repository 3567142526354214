// Offers: `Palette`, every colour a board picture uses, by what it marks, so
// that a reader of the picture (and a test of its pixels) can tell them apart;
// `Theme`, the colours of the board itself and its keys, light (paper) or dark
// (a phone in dark mode).

import Drawing

public enum Palette {
    public static let paper = Colour(255, 255, 255)
    public static let gridLine = Colour(40, 40, 40)
    public static let given = Colour(20, 20, 20)
    /// The player's entries: another colour and a lighter stroke than the givens.
    public static let entry = Colour(30, 90, 200)
    public static let candidate = Colour(105, 105, 105)

    /// The houses a step rests on (a fish's base sets).
    public static let house = Colour(212, 228, 250)
    /// A fish's cover sets, an empty rectangle's row and column.
    public static let cover = Colour(252, 226, 190)
    /// The cells of the pattern, outlined.
    public static let outline = Colour(225, 115, 0)
    /// A wing's pivot, a death blossom's stem, a forcing argument's source.
    public static let pivot = Colour(125, 55, 200)
    /// The pattern's candidates.
    public static let patternCandidate = Colour(255, 208, 100)
    /// The other colour of a colouring, a fish's fins.
    public static let secondCandidate = Colour(150, 200, 255)
    public static let fin = Colour(210, 170, 245)
    /// The two colours of a multi-colouring's second cluster (the first has the pattern's and the other colour).
    public static let secondCluster = Colour(165, 225, 145)
    public static let secondClusterOther = Colour(240, 180, 225)

    /// A placement: the cell's fill and the digit placed.
    public static let placementFill = Colour(196, 238, 200)
    public static let placement = Colour(0, 128, 50)
    /// An elimination: the candidate's disc and its digit, struck through.
    public static let eliminationFill = Colour(250, 185, 185)
    public static let elimination = Colour(200, 0, 0)

    /// A single's blocking digits (ringed), and the cells they rule out (filled).
    public static let blocker = Colour(225, 115, 0)
    public static let blockedFill = Colour(228, 228, 228)
    /// Where a forcing branch breaks a rule.
    public static let contradiction = Colour(215, 0, 40)
    /// The caption's text and the key's labels.
    public static let caption = Colour(30, 30, 30)

    /// Chain links: strong solid, weak dashed.
    public static let strongLink = Colour(20, 90, 210)
    public static let weakLink = Colour(20, 90, 210)

    /// Light fills that tell almost locked sets (and petals, and a Sue de Coq's parts) apart.
    public static let sets = [
        Colour(255, 238, 160), Colour(198, 232, 255), Colour(226, 208, 250), Colour(206, 244, 206),
    ]

    /// The controls legend.
    public static let keyFill = Colour(236, 236, 236)
    public static let keyEdge = Colour(150, 150, 150)
    public static let keyLabel = Colour(40, 40, 40)
}

/// The colours of the board and its keys: the screen's background, the grid,
/// the givens, the player's entries, the pencil marks and the keys. The hint
/// marks are `Palette`'s colours, as they are on light paper; on dark paper
/// their fills are mixed into the paper and their lines and digits lightened
/// (`markFill`, `markInk`), so that light digits stay readable on a mark.
public struct Theme: Sendable, Hashable {
    public var paper: Colour
    public var gridLine: Colour
    public var given: Colour
    public var entry: Colour
    public var candidate: Colour
    public var keyFill: Colour
    public var keyEdge: Colour
    public var keyLabel: Colour
    /// How much of a mark's fill colour is kept, the rest being the paper (1: `Palette`'s fill as it is).
    public var markFillShare: Double
    /// How much of a mark's line or digit colour is kept, the rest being white (1: as it is).
    public var markInkShare: Double

    public init(
        paper: Colour, gridLine: Colour, given: Colour, entry: Colour, candidate: Colour,
        keyFill: Colour, keyEdge: Colour, keyLabel: Colour, markFillShare: Double = 1, markInkShare: Double = 1
    ) {
        self.paper = paper
        self.gridLine = gridLine
        self.given = given
        self.entry = entry
        self.candidate = candidate
        self.keyFill = keyFill
        self.keyEdge = keyEdge
        self.keyLabel = keyLabel
        self.markFillShare = markFillShare
        self.markInkShare = markInkShare
    }

    /// A hint mark's fill (a house, a cell, a candidate's disc) on this theme's paper.
    public func markFill(_ colour: Colour) -> Colour { Self.mix(colour, paper, keeping: markFillShare) }

    /// A hint mark's line or digit (an outline, a link, a placed digit, a struck candidate).
    public func markInk(_ colour: Colour) -> Colour { Self.mix(colour, Colour(255, 255, 255), keeping: markInkShare) }

    /// `share` of `colour` and the rest of `other`, channel by channel, rounded; `colour` itself when `share` is 1.
    static func mix(_ colour: Colour, _ other: Colour, keeping share: Double) -> Colour {
        guard share < 1 else { return colour }
        func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * share + Double(b) * (1 - share)).rounded())
        }
        return Colour(channel(colour.r, other.r), channel(colour.g, other.g), channel(colour.b, other.b))
    }

    /// Dark digits and lines on white: `Palette`'s colours.
    public static let light = Theme(
        paper: Palette.paper, gridLine: Palette.gridLine, given: Palette.given,
        entry: Palette.entry, candidate: Palette.candidate, keyFill: Palette.keyFill,
        keyEdge: Palette.keyEdge, keyLabel: Palette.keyLabel)

    /// Light digits and lines on near-black, as phone apps draw in dark mode
    /// (the system greys of a dark interface; entries a light blue). The marks'
    /// fills keep a fifth of their colour over the paper and their lines and
    /// digits half of theirs over white: chosen by hand so that on every fill the
    /// givens keep a contrast of at least 7:1 (8.0) and the entries and pencil
    /// marks 3:1, and a placed digit and a struck candidate 3:1 on their own fill
    /// (WCAG contrast ratios, checked by `ThemeTests`).
    public static let dark = Theme(
        paper: Colour(28, 28, 30), gridLine: Colour(142, 142, 147),
        given: Colour(236, 236, 240), entry: Colour(100, 160, 255),
        candidate: Colour(152, 152, 158), keyFill: Colour(44, 44, 46),
        keyEdge: Colour(84, 84, 88), keyLabel: Colour(230, 230, 235),
        markFillShare: 0.2, markInkShare: 0.5)
}
