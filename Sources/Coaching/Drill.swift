// Offers: `Drill`, a position whose simplest step (the first the ladder finds)
// is one given technique, with that step; `DrillPool`, the drills bundled with
// the package (DrillPool.generated.swift, the same text as
// Resources/drill-pool.txt), read per technique on demand; and the pool's line
// format, written by `Drill.poolLine` and read by `DrillPool`.
//
// A pool line: `TECHNIQUE SOURCE POSITION REMOVED`.
// - TECHNIQUE: the technique's identifier (`x-wing`).
// - SOURCE: where the position comes from: `carved:N` (the N-th puzzle carved
//   from the pool's seed), `17-clue:N`, `top1465:N`, `hardest-1106:N`,
//   `hardest-1905:N` (the N-th puzzle of that set in TestImages/puzzles).
// - POSITION: 81 characters, row-major: `1`-`9` a given, `a`-`i` a digit
//   placed since (1-9), `.` an empty cell.
// - REMOVED: the candidates the position has lost beyond those its filled
//   cells rule out, as one group `RCD...` per cell (row, column, then the lost
//   digits), groups joined by `,`; `-` for none.
// The candidates of an empty cell are the digits its peers do not hold, minus
// its lost ones. The conclusion is not stored: the technique's rung finds it
// again on the position (one rung, not the ladder), so the pool stays small
// and cannot disagree with the rung.

import SudokuCore
import SudokuLogic

/// One drill: a position in which the ladder's simplest step is `technique`.
public struct Drill: Sendable, Hashable {
    public var technique: Technique
    /// 1-based, within the technique's drills in pool order.
    public var number: Int
    /// Where the position comes from (see the pool format above).
    public var source: String
    /// The givens.
    public var puzzle: Grid
    /// The position: the givens, the digits placed since, the candidates.
    public var board: Board

    /// `x-wing-7`: the technique's identifier and the drill's number.
    public var id: String { "\(technique.rawValue)-\(number)" }

    /// The digits placed since the givens (0 elsewhere), as `hint --entries` reads them.
    public var entries: Grid {
        Grid(cellsUnchecked: (0..<81).map { board.givens.contains($0) ? 0 : board.values[$0] })
    }

    /// The step the drill asks for: the technique's rung on the position. On a
    /// drill of a pool that matches the ladder this is the ladder's `nextStep`
    /// (the earlier rungs find nothing), found without asking them.
    public func step(ladder: Ladder = .standard) -> Step? {
        guard let rung = ladder.rungs.first(where: { $0.techniques.contains(technique) }) else { return nil }
        return rung.step(on: board)
    }

    /// The drill `id` names: `(technique, number)`; nil when it is not `TECHNIQUE-N`.
    public static func parseID(_ id: String) -> (technique: Technique, number: Int)? {
        guard let dash = id.lastIndex(of: "-"), let n = Int(id[id.index(after: dash)...]), n >= 1,
            let t = Technique(named: String(id[..<dash]))
        else { return nil }
        return (t, n)
    }

    /// The pool line of `board` (a position of `puzzle`) as a drill of `technique`.
    public static func poolLine(technique: Technique, source: String, puzzle: Grid, board: Board) -> String {
        var position = ""
        position.reserveCapacity(81)
        for i in 0..<81 {
            let v = Int(board.values[i])
            if v == 0 {
                position.append(".")
            } else if (1...9).contains(Int(puzzle.cells[i])) {
                position.append(Character(String(v)))
            } else {
                position.append(Character(UnicodeScalar(UInt8(96 + v))))
            }
        }
        let allowed = board.grid.candidates()
        var groups: [String] = []
        for i in 0..<81 where board.values[i] == 0 {
            let lost = allowed[i].rawValue & ~board.candidates(at: Cell(index: i)).rawValue
            guard lost != 0 else { continue }
            groups.append("\(i / 9 + 1)\(i % 9 + 1)" + DigitMask.digits(lost).map(String.init).joined())
        }
        return "\(technique.rawValue) \(source) \(position) \(groups.isEmpty ? "-" : groups.joined(separator: ","))"
    }

