// Offers: `CellEvidence` (what a cell may hold and what each choice costs) and
// `RepairSearch`: a best-first search over small sets of changes to a read board
// that accepts a board only when it has exactly one solution, and reports a tie
// between different repairs instead of picking one.

import SudokuCore

/// What the reading says about one cell.
public struct CellEvidence: Sendable {
    /// The value read, 0 for empty.
    public var read: Int
    /// Other values the cell might hold and the cost of each (about −log of its
    /// likelihood relative to the reading; 0 would be as likely as the reading).
    /// Value 0 means "the cell is empty" (the reading was a phantom).
    public var options: [(value: Int, cost: Double)]

    public init(read: Int, options: [(value: Int, cost: Double)] = []) {
        self.read = read
        self.options = options
    }
}

/// One change the search made.
public struct CellEdit: Sendable, Hashable {
    public var cell: Int
    public var from: Int
    public var to: Int
}

/// The result of a repair search.
public struct RepairOutcome: Sendable {
    /// The accepted board (81 values).
    public var board: [UInt8]
    public var edits: [CellEdit]
    public var cost: Double
    public var solution: [UInt8]
    /// Another set of changes of (about) the same cost also gave a unique board.
    public var ambiguous: Bool
    /// The cells of every competing repair, when ambiguous.
    public var contestedCells: Set<Int>
}

/// Finds the cheapest small repair after which a read board has exactly one
/// solution, or reports a tie.
///
/// Tuning: the bounds below were chosen by hand on the training photos
/// (`TestImages/newspaper`) when it was written, together with the costs that
/// `RepairCosts` gives the changes; no measurement of a single bound was
/// recorded. They are checked as a whole by `sudokit eval` against
/// `TestImages/baseline.json` (0 silent wrong boards). The bounds are
/// `RepairTuning` (`Tuning.repair`).
public struct RepairSearch: Sendable {
    public var tuning: RepairTuning

    public init(tuning: RepairTuning = RepairTuning()) { self.tuning = tuning }

    /// Finds the cheapest set of changes (at most `maxEdits`) after which the board
    /// has exactly one solution; the unchanged board first. Nil when none is found
    /// within the bounds.
    public func run(_ cells: [CellEvidence]) -> RepairOutcome? {
        precondition(cells.count == 81)
        let base = cells.map { UInt8($0.read) }
        var calls = 0
        func unique(_ board: [UInt8]) -> [UInt8]? {
            calls += 1
            guard let grid = try? Grid(cells: board) else { return nil }
            let r = Solver.solve(grid, limit: 2)
            return r.count == 1 ? r.solution?.cells : nil
        }
        if let solution = unique(base) {
            return RepairOutcome(
                board: base, edits: [], cost: 0, solution: solution, ambiguous: false,
                contestedCells: [])
        }
        // Every single change, cheapest first.
        var singles: [(cell: Int, to: Int, cost: Double)] = []
        for (i, c) in cells.enumerated() {
            for o in c.options where o.value != c.read && o.cost <= tuning.maxCost {
                singles.append((i, o.value, o.cost))
            }
        }
        singles.sort { $0.cost < $1.cost }
        guard !singles.isEmpty else { return nil }
        // Conflicts in the read board: a repair must change a cell of each one.
        let conflictGroups = Self.conflictCells(base)

        // Best-first over sets of singles, each set growing by later indices only.
        // The sets' picks lie end to end in `store`; the heap holds where.
        var heap = MinHeap()
        var store: [Int] = []
        for k in singles.indices {
            heap.push(Node(cost: singles[k].cost, count: 1, start: store.count))
            store.append(k)
        }
        var best: RepairOutcome?
        while let node = heap.pop() {
            if let b = best, node.cost > b.cost + tuning.tieMargin { break }
            if calls >= tuning.maxSolverCalls { break }
            let picks = Array(store[node.start..<node.start + node.count])
            // Grow first, so a set that fails still leads on to larger ones.
            if picks.count < tuning.maxEdits, let last = picks.last, heap.count < tuning.maxQueue {
                for k in (last + 1)..<singles.count {
                    let cost = node.cost + singles[k].cost
                    if cost > tuning.maxCost { break }
                    if picks.contains(where: { singles[$0].cell == singles[k].cell }) { continue }
                    heap.push(Node(cost: cost, count: picks.count + 1, start: store.count))
                    store.append(contentsOf: picks)
                    store.append(k)
                }
            }
            var board = base
            for k in picks { board[singles[k].cell] = UInt8(singles[k].to) }
            if conflictGroups.contains(where: { group in !picks.contains { group.contains(singles[$0].cell) } }) {
                continue
            }
            guard !Self.hasConflict(board), let solution = unique(board) else { continue }
            let edits = picks.map {
                CellEdit(cell: singles[$0].cell, from: cells[singles[$0].cell].read, to: singles[$0].to)
            }
            .sorted { $0.cell < $1.cell }
            if var b = best {
                // A second, different repair within the tie margin.
                if edits != b.edits {
                    b.ambiguous = true
                    b.contestedCells.formUnion(edits.map(\.cell))
                    best = b
                }
            } else {
                best = RepairOutcome(
                    board: board, edits: edits, cost: node.cost, solution: solution, ambiguous: false,
                    contestedCells: Set(edits.map(\.cell)))
            }
        }
        return best
    }

    /// The cells of the 27 houses, house by house: rows, columns, boxes.
    static let houseCells: [Int] = (0..<27).flatMap { house in
        (0..<9).map { k in
            switch house {
            case 0..<9: house * 9 + k
            case 9..<18: k * 9 + (house - 9)
            default: ((house - 18) / 3 * 3 + k / 3) * 9 + (house - 18) % 3 * 3 + k % 3
            }
        }
    }

    /// Whether a digit repeats in a house: `conflictCells(board)` is not empty,
    /// found without building the sets (the search asks it of every board it tries).
    static func hasConflict(_ board: [UInt8]) -> Bool {
        var grid = Grid()
        grid.cells = board
        return grid.hasConflicts
    }

    /// The cells of each repeated digit in a house (one set per repeat).
    static func conflictCells(_ board: [UInt8]) -> [Set<Int>] {
        var groups: [Set<Int>] = []
        for house in 0..<27 {
            var seen = [Int](repeating: -1, count: 10)
            for k in 0..<9 {
                let cell = houseCells[house * 9 + k]
                let v = Int(board[cell])
                guard v != 0 else { continue }
                if seen[v] >= 0 { groups.append([seen[v], cell]) } else { seen[v] = cell }
            }
        }
        return groups
    }

    /// A set of singles waiting in the search: its cost, and its `count`
    /// picks (indices into the singles, ascending) at `start` in the search's
    /// store. Plain values, so that the heap moves no references.
    struct Node {
        var cost: Double
        var count: Int
        var start: Int
    }

    /// A binary min-heap on cost (ties: fewer picks first).
    struct MinHeap {
        var items: [Node] = []
        var count: Int { items.count }

        static func less(_ a: Node, _ b: Node) -> Bool {
            a.cost < b.cost || (a.cost == b.cost && a.count < b.count)
        }

        mutating func push(_ n: Node) {
            items.append(n)
            var i = items.count - 1
            while i > 0 {
                let p = (i - 1) / 2
                if Self.less(items[i], items[p]) {
                    items.swapAt(i, p)
                    i = p
                } else {
                    break
                }
            }
        }

        mutating func pop() -> Node? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && Self.less(items[l], items[m]) { m = l }
                if r < items.count && Self.less(items[r], items[m]) { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
            return top
        }
    }
}
