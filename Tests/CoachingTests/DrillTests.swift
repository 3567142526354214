// Drills: the bundled pool is the resource file and lists every technique of
// the ladder (with drills, or as unreached); a sample of it holds against the
// ladder (the whole pool: CLITests/DrillCLITests, with the release binary); a
// drill relabelled with another technique is caught; pool lines read back to
// the same position; the collector keeps one find per technique per puzzle;
// answers read in their syntax; the verdicts on the README's X-Wing
// position: right, partial, wrong cell, pattern cell, wrong digit, not a
// candidate, another technique; and every instance of a drill's technique in
// its position is right, and a single is never called another technique.

import SudokuCore
import TestSupport
import Testing

@testable import Coaching
@testable import SudokuLogic

/// The X-Wing position of the README (docs/xwing-position.txt): an X-Wing on 9
/// in columns 6 and 9, rows 6 and 9, which removes 9 from r6c5 and r9c4.
private let xwPuzzle = "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1...."
private let xwEntries = "........8..9.2..........6..5..............3......................1.....3.......8."
private let xwSolution = "376541298849627135125398674582973461914286357637154829298435716751862943463719582"

private func xwingDrill() throws -> Drill {
    let marks = try #require(readTextFile("docs/xwing-position.txt"))
    let puzzle = try Grid(line: xwPuzzle)
    let board = try Board(candidates: marks, puzzle: puzzle, entries: try Grid(line: xwEntries))
    return Drill(technique: .xWing, number: 1, source: "readme", puzzle: puzzle, board: board)
}

private func check(_ answer: String, on d: Drill) throws -> DrillCheck {
    let step = try #require(d.step())
    return DrillCheck(
        answer: try DrillAnswer(parsing: answer), step: step, board: d.board, solution: try Grid(line: xwSolution))
}

@Suite struct DrillTests {
    @Test(.tags(.small)) func theBundledPoolIsTheResourceFile() throws {
        let text = try #require(readTextFile("Sources/Coaching/Resources/drill-pool.txt"))
        #expect(text == drillPoolText + "\n" || text == drillPoolText)
        let pool = try DrillPool(text: text)
        #expect(pool.total == text.split(separator: "\n").filter { !$0.hasPrefix("#") }.count)
    }

