// Offers: `DrillCollector`, the search that makes a drill pool: it walks the
// ladder's solving path of each puzzle it is given and keeps, per technique,
// the first positions where that technique is the simplest step, up to a
// number per technique and one per puzzle (so a technique's drills come from
// different puzzles).
//
// Every position on a solving path is one where the ladder's simplest step is
// the step taken there, so the walk finds drills at the cost of one solve.
// Walking a puzzle is a pure function of the puzzle (`finds`), and merging its
// finds in puzzle order (`add`) is the only order-dependent part: puzzles can
// be walked on any number of workers and the pool is the same.

import SudokuCore
import SudokuLogic

public struct DrillCollector: Sendable {
    /// The most drills kept per technique.
    public let perTechnique: Int
    /// Per technique, the pool lines kept, in the order found.
    public private(set) var lines: [Technique: [String]] = [:]
    /// Puzzles walked.
    public private(set) var puzzles = 0

    public init(perTechnique: Int) { self.perTechnique = perTechnique }

    /// One find of a walk: a position of the puzzle where `technique` is the simplest step.
    public struct Find: Sendable, Hashable {
        public var technique: Technique
        public var line: String
    }

    /// The first position of each technique on `puzzle`'s solving path, as pool
    /// lines (`source` names the puzzle), skipping the techniques in `full`.
    /// None for a puzzle without exactly one solution (the uniqueness rungs would
    /// be off, and the drills' conclusions could not be checked).
    public static func finds(
        _ puzzle: Grid, source: String, skipping full: Set<Technique> = [],
        ladder: Ladder = .standard
    ) -> [Find] {
        guard var board = try? Board(puzzle: puzzle), board.uniqueness == .proven else { return [] }
        var seen = full
        var out: [Find] = []
        var steps = 0
        while !board.isSolved && steps < 1000, board.contradiction == nil, let step = ladder.nextStep(board) {
            if !seen.contains(step.technique) {
                seen.insert(step.technique)
                out.append(
                    Find(
                        technique: step.technique,
                        line: Drill.poolLine(technique: step.technique, source: source, puzzle: puzzle, board: board)))
            }
            board.apply(step)
            steps += 1
        }
        return out
    }

    /// Keeps `finds` (one puzzle's) for the techniques that still have room.
    public mutating func add(_ finds: [Find]) {
        puzzles += 1
        for f in finds where lines[f.technique, default: []].count < perTechnique {
            lines[f.technique, default: []].append(f.line)
        }
    }

    /// The techniques with `perTechnique` drills.
    public var full: Set<Technique> { Set(lines.filter { $0.value.count >= perTechnique }.keys) }

    /// True when every technique of `ladder` has its drills.
    public func isComplete(ladder: Ladder = .standard) -> Bool {
        ladder.rungs.flatMap(\.techniques).allSatisfy { lines[$0, default: []].count >= perTechnique }
    }

    /// The pool text: `header` lines (each given a `# `), the `unreached:`
    /// line, then every technique's drills in ladder order.
    public func poolText(header: [String], ladder: Ladder = .standard) -> String {
        let techniques = Technique.allCases.filter { t in ladder.rungs.contains { $0.techniques.contains(t) } }
        var out = header.map { "# " + $0 + "\n" }.joined()
        let counts = techniques.map { "\($0.rawValue)=\(lines[$0, default: []].count)" }
        out += "# drills per technique: " + counts.joined(separator: " ") + "\n"
        let none = techniques.filter { lines[$0, default: []].isEmpty }
        out += "# unreached: " + none.map(\.rawValue).joined(separator: " ") + "\n"
        for t in techniques { for l in lines[t, default: []] { out += l + "\n" } }
        return out
    }
}
