// Offers: `FishTables` (the board's tables a fish search reads, gathered once)
// and `FishMemo` (the digit planes known to hold no Franken or Mutant fish of a
// size, so that the ladder, which asks the fish rungs again after every step,
// searches again only the digits a step changed, and on those only the fish
// through the cells the step took away).

import Synchronization

/// The house tables the complex fish search reads in its inner loops, copied
/// out of the globals once so the loops do not check their initialisation.
struct FishTables: Sendable {
    /// The cells of each of the 27 houses (rows, columns, boxes).
    let houseCells: [CellSet]
    /// Each cell's 20 peers.
    let peers: [CellSet]
    /// Each cell's three houses as bits of a 27-bit mask: row, 9 + column, 18 + box.
    let houseBits: [UInt32]

    static let shared = FishTables(
        houseCells: Houses.cells, peers: Houses.peers,
        houseBits: Houses.ofCell.map { (1 << UInt32($0.row)) | (1 << UInt32($0.column)) | (1 << UInt32($0.box)) })
}

/// The planes of one digit's candidates on which a complex fish search of a
/// kind and size found nothing. The search reads nothing but the plane (which
/// digit it is only names the step), so a plane found barren once is barren
/// on every board. Shared by all threads behind a lock; emptied when it grows
/// large, since it only saves work.
///
/// It also keeps the latest barren planes of each kind and size, so that a new
/// plane can be compared with one it lies within: candidates only go, so the
/// plane a step left is mostly the plane before it, less a few cells. A fish on
/// the smaller plane whose base houses hold none of the cells lost would be
/// found on the larger one too: the base candidates are the same, and so is
/// every cover's share of them, which is all the search reads on its way to
/// the fish (the covers and fins), and its eliminations are the same or more
/// (a lost cell in a cover is one more). So on a plane within a barren one
/// only fish with a base house holding a lost cell are left to look for
/// (`Lookup.shrunk`; checked by `ComplexFishBoundTests`). Not so for a fish
/// with a lost cell in a base house: on the larger plane that house holds one
/// more base candidate, which its covers need not hold.
enum FishMemo {
    struct Key: Hashable, Sendable {
        var plane: CellSet
        var tag: Int

        init(plane: CellSet, kind: ComplexFish.Kind, size: Int) {
            self.plane = plane
            tag = (kind == .franken ? 0 : 8) + size
        }

        /// The kind and size as 0..<6, for the lists of latest planes.
        var slot: Int { (tag >> 3) * 3 + (tag & 7) - 2 }
    }

    /// What the memo knows of a plane.
    enum Lookup {
        /// No fish of the key's kind and size.
        case barren
        /// Nothing.
        case unknown
        /// The plane lies within a barren one, which had these cells besides
        /// (never empty): every fish left has a base house holding one of them.
        case shrunk(lost: CellSet)
    }

    /// More entries than this and the memo starts again (about 2 MB).
    static let capacity = 1 << 16
    /// The latest barren planes kept per kind and size.
    static let recentCount = 64

    struct State: ~Copyable {
        var barren = Set<Key>()
        /// Per slot, `recentCount` planes (empty where none yet), and where the next goes.
        var recent = [CellSet](repeating: CellSet(), count: 6 * FishMemo.recentCount)
        var next = [Int](repeating: 0, count: 6)
    }

    private static let state = Mutex(State())

    /// Whether the plane is barren, or lies within a barren plane (the one
    /// that had the fewest cells besides), or neither.
    static func lookup(_ key: Key) -> Lookup {
        state.withLock { state in
            if state.barren.contains(key) { return .barren }
            let base = key.slot * recentCount
            var best: CellSet?
            var bestCount = Int.max
            for k in base..<(base + recentCount) {
                let plane = state.recent[k]
                guard !plane.isEmpty, key.plane.isSubset(of: plane) else { continue }
                let lost = plane - key.plane
                let n = lost.count
                if n == 0 { return .barren }
                if n < bestCount {
                    best = lost
                    bestCount = n
                }
            }
            return best.map { .shrunk(lost: $0) } ?? .unknown
        }
    }

    static func markBarren(_ key: Key) {
        state.withLock { state in
            if state.barren.count >= capacity { state.barren.removeAll(keepingCapacity: true) }
            state.barren.insert(key)
            let slot = key.slot
            state.recent[slot * recentCount + state.next[slot]] = key.plane
            state.next[slot] = (state.next[slot] + 1) % recentCount
        }
    }
}
