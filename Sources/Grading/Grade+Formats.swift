// Offers: a grade as text for people (`tier 6 (X-Wing and single-digit
// patterns): hardest X-Wing at step 31, score 1094, 58 steps`), as one TSV row
// (`Grade.tsvHeader`), and as one line of JSON; and `TierHistogram`, the count
// of puzzles per tier and per status, with its summary text.

import Basics
import SudokuCore
import SudokuLogic

extension Grade {
    /// The status in words, for a grid without a tier.
    public var statusText: String {
        switch status {
        case .graded: "graded"
        case .alreadySolved: "already solved: nothing to grade"
        case .invalid: "invalid: two givens clash"
        case .noSolution: "no solution"
        case .severalSolutions: "more than one solution: not graded"
        }
    }

    /// One line: the tier and its name, the hardest technique and where, the score and steps.
    public var text: String {
        guard let tier else { return statusText }
        var s = "tier \(tier.number) (\(tier.name)): "
        if ladderStopped {
            s += "needs trial and error after \(steps) step\(steps == 1 ? "" : "s")"
            if let h = hardest { s += " (hardest so far: \(h.name))" }
            return s + ", score \(score)"
        }
        if let h = hardest, let k = hardestStep { s += "hardest \(h.name) at step \(k), " }
        s += "score \(score), \(steps) step\(steps == 1 ? "" : "s")"
        if movedByWork, let t = techniqueTier { s += "; moved up from tier \(t.number) by the work" }
        return s
    }

    /// `rating 3.42, about 6 min (4-9)`: the rating and the predicted time with
    /// its range (in seconds below two minutes); nil without a rating.
    public var ratingText: String? {
        guard let r = rating else { return nil }
        let value = "rating " + JSONText.number(r.value, decimals: 2)
        if r.highSeconds < 120 {
            let s = { (v: Double) in String(Int(v.rounded())) }
            return value + ", about \(s(r.predictedSeconds)) s (\(s(r.lowSeconds))-\(s(r.highSeconds)))"
        }
        let m = { (v: Double) in String(max(1, Int((v / 60).rounded()))) }
        return value + ", about \(m(r.predictedSeconds)) min (\(m(r.lowSeconds))-\(m(r.highSeconds)))"
    }

    /// `full house 10, hidden single 30`.
    public var techniquesText: String {
        techniqueCounts.map { "\($0.technique.name) \($0.count)" }.joined(separator: ", ")
    }

    /// The columns of `tsvRow`, tab-separated.
    public static func tsvHeader(techniques: Bool) -> String {
        ([
            "puzzle", "status", "tier", "technique_tier", "hardest", "hardest_step", "score", "steps", "rating",
            "predicted_seconds",
        ]
            + (techniques ? ["techniques"] : [])).joined(separator: "\t")
    }

    /// One row: empty fields where a grid has no grade; techniques as `full-house:10,hidden-single:30`.
    public func tsvRow(techniques: Bool) -> String {
        let graded = status == .graded
        var fields = [
            puzzle.lineString(), status.rawValue, tier.map { String($0.number) } ?? "",
            techniqueTier.map { String($0.number) } ?? "", hardestID ?? "", hardestStep.map(String.init) ?? "",
            graded ? String(score) : "", graded ? String(steps) : "",
        ]
        let r = rating
        fields += [
            r.map { JSONText.number($0.value, decimals: 2) } ?? "", r.map { Self.seconds($0.predictedSeconds) } ?? "",
        ]
        if techniques {
            fields.append(techniqueCounts.map { "\($0.technique.rawValue):\($0.count)" }.joined(separator: ","))
        }
        return fields.joined(separator: "\t")
    }

    /// Whole seconds, for the predicted times.
    static func seconds(_ v: Double) -> String { String(Int(v.rounded())) }

    /// One line of JSON: `puzzle`, `status`, `tier`, `technique_tier`, `hardest`,
    /// `hardest_step`, `hardest_text`, `score`, `steps`, `rating`,
    /// `predicted_seconds`, `predicted_seconds_low`, `predicted_seconds_high` (null
    /// where a grid has no grade or no rating), and with `techniques` the counts by
    /// identifier. `source` first when given.
    public func json(source: String? = nil, techniques: Bool) -> String {
        let graded = status == .graded
        var pairs: [(String, String)] = []
        if let source { pairs.append(("source", JSONText.quoted(source))) }
        pairs += [
            ("puzzle", JSONText.quoted(puzzle.lineString())),
            ("status", JSONText.quoted(status.rawValue)),
            ("tier", tier.map { String($0.number) } ?? "null"),
            ("technique_tier", techniqueTier.map { String($0.number) } ?? "null"),
            ("hardest", JSONText.optional(hardestID)),
            ("hardest_step", hardestStep.map(String.init) ?? "null"),
            ("hardest_text", JSONText.optional(hardestLine)),
            ("score", graded ? String(score) : "null"),
            ("steps", graded ? String(steps) : "null"),
        ]
        let r = rating
        pairs += [
            ("rating", r.map { JSONText.number($0.value, decimals: 2) } ?? "null"),
            ("predicted_seconds", r.map { Self.seconds($0.predictedSeconds) } ?? "null"),
            ("predicted_seconds_low", r.map { Self.seconds($0.lowSeconds) } ?? "null"),
            ("predicted_seconds_high", r.map { Self.seconds($0.highSeconds) } ?? "null"),
        ]
        if techniques {
            pairs.append(
                ("techniques", JSONText.object(techniqueCounts.map { ($0.technique.rawValue, String($0.count)) })))
        }
        return JSONText.object(pairs)
    }
}

/// Puzzles per tier and per status.
public struct TierHistogram: Sendable {
    /// Index 1...11: puzzles of that tier (index 0 unused).
    public private(set) var tiers = [Int](repeating: 0, count: 12)
    public private(set) var statuses: [Grade.Status: Int] = [:]
    public private(set) var count = 0

    public init() {}

    public init(_ grades: some Sequence<Grade>) {
        for g in grades { add(g) }
    }

    public mutating func add(_ g: Grade) {
        count += 1
        statuses[g.status, default: 0] += 1
        if let t = g.tier { tiers[t.number] += 1 }
    }

    public var graded: Int { statuses[.graded] ?? 0 }

    /// The table: one line per tier (`tier  4  pairs   12  7.5%  ####`), then the statuses without a tier.
    public var text: String {
        var lines = ["\(count) puzzle\(count == 1 ? "" : "s"), \(graded) graded"]
        let width = Tier.all.map(\.name.count).max() ?? 0
        for t in Tier.all {
            let n = tiers[t.number]
            let share = graded == 0 ? 0 : Double(n) * 100 / Double(graded)
            let bar = String(
                repeating: "#", count: graded == 0 ? 0 : Int((Double(n) * 40 / Double(graded)).rounded(.up)))
            lines.append(
                "tier " + Self.pad(String(t.number), 2) + "  " + t.name
                    + String(repeating: " ", count: width - t.name.count)
                    + Self.pad(String(n), 8) + Self.pad(JSONText.number(share, decimals: 1) + "%", 8) + "  " + bar)
        }
        for s in Grade.Status.allCases where s != .graded {
            if let n = statuses[s], n > 0 { lines.append("\(s.rawValue): \(n)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func pad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
}
