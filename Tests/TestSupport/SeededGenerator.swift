// Offers `SeededGenerator`: a small seeded random generator so that every run of
// a randomised test tries the same cases. It is SudokuCore's SplitMix64, the one
// the puzzle carver uses.

import SudokuCore

public typealias SeededGenerator = SplitMix64
