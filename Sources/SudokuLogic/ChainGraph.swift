// Offers: `ChainGraph`, the candidates of a board (and, for grouped chains, the
// groups of two or three cells of a box-line intersection) as nodes with their
// strong links (at least one end true: the only two places of a digit in a
// house, the only two candidates of a cell) and weak links (at most one end
// true: one digit in cells that see each other, two digits of one cell), and
// `ChainGraph.Kind`, which restricts them for X-chains, XY-chains and remote pairs.
//
// Node ON means the digit is in (one of) the node's cells; OFF that it is in
// none. A weak link A-B gives A ON => B OFF; a strong link A=B gives A OFF => B ON.
// Every chain and forcing chain is a walk along these implications.

import SudokuCore

struct ChainGraph {
    /// Which nodes and links a chain may use.
    enum Kind: Equatable {
        /// One digit (or every digit, each on its own), single cells, links within houses only.
        case xChain(digit: Int?)
        /// Candidates of bivalue cells: strong links inside a cell, weak links between cells.
        case xyChain
        /// As `xyChain`, restricted to cells whose candidates are exactly `mask`.
        case remotePair(mask: UInt16)
        /// Every candidate, and groups: every kind of link.
        case aic
        /// Every candidate, no groups (forcing chains).
        case singles
    }

    let kind: Kind
    /// Per node: its digit (1...9), its cells, and the single cell (-1 for a group).
    private(set) var digit: [Int] = []
    private(set) var cells: [CellSet] = []
    private(set) var cell: [Int] = []
    /// Per node: the cells that see every cell of the node.
    private(set) var seeAll: [CellSet] = []
    /// Node id of candidate (cell * 9 + digit - 1), or -1 when it is not a node.
    private(set) var candidateNode = [Int32](repeating: -1, count: 729)
    /// Group nodes per digit (index digit - 1).
    private(set) var groupsOf = [[Int32]](repeating: [], count: 9)
    /// Strong links, as adjacency lists: partners of each node and the house (-1: the cell).
    private(set) var strong: [[(to: Int32, house: Int8)]] = []
    /// Weak links, flattened: the nodes `weakTo[weakStart[n]..<weakStart[n + 1]]`.
    private(set) var weakStart: [Int32] = []
    private(set) var weakTo: [Int32] = []
    /// The strong links as they stand when the weak links are built, flattened
    /// the same way and in `strong`'s order, for the searches' inner loops.
    private(set) var strongStart: [Int32] = []
    private(set) var strongTo: [Int32] = []

    var count: Int { digit.count }