    /// The drill of one pool line (without its number: 1).
    /// - Throws: `SudokuLogicError.poolText` naming what is wrong.
    public init(poolLine line: Substring, lineNumber: Int, number: Int = 1) throws(SudokuLogicError) {
        func bad(_ message: String) -> SudokuLogicError { .poolText(line: lineNumber, message: message) }
        let parts = line.split(separator: " ")
        guard parts.count == 4 else { throw bad("expected TECHNIQUE SOURCE POSITION REMOVED") }
        guard let t = Technique(rawValue: String(parts[0])) else { throw bad("unknown technique '\(parts[0])'") }
        let position = Array(parts[2].utf8)
        guard position.count == 81 else { throw bad("the position has \(position.count) characters, not 81") }
        var givens = [UInt8](repeating: 0, count: 81), values = [UInt8](repeating: 0, count: 81)
        for (i, ch) in position.enumerated() {
            switch ch {
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                givens[i] = ch - 48
                values[i] = ch - 48
            case UInt8(ascii: "a")...UInt8(ascii: "i"): values[i] = ch - 96
            case UInt8(ascii: "."): break
            default: throw bad("unexpected '\(Character(UnicodeScalar(ch)))' in the position (1-9, a-i or '.')")
            }
        }
        let grid = Grid(cellsUnchecked: values)
        var masks = grid.candidates().map(\.rawValue)
        if parts[3] != "-" {
            for group in parts[3].split(separator: ",") {
                let g = Array(group.utf8).map { Int($0) - 48 }
                guard g.count >= 3, g.allSatisfy({ (1...9).contains($0) }) else {
                    throw bad("bad lost-candidate group '\(group)'")
                }
                let i = (g[0] - 1) * 9 + g[1] - 1
                for d in g[2...] { masks[i] &= ~DigitMask.bit(d) }
            }
        }
        let puzzle = Grid(cellsUnchecked: givens)
        let b: Board
        do {
            b = try Board(
                values: values, masks: masks, givens: CellSet(indices: (0..<81).filter { givens[$0] != 0 }),
                uniqueness: Board.uniqueness(of: puzzle))
        } catch {
            throw bad("the position does not hold: \(error)")
        }
        self.init(technique: t, number: number, source: String(parts[1]), puzzle: puzzle, board: b)
    }

    public init(technique: Technique, number: Int, source: String, puzzle: Grid, board: Board) {
        self.technique = technique
        self.number = number
        self.source = source
        self.puzzle = puzzle
        self.board = board
    }
}

/// The drills of a pool, by technique, in the pool's order. Lines are kept as
/// byte ranges of the text and a drill is built when asked for, so reading the
/// pool costs one pass over its bytes and no solving.
public struct DrillPool: Sendable {
    /// The pool's text as UTF-8.
    private let bytes: [UInt8]
    /// Per technique, its lines: their 1-based numbers and byte ranges.
    private let lines: [Technique: [(line: Int, range: Range<Int>)]]
    /// The techniques the pool's header lists as out of the search's reach.
    public let unreached: [Technique]
    /// The `#` comment lines, without the `# `.
    public let header: [String]

