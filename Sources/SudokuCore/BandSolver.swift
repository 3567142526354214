// Offers: `BandSolver`, the engine behind `Solver`, and its look-up tables.
//
// State: one frame of 128 words per search depth, a local of each recursive call
// (so on the thread's stack, never the heap):
//   words  0..<27  band masks: word b*9+d holds, for digit d (0-based) and band b
//                  (rows 3b...3b+2), bit (row%3)*9+col set while d may go there
//                  (a band's nine words side by side, so that a placement clears
//                  its cell from the other digits in one run of memory);
//   words 27..<30  the unsolved cells of each band;
//   words 30..<33  the unsolved cells of each band with exactly two candidates;
//   words 33..<60  for the configuration search, the configurations left to each
//                  band word (word w at 33 + w, as `chooseConfiguration` counts
//                  them), set by the band update;
//   words 60..<87  the same for digit d in stack j at 60 + d*3 + j, set by the
//                  column step;
//   words 87..<123 the triads' maps of each digit: the mini-rows it reaches and
//                  those it is locked in, the mini-columns it reaches (set by the
//                  column step) and those it is locked in (see `BandFrame`);
//   words 123..<127 unused (a frame is copied in 32-byte blocks);
//   word  127      `spare`: zero (`load` marks the empty cells there, then clears it).
// Every step that changes a band word marks it changed, and each changed word
// passes the band update, its digit the column step and the triads' maps again,
// so at a fixed point what the frame keeps is what the words say. The cell-order
// search copies only words 0..<33.
// Propagation keeps a 27-bit mask of the band words changed since each step last
// looked at them (bit w for word w), so each step looks only at those.
// Everything in the hot path is unsafe-pointer arithmetic on those frames: no
// allocation, no reference counting, no bounds checks.

/// Look-up tables for the band update, built once (thread-safe lazy global).
enum BandSolverTables {
    /// words[0..<512]: words[512..<1024] below, indexed by the map with its rows
    /// and boxes swapped (bit k*3+r), which `boxRows` computes without a look-up.
    /// words[512..<1024]: for a 9-bit "mini-row" map (bit r*3+k: row r of the band
    /// has a candidate in box k), the 27-bit mask of the mini-rows that belong to
    /// at least one way of placing the digit once per row and once per box; 0 when
    /// there is none. This is locked candidates (pointing and claiming) in one step.
    /// words[1024..<1536]: the same for a stack, as a 9-bit map of the kept
    /// (band, column) pairs, bit b*3+j for band b and column j of the stack.
    /// words[1536..<2048]: for the same 9-bit map (of a band or a stack), bit p
    /// set when permutation p (of `permutations` below) fits it: one bit per
    /// configuration the digit can still take there; from bit 16 up, how many
    /// (the target has no population-count instruction to rely on).
    /// words[2048..<2066]: for permutation p and line r, its box (or column of the
    /// stack) p[r], at 2048 + p*3 + r.
    /// words[2066..<2578]: words[1536..<2048] indexed as words[0..<512] are.
    /// words[2578..<3090]: words[1024..<1536] with bit b*3+j moved to b*9+j, so
    /// that the entries of a digit's three stacks, shifted by 0, 3 and 6 and
    /// or'ed, give the columns it keeps in band b at bits b*9...b*9+8.
    static let words: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 3090)
        let permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for m in 0..<512 {
            var keep = 0
            for p in permutations where (0..<3).allSatisfy({ m & (1 << ($0 * 3 + p[$0])) != 0 }) {
                for r in 0..<3 { keep |= 1 << (r * 3 + p[r]) }
            }
            var mask: UInt32 = 0
            for r in 0..<3 { for k in 0..<3 where keep & (1 << (r * 3 + k)) != 0 { mask |= 7 << (r * 9 + k * 3) } }
            t[512 + m] = mask
            t[1024 + m] = UInt32(keep)
            for (i, p) in permutations.enumerated() where (0..<3).allSatisfy({ m & (1 << ($0 * 3 + p[$0])) != 0 }) {
                t[1536 + m] |= 1 << UInt32(i)
            }
        }
        for m in 0..<512 { t[1536 + m] |= UInt32(t[1536 + m].nonzeroBitCount) << 16 }
        for (i, p) in permutations.enumerated() { for r in 0..<3 { t[2048 + i * 3 + r] = UInt32(p[r]) } }
        for m in 0..<512 {
            for b in 0..<3 {
                for j in 0..<3 where t[1024 + m] & (1 << UInt32(b * 3 + j)) != 0 {
                    t[2578 + m] |= 1 << UInt32(b * 9 + j)
                }
            }
        }
        for swapped in 0..<512 {
            var m = 0
            for r in 0..<3 { for k in 0..<3 where swapped & (1 << (k * 3 + r)) != 0 { m |= 1 << (r * 3 + k) } }
            t[swapped] = t[512 + m]
            t[2066 + swapped] = t[1536 + m]
        }
        return t
    }()
}

