// Offers: `ComplexFish`: Franken and Mutant fish of sizes 2-4, basic, finned
// and sashimi, whose base and cover sets may be boxes as well as lines.

import SudokuCore

/// Franken and Mutant fish of sizes 2 to `maxSize` on one digit (HoDoKu's
/// definitions), with at most three exo fins. `size` base
/// houses and `size` cover houses, none of them both: every candidate of the
/// digit in a base house lies in a cover house, except for the fins. A cell in
/// two base houses (a row and a box) is an endo fin, a base candidate in no
/// cover house an exo fin; both are fins.
///
/// If no fin holds the digit, each base house takes it in a different cell
/// (its cells outside the other base houses), each of them in a cover house
/// and no two in the same one, so the `size` cover houses are used up: the
/// digit leaves their cells outside the base houses, and a base cell in two
/// cover houses (it would fill two of them at once: cannibalism). If a fin
/// holds it, every cell that sees that fin loses it. So the digit leaves those
/// cells that see every fin (all of them when there is none).
///
/// Franken: base rows and boxes with cover columns and boxes, or base columns
/// and boxes with cover rows and boxes, at least one box among them. Mutant:
/// every other mix of rows, columns and boxes that is not a basic fish. The
/// search goes by size, then digit: base houses holding the digit, at most two
/// endo fins; the covers are chosen so each covers the first base candidate
/// not yet covered (or that candidate becomes a fin, while the fins keep a
/// common peer holding the digit), so every fish is found once.
public struct ComplexFish: EnumeratingRung {
    public enum Kind: Sendable { case franken, mutant }
    public let kind: Kind
    /// The most exo fins, and endo fins, a fish may have.
    static let maxFins = 3
    static let maxEndoFins = 2
    /// The largest size searched (2 to 4). The standard ladder searches Franken
    /// fish up to swordfish and Mutant fish as X-Wings: on top1465 a search up
    /// to jellyfish and swordfish made `explain` eight times slower (a board
    /// without one visits every base and cover set).
    public let maxSize: Int

    public init(kind: Kind, maxSize: Int = 4) {
        precondition((2...4).contains(maxSize))
        self.kind = kind
        self.maxSize = maxSize
    }

    public var id: String { kind == .franken ? "franken-fish" : "mutant-fish" }
    public var techniques: [Technique] {
        kind == .franken ? [.frankenFish, .finnedFrankenFish] : [.mutantFish, .finnedMutantFish]
    }

    static let rowsMask: UInt32 = 0x1FF
    static let columnsMask: UInt32 = 0x1FF << 9
    static let boxesMask: UInt32 = 0x1FF << 18

    /// The (base, cover) house kinds searched, as 27-bit masks of house indices.
    var shapes: [(base: UInt32, cover: UInt32)] {
        switch kind {
        case .franken:
            return [
                (Self.rowsMask | Self.boxesMask, Self.columnsMask | Self.boxesMask),
                (Self.columnsMask | Self.boxesMask, Self.rowsMask | Self.boxesMask),
            ]
        case .mutant:
            let all = Self.rowsMask | Self.columnsMask | Self.boxesMask
            return [(all, all)]
        }
    }

