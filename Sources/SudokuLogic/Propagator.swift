// Offers: `Propagator`, what follows from assuming one candidate true or false,
// the engine of the forcing rungs, in two modes:
// - chains (static): a true candidate removes the digit from its peers and the
//   cell's other candidates; a false one makes the other end of a strong link
//   of the position true (the other candidate of a bivalue cell, the other place
//   of a conjugate pair). Each inference has one premise.
// - nets (dynamic): the same, but a strong inference is drawn from the branch's
//   own state: a cell left with one candidate, a digit left with one place in a
//   house, whatever removed the others (an inference with several premises).
// Both stop at a contradiction: a candidate both true and false, a cell left
// without candidates, a digit without a place in a house.
//
// Literals are numbered `(cell * 9 + digit - 1) * 2 + (true ? 1 : 0)`.

import SudokuCore

struct Propagator {
    let board: Board
    let dynamic: Bool

    /// The branch's working state, in one block of memory owned by a class
    /// (written through pointers: no copy-on-write or bounds checks in the loop).
    private final class State {
        let masks: UnsafeMutablePointer<UInt16>  // 81
        let values: UnsafeMutablePointer<UInt8>  // 81
        let planes: UnsafeMutablePointer<CellSet>  // 9
        let housePlaced: UnsafeMutablePointer<UInt16>  // 27
        let literalIndex: UnsafeMutablePointer<Int32>  // 1458
        var open = CellSet()  // the cells the branch has not filled

        init() {
            masks = .allocate(capacity: 81)
            values = .allocate(capacity: 81)
            planes = .allocate(capacity: 9)
            housePlaced = .allocate(capacity: 27)
            literalIndex = .allocate(capacity: 1458)
            literalIndex.initialize(repeating: -1, count: 1458)
        }

        deinit {
            masks.deallocate()
            values.deallocate()
            planes.deallocate()
            housePlaced.deallocate()
            literalIndex.deallocate()
        }
    }

    private let state = State()
    // The layout tables, held here: reading a global table costs a once-check per access.
    private let peers = Houses.peers
    private let houseCells = Houses.cells
    private let ofCell = Houses.ofCell
    // The board's digits placed per house, computed once.
    private let boardHousePlaced: [UInt16]
    // The trail: inferences in the order drawn.
    private(set) var literals: [Int32] = []
    private(set) var depths: [UInt8] = []
    private(set) var reasons: [Int16] = []
    private(set) var premiseStart: [Int32] = []
    private(set) var premiseList: [Int32] = []
    private(set) var contradiction: Contradiction?
    /// The depth at which the contradiction appeared.
    private(set) var contradictionDepth = 0

    // Reason codes: 0...26 the same house; 100 + h only place in house h.
    static let assumption: Int16 = -1, sameCell: Int16 = -2, onlyCandidate: Int16 = -3

    init(_ board: Board, dynamic: Bool) {
        self.board = board
        self.dynamic = dynamic
        var placed = [UInt16](repeating: 0, count: 27)
        for i in 0..<81 where board.values[i] != 0 {
            let h = Houses.ofCell[i], bit = DigitMask.bit(Int(board.values[i]))
            placed[h.row] |= bit
            placed[h.column] |= bit
            placed[h.box] |= bit
        }
        boardHousePlaced = placed
        literals.reserveCapacity(512)
        depths.reserveCapacity(512)
        reasons.reserveCapacity(512)
        premiseStart.reserveCapacity(512)
        premiseList.reserveCapacity(1024)
    }

    static func literal(cell: Int, digit: Int, isTrue: Bool) -> Int { (cell * 9 + digit - 1) * 2 + (isTrue ? 1 : 0) }

    /// Inferences deeper than this are not drawn (a search that already has a
    /// conclusion of that cost needs nothing deeper).
    var maxDepth = Int.max

    /// Runs one branch from `assumption`; afterwards the trail holds every
    /// inference and `contradiction` what broke, if anything.
    mutating func run(_ assumption: Int) {
        let st = state
        for i in literals { st.literalIndex[Int(i)] = -1 }
        literals.removeAll(keepingCapacity: true)
        depths.removeAll(keepingCapacity: true)
        reasons.removeAll(keepingCapacity: true)
        premiseStart.removeAll(keepingCapacity: true)
        premiseList.removeAll(keepingCapacity: true)
        contradiction = nil
        contradictionDepth = 0
        board.masks.withUnsafeBufferPointer { st.masks.update(from: $0.baseAddress!, count: 81) }
        board.values.withUnsafeBufferPointer { st.values.update(from: $0.baseAddress!, count: 81) }
        board.planes.withUnsafeBufferPointer { st.planes.update(from: $0.baseAddress!, count: 9) }
        boardHousePlaced.withUnsafeBufferPointer { st.housePlaced.update(from: $0.baseAddress!, count: 27) }
        st.open = board.unsolved
        _ = begin(assumption, reason: Self.assumption, depth: 1)
        var next = 0
        while next < literals.count && contradiction == nil {
            let lit = Int(literals[next])
            let t = next
            next += 1
            let k = lit >> 1
            if lit & 1 == 1 { processTrue(k / 9, k % 9 + 1, t) } else { processFalse(k / 9, k % 9 + 1, t) }
        }
    }

