// Offers: `MultiColouring`.

import SudokuCore

/// Multi-colouring on one digit (HoDoKu's Multi-Colors): the cells joined by
/// conjugate pairs fall into clusters, each in two colours of which one is all
/// true and the other all false, and two clusters meet where a cell of one sees
/// a cell of the other (those two candidates are not both true).
///
/// - Type 2: a colour of one cluster sees both colours of another (through any
///   of its cells). Were it true, neither colour of the other cluster could be,
///   yet one is: so it is false, and every cell of it loses the digit.
/// - Type 1: colour a1 of one cluster sees colour b1 of another, so a1 and b1
///   are not both true: the opposite colours a2 or b2 hold the digit (maybe
///   both), and a candidate that sees a cell of a2 and a cell of b2 goes.
///
/// Named for what it is: a cluster with a wrap (two cells of one colour see each
/// other) is simple colouring's, and so is a step whose every elimination a
/// simple colouring trap of one cluster makes (a candidate seeing both colours
/// of a cluster): both are left out. Two clusters of one conjugate pair each
/// make a skyscraper, kite or turbot fish, which earlier rungs find first.
/// Digits 1 to 9; for each, type 2 before type 1, clusters in order of their
/// first cell; a pair of clusters where a colour sees both colours of the other
/// gives no type 1 step (it is a type 2, or a simple colouring trap).
public struct MultiColouring: EnumeratingRung {
    public init() {}
    public var id: String { "multi-colouring" }
    public var techniques: [Technique] { [.multiColouring1, .multiColouring2] }

    /// One cluster: its two colours and, for each, the cells that see a cell of it.
    private struct Cluster {
        var colours: [CellSet]
        var seen: [CellSet]
    }

    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for d in 1...9 {
            let plane = board.planes[d - 1]
            let clusters = Self.clusters(board, digit: d)
            guard clusters.count >= 2 else { continue }
            // What simple colouring's trap removes: candidates seeing both colours of one cluster.
            var trapped = CellSet()
            for c in clusters { trapped |= plane & c.seen[0] & c.seen[1] }

            func step(_ t: Technique, _ a: Cluster, _ sa: Int, _ b: Cluster, _ sb: Int, _ out: CellSet) -> Step {
                Step(
                    technique: t, eliminations: out.map { Candidate(index: $0, digit: d) },
                    pattern: .multiColouring(
                        digit: d, first: [a.colours[sa].cells, a.colours[1 - sa].cells],
                        second: [b.colours[sb].cells, b.colours[1 - sb].cells]))
            }
            /// True when a colour of `a` sees both colours of `b`.
            func wraps(_ a: Cluster, _ b: Cluster) -> Bool {
                (0..<2).contains { s in
                    !(a.seen[s] & b.colours[0]).isEmpty && !(a.seen[s] & b.colours[1]).isEmpty
                }
            }

            // Type 2: colour s of cluster i sees both colours of cluster j.
            for i in clusters.indices {
                for j in clusters.indices where j != i {
                    let a = clusters[i], b = clusters[j]
                    for s in 0..<2 {
                        guard !(a.seen[s] & b.colours[0]).isEmpty, !(a.seen[s] & b.colours[1]).isEmpty else {
                            continue
                        }
                        let out = a.colours[s]
                        if out.isSubset(of: trapped) { continue }
                        if visit(step(.multiColouring2, a, s, b, 0, out)) { return }
                    }
                }
            }
            // Type 1: colour s of cluster i sees colour t of cluster j.
            for i in clusters.indices {
                for j in clusters.indices where j > i {
                    let a = clusters[i], b = clusters[j]
                    if wraps(a, b) || wraps(b, a) { continue }
                    for s in 0..<2 {
                        for t in 0..<2 where !(a.seen[s] & b.colours[t]).isEmpty {
                            let out = plane & a.seen[1 - s] & b.seen[1 - t]
                            if out.isEmpty || out.isSubset(of: trapped) { continue }
                            if visit(step(.multiColouring1, a, s, b, t, out)) { return }
                        }
                    }
                }
            }
        }
    }

    /// The clusters of `digit`'s conjugate pairs in order of their first cell,
    /// each two-coloured; a cluster that cannot be (an odd cycle: a broken
    /// position) or has a wrap (simple colouring's) is left out.
    private static func clusters(_ board: Board, digit d: Int) -> [Cluster] {
        let pairs = StrongLinks.pairs(board, digit: d)
        guard pairs.count >= 2 else { return [] }
        var out: [Cluster] = []
        for cluster in StrongLinks.clusters(pairs) {
            guard cluster.consistent else { continue }
            let sets = cluster.colours
            var seen = [CellSet(), CellSet()]
            for side in 0..<2 {
                for c in sets[side] { seen[side] |= Houses.peers[c] }
            }
            // A wrap: a cell of a colour sees another of the same colour.
            if !(seen[0] & sets[0]).isEmpty || !(seen[1] & sets[1]).isEmpty { continue }
            out.append(Cluster(colours: sets, seen: seen))
        }
        return out
    }
}