    /// Reads the pool text: `#` comment lines, then one drill a line. A header
    /// line `# unreached: ID ID ...` lists the techniques the search found none of.
    /// - Throws: `SudokuLogicError.poolText` for a line that is not a technique
    ///   and three more fields (the positions are read when a drill is asked for).
    public init(text: String) throws(SudokuLogicError) {
        let bytes = Array(text.utf8)
        var byTechnique: [Technique: [(line: Int, range: Range<Int>)]] = [:]
        var names: [ArraySlice<UInt8>: Technique] = [:]
        for t in Technique.allCases { names[ArraySlice(t.rawValue.utf8)] = t }
        var unreached: [Technique] = []
        var header: [String] = []
        var start = 0, number = 0
        while start < bytes.count {
            number += 1
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var last = end
            if last > start && bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            defer { start = end + 1 }
            if last == start { continue }
            if bytes[start] == UInt8(ascii: "#") {
                let body = String(decoding: bytes[start..<last], as: UTF8.self).dropFirst().drop { $0 == " " }
                header.append(String(body))
                if body.hasPrefix("unreached:") {
                    for word in body.dropFirst("unreached:".count).split(separator: " ") {
                        guard let t = Technique(rawValue: String(word)) else {
                            throw .poolText(line: number, message: "unknown technique '\(word)' in the unreached list")
                        }
                        unreached.append(t)
                    }
                }
                continue
            }
            let line = bytes[start..<last]
            let space = line.firstIndex(of: UInt8(ascii: " ")) ?? last
            guard let t = names[bytes[start..<space]], line.lazy.filter({ $0 == UInt8(ascii: " ") }).count == 3 else {
                throw .poolText(
                    line: number,
                    message: "expected a technique, a source, an 81-character position and the lost candidates")
            }
            byTechnique[t, default: []].append((number, start..<last))
        }
        self.bytes = bytes
        lines = byTechnique
        self.unreached = unreached
        self.header = header
    }

    /// The pool compiled into the package.
    public static let bundled: DrillPool = {
        do { return try DrillPool(text: drillPoolText) } catch {
            preconditionFailure("the bundled drill pool does not read: \(error)")
        }
    }()

    /// How many drills `technique` has.
    public func count(_ technique: Technique) -> Int { lines[technique]?.count ?? 0 }

    /// The number of drills in all.
    public var total: Int { lines.values.reduce(0) { $0 + $1.count } }

    /// Drill `number` (1-based) of `technique`.
    /// - Throws: `SudokuLogicError.poolText` when its line does not hold a position.
    public func drill(_ technique: Technique, number: Int) throws(SudokuLogicError) -> Drill? {
        guard let list = lines[technique], (1...list.count).contains(number) else { return nil }
        let entry = list[number - 1]
        return try Drill(
            poolLine: Substring(String(decoding: bytes[entry.range], as: UTF8.self)), lineNumber: entry.line,
            number: number)
    }

    /// `count` different drill numbers of `technique` (fewer when it has fewer),
    /// chosen by `seed`: the same on every machine.
    public func numbers(_ technique: Technique, count: Int, seed: UInt64) -> [Int] {
        let n = self.count(technique)
        var rng = SplitMix64(seed: seed)
        return Array(rng.shuffled(Array(1...max(1, n))).prefix(min(count, n)))
    }
}

extension Drill {
    /// Why the drill no longer holds, or nil when it does: its puzzle has one
    /// solution, the position agrees with it (no placed digit differs, no cell
    /// lost its digit), the ladder's simplest step is the drill's technique, the
    /// technique's rung finds that same step, and the step agrees with the solution.
    public func problem(ladder: Ladder = .standard) -> String? {
        let solved = Solver.solve(puzzle)
        guard solved.count == 1, let solution = solved.solution, board.uniqueness == .proven else {
            return "\(id): its puzzle does not have exactly one solution"
        }
        for cell in Cell.all {
            let s = Int(solution.cells[cell.index])
            if let v = board.value(at: cell), v != s { return "\(id): \(cell) holds \(v), the solution \(s)" }
            if board.value(at: cell) == nil && !board.hasCandidate(s, at: cell) {
                return "\(id): \(cell) lost its digit \(s)"
            }
        }
        guard let next = ladder.nextStep(board) else { return "\(id): no rung of the ladder applies" }
        if next.technique != technique {
            return
                "\(id): its simplest step is now \(next.technique.rawValue) (\(next.line)): regenerate the pool "
                + "(scripts/make-drill-pool)"
        }
        if step(ladder: ladder) != next { return "\(id): the \(technique.rawValue) rung's step is not the ladder's" }
        if let p = StepCheck.problem(with: next, on: board, solution: solution) { return "\(id): \(p)" }
        return nil
    }
}
