// Offers: `Palette`, every colour a board picture uses, by what it marks, so
// that a reader of the picture (and a test of its pixels) can tell them apart.

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

    /// A placement: the cell's fill and the digit placed.
    public static let placementFill = Colour(196, 238, 200)
    public static let placement = Colour(0, 128, 50)
    /// An elimination: the candidate's disc and its digit, struck through.
    public static let eliminationFill = Colour(250, 185, 185)
    public static let elimination = Colour(200, 0, 0)

    /// Chain links: strong solid, weak dashed.
    public static let strongLink = Colour(20, 90, 210)
    public static let weakLink = Colour(20, 90, 210)

    /// Light fills that tell almost locked sets (and petals, and a Sue de Coq's parts) apart.
    public static let sets = [Colour(255, 238, 160), Colour(198, 232, 255), Colour(226, 208, 250), Colour(206, 244, 206)]

    /// The controls legend.
    public static let keyFill = Colour(236, 236, 236)
    public static let keyEdge = Colour(150, 150, 150)
    public static let keyLabel = Colour(40, 40, 40)
}
