// Offers `RungCase`, one position for one technique's rung with the step the
// rung must find there (nil for a near miss, where it must find nothing), and
// `rung(for:)`, the rung that looks for a technique. The positions themselves
// are text, one file per family in Fixtures/positions/ (PositionFile reads them).

import SudokuCore
import SudokuLogic
import Testing

package struct RungCase: Sendable, CustomTestStringConvertible {
    package var technique: Technique
    /// The filled cells, 81 characters.
    package var values: String
    /// The puzzle's givens, 81 characters; nil when every filled cell is one.
    package var givens: String?
    /// Every cell's candidates as a candidate grid; nil when they are what the filled cells leave.
    package var marks: String?
    /// `Step.line` of the step the rung finds; nil when it must find none.
    package var expect: String?

    package init(_ technique: Technique, values: String, givens: String? = nil, marks: String? = nil, expect: String?) {
        self.technique = technique
        self.values = values
        self.givens = givens
        self.marks = marks
        self.expect = expect
    }

    package var testDescription: String { "\(technique.rawValue)" + (expect == nil ? " near miss" : ": \(expect!)") }

    /// The position.
    package func board() throws -> Board {
        let grid = try Grid(line: values)
        if let givens {
            let puzzle = try Grid(line: givens)
            guard let marks else { return try Board(puzzle: puzzle, entries: grid) }
            return try Board(candidates: marks, puzzle: puzzle, entries: grid)
        }
        guard let marks else { return try Board(puzzle: grid) }
        return try Board(candidates: marks, puzzle: grid)
    }

    /// The families of positions, in the ladder's order: the files Fixtures/positions/FAMILY.txt.
    package static let families = [
        "singles", "intersections", "subsets", "fish", "single-digit", "multi-colouring", "wings", "uniqueness",
        "chains", "almost-locked-sets", "forcing",
    ]

    /// Each family's positions, read once, or what kept its file from being read
    /// (RungTests fails on it; the family then has no positions).
    package static let files: [String: Result<[RungCase], PositionFileError>] = Dictionary(
        uniqueKeysWithValues: families.map { name in
            (name, Result { () throws(PositionFileError) in try PositionFile.load(name) })
        })

    /// The positions of one family; none when its file cannot be read.
    package static func family(_ name: String) -> [RungCase] { (try? files[name]?.get()) ?? [] }

    package static var singles: [RungCase] { family("singles") }
    package static var fish: [RungCase] { family("fish") }
    package static var uniqueness: [RungCase] { family("uniqueness") }

    package static var all: [RungCase] { families.flatMap(family) }
}

/// The rung that finds `technique`: the ladder's, or for the cell and house
/// forcing techniques the forcing rung restricted to that source (the ladder's
/// rung prefers the cheapest source, which is most often a single candidate).
package func rung(for technique: Technique) -> any Rung {
    switch technique {
    case .cellForcingChain: return ForcingChains(kinds: [.cell])
    case .houseForcingChain: return ForcingChains(kinds: [.house])
    case .cellForcingNet: return ForcingNets(kinds: [.cell])
    case .houseForcingNet: return ForcingNets(kinds: [.house])
    default: return Ladder.standard.rungs.first { $0.techniques.contains(technique) }!
    }
}
