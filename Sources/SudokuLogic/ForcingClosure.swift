// Offers: `ForcingClosure.mayConclude`, a quick test that tells when no
// forcing chain (the static kind, along the position's strong and weak links)
// can conclude anything, so that the forcing-chain search, which follows every
// assumption one at a time, can be skipped. It computes, for every literal
// (a candidate true or false), everything it implies, as bit sets over the
// strongly connected components of the implication graph, sinks first (the
// literals of a cycle imply the same). Its answer is never "no" when the search
// would find a conclusion: each branch of the search draws only implications
// of this graph.

import SudokuCore

enum ForcingClosure {
    /// False only when no forcing chain on `board` concludes anything.
    static func mayConclude(_ board: Board) -> Bool {
        var graph = ChainGraph(board, kind: .singles)
        graph.buildWeakLinks(board)
        let n = graph.count
        guard n > 0 else { return false }
        let lits = 2 * n  // literal 2x: node x false, 2x + 1: true
        // Successors: true x -> false y (weak links); false x -> true y (strong links).
        @inline(__always) func successorCount(_ l: Int) -> Int {
            let x = l >> 1
            if l & 1 == 1 { return Int(graph.weakStart[x + 1] - graph.weakStart[x]) }
            return Int(graph.strongStart[x + 1] - graph.strongStart[x])
        }
        @inline(__always) func successor(_ l: Int, _ i: Int) -> Int {
            let x = l >> 1
            if l & 1 == 1 { return Int(graph.weakTo[Int(graph.weakStart[x]) + i]) * 2 }
            return Int(graph.strongTo[Int(graph.strongStart[x]) + i]) * 2 + 1
        }
        // Tarjan's strongly connected components, iteratively; components come out sinks first.
        var index = [Int32](repeating: -1, count: lits), low = [Int32](repeating: 0, count: lits)
        var onStack = [Bool](repeating: false, count: lits), component = [Int32](repeating: -1, count: lits)
        var stack: [Int32] = [], work: [(v: Int32, i: Int32)] = []
        stack.reserveCapacity(lits)
        work.reserveCapacity(lits)
        var counter: Int32 = 0, components = 0
        var members: [Int32] = []  // literals grouped by component, in component order
        var memberStart: [Int32] = [0]
        for root in 0..<lits where index[root] < 0 {
            index[root] = counter
            low[root] = counter
            counter += 1
            stack.append(Int32(root))
            onStack[root] = true
            work.append((Int32(root), 0))
            while let top = work.last {
                let v = Int(top.v), i = Int(top.i)
                if i < successorCount(v) {
                    work[work.count - 1].i += 1
                    let w = successor(v, i)
                    if index[w] < 0 {
                        index[w] = counter
                        low[w] = counter
                        counter += 1
                        stack.append(Int32(w))
                        onStack[w] = true
                        work.append((Int32(w), 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[Int(parent.v)] = min(low[Int(parent.v)], low[v]) }
                if low[v] == index[v] {
                    while let t = stack.popLast() {
                        onStack[Int(t)] = false
                        component[Int(t)] = Int32(components)
                        members.append(t)
                        if Int(t) == v { break }
                    }
                    memberStart.append(Int32(members.count))
                    components += 1
                }
            }
        }
        // Closures per component, sinks first: its own literals and its successors' closures.
        let words = (lits + 63) / 64
        var closure = [UInt64](repeating: 0, count: components * words)
        closure.withUnsafeMutableBufferPointer { cl in
            for c in 0..<components {
                let base = c * words
                for j in Int(memberStart[c])..<Int(memberStart[c + 1]) {
                    let m = Int(members[j])
                    cl[base + m >> 6] |= 1 << UInt64(m & 63)
                    for i in 0..<successorCount(m) {
                        let wc = Int(component[successor(m, i)])
                        guard wc != c else { continue }
                        for k in 0..<words { cl[base + k] |= cl[wc * words + k] }
                    }
                }
            }
        }
        func clo(_ l: Int) -> Int { Int(component[l]) * words }
        // Any literal with a contradiction in what it implies?
        let odd: UInt64 = 0xAAAA_AAAA_AAAA_AAAA
        var emptyMasks: [[(word: Int, bits: UInt64)]] = []
        func sparse(_ m: [UInt64]) -> [(word: Int, bits: UInt64)] {
            m.enumerated().filter { $0.element != 0 }.map { ($0.offset, $0.element) }
        }
        for c in board.unsolved where board.masks[c].nonzeroBitCount >= 3 {
            var m = [UInt64](repeating: 0, count: words)
            for d in DigitMask.each(board.masks[c]) {
                let x = Int(graph.candidateNode[c * 9 + d - 1])
                m[(2 * x) >> 6] |= 1 << UInt64((2 * x) & 63)
            }
            emptyMasks.append(sparse(m))
        }
        for h in 0..<27 {
            for d in 1...9 {
                let places = board.planes[d - 1] & Houses.cells[h]
                guard places.count >= 3 else { continue }
                var m = [UInt64](repeating: 0, count: words)
                for p in places {
                    let x = Int(graph.candidateNode[p * 9 + d - 1])
                    m[(2 * x) >> 6] |= 1 << UInt64((2 * x) & 63)
                }
                emptyMasks.append(sparse(m))
            }
        }
        for c in 0..<components {
            let base = c * words
            for k in 0..<words {
                let v = closure[base + k]
                // Both literals of a node: bits 2x and 2x + 1.
                if v & (v << 1) & odd != 0 { return true }
            }
        }
        // Two-way, cell and house conclusions: a literal every branch implies.
        func common(_ branch: [Int]) -> Bool {
            for k in 0..<words {
                var v: UInt64 = ~0
                for l in branch { v &= closure[clo(l) + k] }
                if v != 0 { return true }
            }
            return false
        }
        for x in 0..<n where common([2 * x, 2 * x + 1]) { return true }
        for c in board.unsolved where board.masks[c].nonzeroBitCount >= 2 {
            if common(DigitMask.digits(board.masks[c]).map { 2 * Int(graph.candidateNode[c * 9 + $0 - 1]) + 1 }) {
                return true
            }
        }
        for h in 0..<27 {
            for d in 1...9 {
                let places = board.planes[d - 1] & Houses.cells[h]
                guard places.count >= 2 else { continue }
                if common(places.map { 2 * Int(graph.candidateNode[$0 * 9 + d - 1]) + 1 }) { return true }
            }
        }
        // Last, the slower test: a cell or a house left without a place.
        for c in 0..<components {
            let base = c * words
            for m in emptyMasks where m.allSatisfy({ closure[base + $0.word] & $0.bits == $0.bits }) { return true }
        }
        return false
    }
}
