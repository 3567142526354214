// Offers: `ALSChain`, alternating inference chains and nice loops with almost
// locked sets among their nodes (AIC and nice loop with ALS nodes), and
// `ALSChainSearch`, the shortest such chain on a `ChainGraph` with the sets' nodes.

import SudokuCore

/// AIC and nice loop with ALS nodes: the `aic` rung's chains (candidates and
/// box-line groups, strong and weak links alternately), where a node may also
/// be a digit d of an almost locked set (N cells, N+1 digits): "d is in the
/// set's cells that hold it". A weak link reaches it as it reaches a group (a
/// candidate of d that sees all of those cells is true: the set holds no d),
/// and then the set is locked on its other N digits, so for another digit e
/// of the set "e is in its cells that hold it" is true: a strong link inside
/// the set, from d off to e on (and back: without e, d is in). From e on, a
/// candidate of e that sees all of the set's e-cells is false (a weak link
/// out). One end of the chain is true, so candidates weakly linked to both
/// ends go; a chain from a candidate back to itself places it; a chain whose
/// ends are weakly linked closes into a nice loop whose every link holds
/// both ways, and each link's common peers lose its digit.
///
/// Only chains that use a set, and have a strong link in a house: a chain
/// without a set is the `aic` rung's, and one whose strong links all lie in
/// sets or cells is an ALS-XZ, ALS-XY-Wing or ALS-XY-chain (sets of one cell
/// being bivalue cells), each with its rung. Sets of two to four cells, not
/// all bivalue (those are a chain of bivalue cells), and of each set only the
/// digits that some candidate outside sees all places of (the others cannot
/// be linked); no link inside a set between two digits whose places are one
/// and the same cell (it would read as that cell's link). The shortest chain
/// first (then the most eliminations), up to `maxNodes` nodes.
public struct ALSChain: CachingRung {
    public init() {}
    public var id: String { "als-aic" }
    public var techniques: [Technique] { [.alsAIC, .alsNiceLoop] }

    /// The largest set looked at, in cells.
    static let maxCells = 4
    /// The longest chain looked for, in nodes (a set's two nodes count as two).
    static let maxNodes = 16

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        let index = cache.als
        var graph = ChainGraph(board, kind: .aic)
        var setOf = [Int32](repeating: -1, count: graph.count)
        var setIDs: [Int] = []
        for size in 2...Self.maxCells {
            for s in index.bySize[size] {
                let cells = index.cells[s]
                if cells.allSatisfy({ board.masks[$0].nonzeroBitCount == 2 }) { continue }
                var linked: [Int] = []
                for d in DigitMask.each(index.masks[s]) where index.seeAll(s, d).intersects(board.planes[d - 1]) {
                    linked.append(d)
                }
                guard linked.count >= 2 else { continue }
                let nodes = linked.map { graph.addSetNode(digit: $0, cells: index.places(s, $0)) }
                // Not two digits whose places are one and the same cell: that link would read as the cell's.
                for a in 0..<nodes.count {
                    for b in (a + 1)..<nodes.count
                    where graph.cells[nodes[a]].count > 1 || graph.cells[nodes[a]] != graph.cells[nodes[b]] {
                        graph.addSetStrong(nodes[a], nodes[b])
                    }
                }
                setOf += [Int32](repeating: Int32(setIDs.count), count: nodes.count)
                setIDs.append(s)
            }
        }
        guard !setIDs.isEmpty else { return nil }
        var search = ALSChainSearch(graph, board, setOf: setOf)
        search.maxNodes = Self.maxNodes
        guard let found = search.shortest() else { return nil }
        var used: [Int] = []
        for n in found.nodes where setOf[n] >= 0 && !used.contains(Int(setOf[n])) { used.append(Int(setOf[n])) }
        return Step(
            technique: found.isLoop ? .alsNiceLoop : .alsAIC, placements: found.placements,
            eliminations: found.eliminations.sorted(),
            pattern: .alsChain(
                links: search.links(found), isLoop: found.isLoop, sets: used.map { index.set(setIDs[$0]) }))
    }
}

/// The shortest alternating chain that uses a set's node (a node with
/// `setOf[n] >= 0`) and has a strong link in a house, breadth-first from every
/// node that is not a set's, each state (node, polarity) kept apart for chains
/// that have and have not yet passed through a set. As `ChainSearch` otherwise.
struct ALSChainSearch {
    typealias Found = ChainSearch.Found

    private(set) var graph: ChainGraph
    let board: Board
    /// Per node: its set's number, or -1 for a candidate or group.
    let setOf: [Int32]
    var maxNodes = 16

    init(_ graph: ChainGraph, _ board: Board, setOf: [Int32]) {
        self.graph = graph
        self.graph.buildWeakLinks(board)
        self.board = board
        self.setOf = setOf
    }

