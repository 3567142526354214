// The daily puzzle: dates and weekdays right across centuries and leap years;
// the bundled pool is the resource file, holds tiers 1-7 with more than ten
// years of weeks each, every puzzle with one solution and the tier it is
// listed under; no day repeats a puzzle within ten years; and the choice is
// stable: fixed dates give fixed puzzles.

import Foundation
import SudokuCore
import TestSupport
import Testing

@testable import Grading
@testable import SudokuLogic

@Suite struct DailyTests {
    @Test(.tags(.small)) func datesWeekdaysAndDayNumbers() throws {
        #expect(CivilDate("1970-01-01")?.dayNumber == 0)
        #expect(CivilDate("1970-01-01")?.weekday == 4, "a Thursday")
        #expect(CivilDate("2026-12-01")?.weekdayName == "Tuesday")
        #expect(CivilDate("2000-02-29")?.dayNumber == 11_016)
        #expect(CivilDate("2000-03-01")?.weekdayName == "Wednesday")
        #expect(CivilDate("1969-12-29")?.week == 0 && CivilDate("1969-12-28")?.week == -1)
        for bad in [
            "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "20261201", "2026-12-32", "２０２６-12-01",
        ] {
            #expect(CivilDate(bad) == nil, "\(bad)")
        }
        #expect(CivilDate("2024-02-29") != nil)
        var previous: CivilDate?
        // Every 997th day from 0001-01-01 to 9999-12-31, and three years of days in a row.
        for n in Array(stride(from: -719_162, through: 2_932_896, by: 997)) + [2_932_896] + Array(19_700...20_800) {
            let d = CivilDate(dayNumber: n)
            #expect(d.dayNumber == n)
            #expect(CivilDate(d.description) == d)
            if let p = previous, p.dayNumber == n - 1 {
                #expect(d.weekday == p.weekday % 7 + 1)
                #expect(d.week == p.week + (d.weekday == 1 ? 1 : 0))
            }
            previous = d
        }
    }

    @Test(.tags(.small)) func theBundledPoolIsTheResourceFile() throws {
        let text = try #require(readTextFile("Sources/Grading/Resources/daily-pool.txt"))
        #expect(text == dailyPoolText + "\n" || text == dailyPoolText)
        let pool = try DailyPool(text: text)
        #expect(pool.tiers == Array(1...7))
        for t in 1...7 { #expect(pool.puzzles[t].count >= 522, "tier \(t): more than ten years of weeks") }
        let all = pool.puzzles.flatMap { $0 }
        #expect(Set(all).count == all.count, "no puzzle twice")
    }

    @Test(.tags(.medium)) func everyPoolPuzzleHasOneSolutionAndItsTier() throws {
        let pool = DailyPool.bundled
        for t in pool.tiers {
            for p in pool.puzzles[t] {
                #expect(Solver.countSolutions(p) == 1, "\(p.lineString())")
                #expect(Grade(puzzle: p).tier?.number == t, "\(p.lineString()) is listed under tier \(t)")
            }
        }
    }

    @Test(.tags(.small)) func theWeekdayChoosesTheTierAndNoDayRepeatsWithinTenYears() throws {
        let pool = DailyPool.bundled
        for start in [
            try #require(CivilDate("2026-01-01")), try #require(CivilDate("2031-07-15")),
            try #require(CivilDate("1999-12-31")),
        ] {
            var seen = Set<Grid>()
            for n in start.dayNumber..<(start.dayNumber + 3653) {
                let date = CivilDate(dayNumber: n)
                let chosen = try #require(pool.puzzle(for: date))
                #expect(chosen.tier == date.weekday)
                #expect(seen.insert(chosen.puzzle).inserted, "\(date) repeats a puzzle")
            }
        }
        // Another tier on request; the weekday's own tier is the day's puzzle.
        let tuesday = try #require(CivilDate("2026-12-01"))
        #expect(pool.puzzle(for: tuesday, tier: 6)?.tier == 6)
        #expect(pool.puzzle(for: tuesday, tier: 2)?.puzzle == pool.puzzle(for: tuesday)?.puzzle)
        #expect(pool.puzzle(for: tuesday, tier: 9) == nil)
    }

    @Test(.tags(.small)) func aFixedDateGivesAFixedPuzzle() throws {
        // The contract with everyone who solved these days: if this test fails,
        // the pool or the rule changed and past days' puzzles with them.
        let pool = DailyPool.bundled
        // (date, its weekday's tier, its week since 1969-12-29 modulo the 530 puzzles of the tier),
        // the weeks counted independently of CivilDate (Python's datetime).
        let cases: [(String, Int, Int)] = [
            ("2026-12-01", 2, 2_970 % 530), ("2027-01-03", 7, 2_974 % 530), ("2036-02-29", 5, 3_452 % 530),
        ]
        for (text, tier, index) in cases {
            let date = try #require(CivilDate(text))
            let chosen = try #require(pool.puzzle(for: date))
            #expect(chosen.tier == tier && chosen.index == index, "\(text): tier \(chosen.tier), index \(chosen.index)")
            #expect(chosen.puzzle == pool.puzzles[tier][index])
        }
        // The puzzle of Tuesday 2026-12-01, written out.
        let day = try #require(CivilDate("2026-12-01"))
        let first = try #require(pool.puzzle(for: day))
        #expect(first.puzzle.lineString() == Self.tuesday20261201)
    }

    static let tuesday20261201 = "...2..17...4......8....723.......6..4..1.8......5....9..6....9.78..5.......391..."
}
