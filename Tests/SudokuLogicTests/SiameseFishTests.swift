// Siamese fish (Rungs/FinnedFish.swift), Siamese Franken and Mutant fish
// (Rungs/ComplexFish.swift) and dual empty rectangles
// (Rungs/EmptyRectangle.swift) on their positions (Fixtures/positions/fish.txt,
// single-digit.txt): two patterns in one step whose eliminations are the union
// of the two single patterns', each removing something the other does not, and
// whose text and hints give both.

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct SiameseFishTests {
    /// What a finned fish removes, from its definition alone: the digit in the
    /// cover lines, inside the fins' box, outside the base lines; nil when the
    /// pattern is not a finned fish of rows and columns on `board`.
    static func finnedFishEliminations(
        digit d: Int, base: [House], cover: [House], fins: [Cell], on board: Board
    ) -> Set<Candidate>? {
        guard let box = fins.first?.box, fins.allSatisfy({ $0.box == box }) else { return nil }
        let baseCells = Set(base.flatMap(\.cells)), coverCells = Set(cover.flatMap(\.cells))
        // Every base candidate is covered or a fin, every fin is a base candidate outside the covers.
        for c in baseCells where board.hasCandidate(d, at: c) {
            guard coverCells.contains(c) != fins.contains(c) else { return nil }
        }
        // Each cover line holds a base candidate.
        for h in cover where !h.cells.contains(where: { baseCells.contains($0) && board.hasCandidate(d, at: $0) }) {
            return nil
        }
        return Set(
            coverCells.filter { $0.box == box && !baseCells.contains($0) && board.hasCandidate(d, at: $0) }
                .map { Candidate($0, d) })
    }

    @Test(.tags(.small)) func aSiameseFishIsTwoFinnedFishInOneStep() throws {
        let sizes: [Technique: Int] = [.siameseFinnedXWing: 2, .siameseFinnedSwordfish: 3, .siameseFinnedJellyfish: 4]
        let cases = RungCase.all.filter { sizes[$0.technique] != nil && $0.expect != nil }
        #expect(cases.count >= 6)
        #expect(Set(cases.map(\.technique)).count >= 2, "Siamese fish of two sizes at least")
        for c in cases {
            let board = try c.board()
            let size = try #require(sizes[c.technique])
            let step = try #require(FinnedFish(size: size).step(on: board))
            guard case let .dual(.fish(d, base, cover, fins, _), .fish(d2, base2, cover2, fins2, _)) = step.pattern
            else {
                Issue.record("\(step.line): not two fish")
                continue
            }
            // The same digit and base lines, covers differing in one line, fins differing.
            #expect(d == d2 && base == base2 && base.count == size)
            #expect(Set(cover).subtracting(cover2).count == 1 && Set(cover2).subtracting(cover).count == 1)
            #expect(Set(fins) != Set(fins2))
            let a = try #require(Self.finnedFishEliminations(digit: d, base: base, cover: cover, fins: fins, on: board))
            let b = try #require(
                Self.finnedFishEliminations(digit: d, base: base2, cover: cover2, fins: fins2, on: board))
            Self.expectTwoFishInOne(step, a, b, houses: base + cover + cover2, fins: fins + fins2, on: board)
            #expect(step.pattern.family.patternHint(step.technique).contains("The second, a"))
        }
    }

    /// What every Siamese step shows: each fish (`a`, `b`: their eliminations
    /// from the definition) removes a candidate the other does not, the step
    /// removes both fishes' candidates, its text, argument and JSON speak of
    /// two fish, and its picture marks both fishes' houses and fins.
    static func expectTwoFishInOne(
        _ step: Step, _ a: Set<Candidate>, _ b: Set<Candidate>, houses: [House], fins: [Cell], on board: Board
    ) {
        #expect(!a.isSubset(of: b) && !b.isSubset(of: a), "\(step.line)")
        #expect(a.union(b) == Set(step.eliminations), "\(step.line)")
        let family = step.pattern.family
        #expect(step.line.contains(" and "), "\(step.line)")
        let full = family.argumentHint(step.technique)
        #expect(full.contains("The first, a") && full.contains("The second, a"), "\(full)")
        #expect(family.json.hasPrefix("{\"kind\":\"dual\""))
        let marks = step.marks(on: board)
        #expect(Set(marks.houses.map(\.item)) == Set(houses))
        let finMarks = Set(marks.candidates.filter { $0.role == .fin }.map(\.item.cell))
        #expect(Set(fins).isSubset(of: finMarks))
    }

    /// What a Franken or Mutant fish removes, from its definition alone: the
    /// digit in the cover houses outside the base houses, and in a base cell in
    /// two cover houses that is no fin, wherever it sees every fin; nil when
    /// the pattern is not such a fish on `board` (a base candidate in no cover
    /// house or in two base houses is a fin, and every fin is one of those).
    static func complexFishEliminations(
        digit d: Int, base: [House], cover: [House], fins: [Cell], on board: Board
    ) -> Set<Candidate>? {
        func count(_ c: Cell, _ hs: [House]) -> Int { hs.filter { c.houses.contains($0) }.count }
        guard Set(base).isDisjoint(with: cover), base.count == cover.count else { return nil }
        let baseCells = Set(base.flatMap(\.cells).filter { board.hasCandidate(d, at: $0) })
        let expectedFins = baseCells.filter { count($0, cover) == 0 || count($0, base) >= 2 }
        guard Set(fins) == expectedFins else { return nil }
        // Each cover house holds a base candidate.
        for h in cover where !h.cells.contains(where: { baseCells.contains($0) }) { return nil }
        func sees(_ a: Cell, _ b: Cell) -> Bool { a != b && a.houses.contains { b.houses.contains($0) } }
        var out = Set<Candidate>()
        for c in Set(cover.flatMap(\.cells)) where board.hasCandidate(d, at: c) && !fins.contains(c) {
            let removable = !baseCells.contains(c) || count(c, cover) >= 2
            if removable && fins.allSatisfy({ sees(c, $0) }) { out.insert(Candidate(c, d)) }
        }
        return out
    }

    @Test(.tags(.small)) func aSiameseFrankenOrMutantFishIsTwoFinnedFishInOneStep() throws {
        let cases = RungCase.all.filter {
            ($0.technique == .siameseFrankenFish || $0.technique == .siameseMutantFish) && $0.expect != nil
        }
        #expect(cases.count >= 6)
        for c in cases {
            let board = try c.board()
            let step = try #require(rung(for: c.technique).step(on: board))
            #expect(step.technique == c.technique)
            guard case let .dual(.fish(d, base, cover, fins, _), .fish(d2, base2, cover2, fins2, _)) = step.pattern
            else {
                Issue.record("\(step.line): not two fish")
                continue
            }
            // The same digit and base houses, covers differing in one house, fins differing.
            #expect(d == d2 && base == base2 && !fins.isEmpty && !fins2.isEmpty)
            #expect(Set(cover).subtracting(cover2).count == 1 && Set(cover2).subtracting(cover).count == 1)
            #expect(Set(fins) != Set(fins2))
            let a = try #require(
                Self.complexFishEliminations(digit: d, base: base, cover: cover, fins: fins, on: board))
            let b = try #require(
                Self.complexFishEliminations(digit: d, base: base2, cover: cover2, fins: fins2, on: board))
            Self.expectTwoFishInOne(step, a, b, houses: base + cover + cover2, fins: fins + fins2, on: board)
            #expect(step.pattern.family.nudgeHint(step.technique).contains(HintText.spelled(base)))
        }
    }

    @Test(.tags(.small)) func aDualEmptyRectangleIsTwoEmptyRectanglesInOneStep() throws {
        let cases = RungCase.all.filter { $0.technique == .dualEmptyRectangle && $0.expect != nil }
        #expect(cases.count >= 3)
        for c in cases {
            let board = try c.board()
            let step = try #require(EmptyRectangle().step(on: board))
            guard case let .dual(first, second) = step.pattern,
                case let .emptyRectangle(d, box, _, _, cells, _) = first,
                case let .emptyRectangle(d2, box2, _, _, cells2, _) = second, case let .box(b) = box
            else {
                Issue.record("\(step.line): not two empty rectangles")
                continue
            }
            // One box, one digit, the same candidates there.
            #expect(d == d2 && box == box2 && cells == cells2)
            // Each part is one of the box's single empty rectangles, with its own elimination.
            let singles = EmptyRectangle.emptyRectangles(
                board, digit: d, box: b, plane: board.planes[d - 1],
                pairs: StrongLinks.pairs(board, digit: d)
                    .filter { $0.house < 18 })
            let own = [first, second].map { p in
                singles.first { $0.pattern == p }.map { Candidate(index: $0.target, digit: d) }
            }
            #expect(own.allSatisfy { $0 != nil }, "\(step.line): a part is no single empty rectangle")
            #expect(Set(own.compactMap { $0 }) == Set(step.eliminations) && step.eliminations.count == 2)
            #expect(step.line.contains(" and "))
            let family = step.pattern.family
            #expect(family.argumentHint(.dualEmptyRectangle).contains("The first: In box"))
            #expect(family.argumentHint(.dualEmptyRectangle).contains("The second: In box"))
            #expect(family.json.hasPrefix("{\"kind\":\"dual\""))
            #expect(step.marks(on: board).links.count == 2)
        }
    }
}
