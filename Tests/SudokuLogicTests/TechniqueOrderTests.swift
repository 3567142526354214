// A technique's order, read from its case's stored number, is its index in
// `allCases` (ladder order), and comparing two techniques follows it.

import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct TechniqueOrderTests {
    @Test(.tags(.small)) func theOrderIsTheIndexInAllCases() {
        for (k, t) in Technique.allCases.enumerated() {
            #expect(t.order == k, "\(t.rawValue)")
        }
        let all = Technique.allCases
        for (a, b) in zip(all, all.dropFirst()) { #expect(a < b && !(b < a)) }
        #expect(all.shuffled().sorted() == all)
    }
}
