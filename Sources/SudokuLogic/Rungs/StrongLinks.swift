// Offers: `StrongLinks`, the conjugate pairs of a digit (a house where it has
// exactly two places), which skyscrapers, kites, turbot fish, empty rectangles,
// W-Wings and colouring are built from.

import SudokuCore

/// A house in which a digit has exactly two places, `a` and `b` (a < b).
struct ConjugatePair {
    var a: Int
    var b: Int
    var house: Int
}

enum StrongLinks {
    /// The conjugate pairs of `digit` on `board`, houses in index order (rows, columns, boxes).
    /// A pair that lies in a line and a box is listed for each.
    static func pairs(_ board: Board, digit: Int) -> [ConjugatePair] {
        let plane = board.planes[digit - 1]
        var out: [ConjugatePair] = []
        for h in 0..<27 {
            var s = plane & Houses.cells[h]
            guard s.count == 2 else { continue }
            let a = s.popFirst(), b = s.popFirst()
            out.append(ConjugatePair(a: a, b: b, house: h))
        }
        return out
    }

    /// A chain link between two single candidates.
    static func link(_ a: Int, _ b: Int, digit: Int, kind: LinkKind, house: Int?) -> ChainLink {
        ChainLink(
            from: ChainNode(digit: digit, cells: [Cell(index: a)]),
            to: ChainNode(digit: digit, cells: [Cell(index: b)]),
            kind: kind, house: house.map(Houses.house))
    }

    /// A cluster of conjugate pairs two-coloured: its cells in the order they were reached, each
    /// colour's cells, and whether the colouring held (an odd cycle is a broken position).
    struct Cluster {
        var cells: [Int]
        var colours: [CellSet]
        var consistent: Bool
    }

    /// The clusters of `pairs` (one digit's conjugate pairs) in order of their first cell, each
    /// two-coloured from that cell; colouring and multi-colouring are built on them.
    static func clusters(_ pairs: [ConjugatePair]) -> [Cluster] {
        var neighbours: [Int: [Int]] = [:]
        for p in pairs {
            neighbours[p.a, default: []].append(p.b)
            neighbours[p.b, default: []].append(p.a)
        }
        var out: [Cluster] = []
        var done = CellSet()
        for start in neighbours.keys.sorted() where !done.contains(start) {
            var colour: [Int: Int] = [start: 0]
            var queue = [start]
            var consistent = true
            var k = 0
            while k < queue.count {
                let c = queue[k]
                k += 1
                for n in neighbours[c] ?? [] {
                    if let existing = colour[n] {
                        if existing == colour[c] { consistent = false }
                    } else {
                        colour[n] = 1 - colour[c]!
                        queue.append(n)
                    }
                }
            }
            for c in queue { done.insert(c) }
            let colours = [0, 1].map { side in CellSet(indices: queue.filter { colour[$0] == side }) }
            out.append(Cluster(cells: queue, colours: colours, consistent: consistent))
        }
        return out
    }

    /// The candidates of `digit` in cells that see both `x` and `y`, less `exclude`.
    static func seenByBoth(_ board: Board, digit: Int, _ x: Int, _ y: Int, exclude: CellSet = CellSet()) -> [Candidate]
    {
        let hit = board.planes[digit - 1] & Houses.peers[x] & Houses.peers[y] - exclude
        return hit.map { Candidate(index: $0, digit: digit) }
    }
}

/// The two-strong-link patterns on one digit: ends `x` and `y` of strong links
/// x=p and q=y, with p and q seeing each other. Either x or y holds the digit,
/// so every cell seeing both loses it. `kind` says which named pattern it is.
enum TwoLinkPattern {
    enum Kind { case skyscraper, kite, turbot }

    /// The kind of the pattern x=p - q=y, with strong houses `h1` (x, p) and `h2` (q, y).
    static func kind(h1: Int, h2: Int, p: Int, q: Int) -> Kind {
        let rowLinks = h1 < 9 && h2 < 9, columnLinks = (9..<18).contains(h1) && (9..<18).contains(h2)
        if rowLinks && p % 9 == q % 9 { return .skyscraper }
        if columnLinks && p / 9 == q / 9 { return .skyscraper }
        let crossed = (h1 < 9 && (9..<18).contains(h2)) || (h2 < 9 && (9..<18).contains(h1))
        if crossed && Houses.ofCell[p].box == Houses.ofCell[q].box { return .kite }
        return .turbot
    }

    /// The first pattern of `kind` on any digit that eliminates something.
    static func find(_ board: Board, kind wanted: Kind, technique: Technique) -> Step? {
        for d in 1...9 {
            let pairs = StrongLinks.pairs(board, digit: d)
            guard pairs.count >= 2 else { continue }
            for i in 0..<pairs.count {
                for j in (i + 1)..<pairs.count {
                    let l1 = pairs[i], l2 = pairs[j]
                    guard l1.house != l2.house else { continue }
                    guard l1.a != l2.a, l1.a != l2.b, l1.b != l2.a, l1.b != l2.b else { continue }
                    for (x, p) in [(l1.a, l1.b), (l1.b, l1.a)] {
                        for (q, y) in [(l2.a, l2.b), (l2.b, l2.a)] {
                            guard Houses.see(p, q) else { continue }
                            guard kind(h1: l1.house, h2: l2.house, p: p, q: q) == wanted else { continue }
                            // A skyscraper whose tops share a line is an X-Wing, not this.
                            if wanted == .skyscraper, Houses.common(x, y).map({ $0 < 18 }) == true { continue }
                            let exclude = CellSet(indices: [l1.a, l1.b, l2.a, l2.b])
                            guard !(board.planes[d - 1] & Houses.peers[x] & Houses.peers[y] - exclude).isEmpty else {
                                continue
                            }
                            let eliminations = StrongLinks.seenByBoth(board, digit: d, x, y, exclude: exclude)
                            guard !eliminations.isEmpty else { continue }
                            let weakHouse = Houses.common(p, q)
                            let links = [
                                StrongLinks.link(x, p, digit: d, kind: .strong, house: l1.house),
                                StrongLinks.link(p, q, digit: d, kind: .weak, house: weakHouse),
                                StrongLinks.link(q, y, digit: d, kind: .strong, house: l2.house),
                            ]
                            return Step(
                                technique: technique, eliminations: eliminations,
                                pattern: .chain(links: links, isLoop: false))
                        }
                    }
                }
            }
        }
        return nil
    }
}
