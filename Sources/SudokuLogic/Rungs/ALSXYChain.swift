// Offers: `ALSXYChain`.

import SudokuCore

/// ALS-XY-chain: almost locked sets A1, A2, ..., An (four or more; three are
/// the ALS-XY-Wing), each linked to the next by a restricted common digit x_i
/// (every x_i of A_i sees every x_i of A_(i+1), so at most one of the two holds
/// it), the digits of the two links at a set different (x_(i-1) != x_i), and a
/// digit z that both ends hold, other than x_1 and x_(n-1).
///
/// If A1 held no z, it would be locked on its other digits and hold x_1; then
/// A2 holds no x_1, is locked on its other digits and holds x_2 (not x_1); and
/// so on to An, which holds no x_(n-1) and so is locked on its other digits,
/// z among them. So A1 or An holds z, and a cell seeing every z of both ends
/// cannot. The argument uses only the links between neighbours: sets further
/// apart in the chain may share cells.
///
/// The search follows the states "set S is locked without digit e" breadth
/// first from each end and digit z, so the first chain found from an end is a
/// shortest one; of all, the shortest (then the fewest cells) is the step.
/// Chains whose sets share no cell are looked for first (the chain as players
/// and other programs draw it); only when there is none, chains whose sets
/// overlap: neighbours may then share cells too, joined by a restricted digit
/// that none of their shared cells holds (`ALSIndex.restrictedPairs(overlapping:)`),
/// so that its places in the two are different cells that all see each other
/// and at most one of the two holds it, which is all each link of the argument
/// uses. Chains of up to six sets, sets of up to `maxCells` cells.
public struct ALSXYChain: CachingRung {
    public init() {}
    public var id: String { "als-xy-chain" }
    public var techniques: [Technique] { [.alsXYChain] }

    /// The most sets in a chain.
    static let maxSets = 6
    /// The largest set the rung uses.
    static let maxCells = 8
    /// The links followed in one call, at most: bounds the time on a position
    /// with very many sets (a chain beyond it is not looked for).
    static let workLimit = 1_000_000

    public func step(on board: Board) -> Step? { step(on: board, cache: PositionCache(board)) }

    func step(on board: Board, cache: PositionCache) -> Step? {
        var work = 0
        return search(board, cache, disjoint: true, work: &work)
            ?? search(board, cache, disjoint: false, work: &work)
    }

