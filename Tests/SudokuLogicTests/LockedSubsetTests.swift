// Locked pairs and triples (Rungs/LockedSubset.swift) on their positions
// (Fixtures/positions/subsets.txt): the step names both its box and its line,
// in its line and its hints, both lose a digit, and it concludes in one step
// what the naked subset rungs take one house at a time.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct LockedSubsetTests {
    static func positions() -> [RungCase] {
        RungCase.all.filter { ($0.technique == .lockedPair || $0.technique == .lockedTriple) && $0.expect != nil }
    }

    @Test(.tags(.small)) func aLockedSubsetNamesItsBoxAndItsLine() throws {
        let cases = Self.positions()
        #expect(cases.count >= 6)
        for c in cases {
            let t = c.technique
            let step = try #require(rung(for: t).step(on: try c.board()))
            guard case let .subset(box, cells, _) = step.pattern, case let .box(b) = box else {
                Issue.record("\(step.line): not a subset of a box")
                continue
            }
            let line: House = Set(cells.map(\.row)).count == 1 ? .row(cells[0].row) : .column(cells[0].column)
            #expect(cells.allSatisfy { line.cells.contains($0) && $0.box == b })
            #expect(step.line.contains("in \(box) and \(line) ("), "\(step.line)")
            let family = step.pattern.family
            #expect(family.nudgeHint(t) == "Look for \(HintText.a(t)) where \(box) meets \(line).")
            #expect(family.patternHint(t).hasPrefix("Where \(box) meets \(line), the cells "))
            #expect(family.argumentHint(t).contains("lie in both \(box) and \(line)"))
            #expect(family.argumentHint(t).contains("no other cell of \(box), nor of \(line), can hold them"))
            // The box outside the line and the line outside the box both lose a digit.
            #expect(step.eliminations.contains { $0.cell.box == b && !line.cells.contains($0.cell) })
            #expect(step.eliminations.contains { $0.cell.box != b && line.cells.contains($0.cell) })
        }
    }

    /// The naked subset rung of the same size finds the same cells in the box
    /// and in the line as two steps; the locked step is their union.
    @Test(.tags(.small)) func aLockedSubsetIsTwoNakedSubsetsInOneStep() throws {
        for c in Self.positions() {
            let board = try c.board()
            let t = c.technique
            let step = try #require(rung(for: t).step(on: board))
            guard case let .subset(_, cells, _) = step.pattern else { continue }
            let naked = NakedSubset(size: cells.count).steps(on: board).filter {
                if case let .subset(_, nakedCells, _) = $0.pattern { return nakedCells == cells }
                return false
            }
            #expect(naked.count == 2, "\(step.line)")
            #expect(Set(naked.flatMap(\.eliminations)) == Set(step.eliminations), "\(step.line)")
        }
    }
}
