// Offers: `ChainSearch.isSimplerPattern`, which tells a chain that is really a
// simpler named pattern (a claiming or pointing, a skyscraper, kite or turbot
// fish, an X-Wing, a naked or hidden pair, an XY-Wing, a naked triple, a
// remote pair) from a chain that deserves the chain's name, so that the chain
// rungs, run alone, never return one under the wrong name.

import SudokuCore

extension ChainSearch {
    /// Which chains a chain rung leaves to the simpler patterns.
    struct SimplerPatterns: OptionSet {
        let rawValue: Int
        /// The chains that are a simpler pattern in every chain rung (see `isSimplerPattern`).
        static let named = SimplerPatterns(rawValue: 1)
        /// Also the chains the X-chain and XY-chain rungs find (for the AIC rung).
        static let xAndXYChains = SimplerPatterns(rawValue: 2)
    }

    /// True when `found` is a simpler named pattern than the rung's chain (or,
    /// with `.xAndXYChains`, an X-chain or XY-chain):
    ///
    /// - one strong link alone (two nodes): its ends lie in one house, so what
    ///   it removes is a claiming or pointing;
    /// - two strong links on one digit between single cells (four nodes): a
    ///   skyscraper, two-string kite or turbot fish, and closed into a loop an
    ///   X-Wing or two of those;
    /// - two strong links on one digit with a group, removing only what one
    ///   claiming or pointing removes (a box's digit confined to a line, the
    ///   chain's group the box's part of it): that claiming or pointing;
    /// - four candidates of two digits in two cells, both digits confined to
    ///   those two cells in one house: a hidden pair;
    /// - bivalue cells linked by their shared digits, the ends on one digit (an
    ///   XY-chain's shape): of two cells a naked pair, of three an XY-Wing (a
    ///   naked triple when it closes, for three cells that see each other lie in
    ///   one house), and of four or more cells all with the same two digits, not
    ///   closed, a remote pair.
    ///
    /// Each of these has a rung of its own earlier in the ladder that finds at
    /// least what the chain removes, so the chain rungs skip them rather than
    /// name them: a step's pattern stays the rung's own, and the ladder loses nothing.
    func isSimplerPattern(_ found: Found, _ options: SimplerPatterns) -> Bool {
        let nodes = found.nodes
        guard !options.isEmpty else { return false }
        if nodes.count <= 2 { return true }
        let singleCells = nodes.allSatisfy { graph.cell[$0] >= 0 }
        let oneDigit = nodes.allSatisfy { graph.digit[$0] == graph.digit[nodes[0]] }
        if singleCells && oneDigit && nodes.count == 4 { return true }
        if oneDigit && nodes.count == 4 && isLockedCandidates(found.eliminations) { return true }
        if singleCells && nodes.count == 4 && isHiddenPair(nodes) { return true }
        let xyShape = singleCells && isXYShaped(nodes)
        if xyShape {
            let cellCount = nodes.count / 2
            if cellCount <= 3 { return true }
            let first = board.masks[graph.cell[nodes[0]]]
            if !found.isLoop && nodes.allSatisfy({ board.masks[graph.cell[$0]] == first }) { return true }
        }
        if options.contains(.xAndXYChains) && found.placements.isEmpty {
            if singleCells && oneDigit { return true }
            if xyShape { return true }
        }
        return false
    }

    /// True when `eliminations`, all of one digit, are what one claiming or
    /// pointing removes: the digit's places in a box all lie in a line and the
    /// eliminations in the rest of the line, or the reverse.
    private func isLockedCandidates(_ eliminations: [Candidate]) -> Bool {
        guard let d = eliminations.first?.digit, eliminations.allSatisfy({ $0.digit == d }) else { return false }
        let removed = CellSet(eliminations.map(\.cell))
        let plane = board.planes[d - 1]
        for b in 18..<27 {
            let box = Houses.cells[b]
            for line in 0..<18 where Houses.cells[line].intersects(box) {
                let l = Houses.cells[line]
                if (plane & box).isSubset(of: l) && removed.isSubset(of: l - box) { return true }
                if (plane & l).isSubset(of: box) && removed.isSubset(of: box - l) { return true }
            }
        }
        return false
    }

    /// True when the four nodes are two digits in two cells, and some house
    /// holds both cells and no other place of either digit.
    private func isHiddenPair(_ nodes: [Int]) -> Bool {
        let cellSet = CellSet(indices: nodes.map { graph.cell[$0] })
        let digits = Set(nodes.map { graph.digit[$0] })
        guard cellSet.count == 2, digits.count == 2 else { return false }
        return Houses.containing(cellSet).contains { h in
            digits.allSatisfy { (board.planes[$0 - 1] & Houses.cells[h]) == cellSet }
        }
    }

    /// True when the chain's strong links are the two candidates of bivalue
    /// cells, its weak links join one digit in two cells, and its ends share a digit.
    private func isXYShaped(_ nodes: [Int]) -> Bool {
        guard nodes.count % 2 == 0, graph.digit[nodes[0]] == graph.digit[nodes[nodes.count - 1]] else { return false }
        for k in stride(from: 0, to: nodes.count - 1, by: 2) {
            let a = nodes[k], b = nodes[k + 1]
            let c = graph.cell[a]
            guard c == graph.cell[b], board.masks[c].nonzeroBitCount == 2 else { return false }
            if k + 2 < nodes.count {
                let n = nodes[k + 2]
                guard graph.digit[n] == graph.digit[b], graph.cell[n] != c else { return false }
            }
        }
        return true
    }
}