    init(_ board: Board, kind: Kind) {
        self.kind = kind
        let allowCell: (Int) -> Bool
        switch kind {
        case .xChain, .aic, .singles: allowCell = { _ in true }
        case .xyChain: allowCell = { board.masks[$0].nonzeroBitCount == 2 }
        case .remotePair(let mask): allowCell = { board.masks[$0] == mask }
        }
        for i in board.unsolved where allowCell(i) {
            for d in DigitMask.each(board.masks[i]) {
                if case .xChain(let x?) = kind, x != d { continue }
                candidateNode[i * 9 + d - 1] = Int32(digit.count)
                digit.append(d)
                cells.append(CellSet.single(i))
                cell.append(i)
                seeAll.append(Houses.peers[i])
            }
        }
        // Group nodes by (intersection, digit): up to four each (the whole, or each pair of three).
        var groupSlots = [Int32](repeating: -1, count: kind == .aic ? 54 * 9 * 4 : 0)
        if kind == .aic {
            for (xi, x) in Houses.intersections.enumerated() {
                for d in 1...9 {
                    let s = board.planes[d - 1] & x.cells
                    guard s.count >= 2 else { continue }
                    var sets = [s]
                    if s.count == 3 {
                        var t = s
                        let a = t.popFirst(), b = t.popFirst(), c = t.popFirst()
                        sets += [CellSet(indices: [a, b]), CellSet(indices: [a, c]), CellSet(indices: [b, c])]
                    }
                    for (k, g) in sets.enumerated() {
                        let id = Int32(digit.count)
                        groupSlots[(xi * 9 + d - 1) * 4 + k] = id
                        groupsOf[d - 1].append(id)
                        digit.append(d)
                        cells.append(g)
                        cell.append(-1)
                        seeAll.append(g.commonPeers)
                    }
                }
            }
        }
        strong = Array(repeating: [], count: digit.count)
        func node(_ d: Int, _ set: CellSet) -> Int32? {
            if set.count == 1 {
                let id = candidateNode[set.first! * 9 + d - 1]
                return id >= 0 ? id : nil
            }
            // A group lies in the row segment or the column segment of its first cell's box.
            guard let f = set.first, !groupSlots.isEmpty else { return nil }
            let box = Houses.ofCell[f].box - 18
            for xi in [box * 6 + (f / 9) % 3, box * 6 + 3 + (f % 9) % 3] {
                for k in 0..<4 {
                    let id = groupSlots[(xi * 9 + d - 1) * 4 + k]
                    if id >= 0 && cells[Int(id)] == set { return id }
                }
            }
            return nil
        }
        func addStrong(_ a: Int32, _ b: Int32, _ house: Int) {
            guard !strong[Int(a)].contains(where: { $0.to == b }) else { return }
            strong[Int(a)].append((b, Int8(house)))
            strong[Int(b)].append((a, Int8(house)))
        }
        // Strong links inside a cell.
        switch kind {
        case .xyChain, .remotePair, .aic, .singles:
            for i in board.unsolved where board.masks[i].nonzeroBitCount == 2 {
                let ds = DigitMask.digits(board.masks[i])
                if let a = node(ds[0], CellSet.single(i)), let b = node(ds[1], CellSet.single(i)) {
                    addStrong(a, b, -1)
                }
            }
        case .xChain:
            break
        }
        // Strong links inside a house.
        switch kind {
        case .xyChain, .remotePair:
            break
        case .xChain, .aic, .singles:
            var digits = 1...9
            if case .xChain(let x?) = kind { digits = x...x }
            for h in 0..<27 {
                for d in digits {
                    let s = board.planes[d - 1] & Houses.cells[h]
                    guard s.count >= 2 else { continue }
                    if s.count == 2 {
                        var t = s
                        let a = t.popFirst(), b = t.popFirst()
                        if let na = node(d, CellSet.single(a)), let nb = node(d, CellSet.single(b)) {
                            addStrong(na, nb, h)
                        }
                    }
                    guard kind == .aic else { continue }
                    // Splits of the places into two nodes, at least one of them a group
                    // (a group lies in one intersection of the house).
                    for xi in Houses.intersectionsOf[h] {
                        let part = s & Houses.intersections[xi].cells
                        guard !part.isEmpty, part != s else { continue }
                        let rest = s - part
                        guard part.count >= 2 || rest.count >= 2 else { continue }
                        if let na = node(d, part), let nb = node(d, rest) { addStrong(na, nb, h) }
                        // A single cell against a group: one cell of the part, the rest a group.
                        if part.count >= 2 {
                            for c in part {
                                var single = CellSet()
                                single.insert(c)
                                let other = s - single
                                if let na = node(d, single), let nb = node(d, other) { addStrong(na, nb, h) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds a node for digit `d` in `set`, the places of `d` in an almost locked
    /// set (ON: one of them holds it), found by weak links as a group is, with
    /// no strong links yet; before `buildWeakLinks`. Returns its id.
    mutating func addSetNode(digit d: Int, cells set: CellSet) -> Int {
        let id = digit.count
        groupsOf[d - 1].append(Int32(id))
        digit.append(d)
        cells.append(set)
        cell.append(-1)
        seeAll.append(set.commonPeers)
        strong.append([])
        return id
    }

    /// Adds a strong link between two nodes of one almost locked set (two of its
    /// digits: without one, the set is locked on the others and holds the other).
    mutating func addSetStrong(_ a: Int, _ b: Int) {
        strong[a].append((Int32(b), -1))
        strong[b].append((Int32(a), -1))
    }

    /// Fills the weak adjacency of every node and flattens the strong one (once,
    /// before searching).
    mutating func buildWeakLinks(_ board: Board) {
        // Built in locals: appending to a stored array while reading self would copy it.
        var start = [Int32](repeating: 0, count: count + 1)
        var to: [Int32] = []
        to.reserveCapacity(count * 24)
        for n in 0..<count {
            start[n] = Int32(to.count)
            forEachWeak(n, board) { to.append(Int32($0)) }
        }
        start[count] = Int32(to.count)
        weakStart = start
        weakTo = to
        var strongStart = [Int32](repeating: 0, count: count + 1)
        var strongTo: [Int32] = []
        strongTo.reserveCapacity(strong.reduce(0) { $0 + $1.count })
        for n in 0..<count {
            strongStart[n] = Int32(strongTo.count)
            for link in strong[n] { strongTo.append(link.to) }
        }
        strongStart[count] = Int32(strongTo.count)
        self.strongStart = strongStart
        self.strongTo = strongTo
    }

    /// How many candidates a weak link joins to both `a` and `b`, without listing them.
    @inline(__always) func seenByBothCount(_ a: Int, _ b: Int, _ board: Board) -> Int {
        let da = digit[a], db = digit[b]
        if da == db { return (seeAll[a] & seeAll[b] & board.planes[da - 1]).count }
        let ca = cell[a], cb = cell[b]
        if ca >= 0 && ca == cb { return (board.masks[ca] & ~DigitMask.bit(da) & ~DigitMask.bit(db)).nonzeroBitCount }
        var n = 0
        if cb >= 0 && seeAll[a].contains(cb) && board.masks[cb] & DigitMask.bit(da) != 0 { n += 1 }
        if ca >= 0 && seeAll[b].contains(ca) && board.masks[ca] & DigitMask.bit(db) != 0 { n += 1 }
        return n
    }

    /// Calls `body` with each node that a weak link from `n` reaches (n ON => m OFF).
    @inline(__always)
    func forEachWeak(_ n: Int, _ board: Board, _ body: (Int) -> Void) {
        let d = digit[n]
        let reach = seeAll[n] & board.planes[d - 1]
        // Same digit, single cells.
        for c in reach {
            let m = candidateNode[c * 9 + d - 1]
            if m >= 0 { body(Int(m)) }
        }
        // Same digit, groups.
        for g in groupsOf[d - 1] where cells[Int(g)].isSubset(of: reach) { body(Int(g)) }
        // Same cell, other digits (not along an X-chain, nor between the cells of an XY-chain).
        let c = cell[n]
        guard c >= 0 else { return }
        switch kind {
        case .xChain, .xyChain, .remotePair: return
        case .aic, .singles: break
        }
        var others = board.masks[c] & ~DigitMask.bit(d)
        while others != 0 {
            let e = others.trailingZeroBitCount
            others &= others &- 1
            let m = candidateNode[c * 9 + e]
            if m >= 0 { body(Int(m)) }
        }
    }

    /// True when a weak link joins `a` and `b` (either kind).
    func weak(_ a: Int, _ b: Int) -> Bool {
        if digit[a] == digit[b] { return cells[b].isSubset(of: seeAll[a]) }
        return cell[a] >= 0 && cell[a] == cell[b]
    }

    /// The candidates that a weak link joins to both `a` and `b` (either kind of link each).
    func seenByBoth(_ a: Int, _ b: Int, _ board: Board) -> [Candidate] {
        var out: [Candidate] = []
        let da = digit[a], db = digit[b]
        if da == db {
            for c in seeAll[a] & seeAll[b] & board.planes[da - 1] { out.append(Candidate(index: c, digit: da)) }
            return out
        }
        let ca = cell[a], cb = cell[b]
        if ca >= 0 && ca == cb {
            for e in DigitMask.each(board.masks[ca] & ~DigitMask.bit(da) & ~DigitMask.bit(db)) {
                out.append(Candidate(index: ca, digit: e))
            }
            return out
        }
        // The cell of one end, with the other end's digit, when it sees all of that end.
        if cb >= 0 && seeAll[a].contains(cb) && board.masks[cb] & DigitMask.bit(da) != 0 {
            out.append(Candidate(index: cb, digit: da))
        }
        if ca >= 0 && seeAll[b].contains(ca) && board.masks[ca] & DigitMask.bit(db) != 0 {
            out.append(Candidate(index: ca, digit: db))
        }
        return out
    }

    /// The node as a chain node.
    func chainNode(_ n: Int) -> ChainNode { ChainNode(digit: digit[n], cells: cells[n].cells) }

    /// The house a link between `a` and `b` lies in (nil for one cell).
    func house(_ a: Int, _ b: Int) -> House? {
        if digit[a] != digit[b] { return nil }
        let both = cells[a] | cells[b]
        return Houses.containing(both).first.map(Houses.house)
    }

    /// The links of the chain through `nodes`: strong and weak alternately, from
    /// X1 to Xn (and back to X1 for a loop). A strong link names the house it is
    /// strong in: two cells of a box and a line may be the only places of the
    /// digit in the box and not in the line. A link between two digits has no house.
    func links(_ nodes: [Int], isLoop: Bool) -> [ChainLink] {
        var links: [ChainLink] = []
        for k in 0..<(nodes.count - 1) {
            let a = nodes[k], b = nodes[k + 1]
            var linkHouse = house(a, b)
            if k % 2 == 0, let h = strong[a].first(where: { Int($0.to) == b })?.house {
                linkHouse = h >= 0 ? Houses.house(Int(h)) : nil
            }
            links.append(
                ChainLink(
                    from: chainNode(a), to: chainNode(b), kind: k % 2 == 0 ? .strong : .weak, house: linkHouse))
        }
        if isLoop, let first = nodes.first, let last = nodes.last {
            links.append(ChainLink(from: chainNode(last), to: chainNode(first), kind: .weak, house: house(last, first)))
        }
        return links
    }
}