/// The search engine. Not `Sendable` on purpose: it lives inside one call.
struct BandSolver {
    /// `BandSolverTables.words`: one base, so that each table is a constant
    /// offset from it (one register for all of them).
    let tables: UnsafePointer<UInt32>
    var complexSwapped: UnsafePointer<UInt32> { @inline(__always) get { tables } }
    var fitsSwapped: UnsafePointer<UInt32> { @inline(__always) get { tables + 2066 } }
    var stackKept: UnsafePointer<UInt32> { @inline(__always) get { tables + 2578 } }
    var fits: UnsafePointer<UInt32> { @inline(__always) get { tables + 1536 } }
    var place: UnsafePointer<UInt32> { @inline(__always) get { tables + 2048 } }
    /// 27 words: the band masks of the first solution found.
    let solution: UnsafeMutablePointer<UInt32>
    let limit: Int
    var count = 0
    /// Branching decisions: each candidate tried in a child frame at a guessed
    /// cell. The last candidate of a cell, continued in place once the others
    /// have failed, is forced and not counted; so a bivalue cell costs one guess.
    var guesses = 0
    /// The configuration search gives up past this many guesses (see
    /// `searchConfigurations`), setting `gaveUp`.
    var budget = Int.max
    var gaveUp = false

    init(tables: UnsafePointer<UInt32>, solution: UnsafeMutablePointer<UInt32>, limit: Int) {
        self.tables = tables
        self.solution = solution
        self.limit = limit
    }

    /// Sets frame `s` from 81 values; false when a value is outside 0...9.
    ///
    /// The givens are placed here, all at once, so that the propagation meets
    /// only what they imply: each leaves the other digits' words of its band and
    /// its digit's other cells in its row and column (its box is left to the band
    /// update), and the unsolved cells exclude it.
    func load(_ cells: UnsafeBufferPointer<UInt8>, into s: UnsafeMutablePointer<UInt32>) -> Bool {
        for i in 0..<BandFrame.size { s[i] = 0 }
        guard cells.count == 81 else { return false }
        var largest: UInt8 = 0
        for v in cells { largest = max(largest, v) }
        if largest > 9 { return false }
        // First each band's given cells (at 27 + b) and, per band word, the cells
        // given its digit (bit r*9 + c for cell b*27 + r*9 + c). Without a branch
        // per cell: an empty cell marks `spare` instead, cleared after.
        var cell = cells.baseAddress!, base = 0, b = 27
        while base < 27 {
            var bit: UInt32 = 1, given: UInt32 = 0
            while bit < 0x800_0000 {
                let v = Int(cell.pointee)
                s[v == 0 ? BandFrame.spare : base &+ v &- 1] |= bit
                given |= v == 0 ? 0 : bit
                cell += 1
                bit &<<= 1
            }
            s[b] = given
            base &+= 9
            b &+= 1
        }
        s[BandFrame.spare] = 0
        // Then each word: the rows of its givens keep only them; the band's other
        // givens and the columns of the digit's givens in the other bands leave
        // it. The unsolved cells: those not given.
        var d = 0
        while d < 9 {
            let g0 = s[d], g1 = s[9 &+ d], g2 = s[18 &+ d]
            let c0 = (g0 | g0 >> 9 | g0 >> 18) & 0x1FF
            let c1 = (g1 | g1 >> 9 | g1 >> 18) & 0x1FF
            let c2 = (g2 | g2 >> 9 | g2 >> 18) & 0x1FF
            s[d] = placeGivens(g0, s[27], (c1 | c2) &* 0x40201)
            s[9 &+ d] = placeGivens(g1, s[28], (c0 | c2) &* 0x40201)
            s[18 &+ d] = placeGivens(g2, s[29], (c0 | c1) &* 0x40201)
            d &+= 1
        }
        s[27] ^= 0x7FF_FFFF
        s[28] ^= 0x7FF_FFFF
        s[29] ^= 0x7FF_FFFF
        return true
    }

    /// A band word from its digit's givens `own`, the band's givens `given` and
    /// the columns `columns` (bits of all three rows) the digit is given in
    /// other bands.
    @inline(__always)
    func placeGivens(_ own: UInt32, _ given: UInt32, _ columns: UInt32) -> UInt32 {
        // Rows of the band with a given of the digit (each 9-bit row plus 0x1FF
        // carries into its bit 9 when not empty); a row given the digit twice
        // leaves the word empty, a contradiction for the band update.
        let x0 = own & 0x1FF, x1 = own >> 9 & 0x1FF, x2 = own >> 18
        let twice = x0 & (x0 &- 1) | x1 & (x1 &- 1) | x2 & (x2 &- 1)
        let rows = ((x0 &+ 0x1FF) >> 9 | ((x1 &+ 0x1FF) >> 9) << 9 | ((x2 &+ 0x1FF) >> 9) << 18) &* 0x1FF
        let word = 0x7FF_FFFF & (~rows | own) & ~(given & ~own) & ~columns
        return twice == 0 ? word : 0
    }

