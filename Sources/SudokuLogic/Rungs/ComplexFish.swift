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
/// common peer holding the digit), so no fish is found twice. Once every base
/// candidate is covered or a fin, the covers still to choose are houses whose
/// base candidates the others already cover (`redundant`): such a cover still
/// holds one of the base houses' digits if no fin does, and loses the rest
/// (on top1465's 58th puzzle after 9 steps, 5 in rows 5-7 over column 8 and
/// boxes 5 and 6, fins r7c7 and r7c9: column 8 covers nothing new, and r9c8
/// loses 5).
///
/// Siamese Franken and Mutant fish (HoDoKu's name): two finned or sashimi
/// fish of the rung's kind on the same base houses whose covers differ in one
/// house, and whose fins differ, each removing a candidate the other does not:
/// one step with both eliminations. Each size's Siamese steps come before its
/// single fish, so that the step concludes all the base houses give.
///
/// Three things keep the search fast without changing what it finds or its
/// order: the digit's templates (`removable`): a fish removes only candidates
/// that no way of placing all nine of the digit uses, so a digit without such
/// a candidate is not searched (along the solving paths of top1465's first 60
/// puzzles, 1,155 of the 1,186 searches of a digit at a size that the memo
/// below left), and a branch must leave one of them to remove; a bound that drops
/// a base set, or a partial cover set, whose open base candidates cannot be
/// covered by the covers left but for the fins allowed, or that cannot leave
/// a candidate to remove (`Search.feasible`); and a memo of the planes on
/// which a search found nothing (`FishMemo`), since the ladder asks again
/// after every step and most steps leave most digits' candidates as they
/// were, and take few from the others: on a plane within a barren one only
/// the fish with a base house holding a cell lost are sought.
public struct ComplexFish: EnumeratingRung {
    public enum Kind: Sendable { case franken, mutant }
    public let kind: Kind
    /// The most exo fins, and endo fins, a fish may have.
    static let maxFins = 3
    static let maxEndoFins = 2
    /// The largest size searched (2 to 4; the standard ladder's rungs search
    /// up to jellyfish). Before the search skipped the digits whose templates
    /// leave nothing to remove, jellyfish made `explain` on top1465 about
    /// twice as slow, and the ladder stopped at Franken swordfish and Mutant
    /// X-Wings.
    public let maxSize: Int
    /// Whether the search cuts hopeless branches and skips the planes found
    /// barren before (`FishMemo`); off only in tests, which check that both
    /// searches find the same steps in the same order.
    let bounded: Bool

    public init(kind: Kind, maxSize: Int = 4) {
        self.init(kind: kind, maxSize: maxSize, bounded: true)
    }

    init(kind: Kind, maxSize: Int, bounded: Bool) {
        precondition((2...4).contains(maxSize))
        self.kind = kind
        self.maxSize = maxSize
        self.bounded = bounded
    }

    public var id: String { kind == .franken ? "franken-fish" : "mutant-fish" }
    public var techniques: [Technique] {
        kind == .franken
            ? [.frankenFish, .finnedFrankenFish, .siameseFrankenFish]
            : [.mutantFish, .finnedMutantFish, .siameseMutantFish]
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

    /// The kinds of house in a 27-bit mask, as 3 bits: 1 rows, 2 columns, 4 boxes.
    @inline(__always) static func kinds(_ mask: UInt32) -> Int {
        (mask & rowsMask != 0 ? 1 : 0) | (mask & columnsMask != 0 ? 2 : 0) | (mask & boxesMask != 0 ? 4 : 0)
    }

    /// Which kinds of cover fit which kinds of base: byte b (base kinds b, as
    /// `kinds`) has bit k set when covers of the kinds k make a fish of this
    /// rung's kind. `fits` reads no more of the houses than their kinds.
    var fittingCoverKinds: UInt64 {
        func houses(_ k: Int) -> UInt32 {
            (k & 1 != 0 ? 1 : 0) | (k & 2 != 0 ? 1 << 9 : 0) | (k & 4 != 0 ? 1 << 18 : 0)
        }
        var out: UInt64 = 0
        for b in 0..<8 {
            for k in 0..<8 where fits(base: houses(b), cover: houses(k)) { out |= 1 << UInt64(b * 8 + k) }
        }
        return out
    }

    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        withoutActuallyEscaping(visit) { visit in search(board, visit) }
    }

