// Offers: `CellKind`: what a cell of a photographed puzzle holds (empty, printed,
// handwritten, pencil marks).

import GlyphModels
import GridVision
import Raster
import TesseractOCR

#if canImport(Glibc)
    import Glibc
#endif

/// What a cell of a photographed puzzle holds.
public enum CellKind: String, Sendable, CaseIterable {
    /// No glyph.
    case empty
    /// A given printed with the puzzle.
    case printed
    /// A digit the player wrote in.
    case handwritten
    /// Pencil marks: small candidate digits the player wrote in an empty cell.
    /// To the puzzle and to the player's entries the cell is empty.
    case marks

    /// One character per kind in the 81-character `kinds` line: `.`, `p`, `h`, `m`.
    public var letter: Character {
        switch self {
        case .empty: "."
        case .printed: "p"
        case .handwritten: "h"
        case .marks: "m"
        }
    }
}