    /// The first solution as 81 values.
    func solutionCells() -> [UInt8] {
        var cells = [UInt8](repeating: 0, count: 81)
        for d in 0..<9 {
            for b in 0..<3 {
                var x = solution[b * 9 + d]
                while x != 0 {
                    let p = x.trailingZeroBitCount
                    x &= x &- 1
                    cells[b * 27 + p] = UInt8(d + 1)
                }
            }
        }
        return cells
    }

    /// Propagates frame `s` to a fixed point. False on a contradiction.
    ///
    /// `pending` holds the band words changed since the frame was last at a fixed
    /// point (all 27 for a frame just loaded). Order, cheapest first, each step
    /// restarting from the top when it changes something: band updates of the
    /// changed words until none is left; naked singles (and cells left without a
    /// candidate); hidden singles in columns and locked
    /// candidates in stacks for the digits that changed; with `triads`, the
    /// mini-rows' and mini-columns' three digits. The cell-order search
    /// propagates without triads: which solution it meets first depends on the
    /// candidates it sees, and is kept as it was.
    @inline(__always)
    func propagate(_ s: UnsafeMutablePointer<UInt32>, pending initial: UInt32, triads: Bool) -> Bool {
        var pending = initial
        // Words changed since the column step (and the triad step) last ran.
        var columnsDirty: UInt32 = 0, triadsDirty: UInt32 = 0
        while true {
            // Band updates until no word is left changed, in waves: the words
            // changed during a wave wait for the next one (a word the wave has yet
            // to reach is taken once, with all its changes), and which word comes
            // next never waits for the update before it. `touched`: the words changed.
            var touched = pending
            while pending != 0 {
                var wave = pending
                pending = 0
                repeat {
                    let i = wave.trailingZeroBitCount
                    wave &= wave &- 1
                    let more = updateBand(s, i)
                    if more == BandSolver.contradiction { return false }
                    pending = (pending | more) & ~(1 &<< UInt32(truncatingIfNeeded: i))
                } while wave != 0
                touched |= pending
            }
            columnsDirty |= touched
            triadsDirty |= touched
            // Naked singles, dead cells and (for the cell order) bivalue cells,
            // bit-parallel over the digits, in all three bands: testing which
            // bands changed cost more in mispredicted branches than it saved.
            var b = 0
            while b < 3 {
                let u = s[27 &+ b]
                let sb = s + b &* 9
                var c1: UInt32 = 0, c2: UInt32 = 0, c3: UInt32 = 0
                var j = 0
                while j < 9 {
                    let x = sb[j]
                    if !triads { c3 |= c2 & x }
                    c2 |= c1 & x
                    c1 |= x
                    j &+= 1
                }
                if u & ~c1 != 0 { return false }
                if !triads { s[30 &+ b] = u & c2 & ~c3 }
                let singles = u & ~c2
                if singles != 0 {
                    // The digits with a single (without a branch per digit), then
                    // each of them.
                    var digits: UInt32 = 0
                    j = 0
                    while j < 9 {
                        digits |= sb[j] & singles != 0 ? 1 &<< UInt32(truncatingIfNeeded: j) : 0
                        j &+= 1
                    }
                    repeat {
                        let k = digits.trailingZeroBitCount
                        digits &= digits &- 1
                        let old = sb[k]
                        let a = keepSingles(old, old & singles)
                        sb[k] = a
                        if a != old { pending |= 1 &<< UInt32(truncatingIfNeeded: b &* 9 &+ k) }
                    } while digits != 0
                }
                b &+= 1
            }
            if pending != 0 { continue }
            // Hidden singles in columns and locked candidates in stacks, for each
            // digit with a changed word.
            var digits = (columnsDirty | columnsDirty >> 9 | columnsDirty >> 18) & 0x1FF
            columnsDirty = 0
            while digits != 0 {
                let d = digits.trailingZeroBitCount
                digits &= digits &- 1
                guard updateColumns(s, d, &pending) else { return false }
            }
            if pending != 0 { continue }
            if !triads || s[27] | s[28] | s[29] == 0 || triadsDirty == 0 { return true }
            guard updateTriads(s, triadsDirty, &pending) else { return false }
            triadsDirty = 0
            if pending == 0 { return true }
        }
    }

