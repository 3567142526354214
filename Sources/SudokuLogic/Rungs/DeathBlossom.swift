// Offers: `DeathBlossom`.

import SudokuCore

/// Death blossom: a stem cell and, for each of its candidates d, a petal: an
/// almost locked set without the stem whose cells with d all see the stem. The
/// stem holds some d, which takes d from that petal and locks it; if every
/// petal holds a digit z the stem lacks, the locked petal places z, so cells
/// seeing every z of all petals lose it. Stems of two or three candidates;
/// petals of up to four cells first, then, only when those give no step,
/// petals of up to eight (the largest sets `ALSIndex` holds), each stem's
/// combinations bounded by `combinationLimit`.
public struct DeathBlossom: CachingRung {
    public init() {}
    public var id: String { "death-blossom" }
    public var techniques: [Technique] { [.deathBlossom] }

    /// Combinations of petals tried per stem, at most.
    static let combinationLimit = 20_000

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        step(on: board, cache: cache, petalCells: 4) ?? step(on: board, cache: cache, petalCells: 8)
    }

    /// The first death blossom whose petals have at most `petalCells` cells.
    private func step(on board: Board, cache: PositionCache, petalCells: Int) -> Step? {
        let index = cache.als
        let small = (1...petalCells).flatMap { index.bySize[$0] }
        for stem in board.unsolved where (2...3).contains(board.masks[stem].nonzeroBitCount) {
            let digits = DigitMask.digits(board.masks[stem])
            let stemPeers = Houses.peers[stem]
            var petalsFor: [[Int]] = []
            for d in digits {
                let options = small.filter { k in
                    !index.cells[k].contains(stem) && index.masks[k] & DigitMask.bit(d) != 0
                        && index.places(k, d).isSubset(of: stemPeers) && index.masks[k] & ~board.masks[stem] != 0
                }
                petalsFor.append(options)
            }
            guard petalsFor.allSatisfy({ !$0.isEmpty }) else { continue }
            var tried = 0
            var choice = [Int](repeating: 0, count: digits.count)
            // With the larger petals: per level and digit z, the candidates of z
            // that see every z of the petals chosen so far; a z none is left for
            // is dropped, and every combination looked at counts to the limit.
            let prune = petalCells > 4
            var reach = [CellSet](repeating: CellSet(), count: (digits.count + 1) * 9)
            for z in 1...9 { reach[z - 1] = board.planes[z - 1] - CellSet.single(stem) }
            func search(_ level: Int, _ common: UInt16) -> Step? {
                if tried > Self.combinationLimit { return nil }
                if prune { tried += 1 }
                if level == digits.count {
                    tried += 1
                    var exclude = CellSet.single(stem)
                    for p in choice { exclude |= index.cells[p] }
                    for z in DigitMask.each(common) {
                        let eliminations = (index.targets(board, digit: z, choice) - exclude).map {
                            Candidate(index: $0, digit: z)
                        }
                        guard !eliminations.isEmpty else { continue }
                        return Step(
                            technique: .deathBlossom, eliminations: eliminations,
                            pattern: .deathBlossom(
                                stem: Cell(index: stem),
                                petals: zip(digits, choice).map { Petal(digit: $0, set: index.set($1)) },
                                eliminated: z))
                    }
                    return nil
                }
                for k in petalsFor[level] {
                    var m = common & index.masks[k]
                    if prune {
                        var zs = m
                        while zs != 0 {
                            let z = zs.trailingZeroBitCount + 1
                            zs &= zs &- 1
                            let r = reach[level * 9 + z - 1] & index.seeAll(k, z)
                            reach[(level + 1) * 9 + z - 1] = r
                            if r.isEmpty { m &= ~DigitMask.bit(z) }
                        }
                    }
                    guard m != 0 else { continue }
                    choice[level] = k
                    if let s = search(level + 1, m) { return s }
                }
                return nil
            }
            if let s = search(0, 0x1FF & ~board.masks[stem]) { return s }
        }
        return nil
    }
}