    private func search(_ board: Board, _ visit: @escaping (Step) -> Bool) {
        let tables = FishTables.shared
        // Per digit, the candidates a single-digit argument can remove at all
        // (`removable`), worked out when first needed.
        var removables = [CellSet?](repeating: nil, count: 9)
        for size in 2...maxSize {
            // This size's fish, handed over once every Siamese step of the size has been.
            var singles: [Step] = []
            for d in 1...9 {
                let plane = board.planes[d - 1]
                guard plane.count >= 2 * size else { continue }
                let key = FishMemo.Key(plane: plane, kind: kind, size: size)
                // The houses of which every fish left has one among its base houses
                // (all when the memo knows nothing).
                var required = Self.rowsMask | Self.columnsMask | Self.boxesMask
                if bounded {
                    switch FishMemo.lookup(key) {
                    case .barren: continue
                    case .unknown: break
                    case .shrunk(let lost):
                        required = 0
                        for c in lost { required |= tables.houseBits[c] }
                    }
                }
                var allowed = plane
                if bounded {
                    if removables[d - 1] == nil { removables[d - 1] = Self.removable(d, on: board) }
                    allowed = removables[d - 1]!
                    if allowed.isEmpty {
                        FishMemo.markBarren(key)
                        continue
                    }
                }
                var found = false
                for shape in shapes {
                    // The finned fish found on the base set under way.
                    var finned: [Finned] = []
                    var search = Search(
                        rung: self, digit: d, size: size, plane: plane, allowed: allowed, coverKinds: shape.cover,
                        required: required, tables: tables,
                        visit: { step, base, cover, fins in
                            found = true
                            singles.append(step)
                            guard !fins.isEmpty else { return false }
                            if finned.first?.base != base { finned.removeAll(keepingCapacity: true) }
                            let fish = Finned(base: base, cover: cover, fins: fins, step: step)
                            for other in finned {
                                if let both = Self.siamese(other, fish, technique: techniques[2]), visit(both) {
                                    return true
                                }
                            }
                            finned.append(fish)
                            return false
                        })
                    var houses: [Int] = []
                    for h in 0..<27 where shape.base & (1 << UInt32(h)) != 0 {
                        if search.candidates[h].count >= 2 { houses.append(h) }
                    }
                    guard houses.count >= size else { continue }
                    search.lastRequired = houses.lastIndex { required & (1 << UInt32($0)) != 0 } ?? -1
                    search.bases(houses, from: 0, chosen: 0, count: 0, cells: CellSet(), endo: CellSet())
                    if search.stop { return }
                }
                if bounded && !found { FishMemo.markBarren(key) }
            }
            for step in singles where visit(step) { return }
        }
    }

    /// The candidates of digit `d` that no template of the digit uses
    /// (`Templates`): the only ones any fish of `d` can remove. A fish, finned
    /// or not, argues from nothing but "each house holds the digit once", which
    /// every template obeys, so a candidate it removes lies in no template. On
    /// a board without templates (one that breaks a rule) every candidate.
    static func removable(_ d: Int, on board: Board) -> CellSet {
        let span = Templates.span(of: d, on: board)
        let plane = board.planes[d - 1]
        return span.count == 0 ? plane : plane - span.union
    }

    /// A finned fish found, with its base and cover houses (27-bit masks) and fins.
    struct Finned {
        var base: UInt32
        var cover: UInt32
        var fins: CellSet
        var step: Step
    }

    /// Two finned fish on the same base houses whose covers differ in one
    /// house, and whose fins differ, as one Siamese step, when each removes a
    /// candidate the other does not (otherwise one of them is the step).
    static func siamese(_ a: Finned, _ b: Finned, technique: Technique) -> Step? {
        guard a.base == b.base, (a.cover ^ b.cover).nonzeroBitCount == 2, a.fins != b.fins else { return nil }
        return FinnedFish.siamese(a.step, b.step, technique: technique)
    }