    /// For digit `d` (band words d, 9 + d and 18 + d): hidden singles in its
    /// columns, and locked candidates in its stacks (columns of a box that no way
    /// of placing the digit once per column and box can use). Adds the words it
    /// changes to `pending`; false on a contradiction. (`@_transparent`, not
    /// `@inline(__always)`: the optimizer kept the latter out of line here.)
    @_transparent
    func updateColumns(_ s: UnsafeMutablePointer<UInt32>, _ d: Int, _ pending: inout UInt32) -> Bool {
        var a0 = s[d], a1 = s[9 &+ d], a2 = s[18 &+ d]
        let o0 = (a0 | a0 >> 9 | a0 >> 18) & 0x1FF
        let o1 = (a1 | a1 >> 9 | a1 >> 18) & 0x1FF
        let o2 = (a2 | a2 >> 9 | a2 >> 18) & 0x1FF
        let once = o0 | o1 | o2
        if once != 0x1FF { return false }
        // Locked candidates in the three stacks: columns of a box that no
        // way of placing the digit once per column and box can use.
        // m_j: the columns of stack j the digit may take in each band (bit b*3 + c).
        let m0: UInt32 = (o0 & 7) | (o1 & 7) << 3 | (o2 & 7) << 6
        let m1: UInt32 = (o0 >> 3 & 7) | (o1 >> 3 & 7) << 3 | (o2 >> 3 & 7) << 6
        let m2: UInt32 = o0 >> 6 | (o1 >> 6) << 3 | (o2 >> 6) << 6
        let e0 = stackKept[Int(m0)], e1 = stackKept[Int(m1)], e2 = stackKept[Int(m2)]
        if e0 == 0 || e1 == 0 || e2 == 0 { return false }
        // The configurations left, for `chooseConfiguration` (the same after the
        // clearing below).
        let cache = s + (BandFrame.stackFits &+ d &* 3)
        cache[0] = fits[Int(m0)]
        cache[1] = fits[Int(m1)]
        cache[2] = fits[Int(m2)]
        // The mini-columns the digit reaches, for the triads.
        s[BandFrame.reach &+ d] = o0 | o1 << 9 | o2 << 18
        let kept = e0 | e1 << 3 | e2 << 6
        a0 &= (kept & 0x1FF) &* 0x40201
        a1 &= (kept >> 9 & 0x1FF) &* 0x40201
        a2 &= (kept >> 18) &* 0x40201
        // Hidden singles: columns with one place left in all nine rows (after the
        // clearing above). The three band words added up bit by bit (a bit is a
        // row of the band and a column; `ones`: an odd count, `twos`: two or
        // more): a column has one place when none of its three bits counts two
        // and exactly one of them counts one.
        let x01 = a0 ^ a1
        let ones = x01 ^ a2, twos = (a0 & a1) | (a2 & x01)
        let odd = ones ^ ones >> 9 ^ ones >> 18, three = ones & ones >> 9 & ones >> 18
        let cols = odd & ~three & ~(twos | twos >> 9 | twos >> 18) & 0x1FF
        // Once placed, a digit has one place in its column for good: only the
        // unsolved cells are news (one test instead of one per band).
        let spread = cols | cols << 9 | cols << 18
        let h0 = a0 & spread & s[27], h1 = a1 & spread & s[28], h2 = a2 & spread & s[29]
        if h0 | h1 | h2 != 0 {
            a0 = keepSingles(a0, h0)
            a1 = keepSingles(a1, h1)
            a2 = keepSingles(a2, h2)
        }
        let changed = (a0 != s[d] ? 1 : 0) | (a1 != s[9 &+ d] ? 0x200 : 0) | (a2 != s[18 &+ d] ? 0x40000 : 0) as UInt32
        if changed != 0 {
            s[d] = a0
            s[9 &+ d] = a1
            s[18 &+ d] = a2
            pending |= changed &<< UInt32(truncatingIfNeeded: d)
        }
        return true
    }

    /// Band word `a` with each cell of `cells` the only place left in its row.
    @inline(__always)
    func keepSingles(_ a: UInt32, _ cells: UInt32) -> UInt32 {
        var a = a, x = cells
        while x != 0 {
            let bit = x & (0 &- x)
            x &= x &- 1
            let row = UInt32(bit.trailingZeroBitCount) / 9
            a &= ~(0x1FF &<< (row &* 9)) | bit
        }
        return a
    }

