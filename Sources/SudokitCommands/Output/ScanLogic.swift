// Offers: `ScanLogic`, what `scan --grade`, `scan --explain` and `scan --hint`
// add to the record of each solved photo: its grade (tier, hardest technique,
// counts), the ladder's steps, and the next step from the player's position
// (a half-played photo's wrong entries first), as text after the board and as
// JSON keys.

import Basics
import Coaching
import Grading
import GridScanner
import SudokuCore
import SudokuLogic

struct ScanLogic: Sendable {
    var grade = false
    var explain = false
    var hint = false
    var level = HintLevelOption.one

    /// The explanation of a solved photo's puzzle (nil for any other status).
    private func explanation(_ r: ScanResult) -> Explanation? {
        guard grade || explain, r.status == .solved, let p = r.puzzle else { return nil }
        return Explanation(puzzle: p)
    }

    /// The hint of a solved photo (`PlayerHint`; nil for any other status, or when not asked for).
    func playerHint(_ r: ScanResult) -> PlayerHint? { hint ? PlayerHint(r) : nil }

    /// `  grade: tier 6 (...)`, `  techniques: ...`, then the steps, indented; empty when not asked for.
    func text(_ r: ScanResult) -> String {
        var out = ""
        if let h = playerHint(r) {
            for p in h.problems { out += "  wrong entry: \(p.description)\n" }
            for m in h.doubtfulClashes { out += "  check: \(m)\n" }
            for m in h.marksWithout { out += "  check the marks: \(m) (not used)\n" }
            let after =
                (h.problems.isEmpty ? "" : " (once the wrong entries are erased)")
                + (h.markedText.map { " (\($0))" } ?? "")
            if let step = h.step { out += "  hint\(after): \(step.hint(level.level))\n" }
            if let note = h.note { out += "  hint\(after): \(note)\n" }
        } else if hint {
            out += "  hint: none: \(Self.whyNot(r))\n"
        }
        guard let e = explanation(r) else {
            if grade || explain {
                out +=
                    "  \([grade ? "grade" : nil, explain ? "explanation" : nil].compactMap { $0 }.joined(separator: " and ")): "
                    + "none: \(Self.whyNot(r))\n"
            }
            return out
        }
        if grade {
            let g = Grade(e)
            out += "  grade: \(g.text)\n"
            if !g.techniqueCounts.isEmpty { out += "  techniques: \(g.techniquesText)\n" }
        }
        if explain {
            out +=
                "  explanation:\n"
                + e.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// Why a photo gets no grade, explanation or hint, and what to do, in one line.
    static func whyNot(_ r: ScanResult) -> String {
        guard r.status == .unverified else { return "no board was read (status \(r.status.rawValue))" }
        var cells = r.flagged.map(\.cell)
        for repair in r.repairs where !cells.contains(repair.cell) { cells.append(repair.cell) }
        let reason =
            r.boardProblem?.description
            ?? (cells.isEmpty
                ? "it is not proven" : "cells to check: " + cells.map(\.description).joined(separator: ", "))
        let example = cells.first.map { "--assume \($0)=DIGIT (or \($0)=. for empty)" } ?? "--assume CELL=DIGIT"
        return "the board is not proven (\(reason)); settle what the photo shows with \(example) and scan again"
    }

    /// `grade` and `explanation` keys (null for a photo that is not solved); none when not asked for.
    func json(_ r: ScanResult) -> [(String, String)] {
        let e = explanation(r)
        var pairs: [(String, String)] = []
        if grade {
            let g = e.map(Grade.init)
            pairs.append(
                (
                    "grade",
                    g.map { g in
                        JSONText.object([
                            ("tier", g.tier.map { String($0.number) } ?? "null"),
                            ("technique_tier", g.techniqueTier.map { String($0.number) } ?? "null"),
                            ("hardest", JSONText.optional(g.hardestID)),
                            ("hardest_step", g.hardestStep.map(String.init) ?? "null"),
                            ("score", String(g.score)), ("steps", String(g.steps)),
                            (
                                "techniques",
                                JSONText.object(g.techniqueCounts.map { ($0.technique.rawValue, String($0.count)) })
                            ),
                        ])
                    } ?? "null"
                ))
        }
        if explain { pairs.append(("explanation", e?.json ?? "null")) }
        if hint {
            pairs.append(
                (
                    "hint",
                    playerHint(r).map { h in
                        JSONText.object([
                            ("level", String(level.level.rawValue)),
                            ("wrong_entries", JSONText.array(h.problems.map(\.json))),
                            ("doubtful_clashes", JSONText.array(h.doubtfulClashes.map(\.json))),
                            ("marks_used", JSONText.array(h.marked.map { $0.json() })),
                            ("marks_without_solution", JSONText.array(h.marksWithout.map(\.json))),
                            ("technique", JSONText.optional(h.step?.technique.rawValue)),
                            ("hint", JSONText.optional(h.step?.hint(level.level) ?? h.note)),
                            ("step", h.step?.json ?? "null"),
                        ])
                    } ?? "null"
                ))
        }
        return pairs
    }
}
