// Offers `RungCase`, one position for one technique's rung with the step the
// rung must find there (nil for a near miss, where it must find nothing), and
// `rung(for:)`, the rung that looks for a technique. The positions themselves
// are text, one file per family in Fixtures/positions/ (PositionFile reads them).

import SudokuCore
import SudokuLogic
import Testing

struct RungCase: Sendable, CustomTestStringConvertible {
    var technique: Technique
    /// The filled cells, 81 characters.
    var values: String
    /// Every cell's candidates as a candidate grid; nil when they are what the filled cells leave.
    var marks: String?
    /// `Step.line` of the step the rung finds; nil when it must find none.
    var expect: String?

    init(_ technique: Technique, values: String, marks: String? = nil, expect: String?) {
        self.technique = technique
        self.values = values
        self.marks = marks
        self.expect = expect
    }

    var testDescription: String { "\(technique.rawValue)" + (expect == nil ? " near miss" : ": \(expect!)") }

    /// The position.
    func board() throws -> Board {
        let grid = try Grid(line: values)
        guard let marks else { return try Board(puzzle: grid) }
        return try Board(candidates: marks, puzzle: grid)
    }

    /// The families of positions, in the ladder's order: the files Fixtures/positions/FAMILY.txt.
    static let families = ["singles", "intersections", "subsets", "fish", "single-digit", "wings", "uniqueness",
                           "chains", "almost-locked-sets", "forcing"]

    /// Each family's positions, read once, or what kept its file from being read
    /// (RungTests fails on it; the family then has no positions).
    static let files: [String: Result<[RungCase], PositionFileError>] = Dictionary(
        uniqueKeysWithValues: families.map { name in (name, Result { () throws(PositionFileError) in try PositionFile.load(name) }) })

    /// The positions of one family; none when its file cannot be read.
    static func family(_ name: String) -> [RungCase] { (try? files[name]?.get()) ?? [] }

    static var singles: [RungCase] { family("singles") }
    static var fish: [RungCase] { family("fish") }
    static var uniqueness: [RungCase] { family("uniqueness") }

    static var all: [RungCase] { families.flatMap(family) }
}

/// The rung that finds `technique`: the ladder's, or for the cell and house
/// forcing techniques the forcing rung restricted to that source (the ladder's
/// rung prefers the cheapest source, which is most often a single candidate).
func rung(for technique: Technique) -> any Rung {
    switch technique {
    case .cellForcingChain: return ForcingChains(kinds: [.cell])
    case .houseForcingChain: return ForcingChains(kinds: [.house])
    case .cellForcingNet: return ForcingNets(kinds: [.cell])
    case .houseForcingNet: return ForcingNets(kinds: [.house])
    default: return Ladder.standard.rungs.first { $0.techniques.contains(technique) }!
    }
}