    /// One digit's search at one size: base sets, then cover sets for each.
    struct Search {
        let rung: ComplexFish
        let digit: Int
        let size: Int
        let plane: CellSet
        /// The candidates a fish of the digit can remove (`removable`); the
        /// whole plane in the unbounded search.
        let allowed: CellSet
        let coverKinds: UInt32
        /// The houses (a 27-bit mask) of which every fish sought has one among
        /// its base houses: the others are known to be none (`FishMemo`).
        let required: UInt32
        /// Where the last required house is in the list of base houses: a base
        /// set without one is not completed past it.
        var lastRequired = 0
        /// Takes each fish found, with its base and cover houses and its fins.
        let visit: (Step, UInt32, UInt32, CellSet) -> Bool
        /// Per house, the digit's candidates there.
        let candidates: [CellSet]
        /// Per house, the houses holding one of its candidates (itself among them).
        let touches: [UInt32]
        /// The board's tables, held here so the search reads no global.
        let peers: [CellSet]
        let houseBits: [UInt32]
        var stop = false
        // The base of the cover search under way.
        var baseMask: UInt32 = 0
        var baseCells = CellSet()
        var endo = CellSet()
        /// The houses holding a candidate of the base under way.
        var touch: UInt32 = 0
        /// The kinds of cover that fit each kind of base (`fittingCoverKinds`),
        /// and those that fit the base under way.
        let fittingTable: UInt64
        var fitting: UInt8 = 0xFF

        init(
            rung: ComplexFish, digit: Int, size: Int, plane: CellSet, allowed: CellSet, coverKinds: UInt32,
            required: UInt32, tables: FishTables, visit: @escaping (Step, UInt32, UInt32, CellSet) -> Bool
        ) {
            self.rung = rung
            self.digit = digit
            self.size = size
            self.plane = plane
            self.allowed = allowed
            self.coverKinds = coverKinds
            self.required = required
            self.visit = visit
            candidates = tables.houseCells.map { plane & $0 }
            peers = tables.peers
            houseBits = tables.houseBits
            touches = candidates.map { cells in cells.reduce(0) { $0 | tables.houseBits[$1] } }
            fittingTable = rung.fittingCoverKinds
        }