    /// Triads: each mini-row (three cells of a row in one box) and each mini-column
    /// holds exactly three digits. Bit-sliced over the 54 of them at once, per digit:
    /// a mini-row only three digits can reach takes them (each leaves the other
    /// mini-rows of its box), and one that three digits are locked in (no other
    /// place in the box) is theirs (the other digits leave it). Fewer than three
    /// digits reaching, or more than three locked, is a contradiction. `dirty`:
    /// the band words changed since the triads last looked (their digits' maps
    /// are computed again). Adds the words it changes to `pending`.
    @inline(__always)
    func updateTriads(_ s: UnsafeMutablePointer<UInt32>, _ dirty: UInt32, _ pending: inout UInt32) -> Bool {
        // Digit k's maps (hp, hl, vp, vl) at m[k], m[9 + k], m[18 + k], m[27 + k],
        // kept in the frame: only the digits with a word changed since the last
        // look (`dirty`, band words) are computed again.
        let m = s + BandFrame.triadMaps
        var digits = (dirty | dirty >> 9 | dirty >> 18) & 0x1FF
        while digits != 0 {
            let k = digits.trailingZeroBitCount
            digits &= digits &- 1
            let (hp, hl, vl) = triadMaps(s[k], s[9 &+ k], s[18 &+ k], m[18 &+ k])
            m[k] = hp
            m[9 &+ k] = hl
            m[27 &+ k] = vl
        }
        // Saturating counters over the digits (bit 0, bit 1, "4 or more"): digits
        // reaching (h: horizontal, v: vertical) and digits locked (lh, lv), one
        // map at a time (all twelve at once would not stay in registers).
        // Horizontal bits: r*9 + k*3 + b (row r of band b, box k); vertical: b*9 + c.
        let (h0, h1, h2) = countDigits(m)
        let (lh0, lh1, lh2) = countDigits(m + 9)
        let (v0, v1, v2) = countDigits(m + 18)
        let (lv0, lv1, lv2) = countDigits(m + 27)
        let hThree = h0 & h1 & ~h2, vThree = v0 & v1 & ~v2
        let lhThree = lh0 & lh1 & ~lh2, lvThree = lv0 & lv1 & ~lv2
        // Fewer than three reaching, or four locked: no way.
        if (~(h2 | (h0 & h1)) & 0x7FF_FFFF) | lh2 != 0 { return false }
        if (~(v2 | (v0 & v1)) & 0x7FF_FFFF) | lv2 != 0 { return false }
        // Mini-lines with work: three reaching but not all locked, or three locked but more reaching.
        let hTake = hThree & ~lhThree, hGive = lhThree & ~hThree
        let vTake = vThree & ~lvThree, vGive = lvThree & ~vThree
        if hTake | hGive | vTake | vGive == 0 { return true }
        var k = 0
        while k < 9 {
            let hp = m[k], hl = m[9 &+ k], vp = m[18 &+ k], vl = m[27 &+ k]
            // Horizontal: take (keep only that mini-row of the box), give (leave the mini-row).
            let ht = hp & hTake & ~hl, hg = hp & hGive & ~hl
            let vt = vp & vTake & ~vl, vg = vp & vGive & ~vl
            if ht | hg | vt | vg != 0 {
                var a0 = s[k], a1 = s[9 &+ k], a2 = s[18 &+ k]
                if ht | hg != 0 {
                    a0 &= ~takeRowClear(ht & 0x124_9249) & ~((hg & 0x124_9249) &* 7)
                    a1 &= ~takeRowClear(ht >> 1 & 0x124_9249) & ~((hg >> 1 & 0x124_9249) &* 7)
                    a2 &= ~takeRowClear(ht >> 2 & 0x124_9249) & ~((hg >> 2 & 0x124_9249) &* 7)
                }
                if vt | vg != 0 {
                    a0 &= ~takeColumnClear(vt & 0x1FF) & ~((vg & 0x1FF) &* 0x40201)
                    a1 &= ~takeColumnClear(vt >> 9 & 0x1FF) & ~((vg >> 9 & 0x1FF) &* 0x40201)
                    a2 &= ~takeColumnClear(vt >> 18) & ~((vg >> 18) &* 0x40201)
                }
                let changed =
                    (a0 != s[k] ? 1 : 0) | (a1 != s[9 &+ k] ? 0x200 : 0) | (a2 != s[18 &+ k] ? 0x40000 : 0) as UInt32
                if changed != 0 {
                    s[k] = a0
                    s[9 &+ k] = a1
                    s[18 &+ k] = a2
                    pending |= changed &<< UInt32(truncatingIfNeeded: k)
                }
            }
            k &+= 1
        }
        return true
    }

    /// How many of the nine maps at `m` have each bit, as bit slices: bit 0, bit 1,
    /// and "4 or more".
    @inline(__always)
    func countDigits(_ m: UnsafeMutablePointer<UInt32>) -> (UInt32, UInt32, UInt32) {
        var c0: UInt32 = 0, c1: UInt32 = 0, c2: UInt32 = 0
        var k = 0
        while k < 9 {
            let x = m[k]
            let c = c0 & x
            c0 ^= x
            c2 |= c1 & c
            c1 ^= c
            k &+= 1
        }
        return (c0, c1, c2)
    }

    /// For one digit's three band words and the mini-columns it reaches (`vp`,
    /// bits b*9 + c, kept by the column step): the mini-rows it reaches and those
    /// it is locked in (bits r*9 + k*3 + b), and the mini-columns it is locked in.
    @inline(__always)
    func triadMaps(_ a0: UInt32, _ a1: UInt32, _ a2: UInt32, _ vp: UInt32) -> (UInt32, UInt32, UInt32) {
        let hp =
            ((a0 | a0 >> 1 | a0 >> 2) & 0x124_9249) | ((a1 | a1 >> 1 | a1 >> 2) & 0x124_9249) << 1
            | ((a2 | a2 >> 1 | a2 >> 2) & 0x124_9249) << 2
        let hw = ((hp & hp >> 9) | (hp & hp >> 18) | (hp >> 9 & hp >> 18)) & 0x1FF
        let hl = hp & ~(hw &* 0x40201)
        let vw = ((vp & vp >> 1) | (vp & vp >> 2) | (vp >> 1 & vp >> 2)) & 0x124_9249
        let vl = vp & ~(vw &* 7)
        return (hp, hl, vl)
    }

    /// The cells of a band word to clear so that, in each box with a bit of `e`
    /// (bits r*9 + k*3), the digit keeps only that mini-row.
    @inline(__always)
    func takeRowClear(_ e: UInt32) -> UInt32 {
        let boxes = (e | e >> 9 | e >> 18) & 0x49
        return ((boxes &* 0x40201) & ~e) &* 7
    }