    /// Whether base and cover houses (27-bit masks) make a fish of this rung's kind.
    func fits(base: UInt32, cover: UInt32) -> Bool {
        let r = Self.rowsMask
        let c = Self.columnsMask
        let x = Self.boxesMask
        let basic = (base & ~r == 0 && cover & ~c == 0) || (base & ~c == 0 && cover & ~r == 0)
        if basic { return false }
        let franken =
            (base & ~(r | x) == 0 && cover & ~(c | x) == 0) || (base & ~(c | x) == 0 && cover & ~(r | x) == 0)
        return kind == .franken ? franken : !franken
    }

    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        withoutActuallyEscaping(visit) { visit in search(board, visit) }
    }

    private func search(_ board: Board, _ visit: @escaping (Step) -> Bool) {
        for size in 2...maxSize {
            for d in 1...9 {
                let plane = board.planes[d - 1]
                guard plane.count >= 2 * size else { continue }
                for shape in shapes {
                    var search = Search(
                        rung: self, digit: d, size: size, plane: plane, coverKinds: shape.cover, visit: visit)
                    var houses: [Int] = []
                    for h in 0..<27 where shape.base & (1 << UInt32(h)) != 0 {
                        if (plane & Houses.cells[h]).count >= 2 { houses.append(h) }
                    }
                    guard houses.count >= size else { continue }
                    search.bases(houses, from: 0, chosen: 0, count: 0, cells: CellSet(), endo: CellSet())
                    if search.stop { return }
                }
            }
        }
    }

    /// One digit's search at one size: base sets, then cover sets for each.
    struct Search {
        let rung: ComplexFish
        let digit: Int
        let size: Int
        let plane: CellSet
        let coverKinds: UInt32
        let visit: (Step) -> Bool
        var stop = false
        // The base of the cover search under way.
        var baseMask: UInt32 = 0
        var baseCells = CellSet()
        var endo = CellSet()

        init(
            rung: ComplexFish, digit: Int, size: Int, plane: CellSet, coverKinds: UInt32,
            visit: @escaping (Step) -> Bool
        ) {
            self.rung = rung
            self.digit = digit
            self.size = size
            self.plane = plane
            self.coverKinds = coverKinds
            self.visit = visit
        }

        mutating func bases(_ houses: [Int], from start: Int, chosen: UInt32, count: Int, cells: CellSet, endo: CellSet)
        {
            if count == size {
                baseMask = chosen
                baseCells = cells
                self.endo = endo
                var peers = plane
                for f in endo { peers &= Houses.peers[f] }
                guard !peers.isEmpty else { return }
                covers(
                    covered: CellSet(), twice: CellSet(), coverMask: 0, count: 0, fins: endo, exo: 0, finPeers: peers,
                    excluded: 0)
                return
            }
            var k = start
            while k <= houses.count - (size - count) {
                let h = houses[k]
                k += 1
                let add = plane & Houses.cells[h]
                let newEndo = endo | (cells & add)
                guard newEndo.count <= ComplexFish.maxEndoFins else { continue }
                bases(
                    houses, from: k, chosen: chosen | (1 << UInt32(h)), count: count + 1, cells: cells | add,
                    endo: newEndo)
                if stop { return }
            }
        }

        /// Covers the first base candidate neither covered nor a fin: by one of
        /// its houses, or by making it a fin. `twice`: the cells in two covers.
        /// `excluded`: houses an earlier branch tried (every cover set holding
        /// one was found there), so each cover set is found once.
        mutating func covers(
            covered: CellSet, twice: CellSet, coverMask: UInt32, count: Int, fins: CellSet, exo: Int,
            finPeers: CellSet, excluded: UInt32
        ) {
            if count == size {
                // The covers are chosen: what is open must be fins, and something must be left to remove.
                let open = baseCells - covered - fins
                let allFins = fins | open
                guard exo + open.count <= ComplexFish.maxFins else { return }
                var peers = finPeers
                for c in open { peers &= Houses.peers[c] }
                var targets = (covered - baseCells) | (twice & baseCells - allFins)
                if !allFins.isEmpty { targets &= peers }
                guard !targets.isEmpty else { return }
                evaluate(coverMask: coverMask, fins: allFins, targets: targets)
                return
            }
            guard let c = (baseCells - covered - fins).first else { return }
            let hs = Houses.ofCell[c]
            var excluded = excluded
            for k in 0..<3 {
                let h = k == 0 ? hs.row : k == 1 ? hs.column : hs.box
                let bit: UInt32 = 1 << UInt32(h)
                guard coverKinds & bit != 0, (baseMask | excluded) & bit == 0 else { continue }
                let add = plane & Houses.cells[h]
                // A cover never holds an exo fin (that candidate would be covered).
                guard !add.intersects(fins - endo) else { continue }
                covers(
                    covered: covered | add, twice: twice | (covered & add), coverMask: coverMask | bit,
                    count: count + 1, fins: fins, exo: exo, finPeers: finPeers, excluded: excluded)
                if stop { return }
                excluded |= bit
            }
            if exo < ComplexFish.maxFins {
                let peers = finPeers & Houses.peers[c]
                guard !peers.isEmpty else { return }
                covers(
                    covered: covered, twice: twice, coverMask: coverMask, count: count, fins: fins | .single(c),
                    exo: exo + 1, finPeers: peers, excluded: excluded)
            }
        }

        mutating func evaluate(coverMask: UInt32, fins: CellSet, targets: CellSet) {
            guard rung.fits(base: baseMask, cover: coverMask) else { return }
            let technique = rung.techniques[fins.isEmpty ? 0 : 1]
            let step = Step(
                technique: technique,
                eliminations: targets.map { Candidate(index: $0, digit: digit) },
                pattern: .fish(
                    digit: digit, base: Self.houses(baseMask), cover: Self.houses(coverMask), fins: fins.cells,
                    cells: baseCells.cells))
            stop = visit(step)
        }

        static func houses(_ mask: UInt32) -> [House] {
            var out: [House] = []
            var m = mask
            while m != 0 {
                out.append(Houses.house(m.trailingZeroBitCount))
                m &= m &- 1
            }
            return out
        }
    }
}
