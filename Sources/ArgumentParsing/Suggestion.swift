// Offers: `Suggestion`, the word a mistyped one was most likely meant to be
// (`did you mean 'scan'?`), by edit distance, for unknown subcommands.

public enum Suggestion {
    /// The candidate `word` is most likely a slip for, or nil when none is close:
    /// the nearest by edit distance (a swap of two neighbours counts one), at most 1
    /// for a word of up to 4 letters and 2 for a longer one; failing that, the only
    /// candidate that starts with `word` (of at least 2 letters). Ties go to the
    /// earlier candidate.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let d = distance(word, candidate)
            if d <= limit && d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        if let best { return best.word }
        let prefixed = candidates.filter { word.count >= 2 && $0.hasPrefix(word) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions
    /// and swaps of two neighbouring characters, each costing 1. O(a.count * b.count).
    public static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        // d[i][j]: the distance between the first i characters of x and the first j of y.
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
