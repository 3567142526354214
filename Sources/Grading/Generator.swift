// Offers: `Generator`, puzzles of a requested tier: each has exactly one
// solution and that tier exactly, is minimal when asked, follows a symmetry of
// the givens when asked, and comes from a seed, the same on every machine;
// `Symmetry`, the patterns of givens.
//
// One attempt is a pure function of its own 64-bit seed: a random solution
// grid (SudokuCore's Carver), then givens taken away in a random order, one
// symmetry orbit at a time, each only while the puzzle keeps one solution
// and, unless a minimal puzzle is asked for, while its tier stays at or
// below the requested one. When that ends below the tier, up to 30 rounds put
// three givens back and carve again in a new order (another way down often
// passes the tier). The attempt succeeds when the tier it ends at is the
// requested one (and, for a minimal puzzle, no single given can go; with a
// time asked for, its predicted time is within it). The
// seeds of the attempts are SplitMix64's sequence from the user's seed, so
// attempts can run on any number of workers and the puzzles, taken in
// attempt order, are the same.
//
// Tier 11 (trial and error) is all but absent among carved puzzles (none in
// the calibration's carves), so a tier-11 attempt instead takes one of the
// bundled seeds (`hardSeeds`: known hard puzzles, see Resources/hard-seeds.txt)
// and turns it into a random isomorph: digits relabelled, bands and stacks,
// and the rows and columns within them, shuffled, the grid transposed or not.
// An isomorph has one solution exactly when its seed does and the same
// minimality; it is graded again all the same, and kept only at tier 11.

import SudokuCore
import SudokuLogic

/// Which givens come in pairs.
public enum Symmetry: String, Sendable, CaseIterable {
    /// Any cells.
    case none
    /// r c and (10-r)(10-c): a half turn maps the givens onto themselves.
    case rotational
    /// r c and r(10-c): a mirror between the left and right halves.
    case mirror
    /// r c and c r: a mirror on the main diagonal.
    case diagonal

    /// The cells that are given or empty together with cell `i` (`i` first).
    public func orbit(_ i: Int) -> [Int] {
        let r = i / 9, c = i % 9
        let j: Int
        switch self {
        case .none: return [i]
        case .rotational: j = 80 - i
        case .mirror: j = r * 9 + (8 - c)
        case .diagonal: j = c * 9 + r
        }
        return j == i ? [i] : [i, j]
    }

    /// True when `puzzle`'s givens follow this symmetry.
    public func holds(for puzzle: Grid) -> Bool {
        (0..<81).allSatisfy { i in orbit(i).allSatisfy { (puzzle.cells[$0] == 0) == (puzzle.cells[i] == 0) } }
    }
}

public enum Generator {
    /// What to make.
    public struct Request: Sendable, Hashable {
        public var tier: Tier
        public var symmetry: Symmetry
        public var minimal: Bool
        /// When set, only puzzles whose predicted time (`Grade.rating`) lies in this many minutes.
        public var minutes: ClosedRange<Double>?

        public init(tier: Tier, symmetry: Symmetry = .none, minimal: Bool = false, minutes: ClosedRange<Double>? = nil)
        {
            self.tier = tier
            self.symmetry = symmetry
            self.minimal = minimal
            self.minutes = minutes
        }

        /// True when `grade`'s predicted time is within `minutes` (always, without them).
        func timeFits(_ grade: Grade) -> Bool {
            guard let minutes else { return true }
            guard let r = grade.rating else { return false }
            return minutes.contains(r.predictedSeconds / 60)
        }
    }

    /// The seeds of the first `count` attempts from `seed`, after the first `skip`.
    public static func attemptSeeds(seed: UInt64, skip: Int = 0, count: Int) -> [UInt64] {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<skip { _ = rng.next() }
        return (0..<count).map { _ in rng.next() }
    }

    /// One attempt: the grade of a puzzle of the requested kind, or nil when this
    /// attempt's carving ended at another tier.
    public static func attempt(_ request: Request, seed: UInt64, ladder: Ladder = .standard) -> Grade? {
        var rng = SplitMix64(seed: seed)
        if request.tier == .trialAndError { return hardAttempt(request, rng: &rng, ladder: ladder) }
        // While carving, only "is the tier at most the requested one?" matters:
        // the ladder cut after the requested tier's rungs follows the same path
        // as the whole ladder when that path stays within those rungs, and stops
        // (tier 11) where the whole ladder would need a later rung, so it answers
        // without ever trying the expensive rungs.
        let bound = Ladder(rungs: ladder.rungs.filter { Tier(of: $0.techniques[0]) <= request.tier })
        let solution = Carver.solution(using: &rng)
        var puzzle = solution
        let bounded = !request.minimal
        var tier = carve(
            &puzzle, solution: solution, order: rng.shuffled(Array(0..<81)), request: request, bound: bound)
        // Ended below the tier asked for: every given left is needed, or taking it
        // away jumps past the tier. Put a few givens back and carve again in
        // another order, a few times: another way down often passes the tier.
        var round = 0
        while bounded && tier.map({ $0 < request.tier }) == true && round < Self.retries {
            round += 1
            var back = 0
            for i in rng.shuffled(Array(0..<81)) where back < 3 && puzzle.cells[i] == 0 {
                for k in request.symmetry.orbit(i) { puzzle.cells[k] = solution.cells[k] }
                back += 1
            }
            let givens = rng.shuffled((0..<81).filter { puzzle.cells[$0] != 0 })
            tier = carve(&puzzle, solution: solution, order: givens, request: request, bound: bound)
        }
        // The grade with the whole ladder: the same as the bounded one when that solved it.
        let grade = Grade(uniquePuzzle: puzzle, ladder: ladder)
        guard grade.tier == request.tier, request.timeFits(grade) else { return nil }
        if request.minimal && !isMinimal(puzzle) { return nil }
        return grade
    }

