// Offers: `Combinations.forEach`, the k-element subsets of 0..<n in
// lexicographic order without allocating per subset; the enumeration behind
// subsets, fish, unique rectangle type 3 and Sue de Coq.

enum Combinations {
    /// Calls `body` with each k-element subset of 0..<n (increasing indices, in
    /// lexicographic order) until it returns true. Returns whether it stopped early.
    @discardableResult
    static func forEach(_ n: Int, choose k: Int, _ body: (UnsafeBufferPointer<Int>) -> Bool) -> Bool {
        guard k >= 1, k <= n else { return false }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: k) { idx in
            for i in 0..<k { idx[i] = i }
            while true {
                if body(UnsafeBufferPointer(idx)) { return true }
                var i = k - 1
                while i >= 0 && idx[i] == n - k + i { i -= 1 }
                if i < 0 { return false }
                idx[i] += 1
                for j in (i + 1)..<k { idx[j] = idx[j - 1] + 1 }
            }
        }
    }
}