    @Test(.tags(.small)) func everyTechniqueOfTheLadderHasDrillsOrIsListedAsUnreached() {
        let pool = DrillPool.bundled
        let ladder = Set(Ladder.standard.rungs.flatMap(\.techniques))
        #expect(ladder == Set(Technique.allCases), "the pool lists techniques of the standard ladder")
        for t in Technique.allCases {
            #expect(pool.count(t) <= 50, "\(t.rawValue): at most 50 drills")
            #expect(
                (pool.count(t) == 0) == pool.unreached.contains(t),
                "\(t.rawValue): no drills exactly when listed as unreached")
        }
        // The common techniques fill their 50 from carved puzzles.
        for t in [
            Technique.fullHouse, .hiddenSingle, .nakedSingle, .pointing, .claiming, .nakedPair, .hiddenPair, .xyChain,
        ] {
            #expect(pool.count(t) == 50, "\(t.rawValue)")
        }
    }

    /// The first three drills of each technique, in the debug build; the whole
    /// pool is DrillCLITests' job, with the release binary.
    @Test(.tags(.medium), arguments: Technique.allCases)
    func sampleDrillsNeedTheirTechniqueAndAgreeWithTheSolution(_ t: Technique) throws {
        let pool = DrillPool.bundled
        for n in Array(1...max(1, pool.count(t))).prefix(min(3, pool.count(t))) {
            let d = try #require(try pool.drill(t, number: n))
            #expect(d.id == "\(t.rawValue)-\(n)")
            #expect(d.problem() == nil, "\(d.problem() ?? "")")
            #expect(Ladder.standard.nextStep(d.board)?.technique == t)
        }
    }

    @Test(.tags(.small)) func aDrillWhoseSimplestStepIsAnotherTechniqueIsCaught() throws {
        var d = try xwingDrill()
        #expect(d.problem() == nil)
        d.technique = .swordfish
        let problem = try #require(d.problem())
        #expect(problem.contains("its simplest step is now x-wing"), "\(problem)")
        // A position that lost its solution's digit is caught too.
        var lost = try xwingDrill()
        lost.board.eliminate(5, at: Cell(row: 5, column: 4))  // r6c5's solution is 5
        #expect(lost.problem()?.contains("r6c5 lost its digit 5") == true, "\(lost.problem() ?? "")")
    }

    @Test(.tags(.small)) func poolLinesReadBackToTheSamePosition() throws {
        let d = try xwingDrill()
        let line = Drill.poolLine(technique: .xWing, source: "readme", puzzle: d.puzzle, board: d.board)
        let fields = line.split(separator: " ")
        #expect(fields.count == 4 && fields[0] == "x-wing" && fields[1] == "readme")
        // Givens as digits, the placed digits (r1c9 is 8) as letters.
        #expect(fields[2].hasPrefix("..654..9h"))
        let back = try Drill(poolLine: Substring(line), lineNumber: 1, number: 7)
        #expect(back.board.values == d.board.values)
        #expect(back.board.candidateLine() == d.board.candidateLine())
        #expect(back.board.givens == d.board.givens && back.puzzle == d.puzzle && back.entries == d.entries)
        #expect(back.id == "x-wing-7")
        #expect(back.step() == d.step())
        for bad in ["x-wing readme ..654", "no-such-technique readme \(fields[2]) -", "x-wing readme \(fields[2]) 1x5"]
        {
            #expect(throws: SudokuLogicError.self) { try Drill(poolLine: Substring(bad), lineNumber: 3) }
        }
        #expect(Drill.parseID("x-wing-7")?.technique == .xWing && Drill.parseID("x-wing-7")?.number == 7)
        #expect(Drill.parseID("unique-rectangle-type-2-12")?.technique == .uniqueRectangleType2)
        #expect(Drill.parseID("x-wing") == nil && Drill.parseID("x-wing-0") == nil && Drill.parseID("frog-3") == nil)
    }

    @Test(.tags(.small)) func theCollectorKeepsOneFindPerTechniquePerPuzzleUpToItsLimit() throws {
        let puzzles = Carver.puzzles(count: 6, seed: 5)
        var collector = DrillCollector(perTechnique: 2)
        for (k, p) in puzzles.enumerated() {
            let finds = DrillCollector.finds(p, source: "carved:\(k + 1)")
            #expect(!finds.isEmpty)
            #expect(Set(finds.map(\.technique)).count == finds.count, "one find per technique")
            for f in finds {
                let d = try Drill(poolLine: Substring(f.line), lineNumber: 1)
                #expect(d.technique == f.technique && d.problem() == nil, "\(d.problem() ?? "")")
            }
            #expect(
                DrillCollector.finds(p, source: "x", skipping: [.fullHouse]).allSatisfy { $0.technique != .fullHouse })
            collector.add(finds)
        }
        #expect(collector.puzzles == 6)
        #expect(collector.lines[.hiddenSingle]?.count == 2, "every carved puzzle needs a hidden single; two are kept")
        #expect(collector.lines[.hiddenSingle]?.first?.contains(" carved:1 ") == true)
        let pool = try DrillPool(text: collector.poolText(header: ["test"]))
        #expect(pool.count(.hiddenSingle) == 2)
        #expect(pool.unreached.contains(.houseForcingNet))
    }

    @Test(.tags(.small)) func answersReadInTheirSyntax() throws {
        let a = try DrillAnswer(parsing: "r1c2,r1c8-4 R3C5=7; r9c9-12  r1c2<>4")
        #expect(a.placements == [Candidate(Cell(row: 2, column: 4), 7)])
        #expect(
            a.eliminations == [
                Candidate(Cell(row: 8, column: 8), 1), Candidate(Cell(row: 8, column: 8), 2),
                Candidate(Cell(row: 0, column: 1), 4), Candidate(Cell(row: 0, column: 7), 4),
            ])
        #expect(a.text == "r3c5=7 r9c9-1 r9c9-2 r1c2,r1c8-4")
        for bad in ["", "r3c5", "r3c5=", "r3c5=78", "r0c5-7", "r3c5+7", "r3c5-0", "x3c5-7", "r3c5,-7", "r10c5-7"] {
            #expect(throws: SudokuLogicError.self, "\(bad)") { try DrillAnswer(parsing: bad) }
        }
    }

    @Test(.tags(.small)) func theVerdictsOnTheXWing() throws {
        let d = try xwingDrill()
        let step = try #require(d.step())
        #expect(step.technique == .xWing)
        #expect(DrillAnswer(step).text == "r6c5,r9c4-9")

        let right = try check("r9c4-9 r6c5-9", on: d)
        #expect(right.outcome == .right && right.missing == 0)
        #expect(right.items.allSatisfy { $0.verdict == .inConclusion && $0.holds })

        let partial = try check("r6c5-9", on: d)
        #expect(partial.outcome == .partial && partial.missing == 1)

        // r1c1 (candidates 2, 3, 7; solution 3) is outside the X-Wing: losing 3 is false.
        let cell = try check("r1c1-3", on: d)
        #expect(cell.outcome == .wrong)
        #expect(cell.items.first?.verdict == .wrongCell(isPattern: false) && cell.items.first?.holds == false)
        // r9c6 is a corner of the X-Wing (its solution is 9).
        #expect(try check("r9c6-9", on: d).items.first?.verdict == .wrongCell(isPattern: true))
        // r6c5 (5679, solution 5) is in the conclusion, for 9, not 5.
        let digit = try check("r6c5-5", on: d)
        #expect(digit.items.first?.verdict == .wrongDigit && digit.items.first?.holds == false)
        // A placement where the step eliminates.
        #expect(try check("r6c5=5", on: d).items.first?.verdict == .wrongDigit)
        // r1c4 is a given; r1c1 has no 9.
        #expect(try check("r1c4-5", on: d).items.first?.verdict == .notACandidate)
        #expect(try check("r1c1-9", on: d).items.first?.verdict == .notACandidate)
        // One right claim and one wrong: wrong, and the lines say which.
        let mixed = try check("r6c5-9 r1c1-3", on: d)
        #expect(mixed.outcome == .wrong)
        let lines = mixed.lines(step: step, board: d.board)
        #expect(lines.count == 3)
        // Claims in candidate order: by digit, then cell.
        #expect(
            lines[1].hasPrefix("r1c1-3: ") && lines[1].contains("concludes nothing about r1c1")
                && lines[1].contains("3 is r1c1's digit"))
        #expect(lines[2] == "r6c5-9: yes, the X-Wing gives it.")

        // True, but a later step of the path: the step right after the X-Wing.
        var after = d.board
        after.apply(step)
        let next = try #require(Ladder.standard.nextStep(after))
        let nextClaim = try #require(
            next.placements.first.map { "\($0.cell)=\($0.digit)" }
                ?? next.eliminations.first.map { "\($0.cell)-\($0.digit)" })
        let later = try check(nextClaim, on: d)
        #expect(later.items.first?.verdict == .later(next.technique, steps: 1), "\(nextClaim): \(later.items)")
        #expect(later.outcome == .wrong)
        #expect(
            later.lines(step: step, board: d.board)[1].contains("true, but not yet: it follows right after the X-Wing"))
    }

    /// A claim another rung proves in the position: found among the pool's
    /// drills, where another rung's step concludes what the drill's does not.
    @Test(.tags(.medium)) func aClaimAnotherTechniqueProvesIsNamedAfterIt() throws {
        let pool = DrillPool.bundled
        var tried = 0
        for t in [Technique.xWing, .skyscraper, .xyWing, .wWing, .emptyRectangle, .twoStringKite] {
            for n in Array(1...max(1, pool.count(t))).prefix(min(10, pool.count(t))) {
                let d = try #require(try pool.drill(t, number: n))
                let step = try #require(d.step())
                let instances = Ladder.standard.rungs.flatMap { $0.steps(on: d.board) }
                let mine = instances.filter { $0.technique == t }, others = instances.filter { $0.technique != t }
                tried += 1
                for other in others {
                    guard
                        let e = other.eliminations.first(where: { e in !mine.contains { $0.eliminations.contains(e) } })
                    else { continue }
                    let solution = try #require(Solver.solve(d.puzzle).solution)
                    let verdict = DrillCheck(
                        answer: DrillAnswer(eliminations: [e]), step: step, board: d.board, solution: solution)
                    // The first step, in ladder order, that has it.
                    #expect(
                        verdict.items.first?.verdict == .otherTechnique(other.technique),
                        "\(d.id) \(e): \(verdict.items)")
                    #expect(verdict.items.first?.holds == true)
                    #expect(verdict.lines(step: step, board: d.board)[1].contains("true, but it follows from"))
                    return
                }
            }
        }
        Issue.record("no drill among \(tried) has another rung's step with another conclusion")
    }

    /// A drill asks for one step of its technique, not the one its rung finds
    /// first: every instance the rung finds in the position is right, and a
    /// part of one is right so far. Any single the position offers is never
    /// put down to a harder technique.
    @Test(.tags(.large)) func everyInstanceOfTheDrilledTechniqueIsAccepted() throws {
        let pool = DrillPool.bundled
        let singles = Ladder.standard.rungs.prefix(3)
        var others = 0
        for t in Technique.allCases {
            let rung = try #require(Ladder.standard.rungs.first { $0.techniques.contains(t) })
            for n in Array(1...max(1, pool.count(t))).prefix(pool.count(t)) {
                let d = try #require(try pool.drill(t, number: n))
                let step = try #require(d.step())
                let solution = try #require(Solver.solve(d.puzzle).solution)
                let instances = rung.steps(on: d.board).filter { $0.technique == t }
                for s in instances {
                    if s != step { others += 1 }
                    let verdict = DrillCheck(answer: DrillAnswer(s), step: step, board: d.board, solution: solution)
                    #expect(
                        verdict.outcome == .right, "\(d.id): \(s.line): \(verdict.lines(step: step, board: d.board))")
                    #expect(
                        DrillAnswer(verdict.instance) == DrillAnswer(s),
                        "judged against an instance with that conclusion")
                    // Part of a conclusion is right so far, unless it is the whole of another instance's.
                    if let e = s.eliminations.first, s.eliminations.count > 1,
                        !instances.contains(where: { $0.placements.isEmpty && $0.eliminations == [e] })
                    {
                        #expect(
                            DrillCheck(
                                answer: DrillAnswer(eliminations: [e]), step: step, board: d.board,
                                solution: solution
                            ).outcome == .partial, "\(d.id): \(e)")
                    }
                }
                for single in singles.flatMap({ $0.steps(on: d.board) }) {
                    let verdict = DrillCheck(
                        answer: DrillAnswer(single), step: step, board: d.board, solution: solution)
                    let named: Technique? =
                        switch verdict.items.first?.verdict {
                        case .inConclusion?, .otherInstance?: t
                        case .otherTechnique(let other)?: other
                        default: nil
                        }
                    #expect(
                        named.map { [.fullHouse, .hiddenSingle, .nakedSingle].contains($0) } == true,
                        "\(d.id): \(single.line): \(verdict.lines(step: step, board: d.board))")
                }
            }
        }
        #expect(others > 100, "the pool's positions offer other instances than the drill's step")
    }
}