    /// Rounds of putting givens back and carving again after a carve ends below the tier.
    static let retries = 30

    /// The bundled seeds of tier-11 attempts (Resources/hard-seeds.txt).
    public static let hardSeeds: [Grid] = hardSeedsText.split(separator: "\n").compactMap { line in
        line.hasPrefix("#") ? nil : try? Grid(line: String(line))
    }

    /// A tier-11 attempt: a random isomorph of a random seed, kept when it has the
    /// requested symmetry and minimality and grades at tier 11.
    static func hardAttempt(_ request: Request, rng: inout SplitMix64, ladder: Ladder) -> Grade? {
        guard !hardSeeds.isEmpty else { return nil }
        // Reordering bands, stacks, rows and columns breaks a pattern's symmetry:
        // a symmetric request takes only relabellings and the transpose, which keep
        // the half turn and the diagonal mirror (so only seeds with the symmetry serve).
        let puzzle = isomorph(hardSeeds[rng.below(hardSeeds.count)], using: &rng, reorder: request.symmetry == .none)
        guard request.symmetry.holds(for: puzzle), !request.minimal || isMinimal(puzzle),
            Solver.countSolutions(puzzle, limit: 2) == 1
        else { return nil }
        let grade = Grade(uniquePuzzle: puzzle, ladder: ladder)
        return grade.tier == request.tier && request.timeFits(grade) ? grade : nil
    }

    /// A random isomorph of `puzzle`: the same puzzle up to relabelling the
    /// digits, reordering the bands, the stacks and the rows and columns within
    /// them (unless `reorder` is false), and transposing.
    public static func isomorph(_ puzzle: Grid, using rng: inout SplitMix64, reorder: Bool = true) -> Grid {
        func lines() -> [Int] {
            reorder
                ? rng.shuffled([0, 1, 2]).flatMap { band in rng.shuffled([0, 1, 2]).map { band * 3 + $0 } }
                : Array(0..<9)
        }
        let rows = lines(), cols = lines()
        let digits = [0] + rng.shuffled(Array(1...9))
        let transpose = rng.below(2) == 1
        var cells = [UInt8](repeating: 0, count: 81)
        for r in 0..<9 {
            for c in 0..<9 {
                let v = puzzle.cells[rows[r] * 9 + cols[c]]
                cells[transpose ? c * 9 + r : r * 9 + c] = UInt8(digits[Int(v)])
            }
        }
        // A permutation of a grid's rows, columns and digits is a grid.
        return (try? Grid(cells: cells)) ?? puzzle
    }

    /// Takes the givens of `puzzle` away in `order`, one symmetry orbit at a
    /// time, each only while the puzzle keeps one solution and (unless minimal)
    /// its tier stays at or below the request's. Returns the tier it ends at
    /// when known within the bound (nil for a minimal carve, which grades nothing).
    static func carve(_ puzzle: inout Grid, solution: Grid, order: [Int], request: Request, bound: Ladder) -> Tier? {
        var seen = [Bool](repeating: false, count: 81)
        var tier: Tier? = request.minimal ? nil : Grade(uniquePuzzle: puzzle, ladder: bound).tier
        for i in order where !seen[i] && puzzle.cells[i] != 0 {
            let orbit = request.symmetry.orbit(i)
            for k in orbit { seen[k] = true }
            for k in orbit { puzzle.cells[k] = 0 }
            if Solver.countSolutions(puzzle, limit: 2) != 1 {
                for k in orbit { puzzle.cells[k] = solution.cells[k] }
                continue
            }
            if !request.minimal {
                let g = Grade(uniquePuzzle: puzzle, ladder: bound)
                if let t = g.tier, t > request.tier {
                    for k in orbit { puzzle.cells[k] = solution.cells[k] }
                    continue
                }
                tier = g.tier
            }
        }
        return tier
    }

    /// True when no single given can be removed without a second solution.
    public static func isMinimal(_ puzzle: Grid) -> Bool {
        var p = puzzle
        for i in 0..<81 where p.cells[i] != 0 {
            let v = p.cells[i]
            p.cells[i] = 0
            let unique = Solver.countSolutions(p, limit: 2) == 1
            p.cells[i] = v
            if unique { return false }
        }
        return true
    }
}
