// The ladder against the unique solution on samples of every puzzle set in
// TestImages/puzzles, the newspaper truth files and carved puzzles: no step
// places a wrong digit or removes the solution's digit. (The whole 100,000 run
// is the release binary's, in CLITests/ExplainCLITests.swift.) Also: every
// chain link of every step is a link of its position, every technique's name
// fits its structure, and a solved grid has nothing to explain.

import Foundation
import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct VerificationTests {
    /// Samples in the debug build: every 500th 17-clue puzzle, every 40th of
    /// top1465, the first three of each of the forum's hardest lists, 40
    /// newspaper puzzles and 100 carved ones.
    static func sample() throws -> [Grid] {
        var puzzles: [Grid] = []
        if let p = try loadPuzzleSet("puzzles2_17_clue") {
            puzzles += p.enumerated().filter { $0.offset % 500 == 0 }.map(\.element)
        }
        if let p = try loadPuzzleSet("puzzles3_magictour_top1465") {
            puzzles += p.enumerated().filter { $0.offset % 40 == 0 }.map(\.element)
        }
        if let p = try loadPuzzleSet("puzzles6_forum_hardest_1106", limit: 3) { puzzles += p }
        if let p = try loadPuzzleSet("puzzles5_forum_hardest_1905_11+", limit: 3) { puzzles += p }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot().appendingPathComponent("TestImages/newspaper").path
        )
        .filter { $0.hasSuffix(".dat") }.sorted()
        for f in files.prefix(40) {
            if let text = readTextFile("TestImages/newspaper/" + f) { puzzles.append(try Grid(dat: text)) }
        }
        puzzles += Carver.puzzles(count: 100, seed: 2026)
        return puzzles
    }

    @Test(.tags(.large)) func noStepContradictsTheSolution() throws {
        var check = PathCheck()
        let puzzles = try Self.sample()
        for p in puzzles { check.check(p) }
        #expect(check.puzzles == puzzles.count)
        #expect(check.problemCount == 0, "\(check.problems)")
        #expect(check.solved > puzzles.count / 2)
        #expect(check.steps > 5_000)
    }

    @Test(.tags(.large)) func everyChainLinkIsALinkOfItsPosition() throws {
        for p in try Self.sample().prefix(120) {
            var board = try Board(puzzle: p)
            while let step = Ladder.standard.nextStep(board) {
                var links: [ChainLink] = []
                switch step.pattern {
                case let .chain(l, _): links = l
                case let .dual(.chain(a, _), .chain(b, _)): links = a + b
                case let .dual(.emptyRectangle(_, _, _, _, _, a), .emptyRectangle(_, _, _, _, _, b)): links = [a, b]
                case let .emptyRectangle(_, _, _, _, _, link): links = [link]
                case let .wing(_, _, _, _, link?): links = [link]
                case let .alsChain(l, isLoop, sets):
                    // A link inside a set: both ends the set's places of their digits, the set almost locked.
                    let family = ALSChainPattern(links: l, isLoop: isLoop, sets: sets)
                    for link in l {
                        guard let s = family.set(inside: link) else {
                            links.append(link)
                            continue
                        }
                        #expect(Self.setLinkHolds(link, s, on: board), "\(step.line): \(link) is not inside an ALS")
                    }
                default: break
                }
                for link in links {
                    #expect(Self.holds(link, on: board), "\(step.line): \(link) is not a \(link.kind) link")
                }
                board.apply(step)
            }
        }
    }

    /// A strong link: the two nodes hold every place of the digit in their house
    /// (or are the two candidates of one cell); a weak link: they see each other.
    static func holds(_ link: ChainLink, on board: Board) -> Bool {
        let a = link.from, b = link.to
        if a.digit != b.digit {
            guard a.cells.count == 1, a.cells == b.cells, let c = a.cells.first else { return false }
            let cands = board.candidates(at: c)
            guard cands.contains(a.digit), cands.contains(b.digit) else { return false }
            return link.kind == .weak || cands.count == 2
        }
        guard Set(a.cells).isDisjoint(with: b.cells),
            a.cells.allSatisfy({ board.hasCandidate(a.digit, at: $0) }),
            b.cells.allSatisfy({ board.hasCandidate(a.digit, at: $0) })
        else { return false }
        let seeEachOther = a.cells.allSatisfy { x in
            b.cells.allSatisfy { y in x.houses.contains { y.houses.contains($0) } }
        }
        guard seeEachOther else { return false }
        if link.kind == .weak { return true }
        guard let house = link.house else { return false }
        let places = Set(house.cells.filter { board.hasCandidate(a.digit, at: $0) })
        return places == Set(a.cells + b.cells)
    }

    /// A strong link inside an almost locked set: its cells hold one digit more than cells, and
    /// each end is a digit of the set in every cell of the set holding it.
    static func setLinkHolds(_ link: ChainLink, _ s: AlmostLockedSet, on board: Board) -> Bool {
        let digits = Set(s.cells.flatMap { board.candidates(at: $0).map { $0 } })
        guard link.kind == .strong, digits.count == s.cells.count + 1, Set(s.digits) == digits else { return false }
        return [link.from, link.to].allSatisfy { n in
            n.cells == s.cells.filter { board.hasCandidate(n.digit, at: $0) }
        }
    }

    @Test(.tags(.large)) func everyTechniqueNameFitsItsStructure() throws {
        for p in try Self.sample().prefix(120) {
            var board = try Board(puzzle: p)
            while let step = Ladder.standard.nextStep(board) {
                #expect(Self.fits(step, on: board), "\(step.technique.rawValue) does not fit: \(step.line)")
                board.apply(step)
            }
        }
    }

    static func fits(_ step: Step, on board: Board) -> Bool {
        switch (step.technique, step.pattern) {
        case (.fullHouse, .single(_, _, let h?)):
            return h.cells.filter { board.value(at: $0) == nil }.count == 1
        case (.hiddenSingle, .single(let d, _, let h?)):
            return h.cells.filter { board.hasCandidate(d, at: $0) }.count == 1
        case (.nakedSingle, .single(_, let c, nil)):
            return board.candidates(at: c).count == 1
        case (.pointing, .lockedCandidates), (.claiming, .lockedCandidates):
            return true
        case (let t, .subset(_, let cells, let digits)):
            let size = [
                Technique.nakedPair: 2, .hiddenPair: 2, .nakedTriple: 3, .hiddenTriple: 3, .nakedQuad: 4,
                .hiddenQuad: 4, .lockedPair: 2, .lockedTriple: 3,
            ][t]
            // A locked pair or triple: its cells lie in one box and one line.
            let locked =
                t != .lockedPair && t != .lockedTriple
                || Set(cells.map(\.box)).count == 1
                    && (Set(cells.map(\.row)).count == 1 || Set(cells.map(\.column)).count == 1)
            return cells.count == size && digits.count == size && locked
        case (let t, .fish(_, let base, let cover, let fins, _)):
            let sizes: [Technique: Int] = [
                .xWing: 2, .swordfish: 3, .jellyfish: 4, .finnedXWing: 2, .sashimiXWing: 2,
                .finnedSwordfish: 3, .sashimiSwordfish: 3, .finnedJellyfish: 4, .sashimiJellyfish: 4,
            ]
            let basic: Set<Technique> = [.xWing, .swordfish, .jellyfish]
            if [.frankenFish, .finnedFrankenFish, .mutantFish, .finnedMutantFish].contains(t) {
                // Sizes 2-4, a box among the houses of a Franken fish, rows and columns mixed in a Mutant's.
                let boxes = (base + cover).contains { if case .box = $0 { true } else { false } }
                func lines(_ hs: [House]) -> Set<String> {
                    Set(
                        hs.compactMap { h -> String? in
                            switch h {
                            case .row: "row"
                            case .column: "column"
                            case .box: nil
                            }
                        })
                }
                let franken = lines(base).count <= 1 && lines(cover).count <= 1 && lines(base) != lines(cover)
                let kindFits = t == .frankenFish || t == .finnedFrankenFish ? boxes && franken : !franken
                return (2...4).contains(base.count) && cover.count == base.count && kindFits
                    && fins.isEmpty == (t == .frankenFish || t == .mutantFish)
            }
            return base.count == sizes[t] && cover.count == sizes[t] && fins.isEmpty == basic.contains(t)
        case (.skyscraper, .chain(let links, false)), (.twoStringKite, .chain(let links, false)),
            (.turbotFish, .chain(let links, false)):
            return links.count == 3 && Set(links.map(\.from.digit)).count == 1
        case (.dualTwoStringKite, .dual(.chain(let a, false), .chain(let b, false))):
            // Two kites on one digit through the same two cells of a box.
            return a.count == 3 && b.count == 3 && a[1] == b[1]
                && a[1].house.map { if case .box = $0 { true } else { false } } == true
                && Set((a + b).map(\.from.digit)).count == 1
        case (.dualEmptyRectangle, .dual(.emptyRectangle(let d, let box, _, _, let cells, _), .emptyRectangle)):
            // Two empty rectangles of one box on one digit, each removing its own candidate.
            guard case let .dual(_, .emptyRectangle(d2, box2, _, _, cells2, _)) = step.pattern else { return false }
            return d == d2 && box == box2 && cells == cells2 && Set(step.eliminations).count == 2
        case (
            let t,
            .dual(.fish(let d, let base, let cover, let fins, _), .fish(let d2, let base2, let cover2, let fins2, _))
        ):
            // Siamese fish: two finned fish of the technique's size on one digit and the same base lines,
            // their covers differing in one line, each with fins of its own.
            if t == .siameseFrankenFish || t == .siameseMutantFish {
                // Two finned fish of the kind, of one size, on one digit and the same base houses, their
                // covers differing in one house, their fins differing.
                let single = t == .siameseFrankenFish ? Technique.finnedFrankenFish : .finnedMutantFish
                let parts = [
                    Step(
                        technique: single, eliminations: [],
                        pattern: .fish(digit: d, base: base, cover: cover, fins: fins, cells: [])),
                    Step(
                        technique: single, eliminations: [],
                        pattern: .fish(digit: d2, base: base2, cover: cover2, fins: fins2, cells: [])),
                ]
                return parts.allSatisfy { fits($0, on: board) } && d == d2 && base == base2
                    && Set(cover).subtracting(cover2).count == 1 && Set(fins) != Set(fins2)
            }
            let sizes: [Technique: Int] = [
                .siameseFinnedXWing: 2, .siameseFinnedSwordfish: 3, .siameseFinnedJellyfish: 4,
            ]
            guard let size = sizes[t] else { return false }
            let lines = (base + cover + base2 + cover2).allSatisfy { if case .box = $0 { false } else { true } }
            return lines && d == d2 && base == base2 && base.count == size && cover.count == size
                && cover2.count == size && Set(cover).subtracting(cover2).count == 1 && !fins.isEmpty
                && !fins2.isEmpty && Set(fins) != Set(fins2)
        case (.xChain, .chain(let links, _)):
            return Set(links.flatMap { [$0.from.digit, $0.to.digit] }).count == 1
                && links.allSatisfy { $0.from.cells.count == 1 }
        case (.xyChain, .chain(let links, _)), (.remotePair, .chain(let links, _)):
            // Strong links inside bivalue cells, weak links between cells on one digit.
            return links.allSatisfy { l in
                l.kind == .strong
                    ? (l.house == nil && board.candidates(at: l.from.cells[0]).count == 2) : l.from.digit == l.to.digit
            }
        case (.aic, .chain(let links, false)), (.niceLoop, .chain(let links, true)):
            return links.allSatisfy { $0.from.cells.count == 1 && $0.to.cells.count == 1 }
        case (.groupedAIC, .chain(let links, false)), (.groupedNiceLoop, .chain(let links, true)):
            return links.contains { $0.from.cells.count > 1 || $0.to.cells.count > 1 }
        case (.emptyRectangle, .emptyRectangle), (.simpleColouring, .colouring), (.bugPlusOne, .bug):
            return true
        case (.multiColouring1, .multiColouring(let d, let a, let b)),
            (.multiColouring2, .multiColouring(let d, let a, let b)):
            return multiColouringFits(step, digit: d, first: a, second: b, on: board)
        case (.xyWing, .wing(_?, let pincers, let digits, _, nil)),
            (.xyzWing, .wing(_?, let pincers, let digits, _, nil)):
            return pincers.count == 2 && digits.count == 3
        case (.wWing, .wing(nil, let pincers, let digits, _, _?)):
            return pincers.count == 2 && digits.count == 2
        case (.uniqueRectangleType1, .rectangle(1, _, _, _, _, _, _)),
            (.uniqueRectangleType2, .rectangle(2, _, _, _, _, _, _)),
            (.uniqueRectangleType3, .rectangle(3, _, _, _, _, _, _)),
            (.uniqueRectangleType4, .rectangle(4, _, _, _, _, _, _)),
            (.hiddenRectangle, .rectangle(0, _, _, _, _, _, _)),
            (.uniqueRectangleType5, .rectangle(5, _, _, _, _, _, _)),
            (.uniqueRectangleType6, .rectangle(6, _, _, _, _, _, _)),
            (.avoidableRectangleType1, .rectangle(1, _, _, _, _, _, _)),
            (.avoidableRectangleType2, .rectangle(2, _, _, _, _, _, _)):
            return board.uniqueness == .proven
        case (.alsXZ, .als(let sets, _, _)): return sets.count == 2
        case (.alsXYWing, .als(let sets, _, _)): return sets.count == 3
        case (.alsXYChain, .als(let sets, let restricted, let eliminated)):
            return sets.count >= 4 && restricted.count == sets.count - 1 && eliminated.count == 1
                && zip(restricted, restricted.dropFirst()).allSatisfy { $0 != $1 }
        case (.sueDeCoq, .sueDeCoq), (.deathBlossom, .deathBlossom): return true
        case (.alsAIC, .alsChain(let links, false, let sets)), (.alsNiceLoop, .alsChain(let links, true, let sets)):
            // At least one link inside a set, and one strong link in a house (not an ALS-XZ or ALS chain).
            let family = ALSChainPattern(links: links, isLoop: false, sets: sets)
            return !sets.isEmpty && links.contains { family.set(inside: $0) != nil }
                && links.contains { $0.kind == .strong && $0.house != nil }
        case (.templateSet, .template(_, let n, let common, let unused)):
            return n > 0 && !common.isEmpty && unused.isEmpty
        case (.templateDelete, .template(_, let n, let common, let unused)):
            return n > 0 && common.isEmpty && !unused.isEmpty
        case (.digitForcingChain, .forcing(let a)), (.digitForcingNet, .forcing(let a)):
            if case .candidate = a.source { return true } else { return false }
        case (.cellForcingChain, .forcing(let a)), (.cellForcingNet, .forcing(let a)):
            if case .cell = a.source { return true } else { return false }
        case (.houseForcingChain, .forcing(let a)), (.houseForcingNet, .forcing(let a)):
            if case .house = a.source { return true } else { return false }
        default:
            return false
        }
    }

    /// A multi-colouring checked on the board: two clusters, each of cells of the digit whose every
    /// cell has a conjugate partner of its cluster's other colour and none in the other cluster;
    /// type 1: a cell of `first[0]` sees one of `second[0]` and each eliminated candidate sees a cell
    /// of `first[1]` and one of `second[1]`; type 2: `first[0]` sees cells of both colours of
    /// `second`, and exactly its cells lose the digit.
    static func multiColouringFits(
        _ step: Step, digit d: Int, first a: [[Cell]], second b: [[Cell]], on board: Board
    )
        -> Bool
    {
        guard a.count == 2, b.count == 2, (a + b).allSatisfy({ !$0.isEmpty }) else { return false }
        let all = (a + b).flatMap { $0 }
        guard Set(all).count == all.count, all.allSatisfy({ board.hasCandidate(d, at: $0) }) else { return false }
        func sees(_ x: Cell, _ y: Cell) -> Bool { x != y && x.houses.contains { y.houses.contains($0) } }
        func conjugate(_ x: Cell, _ y: Cell) -> Bool {
            x.houses.contains { h in
                h.cells.contains(y) && Set(h.cells.filter { board.hasCandidate(d, at: $0) }) == [x, y]
            }
        }
        for (mine, other) in [(a, b), (b, a)] {
            for k in 0..<2 {
                for x in mine[k] {
                    guard mine[1 - k].contains(where: { conjugate(x, $0) }) else { return false }
                    guard !other.flatMap({ $0 }).contains(where: { conjugate(x, $0) }) else { return false }
                }
            }
        }
        func sees(_ xs: [Cell], _ ys: [Cell]) -> Bool { xs.contains { x in ys.contains { sees(x, $0) } } }
        guard step.placements.isEmpty, step.eliminations.allSatisfy({ $0.digit == d }) else { return false }
        if step.technique == .multiColouring2 {
            return sees(a[0], b[0]) && sees(a[0], b[1]) && Set(step.eliminations.map(\.cell)) == Set(a[0])
        }
        return sees(a[0], b[0])
            && step.eliminations.allSatisfy { e in sees([e.cell], a[1]) && sees([e.cell], b[1]) }
    }

    /// The multi-colouring positions: each step found fits its structure as checked on the board.
    @Test(.tags(.small)) func everyMultiColouringPositionFitsItsStructure() throws {
        let cases = RungCase.family("multi-colouring").filter { $0.expect != nil }
        #expect(cases.count >= 6)
        for c in cases {
            let board = try c.board()
            let step = try #require(MultiColouring().step(on: board))
            #expect(Self.fits(step, on: board), "\(step.line)")
        }
    }

    @Test(.tags(.small)) func aSolvedGridHasNothingToExplain() throws {
        let solved = try Grid(line: "534678912672195348198342567859761423426853791713924856961537284287419635345286179")
        let e = Explanation(puzzle: solved)
        #expect(e.status == .alreadySolved)
        #expect(e.steps.isEmpty)
        #expect(e.text == "already solved: nothing to explain\n")
        #expect(e.json.contains("\"status\":\"already-solved\"") && e.json.contains("\"steps\":[]"))
        #expect(Ladder.standard.nextStep(try Board(puzzle: solved)) == nil)
    }

    @Test(.tags(.small)) func uniquenessTechniquesNeedAProvenPuzzle() throws {
        for t in [
            Technique.uniqueRectangleType1, .hiddenRectangle, .bugPlusOne, .uniqueRectangleType5, .uniqueRectangleType6,
            .avoidableRectangleType1, .avoidableRectangleType2,
        ] {
            let c = try #require(RungCase.uniqueness.first { $0.technique == t && $0.expect != nil })
            let board = try c.board()
            #expect(board.uniqueness == .proven)
            let found = try #require(rung(for: t).step(on: board))
            #expect(found.reliesOnUniqueness)
            #expect(found.json.contains("\"uniqueness\":true"))
            // The same position without the proof: the rung stays silent.
            let unproven = try Board(
                values: board.values, masks: board.masks, givens: board.givens, uniqueness: .notProven)
            #expect(rung(for: t).step(on: unproven) == nil)
        }
    }
}
