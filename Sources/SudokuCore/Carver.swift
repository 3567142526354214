// Offers: `SplitMix64`, a small seeded generator whose sequence is the same on
// every machine and Swift version, and `Carver`, which makes random solution
// grids and carves minimal puzzles (exactly one solution, no given removable)
// from them, reproducibly from a seed.

/// SplitMix64 (Steele, Lea and Flood): 64 bits of state, one add and three
/// xor-shift-multiplies per number. Not for cryptography.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n, by the remainder (the bias is below 2^-50 for n <= 81):
    /// unlike `Int.random(in:using:)`, whose method the standard library may change,
    /// this gives the same sequence everywhere.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// `items` in a random order (Fisher-Yates with `below`).
    public mutating func shuffled<T>(_ items: [T]) -> [T] {
        var a = items
        if a.count < 2 { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, below(i + 1)) }
        return a
    }
}

public enum Carver {
    /// A random solution grid: the three diagonal boxes filled at random, the
    /// rest solved, then digits relabelled, rows and columns permuted within
    /// their bands and stacks, bands and stacks permuted, and the grid
    /// transposed half the time.
    public static func solution(using rng: inout SplitMix64) -> Grid {
        var cells = [UInt8](repeating: 0, count: 81)
        for b in [0, 4, 8] {
            let digits = rng.shuffled(Array(1...9))
            for k in 0..<9 { cells[((b / 3) * 3 + k / 3) * 9 + (b % 3) * 3 + k % 3] = UInt8(digits[k]) }
        }
        guard let seed = try? Grid(cells: cells), let solved = Solver.solve(seed, limit: 1).solution else {
            return Grid()  // unreachable: three boxes on the diagonal never clash
        }
        let relabel = [0] + rng.shuffled(Array(1...9))
        func lines() -> [Int] {
            rng.shuffled([0, 1, 2]).flatMap { band in rng.shuffled([0, 1, 2]).map { band * 3 + $0 } }
        }
        let rows = lines(), columns = lines()
        let transpose = rng.below(2) == 1
        var out = [UInt8](repeating: 0, count: 81)
        for r in 0..<9 {
            for c in 0..<9 {
                let v = solved[row: rows[r], col: columns[c]]
                out[transpose ? c * 9 + r : r * 9 + c] = UInt8(relabel[Int(v)])
            }
        }
        return (try? Grid(cells: out)) ?? solved
    }

    /// A minimal puzzle of `solution`: givens removed one at a time in a random
    /// order, each only while the puzzle keeps exactly one solution.
    public static func minimalPuzzle(from solution: Grid, using rng: inout SplitMix64) -> Grid {
        var puzzle = solution
        for i in rng.shuffled(Array(0..<81)) {
            let v = puzzle.cells[i]
            puzzle.cells[i] = 0
            if Solver.countSolutions(puzzle, limit: 2) != 1 { puzzle.cells[i] = v }
        }
        return puzzle
    }

    /// `count` minimal puzzles from seed `seed`: the same puzzles on every machine.
    public static func puzzles(count: Int, seed: UInt64) -> [Grid] {
        var rng = SplitMix64(seed: seed)
        return (0..<max(0, count)).map { _ in minimalPuzzle(from: solution(using: &rng), using: &rng) }
    }
}