    /// The cells of a band word to clear so that, in each box with a bit of `e`
    /// (bits c, a column), the digit keeps only that column.
    @inline(__always)
    func takeColumnClear(_ e: UInt32) -> UInt32 {
        let boxes = (e | e >> 1 | e >> 2) & 0x49
        return ((boxes &* 7) & ~e) &* 0x40201
    }

    /// What `updateBand` returns on a contradiction: no set of band words.
    static let contradiction: UInt32 = 1 << 31

    /// Applies the band constraints to word `w` (band w/9, digit w%9). Returns the
    /// other words it changes, or `contradiction`. (`@_transparent` as above.)
    @_transparent
    func updateBand(_ s: UnsafeMutablePointer<UInt32>, _ w: Int) -> UInt32 {
        let b = (w &* 57) &>> 9, d = w &- b &* 9
        var a = s[w]
        let map = Int(boxRows(a))
        a &= complexSwapped[map]
        if a == 0 { return BandSolver.contradiction }
        // The configurations left, for `chooseConfiguration`: those of the map
        // before are those of the map after (the table keeps what they use).
        s[BandFrame.bandFits &+ w] = fitsSwapped[map]
        // Rows of the band with one place left: that cell is solved. Every row
        // has a place (a way of placing the digit survived), so subtracting 1 from
        // each 9-bit row borrows within the row: `rest` is each row less its
        // lowest place, and a row is single when its rest is empty. `several` has
        // bit 8 of a row set when the rest is not: adding 0xFF to the low 8 bits
        // of a row carries into bit 8 exactly when one of them is set.
        let rest = a & (a &- 0x40201)
        let several = (((rest & 0x3FD_FEFF) &+ 0x3FD_FEFF) | rest) & 0x402_0100
        let single = a & ~((several >> 8) &* 0x1FF)
        let newly = single & s[27 &+ b]
        var more: UInt32 = 0
        if newly != 0 {
            // The cell leaves the other digits, the column the digit's other bands;
            // `m`: which digits' words of the band change, `c`: which bands' words
            // of the digit.
            s[27 &+ b] &= ~newly
            let sb = s + b &* 9
            var x = sb[0], m: UInt32 = 0
            sb[0] = x & ~newly
            m |= x & newly != 0 ? 1 : 0
            x = sb[1]
            sb[1] = x & ~newly
            m |= x & newly != 0 ? 1 << 1 : 0
            x = sb[2]
            sb[2] = x & ~newly
            m |= x & newly != 0 ? 1 << 2 : 0
            x = sb[3]
            sb[3] = x & ~newly
            m |= x & newly != 0 ? 1 << 3 : 0
            x = sb[4]
            sb[4] = x & ~newly
            m |= x & newly != 0 ? 1 << 4 : 0
            x = sb[5]
            sb[5] = x & ~newly
            m |= x & newly != 0 ? 1 << 5 : 0
            x = sb[6]
            sb[6] = x & ~newly
            m |= x & newly != 0 ? 1 << 6 : 0
            x = sb[7]
            sb[7] = x & ~newly
            m |= x & newly != 0 ? 1 << 7 : 0
            x = sb[8]
            sb[8] = x & ~newly
            m |= x & newly != 0 ? 1 << 8 : 0
            let cols = (newly | newly >> 9 | newly >> 18) & 0x1FF
            let spread = cols | cols << 9 | cols << 18
            let sd = s + d
            var c: UInt32 = 0
            x = sd[0]
            sd[0] = x & ~spread
            c |= x & spread != 0 ? 1 : 0
            x = sd[9]
            sd[9] = x & ~spread
            c |= x & spread != 0 ? 0x200 : 0
            x = sd[18]
            sd[18] = x & ~spread
            c |= x & spread != 0 ? 0x40000 : 0
            more =
                (m &<< UInt32(truncatingIfNeeded: b &* 9) | c &<< UInt32(truncatingIfNeeded: d))
                & ~(1 &<< UInt32(truncatingIfNeeded: w))
        }
        s[w] = a
        return more
    }

    /// Searches from frame `s`, counting solutions into `count` up to `limit`,
    /// branching on cells: the order of the earlier engine, kept because the
    /// first solution it meets is part of `Solver.solve`'s contract.
    /// `pending`: the band words changed since `s` was last propagated (all for a
    /// frame just loaded).
    mutating func searchCells(_ s: UnsafeMutablePointer<UInt32>, pending: UInt32 = 0x7FF_FFFF) {
        var pending = pending
        while true {
            guard propagate(s, pending: pending, triads: false) else { return }
            pending = 0
            if s[27] | s[28] | s[29] == 0 {
                if count == 0 { solution.update(from: s, count: 27) }
                count &+= 1
                return
            }
            let (b, bit) = chooseCell(s)
            var digits: UInt32 = 0
            for d in 0..<9 where s[b &* 9 &+ d] & bit != 0 { digits |= 1 << UInt32(d) }
            let row = UInt32(bit.trailingZeroBitCount) / 9
            let keepInRow = ~(0x1FF << (row &* 9)) | bit
            // Every digit but the last in a child frame; the last continues here.
            while digits & (digits &- 1) != 0 {
                let d = digits.trailingZeroBitCount
                digits &= digits &- 1
                guesses &+= 1
                let word = b &* 9 &+ d
                BandFrame.with { t in
                    t.update(from: s, count: BandFrame.state)
                    t[word] &= keepInRow
                    searchCells(t, pending: pending | 1 &<< UInt32(truncatingIfNeeded: word))
                }
                if count >= limit { return }
                s[word] &= ~bit
                pending |= 1 &<< UInt32(truncatingIfNeeded: word)
            }
        }
    }