    /// Trail index of `literal`, or nil when the branch did not draw it.
    @inline(__always) func index(of literal: Int) -> Int? {
        let i = state.literalIndex[literal]
        return i >= 0 ? Int(i) : nil
    }

    /// Starts an inference of `lit` (its premises are appended after); false
    /// when it was drawn already or the branch is broken.
    @inline(__always) private mutating func begin(_ lit: Int, reason: Int16, depth: Int) -> Bool {
        let li = state.literalIndex
        guard contradiction == nil, li[lit] < 0, depth <= maxDepth else { return false }
        let t = Int32(literals.count)
        li[lit] = t
        literals.append(Int32(lit))
        depths.append(UInt8(min(depth, 255)))
        reasons.append(reason)
        premiseStart.append(Int32(premiseList.count))
        if li[lit ^ 1] >= 0 {
            let o = Int(li[lit ^ 1])
            let cand = Candidate(index: (lit >> 1) / 9, digit: (lit >> 1) % 9 + 1)
            let (on, off) = lit & 1 == 1 ? (Int(t), o) : (o, Int(t))
            contradiction = .both(cand, trueAt: on, falseAt: off)
            contradictionDepth = depth
        }
        return true
    }

    /// An inference with one premise, the trail entry `t`.
    @inline(__always) private mutating func add(_ lit: Int, reason: Int16, premise t: Int) {
        if begin(lit, reason: reason, depth: Int(depths[t]) + 1) { premiseList.append(Int32(t)) }
    }

    private mutating func processTrue(_ c: Int, _ d: Int, _ t: Int) {
        let st = state
        if st.values[c] != 0 { return }
        st.values[c] = UInt8(d)
        st.open.remove(c)
        let bit = DigitMask.bit(d)
        let h = ofCell[c]
        st.housePlaced[h.row] |= bit
        st.housePlaced[h.column] |= bit
        st.housePlaced[h.box] |= bit
        var others = st.masks[c] & ~bit
        while others != 0 {
            let e = others.trailingZeroBitCount + 1
            others &= others &- 1
            add(Self.literal(cell: c, digit: e, isTrue: false), reason: Self.sameCell, premise: t)
        }
        let row = houseCells[h.row], column = houseCells[h.column]
        for p in st.planes[d - 1] & peers[c] & st.open {
            let house = row.contains(p) ? h.row : (column.contains(p) ? h.column : h.box)
            add(Self.literal(cell: p, digit: d, isTrue: false), reason: Int16(house), premise: t)
        }
    }

    private mutating func processFalse(_ c: Int, _ d: Int, _ t: Int) {
        let st = state
        let bit = DigitMask.bit(d)
        st.masks[c] &= ~bit
        st.planes[d - 1].remove(c)
        if st.values[c] == 0 {
            let left = st.masks[c]
            if left == 0 {
                contradiction = .emptyCell(Cell(index: c), premises: offPremises(cell: c))
                contradictionDepth = Int(depths[t]) + 1
                return
            }
            if dynamic {
                if left.nonzeroBitCount == 1 {
                    // A naked single: every other candidate of the cell is false.
                    var depth = 0
                    var m = board.masks[c] & ~left
                    while m != 0 {
                        let e = m.trailingZeroBitCount + 1
                        m &= m &- 1
                        if let i = index(of: Self.literal(cell: c, digit: e, isTrue: false)) {
                            depth = max(depth, Int(depths[i]))
                        }
                    }
                    if begin(
                        Self.literal(cell: c, digit: left.trailingZeroBitCount + 1, isTrue: true),
                        reason: Self.onlyCandidate, depth: depth + 1)
                    {
                        appendOffPremises(cell: c)
                    }
                }
            } else if board.masks[c].nonzeroBitCount == 2 {
                let other = board.masks[c] & ~bit
                add(
                    Self.literal(cell: c, digit: other.trailingZeroBitCount + 1, isTrue: true),
                    reason: Self.onlyCandidate, premise: t)
            }
        }
        let houses = ofCell[c]
        for k in 0..<3 {
            let h = k == 0 ? houses.row : (k == 1 ? houses.column : houses.box)
            guard st.housePlaced[h] & bit == 0 else { continue }
            // Cells the branch filled keep their marks until processed: `open` drops them.
            let left = st.planes[d - 1] & houseCells[h] & st.open
            let count = left.count
            if count == 0 {
                contradiction = .noPlace(Houses.house(h), digit: d, premises: offPremises(house: h, digit: d))
                contradictionDepth = Int(depths[t]) + 1
                return
            }
            if dynamic {
                if count == 1, let p = left.first {
                    // A hidden single: every other place of the digit in the house is false.
                    var depth = 0
                    for q in board.planes[d - 1] & houseCells[h] {
                        if let i = index(of: Self.literal(cell: q, digit: d, isTrue: false)) {
                            depth = max(depth, Int(depths[i]))
                        }
                    }
                    if begin(Self.literal(cell: p, digit: d, isTrue: true), reason: Int16(100 + h), depth: depth + 1) {
                        for q in board.planes[d - 1] & houseCells[h] {
                            if let i = index(of: Self.literal(cell: q, digit: d, isTrue: false)) {
                                premiseList.append(Int32(i))
                            }
                        }
                    }
                }
            } else {
                var places = board.planes[d - 1] & houseCells[h]
                if places.count == 2 {
                    places.remove(c)
                    if let p = places.first {
                        add(Self.literal(cell: p, digit: d, isTrue: true), reason: Int16(100 + h), premise: t)
                    }
                }
            }
        }
    }

