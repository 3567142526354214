// Offers: `DailyCommand`, `sudokit daily`: the day's puzzle from the pool
// bundled with the package, the same for everyone on a given date, offline;
// Monday easy (tier 1) to Sunday hard (tier 7).

import ArgumentParsing
import Basics
import Grading
import SudokuCore

extension CivilDate: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expected: String { "a date YYYY-MM-DD" }
}

struct DailyCommand: Command {
    struct Arguments: ParsableArguments {
        var date: CivilDate?
        var tier: Int?
        var format = ReportFormat.text

        static var options: [Option<Self>] {
            [
                .value("date", \.date, valueName: "yyyy-mm-dd", help: "The day (default: today, in UTC)."),
                .value("tier", \.tier, in: 1...11, help: "A puzzle of this tier instead of the weekday's."),
                .reportFormat(
                    \.format, json: "date, weekday, tier, index, puzzle, and the grade's hardest, score and steps"),
            ]
        }
    }

    static let help = CommandHelp(
        name: "daily",
        abstract: "The day's puzzle: the same grid for everyone on a date, from the pool bundled with sudokit.",
        discussion: """
            The weekday chooses the tier, Monday easy to Sunday hard: Monday tier 1,
            Tuesday 2, Wednesday 3, Thursday 4, Friday 5, Saturday 6, Sunday 7. The week
            chooses the puzzle: week W (counted from Monday 1969-12-29) takes that tier's
            puzzle W modulo the tier's count; each tier holds more than 522 puzzles, so a
            day's puzzle does not come back for more than ten years. With --tier N, the
            puzzle is tier N's number D modulo its count, D the day's number since
            1970-01-01 (the weekday's own tier gives the day's puzzle). No network is used:
            the pool is compiled into the program (Sources/Grading/Resources/daily-pool.txt).
            Text: the date and tier, the puzzle as 81 characters, then drawn as a grid,
            then the rating and predicted time (as grade prints them; also in JSON).
            """,
        exitStatus: [("0", "printed the puzzle"), ("64", "usage error, or a --tier the pool has no puzzle of")],
        examples: [
            "sudokit daily",
            "sudokit daily --date 2027-01-03",
            "sudokit daily --date 2026-12-01 --tier 2 --format json",
        ])

    static func run(_ a: Arguments) throws(CLIError) -> ExitCode {
        let date = a.date ?? CivilDate(dayNumber: Int((Clocks.realtimeSeconds() / 86_400).rounded(.down)))
        let pool = DailyPool.bundled
        guard let chosen = pool.puzzle(for: date, tier: a.tier) else {
            throw CLIError.usage(
                "the daily pool has no tier-\(a.tier ?? 0) puzzle; it holds tiers "
                    + pool.tiers.map(String.init).joined(separator: ", ") + " (sudokit generate --tier N makes others)")
        }
        let grade = Grade(uniquePuzzle: chosen.puzzle)
        let rating = grade.rating
        switch a.format {
        case .json:
            Console.out(
                JSONText.object([
                    ("date", JSONText.quoted(date.description)), ("weekday", JSONText.quoted(date.weekdayName)),
                    ("tier", String(chosen.tier)), ("index", String(chosen.index)),
                    ("puzzle", JSONText.quoted(chosen.puzzle.lineString())),
                    ("hardest", JSONText.optional(grade.hardestID)), ("score", String(grade.score)),
                    ("steps", String(grade.steps)),
                    ("rating", rating.map { JSONText.number($0.value, decimals: 2) } ?? "null"),
                    ("predicted_seconds", rating.map { String(Int($0.predictedSeconds.rounded())) } ?? "null"),
                    ("predicted_seconds_low", rating.map { String(Int($0.lowSeconds.rounded())) } ?? "null"),
                    ("predicted_seconds_high", rating.map { String(Int($0.highSeconds.rounded())) } ?? "null"),
                ]))
        case .text:
            Console.out(
                "\(date) (\(date.weekdayName)): tier \(chosen.tier), \(Tier(chosen.tier)!.name); puzzle "
                    + "\(chosen.index + 1) of \(pool.puzzles[chosen.tier].count)"
            )
            Console.out(chosen.puzzle.lineString())
            Console.out(chosen.puzzle.gridText(), terminator: "")
            if let text = grade.ratingText { Console.out(text) }
        }
        return .success
    }
}
