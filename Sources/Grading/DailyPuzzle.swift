// Offers: `CivilDate`, a day of the proleptic Gregorian calendar (no time zone,
// no Foundation) with its weekday and its day number; `DailyPool`, the pool of
// graded puzzles bundled with the package (DailyPool.generated.swift, the same
// text as Resources/daily-pool.txt), and the day's puzzle, a stable function
// of the date.
//
// The rule: a date's weekday chooses the tier (Monday tier 1 ... Sunday tier 7,
// easy to hard as newspapers run them) and its week chooses the puzzle: week w
// since the Monday 1969-12-29 takes that tier's puzzle number w modulo the
// tier's count. Each tier holds more than 522 puzzles (ten years of weeks), so
// no day's puzzle comes back within ten years. With another tier asked for,
// the puzzle is that tier's number d modulo its count, d the day number.

import SudokuCore
import SudokuLogic

/// A calendar date.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int, month: Int, day: Int

    /// The date, or nil when it does not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(in: month, of: year)).contains(day)
        else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-12-01`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The date `dayNumber` days after 1970-01-01 (Howard Hinnant's civil_from_days).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    static func days(in month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (negative before; Howard Hinnant's days_from_civil).
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// 1 Monday ... 7 Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { Self.floorMod(dayNumber + 3, 7) + 1 }

    /// Weeks since Monday 1969-12-29.
    public var week: Int { Self.floorDiv(dayNumber + 3, 7) }

    public var weekdayName: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][weekday - 1]
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

    public var description: String {
        String(year).leftPadded(4) + "-" + String(month).leftPadded(2) + "-" + String(day).leftPadded(2)
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.dayNumber < b.dayNumber }
}

extension String {
    fileprivate func leftPadded(_ n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

/// The bundled puzzles, by tier, in the pool file's order.
public struct DailyPool: Sendable {
    /// Index 0 unused; `puzzles[t]`: the tier-t puzzles.
    public let puzzles: [[Grid]]

    /// The weekday's tier: Monday 1 ... Sunday 7.
    public static func tier(forWeekday weekday: Int) -> Int { weekday }

    /// Reads the pool text: `#` comment lines, then one `TIER PUZZLE` a line.
    /// - Throws: `SudokuLogicError.poolText` (with the line) for a line that is not a tier and a puzzle.
    public init(text: String) throws(SudokuLogicError) {
        var byTier = [[Grid]](repeating: [], count: 12)
        for (k, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingSuffix { $0 == "\r" || $0 == " " }
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(separator: " ")
            guard parts.count == 2, let t = Int(parts[0]), Tier.range.contains(t) else {
                throw SudokuLogicError.poolText(
                    line: k + 1, message: "expected a tier (1-11), a space and an 81-character puzzle")
            }
            do { byTier[t].append(try Grid(line: String(parts[1]))) } catch {
                throw SudokuLogicError.poolText(line: k + 1, message: error.message)
            }
        }
        puzzles = byTier
    }

    /// The pool compiled into the package.
    public static let bundled: DailyPool = {
        do { return try DailyPool(text: dailyPoolText) } catch {
            preconditionFailure("the bundled daily pool does not read: \(error)")
        }
    }()

    /// The tiers that have puzzles.
    public var tiers: [Int] { (1...11).filter { !puzzles[$0].isEmpty } }

    /// The puzzle of `date`: its weekday's tier and its week's puzzle; with
    /// `tier`, that tier's puzzle of the day number. Nil when the pool has no
    /// puzzle of that tier.
    public func puzzle(for date: CivilDate, tier: Int? = nil) -> (tier: Int, index: Int, puzzle: Grid)? {
        let weekdayTier = Self.tier(forWeekday: date.weekday)
        let t = tier ?? weekdayTier
        guard (1...11).contains(t), !puzzles[t].isEmpty else { return nil }
        let n = puzzles[t].count
        let index = t == weekdayTier ? CivilDate.floorMod(date.week, n) : CivilDate.floorMod(date.dayNumber, n)
        return (t, index, puzzles[t][index])
    }
}

extension Substring {
    fileprivate func trimmingSuffix(while drop: (Character) -> Bool) -> Substring {
        var s = self
        while let last = s.last, drop(last) { s.removeLast() }
        return s
    }
}
