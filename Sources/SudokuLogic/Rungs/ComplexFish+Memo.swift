// Offers: `FishTables` (the board's tables a fish search reads, gathered once)
// and `FishMemo` (the digit planes known to hold no Franken or Mutant fish of a
// size, so that the ladder, which asks the fish rungs again after every step,
// searches again only the digits a step changed).

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
enum FishMemo {
    struct Key: Hashable, Sendable {
        var plane: CellSet
        var tag: Int

        init(plane: CellSet, kind: ComplexFish.Kind, size: Int) {
            self.plane = plane
            tag = (kind == .franken ? 0 : 8) + size
        }
    }

    /// More entries than this and the memo starts again (about 2 MB).
    static let capacity = 1 << 16

    private static let barren = Mutex(Set<Key>())

    static func isBarren(_ key: Key) -> Bool { barren.withLock { $0.contains(key) } }

    static func markBarren(_ key: Key) {
        barren.withLock { set in
            if set.count >= capacity { set.removeAll(keepingCapacity: true) }
            set.insert(key)
        }
    }
}