    /// The shortest chain, its sets pairwise disjoint when `disjoint`.
    private func search(_ board: Board, _ cache: PositionCache, disjoint: Bool, work: inout Int) -> Step? {
        let index = cache.als
        let n = index.count
        guard n >= 4 else { return nil }
        // Restricted commons between sets, per set, as flat arrays.
        let links = ALSLinks(
            index, disjoint ? [cache.alsPairs] : [cache.alsPairs, cache.alsOverlappingPairs], maxCells: Self.maxCells)
        let degree = links.start, other = links.other, rccOf = links.rcc

        // State s * 9 + e - 1: set s locked without digit e. Per search: its parent
        // state and its depth (links from the start); per set, the digits e of
        // its states reached (`reached[s]`, valid when `stamp[s]` is the search's).
        // Raw buffers: the search's inner loop then pays no bounds or
        // uniqueness checks. A state enters the queue at most once a search.
        let stamp = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let reached = UnsafeMutablePointer<UInt16>.allocate(capacity: n)
        let parent = UnsafeMutablePointer<Int32>.allocate(capacity: n * 9)
        let depth = UnsafeMutablePointer<UInt8>.allocate(capacity: n * 9)
        let queue = UnsafeMutablePointer<Int32>.allocate(capacity: n * 9)
        stamp.initialize(repeating: -1, count: n)
        reached.initialize(repeating: 0, count: n)
        parent.initialize(repeating: -1, count: n * 9)
        depth.initialize(repeating: 0, count: n * 9)
        queue.initialize(repeating: 0, count: n * 9)
        defer {
            for p in [UnsafeMutableRawPointer(stamp), .init(reached), .init(parent), .init(depth), .init(queue)] {
                p.deallocate()
            }
        }
        var generation: Int32 = 0

        var best: (sets: [Int], rcc: [Int], z: Int, targets: CellSet, cells: Int)?
        for start in 0..<n where index.cells[start].count <= Self.maxCells && degree[start + 1] > degree[start] {
            for z in DigitMask.each(index.masks[start]) {
                // The cells that could lose z: candidates seeing every z of the start.
                let near = board.planes[z - 1] & index.seeAll(start, z)
                guard !near.isEmpty else { continue }
                let limit = (best.map { $0.sets.count } ?? Self.maxSets) - 1  // the most links worth following
                guard limit >= 3 else { return nil }
                generation += 1
                var tail = 0
                let first = start * 9 + z - 1
                parent[first] = -1
                depth[first] = 0
                queue[tail] = Int32(first)
                tail += 1
                // The start is not visited again, under z or another digit.
                stamp[start] = generation
                reached[start] = 0x1FF
                var head = 0
                var found = false
                while head < tail, !found {
                    let state = Int(queue[head])
                    head += 1
                    let s = state / 9, e = state % 9 + 1
                    let dep = Int(depth[state])
                    guard dep < limit else { break }
                    // The cells of the chain so far (when its sets must not share any).
                    var used = CellSet()
                    if disjoint {
                        var p = state
                        while p >= 0 {
                            used |= index.cells[p / 9]
                            p = Int(parent[p])
                        }
                    }
                    for k in Int(degree[s])..<Int(degree[s + 1]) {
                        work += 1
                        // The digits first: they lie next to the link, the other set's cells further off.
                        var xs = rccOf[k] & ~DigitMask.bit(e)
                        guard xs != 0 else { continue }
                        let t = Int(other[k])
                        if disjoint && index.cells[t].intersects(used) { continue }
                        // The states of t not reached yet, each reached now.
                        let before = stamp[t] == generation ? reached[t] : 0
                        xs &= ~before
                        guard xs != 0 else { continue }
                        stamp[t] = generation
                        reached[t] = before | xs
                        while xs != 0 {
                            let x = xs.trailingZeroBitCount + 1
                            xs &= xs &- 1
                            let next = t * 9 + x - 1
                            parent[next] = Int32(state)
                            depth[next] = UInt8(dep + 1)
                            queue[tail] = Int32(next)
                            tail += 1
                            // An end: four sets or more, holding z, entered by a digit other than z.
                            guard dep + 1 >= 3, x != z, t > start, index.masks[t] & DigitMask.bit(z) != 0 else {
                                continue
                            }
                            let targets = near & index.seeAll(t, z)
                            guard !targets.isEmpty else { continue }
                            var sets: [Int] = []
                            var rcc: [Int] = []
                            var p = next
                            while p >= 0 {
                                sets.append(p / 9)
                                if parent[p] >= 0 { rcc.append(p % 9 + 1) }
                                p = Int(parent[p])
                            }
                            guard Set(sets).count == sets.count else { continue }
                            // Sets of one cell each (bivalue cells) are an XY-chain, the xy-chain rung's.
                            if sets.allSatisfy({ index.cells[$0].count == 1 }) { continue }
                            sets.reverse()
                            rcc.reverse()
                            let cells = sets.reduce(0) { $0 + index.cells[$1].count }
                            if let b = best, (b.sets.count, b.cells) <= (sets.count, cells) { continue }
                            best = (sets, rcc, z, targets, cells)
                            found = true
                        }
                    }
                    if work > Self.workLimit { break }
                }
                if work > Self.workLimit { break }
            }
            if work > Self.workLimit { break }
        }
        guard let best else { return nil }
        return Step(
            technique: .alsXYChain,
            eliminations: best.targets.map { Candidate(index: $0, digit: best.z) },
            pattern: .als(sets: best.sets.map { index.set($0) }, restricted: best.rcc, eliminated: [best.z]))
    }
}