    /// The shortest chain (fewest nodes; then most eliminations) with a conclusion, or nil.
    func shortest() -> Found? {
        let n = graph.count
        guard n > 0 else { return nil }
        var best: Found?
        var bestLength = maxNodes + 1
        var bestCount = 0
        // Per state ((node * 2 + used a set) * 2 + polarity, 1 = ON): the stamp of
        // the search that reached it, its depth (nodes so far) and its parent state.
        var stamp = [Int32](repeating: -1, count: 4 * n)
        var depth = [Int16](repeating: 0, count: 4 * n)
        var parent = [Int32](repeating: -1, count: 4 * n)
        var queue = [Int32](repeating: 0, count: 4 * n)
        for start in 0..<n where setOf[start] < 0 && !graph.strong[start].isEmpty {
            let s = Int32(start)
            var head = 0, tail = 0
            let off = 4 * start
            stamp[off] = s
            depth[off] = 1
            parent[off] = -1
            queue[tail] = Int32(off)
            tail += 1
            while head < tail {
                let state = Int(queue[head])
                head += 1
                let node = state >> 2
                let used = state & 2
                let d = Int(depth[state])
                if state & 1 == 0 {
                    // OFF: strong links to ON (into a set's node only from the same set's).
                    guard d + 1 <= bestLength, d + 1 <= maxNodes else { continue }
                    for k in Int(graph.strongStart[node])..<Int(graph.strongStart[node + 1]) {
                        let to = Int(graph.strongTo[k])
                        let next = to * 4 + (setOf[to] >= 0 ? 2 : used) + 1
                        if stamp[next] == s { continue }
                        stamp[next] = s
                        depth[next] = Int16(d + 1)
                        parent[next] = Int32(state)
                        queue[tail] = Int32(next)
                        tail += 1
                    }
                } else {
                    // ON: an end, when the chain has used a set. Then weak links to OFF.
                    if used != 0 {
                        var quick = 0
                        if node == start {
                            quick = 1
                        } else {
                            quick = graph.seenByBothCount(start, node, board)
                            if quick == 0 && d < bestLength && d >= 4 && graph.weak(start, node) { quick = 1 }
                        }
                        if quick > 0, d < bestLength || (d == bestLength && quick > bestCount),
                            let found = conclude(start: start, end: node, endState: state, parent: parent)
                        {
                            let count = found.placements.count * 10 + found.eliminations.count
                            if d < bestLength || (d == bestLength && count > bestCount) {
                                best = found
                                bestLength = d
                                bestCount = count
                            }
                        }
                    }
                    guard d + 2 <= bestLength, d + 2 <= maxNodes else { continue }
                    for w in Int(graph.weakStart[node])..<Int(graph.weakStart[node + 1]) {
                        let next = Int(graph.weakTo[w]) * 4 + used
                        if stamp[next] == s { continue }
                        stamp[next] = s
                        depth[next] = Int16(d + 1)
                        parent[next] = Int32(state)
                        queue[tail] = Int32(next)
                        tail += 1
                    }
                }
            }
        }
        return best
    }

    /// True when some strong link of the chain (nodes 0-1, 2-3, ...) joins one digit in a house, and
    /// no two nodes are the same digit in the same cells (a set's node and a candidate or group).
    private func isNamed(_ nodes: [Int]) -> Bool {
        var seen = Set<[Int]>()
        for n in nodes.dropLast() where !seen.insert([graph.digit[n]] + graph.cells[n].map { $0 }).inserted {
            return false
        }
        if let last = nodes.last, last != nodes[0], seen.contains([graph.digit[last]] + graph.cells[last].map { $0 }) {
            return false
        }
        return stride(from: 0, to: nodes.count - 1, by: 2).contains {
            graph.digit[nodes[$0]] == graph.digit[nodes[$0 + 1]]
        }
    }

    /// What a chain from `start` (OFF) to `end` (ON) concludes, or nil for nothing.
    private func conclude(start: Int, end: Int, endState: Int, parent: [Int32]) -> Found? {
        if end == start {
            guard graph.cell[start] >= 0 else { return nil }
            let nodes = path(endState, parent)
            guard isNamed(nodes) else { return nil }
            return Found(
                nodes: nodes, isLoop: false,
                placements: [Candidate(index: graph.cell[start], digit: graph.digit[start])], eliminations: [])
        }
        var eliminations = graph.seenByBoth(start, end, board)
        let closes = graph.weak(start, end)
        guard !eliminations.isEmpty || closes else { return nil }
        let nodes = path(endState, parent)
        guard Set(nodes).count == nodes.count, isNamed(nodes) else { return nil }
        // Never remove a candidate of the chain itself.
        var own = Set<Candidate>()
        for m in nodes { for c in graph.cells[m] { own.insert(Candidate(index: c, digit: graph.digit[m])) } }
        var isLoop = false
        if closes && nodes.count >= 4 {
            // A loop: every pair of neighbours (the closing pair too) is a link that holds both ways.
            var all = Set(eliminations)
            for k in 0..<nodes.count {
                let a = nodes[k], b = nodes[(k + 1) % nodes.count]
                for c in graph.seenByBoth(a, b, board) { all.insert(c) }
            }
            all.subtract(own)
            if all.count > Set(eliminations).subtracting(own).count {
                isLoop = true
                eliminations = Array(all)
            }
        }
        eliminations.removeAll { own.contains($0) }
        guard !eliminations.isEmpty else { return nil }
        return Found(nodes: nodes, isLoop: isLoop, placements: [], eliminations: eliminations)
    }

    /// The nodes from the start to the state `state`, in order.
    private func path(_ state: Int, _ parent: [Int32]) -> [Int] {
        var nodes: [Int] = []
        var s = state
        while s >= 0 {
            nodes.append(s >> 2)
            s = Int(parent[s])
        }
        return nodes.reversed()
    }

    /// The chain's links for a step (`ChainGraph.links`); a link inside a set
    /// has no house.
    func links(_ found: Found) -> [ChainLink] { graph.links(found.nodes, isLoop: found.isLoop) }
}
