// Offers: `ChainSearch`, the shortest alternating inference chain with a
// conclusion on a `ChainGraph`: breadth-first from every node assumed OFF,
// alternating strong links (OFF => ON) and weak links (ON => OFF). A chain
// from X1 OFF to Xn ON proves "X1 or Xn": every candidate weakly linked to both
// ends goes; when Xn is X1 itself, X1 is placed; when Xn and X1 are also weakly
// linked, the chain closes into a loop in which every link holds both ways,
// and every candidate weakly linked to both ends of any link goes.

import SudokuCore

struct ChainSearch {
    /// A chain found: its nodes from X1 to Xn, and what it concludes.
    struct Found {
        var nodes: [Int]
        var isLoop: Bool
        var placements: [Candidate]
        var eliminations: [Candidate]
    }

    private(set) var graph: ChainGraph
    let board: Board
    /// Chains longer than this many nodes are not looked for.
    var maxNodes = 32
    /// Whether a chain may conclude a placement (X1 OFF leading to X1 ON).
    var allowPlacements = true
    /// Whether only ends on the same digit count (X- and XY-chains).
    var sameDigitEnds = false
    /// The chains left to simpler patterns (`isSimplerPattern`): none by default.
    var skipping: SimplerPatterns = []

    init(_ graph: ChainGraph, _ board: Board) {
        self.graph = graph
        self.graph.buildWeakLinks(board)
        self.board = board
    }

    /// The shortest chain (fewest nodes; then most eliminations) with a
    /// conclusion, or nil. Breadth-first from each start; once a chain is
    /// found, no search goes deeper than it.
    func shortest() -> Found? {
        let n = graph.count
        guard n > 0 else { return nil }
        var best: Found?
        var bestLength = maxNodes + 1
        var bestCount = 0
        // Per state (node * 2 + polarity, 1 = ON): the stamp of the search that
        // reached it, its depth (nodes so far) and its parent state.
        var stamp = [Int32](repeating: -1, count: 2 * n)
        var depth = [Int16](repeating: 0, count: 2 * n)
        var parent = [Int32](repeating: -1, count: 2 * n)
        var queue = [Int32](repeating: 0, count: 2 * n)
        for start in 0..<n where !graph.strong[start].isEmpty {
            let s = Int32(start)
            var head = 0, tail = 0
            let off = 2 * start
            stamp[off] = s
            depth[off] = 1
            parent[off] = -1
            queue[tail] = Int32(off)
            tail += 1
            while head < tail {
                let state = Int(queue[head])
                head += 1
                let node = state >> 1
                let d = Int(depth[state])
                if state & 1 == 0 {
                    // OFF: strong links to ON.
                    guard d + 1 <= bestLength, d + 1 <= maxNodes else { continue }
                    for k in Int(graph.strongStart[node])..<Int(graph.strongStart[node + 1]) {
                        let next = Int(graph.strongTo[k]) * 2 + 1
                        if stamp[next] == s { continue }
                        stamp[next] = s
                        depth[next] = Int16(d + 1)
                        parent[next] = Int32(state)
                        queue[tail] = Int32(next)
                        tail += 1
                    }
                } else {
                    // ON: an end. Then weak links to OFF.
                    // A cheap look first: does this end conclude anything (or close a loop worth tracing)?
                    var quick = 0
                    if node == start {
                        quick = allowPlacements ? 1 : 0
                    } else if !(sameDigitEnds && graph.digit[start] != graph.digit[node]) {
                        quick = graph.seenByBothCount(start, node, board)
                        if quick == 0 && d < bestLength && d >= 4 && graph.weak(start, node) { quick = 1 }
                    }
                    if quick > 0, d < bestLength || (d == bestLength && quick > bestCount),
                        let found = conclude(start: start, end: node, endState: state, parent: parent),
                        !isSimplerPattern(found, skipping)
                    {
                        let length = d
                        let count = found.placements.count * 10 + found.eliminations.count
                        if length < bestLength || (length == bestLength && count > bestCount) {
                            best = found
                            bestLength = length
                            bestCount = count
                        }
                    }
                    guard d + 2 <= bestLength, d + 2 <= maxNodes else { continue }
                    for w in Int(graph.weakStart[node])..<Int(graph.weakStart[node + 1]) {
                        let next = Int(graph.weakTo[w]) * 2
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

    /// What a chain from `start` (OFF) to `end` (ON) concludes, or nil for nothing.
    private func conclude(start: Int, end: Int, endState: Int, parent: [Int32]) -> Found? {
        if end == start {
            guard allowPlacements, graph.cell[start] >= 0 else { return nil }
            let nodes = path(endState, parent)
            guard Set(nodes.dropLast()).count == nodes.count - 1 else { return nil }
            return Found(
                nodes: nodes, isLoop: false,
                placements: [Candidate(index: graph.cell[start], digit: graph.digit[start])], eliminations: [])
        }
        if sameDigitEnds && graph.digit[start] != graph.digit[end] { return nil }
        var eliminations = graph.seenByBoth(start, end, board)
        let closes = graph.weak(start, end)
        guard !eliminations.isEmpty || closes else { return nil }
        let nodes = path(endState, parent)
        guard Set(nodes).count == nodes.count else { return nil }
        var isLoop = false
        if closes && nodes.count >= 4 {
            // A loop: every pair of neighbours (the closing pair too) is a link that holds both ways.
            var all = Set(eliminations)
            for k in 0..<nodes.count {
                let a = nodes[k], b = nodes[(k + 1) % nodes.count]
                for c in graph.seenByBoth(a, b, board) { all.insert(c) }
            }
            // Never remove a candidate of the loop itself.
            let own = Set(
                nodes.filter { graph.cell[$0] >= 0 }.map { Candidate(index: graph.cell[$0], digit: graph.digit[$0]) })
            all.subtract(own)
            if all.count > eliminations.count {
                isLoop = true
                eliminations = Array(all)
            }
        }
        guard !eliminations.isEmpty else { return nil }
        return Found(nodes: nodes, isLoop: isLoop, placements: [], eliminations: eliminations)
    }

    /// The nodes from the start to the state `state`, in order.
    private func path(_ state: Int, _ parent: [Int32]) -> [Int] {
        var nodes: [Int] = []
        var s = state
        while s >= 0 {
            nodes.append(s >> 1)
            s = Int(parent[s])
        }
        return nodes.reversed()
    }

    /// The chain's links for a step (`ChainGraph.links`).
    func links(_ found: Found) -> [ChainLink] { graph.links(found.nodes, isLoop: found.isLoop) }

    /// True when the chain uses a grouped node.
    func usesGroups(_ found: Found) -> Bool { found.nodes.contains { graph.cell[$0] < 0 } }
}
