// Offers: `ForcingSearch`, the forcing rungs' search: every candidate of the
// board assumed true and false (by `Propagator`, as chains or as nets), then the
// cheapest conclusion that all branches of one source agree on:
// - digit: a candidate whose truth (or falsehood) breaks a rule is false (true);
//   a literal that follows from the candidate both true and false holds;
// - cell: a literal that follows from each candidate of a cell holds;
// - house: a literal that follows from each place of a digit in a house holds.
// The cost of a conclusion is the sum of its depths over the branches; the
// smallest wins, contradictions before two-way proofs before cells before houses on ties.

import SudokuCore

/// Which sources a forcing search takes its branches from.
public enum ForcingKind: String, Sendable, Hashable, CaseIterable {
    /// One candidate, true and false (or one way that breaks a rule).
    case digit
    /// Each candidate of a cell.
    case cell
    /// Each place of a digit in a house.
    case house
}

struct ForcingSearch {
    let board: Board
    let dynamic: Bool
    var kinds: Set<ForcingKind> = Set(ForcingKind.allCases)

    static let words = (1458 + 63) / 64

    func step() -> Step? {
        // Chains follow fixed links: when no chain can conclude anything, say so without the search.
        if !dynamic && !ForcingClosure.mayConclude(board) { return nil }
        var propagator = Propagator(board, dynamic: dynamic)
        var candidates: [Int] = []
        for c in board.unsolved {
            var m = board.masks[c]
            while m != 0 {
                candidates.append(c * 9 + m.trailingZeroBitCount)
                m &= m &- 1
            }
        }
        guard !candidates.isEmpty else { return nil }
        // Per branch slot (literal's slot): the literals drawn (bits), their depths, a contradiction's depth.
        var slot = [Int32](repeating: -1, count: 1458)
        let branchCount = candidates.count * 2
        var drawn = [UInt64](repeating: 0, count: branchCount * Self.words)
        var depth = [UInt8](repeating: 0, count: branchCount * 1458)
        var broken = [Int](repeating: 0, count: branchCount)  // 0: none, else the depth
        var s = 0
        // "True" assumptions first: they break rules more often, and an early
        // contradiction lets every later branch stop sooner.
        for isTrue in [true, false] {
            for k in candidates {
                let lit = k * 2 + (isTrue ? 1 : 0)
                slot[lit] = Int32(s)
                propagator.run(lit)
                let bitBase = s * Self.words, depthBase = s * 1458
                for (t, l) in propagator.literals.enumerated() {
                    drawn[bitBase + Int(l) >> 6] |= 1 << UInt64(Int(l) & 63)
                    depth[depthBase + Int(l)] = propagator.depths[t]
                }
                if propagator.contradiction != nil {
                    broken[s] = max(1, propagator.contradictionDepth)
                    // A contradiction is a conclusion of that cost: no later branch needs to look
                    // deeper (when contradictions count as conclusions, that is).
                    if kinds.contains(.digit) { propagator.maxDepth = min(propagator.maxDepth, broken[s]) }
                }
                s += 1
            }
        }

        // The best conclusion: (cost, rank, source, branch literals, concluded literal).
        struct Best {
            var cost: Int
            var rank: Int
            var source: ForcingSource
            var branches: [Int]
            var conclusion: Int
            var contradiction: Bool
        }
        var best: Best?
        func offer(_ b: Best) {
            if let old = best, (old.cost, old.rank) <= (b.cost, b.rank) { return }
            best = b
        }
        func candidate(_ k: Int) -> Candidate { Candidate(index: k / 9, digit: k % 9 + 1) }

        // Contradictions.
        for k in candidates where kinds.contains(.digit) {
            for isTrue in [true, false] {
                let lit = k * 2 + (isTrue ? 1 : 0)
                let d = broken[Int(slot[lit])]
                if d > 0 {
                    offer(
                        Best(
                            cost: d, rank: 0, source: .candidate(candidate(k)), branches: [lit],
                            conclusion: lit ^ 1, contradiction: true))
                }
            }
        }
        // Every literal both branches of `lits` (none broken) draw.
        func common(_ lits: [Int], rank: Int, source: ForcingSource) {
            for l in lits where broken[Int(slot[l])] > 0 { return }
            for w in 0..<Self.words {
                var b: UInt64 = ~0
                for l in lits { b &= drawn[Int(slot[l]) * Self.words + w] }
                while b != 0 {
                    let l = w * 64 + b.trailingZeroBitCount
                    b &= b &- 1
                    var cost = 0
                    for x in lits { cost += Int(depth[Int(slot[x]) * 1458 + l]) }
                    if let old = best, (old.cost, old.rank) <= (cost, rank) { continue }
                    offer(
                        Best(
                            cost: cost, rank: rank, source: source, branches: lits, conclusion: l, contradiction: false)
                    )
                }
            }
        }
        for k in candidates where kinds.contains(.digit) {
            common([k * 2 + 1, k * 2], rank: 1, source: .candidate(candidate(k)))
        }
        for c in board.unsolved where kinds.contains(.cell) && board.masks[c].nonzeroBitCount >= 2 {
            common(
                DigitMask.digits(board.masks[c]).map { (c * 9 + $0 - 1) * 2 + 1 }, rank: 2,
                source: .cell(Cell(index: c)))
        }
        for h in 0..<27 where kinds.contains(.house) {
            for d in 1...9 {
                let places = board.planes[d - 1] & Houses.cells[h]
                guard places.count >= 2 else { continue }
                common(places.map { ($0 * 9 + d - 1) * 2 + 1 }, rank: 3, source: .house(Houses.house(h), digit: d))
            }
        }
        guard let best else { return nil }

        // Rebuild the chosen branches with their inferences.
        var branches: [ForcingBranch] = []
        for lit in best.branches {
            propagator.run(lit)
            if best.contradiction {
                branches.append(propagator.branch(to: [], includeContradiction: true))
            } else {
                guard let t = propagator.index(of: best.conclusion) else { return nil }
                branches.append(propagator.branch(to: [t], includeContradiction: false))
            }
        }
        let concluded = candidate(best.conclusion >> 1)
        let isPlacement = best.conclusion & 1 == 1
        let technique: Technique
        switch best.source {
        case .candidate: technique = dynamic ? .digitForcingNet : .digitForcingChain
        case .cell: technique = dynamic ? .cellForcingNet : .cellForcingChain
        case .house: technique = dynamic ? .houseForcingNet : .houseForcingChain
        }
        return Step(
            technique: technique, placements: isPlacement ? [concluded] : [],
            eliminations: isPlacement ? [] : [concluded],
            pattern: .forcing(ForcingArgument(source: best.source, branches: branches)))
    }
}
