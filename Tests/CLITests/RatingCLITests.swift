// `sudokit grade`'s rating as a child process prints it: the JSON fields
// (rating, predicted_seconds and its range), null for grids without a rating;
// the text line; the TSV columns; `daily` carries the same rating as `grade`;
// `generate --minutes A-B` makes puzzles predicted to take that long;
// `sudokit-lab calibrate` reports the median rating per tier and per rung; and
// `sudokit-lab fit-rating`'s refusal of a file that is not a times TSV.

import Foundation
import TestSupport
import Testing

@Suite struct RatingCLITests {
    static let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let netted = "..42...35.8...67......31........5.6.67............958.2...6...........4.3..94...2"
    static let beyond = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"

    @Test(.tags(.medium)) func gradeJSONCarriesTheRatingAndThePredictedTime() throws {
        let r = try runSudokit(["grade", "--format", "jsonl", "--quiet", Self.easy, Self.netted, Self.beyond])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try r.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(rows.count == 3)
        var ratings: [Double] = []
        for row in rows.prefix(2) {
            let rating = try #require(row["rating"] as? Double)
            let p = try #require(row["predicted_seconds"] as? Int)
            let low = try #require(row["predicted_seconds_low"] as? Int)
            let high = try #require(row["predicted_seconds_high"] as? Int)
            #expect(low < p && p < high)
            #expect(abs(rating - (1 + log2(Double(p) / 60))) < 0.01)
            ratings.append(rating)
        }
        #expect(ratings[0] < ratings[1], "a newspaper's easy puzzle below one that needs forcing nets")
        // The ladder stops on the third: tier 11, no rating.
        for key in ["rating", "predicted_seconds", "predicted_seconds_low", "predicted_seconds_high"] {
            #expect(rows[2][key] is NSNull, "\(key)")
        }
    }

    @Test(.tags(.medium)) func gradeTextAndTSVCarryTheRating() throws {
        let text = try runSudokit(["grade", Self.easy])
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(text.stdout)")
        let line = lines[1]
        #expect(line.hasPrefix("  rating ") && line.contains(", about ") && line.hasSuffix(")"), "\(line)")
        let tsv = try runSudokit(["grade", "--format", "tsv", "--quiet", Self.easy, Self.beyond])
        let rows = tsv.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows[0].suffix(2) == ["rating", "predicted_seconds"])
        #expect(Double(rows[1][rows[1].count - 2]) != nil && Int(rows[1][rows[1].count - 1]) != nil)
        #expect(rows[2].suffix(2) == ["", ""])
    }

    @Test(.tags(.small)) func fitRatingRefusesAFileThatIsNotATimesTSV() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-fit-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("times.tsv")
        try Data("id\tpuzzle\tplayers\tmean_seconds\n1\t\(Self.easy)\tten\t300\n".utf8).write(to: file)
        let r = try runSudokitLab(["fit-rating", file.path])
        #expect(r.status == 65)
        #expect(r.stderr.contains("line 2"), "\(r.stderr)")
        #expect(try runSudokitLab(["fit-rating"]).status == 64)
    }

    @Test(.tags(.small)) func dailyCarriesTheSameRatingAsGrade() throws {
        let daily = try runSudokit(["daily", "--date", "2026-12-05", "--format", "json"])
        let d = try #require(try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [String: Any])
        let puzzle = try #require(d["puzzle"] as? String)
        let grade = try runSudokit(["grade", "--format", "jsonl", puzzle])
        let g = try #require(try JSONSerialization.jsonObject(with: Data(grade.stdout.utf8)) as? [String: Any])
        for key in ["rating", "predicted_seconds", "predicted_seconds_low", "predicted_seconds_high"] {
            #expect(d[key] != nil && "\(d[key]!)" == "\(g[key]!)", "\(key)")
        }
        let text = try runSudokit(["daily", "--date", "2026-12-05"])
        let last = try #require(text.stdout.split(separator: "\n").last)
        #expect(last.hasPrefix("rating \(d["rating"]!), about "), "\(last)")
    }

    @Test(.tags(.medium)) func generateAimsAtAPredictedTime() throws {
        let args = ["generate", "--tier", "1", "--minutes", "5-8", "--count", "3", "--format", "jsonl", "--quiet"]
        let r = try runSudokit(args)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try r.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(rows.count == 3)
        for row in rows {
            #expect(row["tier"] as? Int == 1)
            let p = try #require(row["predicted_seconds"] as? Int)
            #expect((299...481).contains(p), "\(p) s is not 5-8 minutes")
        }
        #expect(try runSudokit(args).stdout == r.stdout, "the same seed, the same puzzles")
        #expect(try runSudokit(["generate", "--tier", "1", "--minutes", "8-5"]).status == 64)
        let none = try runSudokit(["generate", "--tier", "1", "--minutes", "100-200", "--budget", "20", "--quiet"])
        #expect(none.status == 1 && none.stderr.contains("predicted to take 100-200 minutes"), "\(none.stderr)")
    }

    @Test(.tags(.medium)) func calibrateReportsTheRatingPerTierAndPerRung() throws {
        let r = try runSudokitLab(["calibrate", "--count", "30", "--seeds", "1", "--format", "json", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let tiers = try #require(json["tiers"] as? [[String: Any]])
        var medians: [(tier: Int, rating: Double)] = []
        for t in tiers {
            let count = (t["puzzles"] as? [Int])?.reduce(0, +) ?? 0
            if count == 0 { #expect(t["rating_median"] is NSNull) }
            if let m = t["rating_median"] as? Double, let n = t["tier"] as? Int { medians.append((n, m)) }
        }
        #expect(medians.count >= 2)
        #expect(medians.first!.rating < medians.last!.rating, "\(medians)")
        let rungs = try #require(json["rungs"] as? [[String: Any]])
        for row in rungs {
            let hardest = (row["hardest"] as? [Int])?.reduce(0, +) ?? 0
            #expect((row["rating_median"] is Double) == (hardest > 0), "\(row)")
        }
    }
}
