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

    // Working state of one branch.
    private var masks: [UInt16]
    private var values: [UInt8]
    private var housePlaced = [UInt16](repeating: 0, count: 27)
    private var literalIndex = [Int32](repeating: -1, count: 1458)
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
        masks = board.masks
        values = board.values
    }

    static func literal(cell: Int, digit: Int, isTrue: Bool) -> Int { (cell * 9 + digit - 1) * 2 + (isTrue ? 1 : 0) }

    /// Runs one branch from `assumption`; afterwards the trail holds every
    /// inference and `contradiction` what broke, if anything.
    mutating func run(_ assumption: Int) {
        for i in literals { literalIndex[Int(i)] = -1 }
        literals.removeAll(keepingCapacity: true)
        depths.removeAll(keepingCapacity: true)
        reasons.removeAll(keepingCapacity: true)
        premiseStart.removeAll(keepingCapacity: true)
        premiseList.removeAll(keepingCapacity: true)
        contradiction = nil
        contradictionDepth = 0
        for i in 0..<81 {
            masks[i] = board.masks[i]
            values[i] = board.values[i]
        }
        for h in 0..<27 {
            var placed: UInt16 = 0
            for i in Houses.members[h] where board.values[i] != 0 { placed |= DigitMask.bit(Int(board.values[i])) }
            housePlaced[h] = placed
        }
        add(assumption, reason: Self.assumption, premises: [])
        var next = 0
        while next < literals.count && contradiction == nil {
            let lit = Int(literals[next])
            let t = next
            next += 1
            let cell = lit >> 1 / 9, digit = (lit >> 1) % 9 + 1
            if lit & 1 == 1 { processTrue(cell, digit, t) } else { processFalse(cell, digit, t) }
        }
    }

    /// Trail index of `literal`, or nil when the branch did not draw it.
    func index(of literal: Int) -> Int? {
        let i = literalIndex[literal]
        return i >= 0 ? Int(i) : nil
    }

    private mutating func add(_ lit: Int, reason: Int16, premises: [Int32]) {
        guard contradiction == nil, literalIndex[lit] < 0 else { return }
        var depth = 1
        for p in premises { depth = max(depth, Int(depths[Int(p)]) + 1) }
        let t = Int32(literals.count)
        literalIndex[lit] = t
        literals.append(Int32(lit))
        depths.append(UInt8(min(depth, 255)))
        reasons.append(reason)
        premiseStart.append(Int32(premiseList.count))
        premiseList.append(contentsOf: premises)
        let opposite = lit ^ 1
        if let o = index(of: opposite) {
            let cand = Candidate(index: lit >> 1 / 9, digit: (lit >> 1) % 9 + 1)
            let (on, off) = lit & 1 == 1 ? (Int(t), o) : (o, Int(t))
            contradiction = .both(cand, trueAt: on, falseAt: off)
            contradictionDepth = depth
        }
    }

    private mutating func processTrue(_ c: Int, _ d: Int, _ t: Int) {
        if values[c] != 0 { return }
        values[c] = UInt8(d)
        let bit = DigitMask.bit(d)
        let h = Houses.ofCell[c]
        housePlaced[h.row] |= bit
        housePlaced[h.column] |= bit
        housePlaced[h.box] |= bit
        let premise = [Int32(t)]
        for e in DigitMask.digits(masks[c] & ~bit) {
            add(Self.literal(cell: c, digit: e, isTrue: false), reason: Self.sameCell, premises: premise)
        }
        for p in Houses.peers[c] where masks[p] & bit != 0 && values[p] == 0 {
            let house = Houses.common(c, p)!
            add(Self.literal(cell: p, digit: d, isTrue: false), reason: Int16(house), premises: premise)
        }
    }

    private mutating func processFalse(_ c: Int, _ d: Int, _ t: Int) {
        let bit = DigitMask.bit(d)
        masks[c] &= ~bit
        if values[c] == 0 {
            let left = masks[c]
            if left == 0 {
                contradiction = .emptyCell(Cell(index: c), premises: offPremises(cell: c))
                contradictionDepth = Int(depths[t])
                return
            }
            if dynamic {
                if left.nonzeroBitCount == 1 {
                    add(Self.literal(cell: c, digit: left.trailingZeroBitCount + 1, isTrue: true),
                        reason: Self.onlyCandidate, premises: offPremises(cell: c).map(Int32.init))
                }
            } else if board.masks[c].nonzeroBitCount == 2 {
                let other = board.masks[c] & ~bit
                add(Self.literal(cell: c, digit: other.trailingZeroBitCount + 1, isTrue: true),
                    reason: Self.onlyCandidate, premises: [Int32(t)])
            }
        }
        let houses = Houses.ofCell[c]
        for h in [houses.row, houses.column, houses.box] where housePlaced[h] & bit == 0 {
            var left = -1, count = 0
            for p in Houses.members[h] where values[p] == 0 && masks[p] & bit != 0 {
                count += 1
                left = p
            }
            if count == 0 {
                contradiction = .noPlace(Houses.house(h), digit: d, premises: offPremises(house: h, digit: d))
                contradictionDepth = Int(depths[t])
                return
            }
            if dynamic {
                if count == 1 {
                    add(Self.literal(cell: left, digit: d, isTrue: true), reason: Int16(100 + h),
                        premises: offPremises(house: h, digit: d).map(Int32.init))
                }
            } else {
                let places = board.planes[d - 1] & Houses.cells[h]
                if places.count == 2 {
                    var rest = places
                    rest.remove(c)
                    if let p = rest.first { add(Self.literal(cell: p, digit: d, isTrue: true), reason: Int16(100 + h), premises: [Int32(t)]) }
                }
            }
        }
    }

    /// The trail indices of the "false" inferences of the board's candidates of `cell` drawn so far.
    private func offPremises(cell c: Int) -> [Int] {
        DigitMask.digits(board.masks[c]).compactMap { index(of: Self.literal(cell: c, digit: $0, isTrue: false)) }
    }

    /// The trail indices of the "false" inferences of `digit`'s places in house `h`.
    private func offPremises(house h: Int, digit d: Int) -> [Int] {
        (board.planes[d - 1] & Houses.cells[h]).compactMap { index(of: Self.literal(cell: $0, digit: d, isTrue: false)) }
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
            return Inference(candidate: Candidate(index: lit >> 1 / 9, digit: (lit >> 1) % 9 + 1), isTrue: lit & 1 == 1,
                             reason: Self.reason(reasons[t]), premises: premises(of: t).map { renumber[$0]! })
        }
        var broken: Contradiction?
        if includeContradiction, let c = contradiction {
            switch c {
            case let .both(cand, on, off): broken = .both(cand, trueAt: renumber[on]!, falseAt: renumber[off]!)
            case let .emptyCell(cell, p): broken = .emptyCell(cell, premises: p.map { renumber[$0]! })
            case let .noPlace(house, digit, p): broken = .noPlace(house, digit: digit, premises: p.map { renumber[$0]! })
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