    /// Searches from frame `s`, counting solutions into `count` up to `limit`,
    /// branching on configurations: for one digit in one band (or stack), which
    /// row (column) of the band (stack) it takes in each of the three boxes, one
    /// of at most 6 permutations. The configurations of a place are disjoint, so
    /// every solution is met once; each but the last is tried in a child frame.
    mutating func searchConfigurations(_ s: UnsafeMutablePointer<UInt32>, pending: UInt32 = 0x7FF_FFFF) {
        var pending = pending
        while true {
            guard propagate(s, pending: pending, triads: true) else { return }
            if s[27] | s[28] | s[29] == 0 {
                if count == 0 { solution.update(from: s, count: 27) }
                count &+= 1
                return
            }
            let (word, configurations) = chooseConfiguration(s)
            // Unsolved cells after propagation always leave some place two configurations.
            assert(configurations != 0, "no place to branch on")
            var left = configurations
            // Every configuration but the last in a child frame; the last continues here.
            while left & (left &- 1) != 0 {
                let p = UInt32(left.trailingZeroBitCount)
                left &= left &- 1
                guesses &+= 1
                if guesses > budget {
                    // On a nearly empty grid the configurations can wander: stop,
                    // unwinding as at the limit.
                    gaveUp = true
                    count = limit
                    return
                }
                BandFrame.with { t in
                    BandFrame.copy(s, to: t)
                    searchConfigurations(t, pending: restrict(t, word, p))
                }
                if count >= limit { return }
            }
            pending = restrict(s, word, UInt32(left.trailingZeroBitCount))
        }
    }

    /// Keeps, for the place `word` (band b*9 + digit d, or 27 + d*3 + stack j),
    /// only the cells of permutation `p`. Returns the band words it may change.
    @inline(__always)
    func restrict(_ s: UnsafeMutablePointer<UInt32>, _ word: Int, _ p: UInt32) -> UInt32 {
        let q = Int(p) &* 3
        if word < 27 {
            let keep: UInt32 = 7 << (place[q] &* 3) | 7 << (9 &+ place[q &+ 1] &* 3) | 7 << (18 &+ place[q &+ 2] &* 3)
            s[word] &= keep
            return 1 &<< UInt32(truncatingIfNeeded: word)
        } else {
            let base = word &- 27
            let j = UInt32(base % 3) &* 3
            let stack: UInt32 = 0x1C0E07 << j
            let d = base / 3
            s[d] &= ~stack | 0x40201 << (j &+ place[q])
            s[9 &+ d] &= ~stack | 0x40201 << (j &+ place[q &+ 1])
            s[18 &+ d] &= ~stack | 0x40201 << (j &+ place[q &+ 2])
            return 0x40201 &<< UInt32(truncatingIfNeeded: d)
        }
    }

