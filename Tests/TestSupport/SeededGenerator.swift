// Offers `SeededGenerator`: a small seeded random generator so that every run of
// a randomised test tries the same cases. It draws SudokuCore's SplitMix64, the
// one the puzzle carver uses, behind a type of its own, so that a test file
// uses it without importing SudokuCore.

import SudokuCore

public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var base: SplitMix64

    public init(seed: UInt64) { base = SplitMix64(seed: seed) }

    public mutating func next() -> UInt64 { base.next() }
}
