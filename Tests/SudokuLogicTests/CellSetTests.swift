// CellSet's row words and its every-house test, which the board's contradiction
// check and the rating's count of open singles rest on, against the cells
// themselves on random sets.

import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct CellSetTests {
    @Test(.tags(.small)) func rowWordsAndEveryHouseMatchTheCells() {
        var rng = SplitMix64(seed: 11)
        var meeting = 0
        for n in 0..<3_000 {
            var set = CellSet()
            for _ in 0..<(n % 60) { set.insert(Int(rng.next() % 81)) }
            for r in 0..<9 {
                let word = (0..<9).reduce(UInt16(0)) { $0 | (set.contains(r * 9 + $1) ? 1 << UInt16($1) : 0) }
                #expect(set.rowWord(r) == word)
            }
            let every = House.all.allSatisfy { house in house.cells.contains { set.contains($0) } }
            #expect(set.meetsEveryHouse == every)
            if every { meeting += 1 }
        }
        #expect(meeting > 100 && meeting < 2_900)
    }
}
