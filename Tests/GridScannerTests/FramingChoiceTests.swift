// Which framing's reading a scan keeps when none is proven: the ranking of
// `GridScanner.better(_:than:)`, and a newspaper photo whose right framing
// was read second.

import Foundation
import SudokuCore
import TestSupport
import Testing

@testable import GridScanner

@Suite struct FramingChoiceTests {
    static func reading(
        status: ScanStatus = .unverified, unique: Bool = true, digits: Int = 27, flagged: Int = 0
    ) -> FramingReading {
        FramingReading(
            rotation: 0, status: status, puzzle: [UInt8](repeating: 0, count: 81), solution: nil,
            isUnique: unique,
            flagged: (0..<flagged).map { FlaggedCell(cell: Cell(index: $0), reason: .missedInk) },
            repairs: [], digits: digits)
    }

    @Test(.tags(.small)) func fewerFlaggedCellsBreakATieAndNothingElse() {
        let better = GridScanner.better
        // Between boards not proven, equal otherwise: fewer cells to check wins.
        #expect(better(Self.reading(flagged: 7), Self.reading(flagged: 8)))
        #expect(!better(Self.reading(flagged: 8), Self.reading(flagged: 7)))
        // A tie keeps the locator's order.
        #expect(!better(Self.reading(flagged: 7), Self.reading(flagged: 7)))
        // The earlier criteria come first: proven, a puzzle's digits, one solution.
        #expect(better(Self.reading(status: .solved, flagged: 0), Self.reading(flagged: 0)))
        #expect(better(Self.reading(flagged: 20), Self.reading(digits: 81, flagged: 0)))
        #expect(better(Self.reading(unique: true, flagged: 9), Self.reading(unique: false, flagged: 1)))
    }

    /// A newspaper photo (TestImages/newspaper/image1049) with a fold's shadow
    /// across its last row: two framings read boards with one solution, both
    /// not proven (the shadow is ink in empty cells). The first read a 1 as
    /// 7 and a 7 as 4 and was repaired; the second read every digit right and
    /// flags a cell fewer. The scan keeps the second, and stays unverified.
    @Test(.tags(.medium)) func theFramingWithFewerCellsInDoubtIsKept() throws {
        let scanner = try GridScanner()
        let result = scanner.scan(path: packageRoot().appendingPathComponent("TestImages/newspaper/image1049.jpg").path)
        #expect(result.status == .unverified)
        #expect(
            result.puzzle?.cells.map(String.init).joined()
                == "200000080936005000000072690008200400540000001000080570820703000009000000600000107")
        #expect(result.repairs.isEmpty)
    }
}