        mutating func bases(_ houses: [Int], from start: Int, chosen: UInt32, count: Int, cells: CellSet, endo: CellSet)
        {
            if count == size {
                baseMask = chosen
                baseCells = cells
                self.endo = endo
                touch = 0
                var bits = chosen
                while bits != 0 {
                    touch |= touches[bits.trailingZeroBitCount]
                    bits &= bits &- 1
                }
                fitting = UInt8(truncatingIfNeeded: fittingTable >> UInt64(8 * ComplexFish.kinds(chosen)))
                guard !rung.bounded || fitting != 0 else { return }
                guard !rung.bounded || chosen & required != 0 else { return }
                var peers = plane
                for f in endo { peers &= self.peers[f] }
                guard !peers.isEmpty else { return }
                covers(
                    covered: CellSet(), twice: CellSet(), coverMask: 0, count: 0, fins: endo, exo: 0, finPeers: peers,
                    excluded: 0)
                return
            }
            var k = start
            while k <= houses.count - (size - count) {
                // No required house left to choose.
                if rung.bounded && k > lastRequired && chosen & required == 0 { return }
                let h = houses[k]
                k += 1
                let add = candidates[h]
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
            if count + 1 == size {
                lastCover(
                    covered: covered, twice: twice, coverMask: coverMask, fins: fins, exo: exo, finPeers: finPeers,
                    excluded: excluded)
                return
            }
            let open = baseCells - covered - fins
            guard let c = open.first else {
                redundant(
                    covered: covered, twice: twice, coverMask: coverMask, left: size - count, from: 0, fins: fins,
                    exo: exo, finPeers: finPeers, excluded: excluded)
                return
            }
            guard
                !rung.bounded
                    || feasible(
                        open: open, available: coverKinds & ~(baseMask | excluded | coverMask), covers: size - count,
                        fins: ComplexFish.maxFins - exo, finPeers: finPeers, chosen: ComplexFish.kinds(coverMask),
                        covered: covered, twice: twice)
            else { return }
            var excluded = excluded
            var bits = houseBits[c]
            while bits != 0 {
                let h = bits.trailingZeroBitCount
                bits &= bits &- 1
                let bit: UInt32 = 1 << UInt32(h)
                guard coverKinds & bit != 0, (baseMask | excluded) & bit == 0 else { continue }
                let add = candidates[h]
                // A cover never holds an exo fin (that candidate would be covered).
                guard !add.intersects(fins - endo) else { continue }
                covers(
                    covered: covered | add, twice: twice | (covered & add), coverMask: coverMask | bit,
                    count: count + 1, fins: fins, exo: exo, finPeers: finPeers, excluded: excluded)
                if stop { return }
                excluded |= bit
            }
            if exo < ComplexFish.maxFins {
                let peers = finPeers & self.peers[c]
                guard !peers.isEmpty else { return }
                covers(
                    covered: covered, twice: twice, coverMask: coverMask, count: count, fins: fins | .single(c),
                    exo: exo + 1, finPeers: peers, excluded: excluded)
            }
        }

        /// The last cover, as `covers` would choose it, without the bound: for
        /// the first open candidate, each of its houses; then, with that
        /// candidate made a fin, for the next; and so on.
        mutating func lastCover(
            covered: CellSet, twice: CellSet, coverMask: UInt32, fins: CellSet, exo: Int, finPeers: CellSet,
            excluded: UInt32
        ) {
            var fins = fins
            var exo = exo
            var finPeers = finPeers
            var excluded = excluded
            var open = baseCells - covered - fins
            while let c = open.first {
                var bits = houseBits[c]
                while bits != 0 {
                    let h = bits.trailingZeroBitCount
                    bits &= bits &- 1
                    let bit: UInt32 = 1 << UInt32(h)
                    guard coverKinds & bit != 0, (baseMask | excluded) & bit == 0 else { continue }
                    let add = candidates[h]
                    // A cover never holds an exo fin (that candidate would be covered).
                    guard !add.intersects(fins - endo) else { continue }
                    // Covers whose kinds do not fit the base would be dropped by `evaluate`.
                    if rung.bounded && fitting & (1 << UInt8(ComplexFish.kinds(coverMask | bit))) == 0 {
                        excluded |= bit
                        continue
                    }
                    chosen(
                        covered: covered | add, twice: twice | (covered & add), coverMask: coverMask | bit, fins: fins,
                        exo: exo, finPeers: finPeers)
                    if stop { return }
                    excluded |= bit
                }
                guard exo < ComplexFish.maxFins else { return }
                let peers = finPeers & self.peers[c]
                guard !peers.isEmpty else { return }
                fins.insert(c)
                exo += 1
                finPeers = peers
                open.remove(c)
            }
            // Every base candidate is covered or a fin: the last cover covers nothing new.
            redundant(
                covered: covered, twice: twice, coverMask: coverMask, left: 1, from: 0, fins: fins, exo: exo,
                finPeers: finPeers, excluded: excluded)
        }

        /// The `left` covers still to choose once every base candidate is
        /// covered or a fin: houses holding base candidates, all of them
        /// covered already, from house `from` on (each cover set once).
        mutating func redundant(
            covered: CellSet, twice: CellSet, coverMask: UInt32, left: Int, from: Int, fins: CellSet, exo: Int,
            finPeers: CellSet, excluded: UInt32
        ) {
            guard left > 0 else {
                chosen(covered: covered, twice: twice, coverMask: coverMask, fins: fins, exo: exo, finPeers: finPeers)
                return
            }
            var h = from
            while h < 27 {
                let bit: UInt32 = 1 << UInt32(h)
                let add = candidates[h]
                h += 1
                guard coverKinds & bit != 0, (baseMask | excluded | coverMask) & bit == 0 else { continue }
                guard add.intersects(baseCells), !add.intersects(fins - endo) else { continue }
                redundant(
                    covered: covered | add, twice: twice | (covered & add), coverMask: coverMask | bit, left: left - 1,
                    from: h, fins: fins, exo: exo, finPeers: finPeers, excluded: excluded)
                if stop { return }
            }
        }

        /// The covers are chosen: what is open must be fins, and something must be left to remove.
        mutating func chosen(
            covered: CellSet, twice: CellSet, coverMask: UInt32, fins: CellSet, exo: Int, finPeers: CellSet
        ) {
            let open = baseCells - covered - fins
            guard exo + open.count <= ComplexFish.maxFins else { return }
            let allFins = fins | open
            var peers = finPeers
            for c in open { peers &= self.peers[c] }
            var targets = (covered - baseCells) | (twice & baseCells - allFins)
            if !allFins.isEmpty { targets &= peers }
            guard !targets.isEmpty else { return }
            assert(targets.isSubset(of: allowed), "a fish removes a candidate some template uses")
            evaluate(coverMask: coverMask, fins: allFins, targets: targets)
        }

        /// Whether the open base candidates can still be dealt with by `covers`
        /// more cover houses (from `available`) and at most `fins` more fins: a
        /// bound that only cuts branches without a fish. Open candidates no two
        /// of which share an available house (taken greedily) each need a cover
        /// of their own or a fin; one in no available house must be a fin, and
        /// the fins need a common peer holding the digit; and the `covers`
        /// houses holding the most open candidates leave at most `fins` open.
        /// Every cover still to come is an available house of an open
        /// candidate or, when fewer covers than are left may deal with the
        /// open candidates, any available house holding a base candidate
        /// (`redundant`); so the kinds of those houses added to the kinds
        /// `chosen` so far must be able to fit the base (`fitting`).
        ///
        /// And something must be left to remove: a cell outside the base in a
        /// cover, chosen (`covered`) or to come, or a base cell in two covers
        /// (`twice`, or one chosen and one to come, or two to come), seeing
        /// every fin: the fins so far (`finPeers`), the open candidates in no
        /// available house, and one at least of the candidates counted as
        /// needing a cover of their own when there are more of them than covers.
        func feasible(
            open: CellSet, available: UInt32, covers: Int, fins: Int, finPeers: CellSet, chosen: Int,
            covered: CellSet, twice: CellSet
        )
            -> Bool
        {
            var used: UInt32 = 0
            var reach: UInt32 = 0
            var needed = 0
            var peers = finPeers
            // The cells that see one of the candidates counted in `needed`.
            var seeOne = CellSet()
            for c in open {
                let bits = houseBits[c] & available
                if bits == 0 {
                    peers &= self.peers[c]
                    if peers.isEmpty { return false }
                }
                if bits & used == 0 {
                    needed += 1
                    if needed > covers + fins { return false }
                    used |= bits
                    seeOne |= self.peers[c]
                }
                reach |= bits
            }
            // With fewer covers needed for the open candidates than are left,
            // a cover may hold only base candidates already covered
            // (`redundant`): any available house holding a base candidate.
            if covers + fins > needed { reach |= touch & available }
            let reachable = ComplexFish.kinds(reach)
            var fit = false
            for more in 0..<8 where more & ~reachable == 0 && more.nonzeroBitCount <= covers {
                if fitting & (1 << UInt8(chosen | more)) != 0 {
                    fit = true
                    break
                }
            }
            guard fit else { return false }
            // The most open candidates of the available houses, largest first (covers is at most 4);
            // the cells of those houses, and those in two of them.
            var top = (0, 0, 0, 0)
            var reachCells = CellSet()
            var reachTwice = CellSet()
            while reach != 0 {
                let h = reach.trailingZeroBitCount
                reach &= reach &- 1
                let add = candidates[h]
                reachTwice |= reachCells & add
                reachCells |= add
                var m = (open & add).count
                if m > top.0 { swap(&m, &top.0) }
                if m > top.1 { swap(&m, &top.1) }
                if m > top.2 { swap(&m, &top.2) }
                if m > top.3 { swap(&m, &top.3) }
            }
            let most =
                covers >= 4
                ? top.0 + top.1 + top.2 + top.3
                : covers == 3
                    ? top.0 + top.1 + top.2
                    : covers == 2 ? top.0 + top.1 : top.0
            guard open.count <= most + fins else { return false }
            var targets =
                ((covered | reachCells) - baseCells)
                | (baseCells & (twice | (covered & reachCells) | reachTwice))
            targets &= peers & allowed
            if needed > covers { targets &= seeOne }
            return !targets.isEmpty
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
            stop = visit(step, baseMask, coverMask, fins)
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
