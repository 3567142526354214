// Offers `RungCase`, one position for one technique's rung with the step the
// rung must find there (nil for a near miss, where it must find nothing), and
// `rung(for:)`, the rung that looks for a technique. The positions themselves
// are in Positions/, one file per family.

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

    static var all: [RungCase] {
        singles + intersections + subsets + fish + singleDigit + wings + uniqueness + chains + almostLockedSets + forcing
    }
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