    private mutating func appendOffPremises(cell c: Int) {
        var m = board.masks[c]
        while m != 0 {
            let e = m.trailingZeroBitCount + 1
            m &= m &- 1
            if let i = index(of: Self.literal(cell: c, digit: e, isTrue: false)) { premiseList.append(Int32(i)) }
        }
    }

    /// The trail indices of the "false" inferences of the board's candidates of `cell` drawn so far.
    private func offPremises(cell c: Int) -> [Int] {
        var out: [Int] = []
        var m = board.masks[c]
        while m != 0 {
            let e = m.trailingZeroBitCount + 1
            m &= m &- 1
            if let i = index(of: Self.literal(cell: c, digit: e, isTrue: false)) { out.append(i) }
        }
        return out
    }

    /// The trail indices of the "false" inferences of `digit`'s places in house `h`.
    private func offPremises(house h: Int, digit d: Int) -> [Int] {
        var out: [Int] = []
        for p in board.planes[d - 1] & Houses.cells[h] {
            if let i = index(of: Self.literal(cell: p, digit: d, isTrue: false)) { out.append(i) }
        }
        return out
    }

    /// The trail's inferences needed for `targets` (trail indices) and the
    /// contradiction's premises, renumbered in trail order: a branch of a step.
    func branch(to targets: [Int], includeContradiction: Bool) -> ForcingBranch {
        var needed = Set<Int>()
        var stack = targets
        var contradictionRefs: [Int] = []
        if includeContradiction, let c = contradiction {
            switch c {
            case let .both(_, on, off): contradictionRefs = [on, off]
            case let .emptyCell(_, premises), let .noPlace(_, _, premises): contradictionRefs = premises
            }
            stack += contradictionRefs
        }
        while let t = stack.popLast() {
            guard needed.insert(t).inserted else { continue }
            stack.append(contentsOf: premises(of: t))
        }
        let order = needed.sorted()
        var renumber: [Int: Int] = [:]
        for (k, t) in order.enumerated() { renumber[t] = k }
        let inferences = order.map { t -> Inference in
            let lit = Int(literals[t])
            return Inference(
                candidate: Candidate(index: lit >> 1 / 9, digit: (lit >> 1) % 9 + 1), isTrue: lit & 1 == 1,
                reason: Self.reason(reasons[t]), premises: premises(of: t).map { renumber[$0]! })
        }
        var broken: Contradiction?
        if includeContradiction, let c = contradiction {
            switch c {
            case let .both(cand, on, off): broken = .both(cand, trueAt: renumber[on]!, falseAt: renumber[off]!)
            case let .emptyCell(cell, p): broken = .emptyCell(cell, premises: p.map { renumber[$0]! })
            case let .noPlace(house, digit, p):
                broken = .noPlace(house, digit: digit, premises: p.map { renumber[$0]! })
            }
        }
        return ForcingBranch(inferences: inferences, contradiction: broken)
    }

    private func premises(of t: Int) -> [Int] {
        let start = Int(premiseStart[t])
        let end = t + 1 < premiseStart.count ? Int(premiseStart[t + 1]) : premiseList.count
        return premiseList[start..<end].map(Int.init)
    }

    static func reason(_ code: Int16) -> InferenceReason {
        switch code {
        case assumption: return .assumption
        case sameCell: return .sameCell
        case onlyCandidate: return .onlyCandidate
        case 100...: return .onlyPlace(Houses.house(Int(code) - 100))
        default: return .sameHouse(Houses.house(Int(code)))
        }
    }
}
