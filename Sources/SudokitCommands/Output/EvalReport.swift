// Offers: `EvalReport`, what `sudokit eval` prints: the summary table or JSON
// object, the photos that are not exact (`--show`), the baseline comparison, and
// the failures that make the run exit 1.

import Basics
import Evaluation
import Foundation
import GridScanner
import SudokuCore

struct EvalReport {
    var scores: [PhotoScore]
    var summary: EvaluationSummary
    var comparison: BaselineComparison?
    var baselinePath: String?
    /// With `--by`: the key and each group's figures.
    var groups: (key: PhotoGroup, summaries: [(name: String, summary: EvaluationSummary)])?
    /// With `--confusion`: each reader's digits against the truth.
    var confusion: ReaderConfusion?
    /// The tuning values of the run that are not the defaults (`--tuning`).
    var tuningChanges: [(key: String, recorded: String?, run: String?)] = []

    /// `kinds.tallPrint 1.25 -> 1.3, ...`: each tuning value that differs, then and now.
    static func tuningText(_ changes: [(key: String, recorded: String?, run: String?)]) -> String {
        changes.map { "\($0.key) \($0.recorded ?? "(none)") -> \($0.run ?? "(none)")" }.joined(separator: ", ")
    }

    /// `r3c7 8->6 r5c1 0->4`: each differing cell, truth then reading.
    static func differences(_ s: PhotoScore) -> String {
        s.differences.map { "\($0.cell) \($0.truth)->\($0.read)" }.joined(separator: " ")
    }

    /// One line per photo that is not exact or whose framing is wrong.
    var notExactLines: [String] {
        scores.filter { !$0.exact || $0.chosenRight == false }.map { s in
            var line = "\(s.key): \(s.status.rawValue)"
            if s.chosenRight == false {
                line += ", framing wrong" + (s.someCandidateRight == true ? " (a candidate was right)" : "")
            }
            if !s.differences.isEmpty { line += ", " + Self.differences(s) }
            return line
        }
    }

    /// The photos `notExactLines` lists, as JSON objects: file, status, whether
    /// the framing was right, and the differences as text.
    var notExactJSON: String {
        JSONText.array(
            scores.filter { !$0.exact || $0.chosenRight == false }.map { s in
                JSONText.object([
                    ("file", JSONText.quoted(s.key)), ("status", JSONText.quoted(s.status.rawValue)),
                    ("framing_right", s.chosenRight.map { $0 ? "true" : "false" } ?? "null"),
                    ("differences", JSONText.quoted(Self.differences(s))),
                ])
            })
    }

    /// The summary as one JSON object; with a baseline, its comparison under
    /// `baseline`; with `show`, the photos not read exactly under `not_exact`.
    func json(show: Bool) -> String {
        var members = summary.jsonMembers()
        if show { members.append(("not_exact", notExactJSON)) }
        if let groups {
            members.append(
                (
                    "by",
                    JSONText.object([
                        ("key", JSONText.quoted(groups.key.rawValue)),
                        (
                            "groups",
                            JSONText.object(
                                groups.summaries.map { ($0.name, JSONText.object($0.summary.groupJSONMembers)) })
                        ),
                    ])
                ))
        }
        if let confusion { members.append(("confusion", confusion.json)) }
        if let comparison { members.append(("baseline", Self.json(comparison))) }
        return JSONText.object(members)
    }

