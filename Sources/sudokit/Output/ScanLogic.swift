// Offers: `ScanLogic`, what `scan --grade` and `scan --explain` add to the
// record of each solved photo: its grade (tier, hardest technique, counts) and
// the ladder's steps, as text after the board and as JSON keys.

import GridScanner
import SudokuCore
import SudokuLogic

struct ScanLogic: Sendable {
    var grade = false
    var explain = false

    /// The explanation of a solved photo's puzzle (nil for any other status).
    private func explanation(_ r: ScanResult) -> Explanation? {
        guard grade || explain, r.status == .solved, let p = r.puzzle else { return nil }
        return Explanation(puzzle: p)
    }

    /// `  grade: tier 6 (...)`, `  techniques: ...`, then the steps, indented; empty when not asked for.
    func text(_ r: ScanResult) -> String {
        guard let e = explanation(r) else { return "" }
        var out = ""
        if grade {
            let g = Grade(e)
            out += "  grade: \(g.text)\n"
            if !g.techniqueCounts.isEmpty { out += "  techniques: \(g.techniquesText)\n" }
        }
        if explain {
            out += "  explanation:\n" + e.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { "    " + $0 }.joined(separator: "\n") + "\n"
        }
        return out
    }

    /// `grade` and `explanation` keys (null for a photo that is not solved); none when not asked for.
    func json(_ r: ScanResult) -> [(String, String)] {
        let e = explanation(r)
        var pairs: [(String, String)] = []
        if grade {
            let g = e.map(Grade.init)
            pairs.append(("grade", g.map { g in
                JSONText.object([
                    ("tier", g.tier.map { String($0.number) } ?? "null"),
                    ("technique_tier", g.techniqueTier.map { String($0.number) } ?? "null"),
                    ("hardest", JSONText.optional(g.hardestID)),
                    ("hardest_step", g.hardestStep.map(String.init) ?? "null"),
                    ("score", String(g.score)), ("steps", String(g.steps)),
                    ("techniques", JSONText.object(g.techniqueCounts.map { ($0.technique.rawValue, String($0.count)) })),
                ])
            } ?? "null"))
        }
        if explain { pairs.append(("explanation", e?.json ?? "null")) }
        return pairs
    }
}