    /// The place to branch on: the band or stack with the fewest configurations
    /// over its nine digits (above nine: not yet fixed), and in it the digit with
    /// the fewest configurations above one, the first met when several tie.
    /// Returns its word (see `restrict`) and the set of its configurations.
    /// Reads the configurations the propagation left in the frame (bit p set when
    /// permutation p fits, their count from bit 16 up).
    @inline(__always)
    func chooseConfiguration(_ s: UnsafeMutablePointer<UInt32>) -> (word: Int, configurations: UInt32) {
        let bandFits = s + BandFrame.bandFits, stackFits = s + BandFrame.stackFits
        // Sums of table entries: the configurations counted from bit 16 up.
        var counts: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0)
        var d = 0, k = 0
        while d < 27 {
            counts.0 &+= bandFits[k]
            counts.1 &+= bandFits[k &+ 9]
            counts.2 &+= bandFits[k &+ 18]
            counts.3 &+= stackFits[d]
            counts.4 &+= stackFits[d &+ 1]
            counts.5 &+= stackFits[d &+ 2]
            d &+= 3
            k &+= 1
        }
        counts = (counts.0 >> 16, counts.1 >> 16, counts.2 >> 16, counts.3 >> 16, counts.4 >> 16, counts.5 >> 16)
        // The least count above nine, the first place among equals, without a
        // branch per place (which to take is a coin toss for the predictor): each
        // place's key is its count (all ones when fixed) above its number.
        @inline(__always) func key(_ n: UInt32, _ p: UInt32) -> UInt32 { (n > 9 ? n : 0x1FFF_FFFF) &<< 3 | p }
        let least = min(
            min(key(counts.0, 0), key(counts.1, 1), key(counts.2, 2)),
            min(key(counts.3, 3), key(counts.4, 4), key(counts.5, 5)))
        let place = Int(least & 7)
        // The place's words: w + d*step in `restrict`'s numbering (a band's words
        // side by side, a stack's a digit's three apart), its configurations at
        // f + d*step.
        let w = place < 3 ? place &* 9 : 27 &+ place &- 3
        let f = place < 3 ? bandFits + place &* 9 : stackFits + (place &- 3)
        let step = place < 3 ? 1 : 3
        // The same for the digit: the least count above one (7: none), the first
        // digit among equals.
        var bestKey: UInt32 = 7 << 4
        d = 0
        while d < 9 {
            let n = f[d &* step] >> 16
            bestKey = min(bestKey, (n > 1 ? n : 7) &<< 4 | UInt32(truncatingIfNeeded: d))
            d &+= 1
        }
        if bestKey >> 4 == 7 { return (0, 0) }
        let i = Int(bestKey & 15) &* step
        return (w &+ i, f[i] & 0x3F)
    }

    /// For a band word, the rows each box holds candidates in: bit k*3 + r set
    /// when box k has one in row r.
    @inline(__always)
    func boxRows(_ a: UInt32) -> UInt32 {
        // A bit at r*9 + k*3 per mini-row with a candidate, then rows 1 and 2
        // folded down beside row 0.
        let t = (a | a >> 1 | a >> 2) & 0x124_9249
        return (t &* 0x10101) >> 16 & 0x1FF
    }

    /// The cell to guess on: a bivalue cell, else one with the fewest candidates.
    ///
    /// Any bivalue cell is correct; taking the last one (bottom band, highest
    /// bit) measured a few percent faster than the first on the hard puzzle sets.
    @inline(__always)
    func chooseCell(_ s: UnsafeMutablePointer<UInt32>) -> (band: Int, bit: UInt32) {
        for b in (0..<3).reversed() where s[30 &+ b] != 0 {
            let p = s[30 &+ b]
            return (b, 1 << (31 - UInt32(p.leadingZeroBitCount)))
        }
        // Bit-sliced counts of candidates per cell (c3 c2 c1 c0, 0...9).
        var best = (band: 0, bit: UInt32(0))
        var bestCount = 10
        for b in 0..<3 {
            let u = s[27 &+ b]
            if u == 0 { continue }
            var c0: UInt32 = 0, c1: UInt32 = 0, c2: UInt32 = 0, c3: UInt32 = 0
            var j = b &* 9
            while j < b &* 9 &+ 9 {
                let x = s[j]
                let k0 = c0 & x
                c0 ^= x
                let k1 = c1 & k0
                c1 ^= k0
                let k2 = c2 & k1
                c2 ^= k1
                c3 |= k2
                j &+= 1
            }
            for n in 3..<bestCount {
                let m =
                    u & (n & 1 != 0 ? c0 : ~c0) & (n & 2 != 0 ? c1 : ~c1) & (n & 4 != 0 ? c2 : ~c2)
                    & (n & 8 != 0 ? c3 : ~c3)
                if m != 0 {
                    best = (b, m & (0 &- m))
                    bestCount = n
                    break
                }
            }
        }
        return best
    }
}

/// One search frame: words on the caller's stack (see the top of this file).
enum BandFrame {
    /// Words in a frame (a multiple of 8: `copy` moves 32-byte blocks), and the
    /// words the propagation and the cell order use.
    static let size = 128
    static let state = 33
    /// Where the configurations cached for `chooseConfiguration` start: of band
    /// word w at bandFits + w, of digit d in stack j at stackFits + d*3 + j.
    static let bandFits = 33
    static let stackFits = 60
    /// The triads' maps of each digit, at triadMaps + d (mini-rows reached),
    /// + 9 + d (mini-rows locked), + 18 + d (mini-columns reached, bit b*9 + c, set
    /// by the column step: `reach`) and + 27 + d (mini-columns locked).
    static let triadMaps = 87
    static let reach = 105
    /// A word no step reads (`load` writes the empty cells there).
    static let spare = 127

    /// Copies frame `s` to `t`, all `size` words.
    @inline(__always)
    static func copy(_ s: UnsafeMutablePointer<UInt32>, to t: UnsafeMutablePointer<UInt32>) {
        let from = UnsafeRawPointer(s), to = UnsafeMutableRawPointer(t)
        var offset = 0
        while offset < size &* 4 {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: SIMD8<UInt32>.self),
                toByteOffset: offset, as: SIMD8<UInt32>.self)
            offset &+= 32
        }
    }

    /// Runs `body` with a pointer to a frame of `size` words on the caller's
    /// stack, not initialized; the pointer must not escape `body`.
    @inline(__always)
    static func with<R>(_ body: (UnsafeMutablePointer<UInt32>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: size) { body($0.baseAddress!) }
    }
}