    /// The summary table, then the comparison with the baseline.
    var text: String {
        let s = summary
        func pct(_ n: Int, _ d: Int) -> String {
            d == 0 ? "-" : DecimalText.fixed(100 * Double(n) / Double(d), places: 1) + " %"
        }
        var rows: [(String, String)] = [
            ("photos", "\(s.photos)"),
            (
                "framing: some candidate right",
                s.withOutline == 0
                    ? "-" : "\(s.someCandidateRight)/\(s.withOutline) (\(pct(s.someCandidateRight, s.withOutline)))"
            ),
            (
                "framing: chosen right",
                s.withOutline == 0 ? "-" : "\(s.chosenRight)/\(s.withOutline) (\(pct(s.chosenRight, s.withOutline)))"
            ),
            ("exact (all 81 cells right)", "\(s.exact)/\(s.photos) (\(pct(s.exact, s.photos)))"),
            ("silent wrong (solved, a cell wrong)", "\(s.silentWrong)"),
            ("status solved / unverified / located", "\(s.solved) / \(s.unverified) / \(s.located)"),
            ("status no-grid / error", "\(s.noGrid) / \(s.errors)"),
            ("missed givens (flagged)", "\(s.missed) (\(s.missedFlagged))"),
            ("phantom digits", "\(s.phantom)"),
            ("wrong digits", "\(s.wrong)"),
            ("cell accuracy", DecimalText.fixed(100 * s.cellAccuracy, places: 3) + " %"),
            (
                "ms per photo: median / p90",
                DecimalText.fixed(s.medianMilliseconds, places: 0) + " / "
                    + DecimalText.fixed(s.p90Milliseconds, places: 0)
            ),
        ]
        if let p = s.played {
            let k = p.kinds
            rows += [
                ("played photos", "\(p.photos)"),
                (
                    "  givens exact, no entry taken for one",
                    "\(p.givensExact)/\(p.photos) (\(pct(p.givensExact, p.photos)))"
                ),
                ("  silent wrong (givens or a right entry)", "\(p.silentWrong)"),
                ("  cells of the right kind", "\(p.kindsRight)/\(p.photos * 81) (\(pct(p.kindsRight, p.photos * 81)))"),
                ("  printed read as handwritten", "\(k[1][2]) of \(k[1].reduce(0, +))"),
                ("  handwritten read as printed", "\(k[2][1]) of \(k[2].reduce(0, +))"),
                (
                    "  written cells read empty / empty read written",
                    "\(k[1][0] + k[2][0] + k[1][3] + k[2][3]) / \(k[0][1] + k[0][2])"
                ),
                (
                    "  pencil-mark cells read as marks / given / entry",
                    "\(k[3][3]) / \(k[3][1]) / \(k[3][2]) of \(k[3].reduce(0, +))"
                ),
                (
                    "  marks read surely; holding the solution's digit",
                    "\(p.marksSure) of \(k[3][3]); \(p.marksSureWithSolution) of \(p.marksSure)"
                ),
                (
                    "  entries read right",
                    "\(p.entriesRight)/\(p.entries) (\(pct(p.entriesRight, p.entries))), \(p.entriesDoubtful) "
                        + "flagged as not sure"
                ),
                (
                    "  mistakes found",
                    "\(p.mistakesFound)/\(p.mistakes); right entries called wrong: \(p.rightCalledWrong)"
                ),
                (
                    "  doubtful entries that clash; the player's mistake",
                    "\(p.doubtfulClashes); \(p.clashesOnMistakes) of them"
                ),
            ]
        }
        let width = rows.map(\.0.count).max() ?? 0
        var text = rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + "  " + $0.1 }.joined(
            separator: "\n")
        if let groups { text += "\n\n" + Self.table(groups.key, groups.summaries) }
        if let confusion { text += "\n\n" + confusion.text }
        if !tuningChanges.isEmpty {
            text += "\ntuning: \(tuningChanges.count) values not the defaults: " + Self.tuningText(tuningChanges)
        }
        if let comparison, let baselinePath {
            text += "\n" + Self.report(comparison, path: baselinePath, exactNow: s.exact)
        }
        return text
    }

    /// The figures per group: one row a group, numbers right-aligned.
    static func table(_ key: PhotoGroup, _ groups: [(name: String, summary: EvaluationSummary)]) -> String {
        let header = [key.rawValue, "photos", "exact", "silent wrong", "solved", "missed (flagged)"]
        let rows = groups.map { g in
            [
                g.name, "\(g.summary.photos)", "\(g.summary.exact)", "\(g.summary.silentWrong)", "\(g.summary.solved)",
                "\(g.summary.missed) (\(g.summary.missedFlagged))",
            ]
        }
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { c in
                let pad = String(repeating: " ", count: widths[c] - cells[c].count)
                return c == 0 ? cells[c] + pad : pad + cells[c]
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// Why the run fails against its baseline (empty: it does not).
    var failures: [String] {
        guard let comparison, let baselinePath else { return [] }
        var failures: [String] = []
        if !comparison.regressions.isEmpty {
            failures.append(
                "\(comparison.regressions.count) photos exact in \(baselinePath) are not now: "
                    + comparison.regressions.map(\.score.key).joined(separator: ", "))
        }
        if comparison.silentWrong.count > comparison.silentWrongBefore {
            failures.append(
                "\(comparison.silentWrong.count) silent wrong boards, \(comparison.silentWrongBefore) in "
                    + "\(baselinePath): "
                    + comparison.silentWrong.map(\.key).joined(separator: ", "))
        }
        return failures
    }

    /// The comparison: a header with the figures then and now, then one line per photo that changed.
    static func report(_ c: BaselineComparison, path: String, exactNow: Int) -> String {
        func differences(_ s: PhotoScore) -> String { s.differences.isEmpty ? "" : ": " + Self.differences(s) }
        var lines = [
            "baseline \(path): exact \(c.exactBefore) -> \(exactNow), silent wrong \(c.silentWrongBefore) -> "
                + "\(c.silentWrong.count)"
                + (c.notInBaseline > 0 ? ", \(c.notInBaseline) photos not in the baseline" : "")
                + (c.notInRun > 0 ? ", \(c.notInRun) baseline photos not in this run" : "")
        ]
        if let differences = c.tuningDifferences {
            if !differences.isEmpty {
                lines.append(
                    "tuning differs from the baseline's in \(differences.count) values: " + tuningText(differences))
            }
        } else {
            lines.append("tuning: the baseline records none (written before the tuning was recorded)")
        }
        for (s, was) in c.regressions {
            lines.append(
                "regression: \(s.key): was exact (\(was.status.rawValue)), now \(s.status.rawValue)" + differences(s))
        }
        for s in c.silentWrong {
            lines.append("silent wrong: \(s.key): solved with a wrong board" + differences(s))
        }
        for (s, was) in c.newlyExact {
            lines.append(
                "newly exact: \(s.key) (\(s.status.rawValue); was "
                    + "\(was.map { $0.status.rawValue } ?? "not in the baseline"))"
            )
        }
        for (s, _) in c.noLongerSolved {
            lines.append("no longer solved: \(s.key): still exact, now \(s.status.rawValue)")
        }
        return lines.joined(separator: "\n")
    }

    /// The comparison as a JSON object.
    static func json(_ c: BaselineComparison) -> String {
        JSONText.object([
            ("exact_before", String(c.exactBefore)),
            ("silent_wrong_before", String(c.silentWrongBefore)),
            ("regressions", JSONText.array(c.regressions.map { JSONText.quoted($0.score.key) })),
            ("silent_wrong", JSONText.array(c.silentWrong.map { JSONText.quoted($0.key) })),
            ("newly_exact", JSONText.array(c.newlyExact.map { JSONText.quoted($0.score.key) })),
            ("no_longer_solved", JSONText.array(c.noLongerSolved.map { JSONText.quoted($0.score.key) })),
            ("not_in_baseline", String(c.notInBaseline)),
            ("not_in_run", String(c.notInRun)),
            (
                "tuning_differences",
                c.tuningDifferences.map { d in JSONText.array(d.map { JSONText.quoted($0.key) }) } ?? "null"
            ),
            ("failed", c.failed ? "true" : "false"),
        ])
    }
}
