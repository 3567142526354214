// Offers: `PlaySource`, what `sudokit play` plays: a puzzle given as 81
// characters, the day's puzzle, a generated tier, a photo (scanned; the cells
// the reader was unsure of settled by the player, as `scan --assume` does, and
// a half-played photo's entries and pencil marks the starting position), or
// the last game, resumed. A board that cannot be proven is never played.

import Basics
import Coaching
import GameCore
import Grading
import GridScanner
import SudokuCore

/// A new game's puzzle and where it came from.
struct NewGame {
    var puzzle: Grid
    var source: String
    var tier: Tier?
    /// The starting position (a photo's entries and marks).
    var start: [CellState] = []
}

/// A photo read, with the cells still to settle before it can be played.
struct PhotoToSettle {
    var path: String
    var result: ScanResult
    /// What the reader read in each flagged cell (0: empty), for the prompt.
    var read: [Cell: Int]

    /// The flagged cells not yet settled, in cell order.
    var open: [FlaggedCell] {
        let settled = Set(result.settled.map(\.cell))
        var seen = Set<Cell>()
        return result.flagged.filter { !settled.contains($0.cell) && seen.insert($0.cell).inserted }
            .sorted { $0.cell < $1.cell }
    }

    /// The cells to ask about next: those not yet settled; once all are settled and the
    /// board is still not proven, every flagged cell again (a settled digit may be wrong).
    var toSettle: [FlaggedCell] {
        let open = self.open
        guard open.isEmpty, game == nil else { return open }
        var seen = Set<Cell>()
        return original.flagged.filter { seen.insert($0.cell).inserted }.sorted { $0.cell < $1.cell }
    }

    /// `r1c9: read as 7, not surely (low-confidence)`.
    func prompt(_ f: FlaggedCell) -> String {
        let digit = read[f.cell] ?? 0
        let what = digit == 0 ? "read as empty" : "read as \(digit)"
        let why: String
        switch f.reason {
        case .missedInk: why = "but it holds ink"
        case .lowConfidence: why = "not surely"
        case .conflict: why = "and the digit repeats in its row, column or box"
        case .ambiguous: why = "and another reading fits as well"
        case .kindDoubt: why = "printed or handwritten is not clear"
        }
        return "\(f.cell): \(what), \(why)"
    }

    /// The photo with `cell` settled to `digit` (0: empty), proven again.
    mutating func settle(_ cell: Cell, digit: Int) {
        var cells = result.settled.filter { $0.cell != cell }
        cells.append(SettledCell(cell: cell, digit: UInt8(digit)))
        result = original.settling(cells)
    }

    private let original: ScanResult

    init(path: String, result: ScanResult) {
        self.path = path
        self.result = result
        original = result
        var read: [Cell: Int] = [:]
        let board = result.puzzle?.cells ?? Array(repeating: 0, count: 81)
        for f in result.flagged {
            let entry = result.entries.isEmpty ? 0 : Int(result.entries[f.cell.index])
            read[f.cell] = entry != 0 ? entry : Int(board[f.cell.index] <= 9 ? board[f.cell.index] : 0)
        }
        self.read = read
    }

    /// The game, once the board is proven; nil while it is not.
    var game: NewGame? {
        guard result.status == .solved, let puzzle = result.puzzle else { return nil }
        var start: [CellState] = []
        if result.entries.count == 81 {
            for cell in Cell.all where result.entries[cell.index] != 0 && puzzle[cell] == 0 {
                start.append(CellState(cell: cell, digit: Int(result.entries[cell.index])))
            }
        }
        let entered = Set(start.map(\.cell))
        for m in result.marks where m.sure && !m.digits.isEmpty && !entered.contains(m.cell) && puzzle[m.cell] == 0 {
            start.append(CellState(cell: m.cell, digit: 0, marks: CandidateSet(m.digits)))
        }
        return NewGame(puzzle: puzzle, source: path, tier: nil, start: start.sorted { $0.cell < $1.cell })
    }

    /// Why the board is not proven yet, in words.
    var blocked: String {
        switch result.status {
        case .solved: return "proven"
        case .unverified:
            let open = self.open.count
            return open > 0
                ? "\(open) cell\(open == 1 ? "" : "s") to settle"
                : "the board as settled has \(result.puzzle.map { Solver.solve($0).count == 0 } == true ? "no solution" : "more than one solution")"
        default:
            return "the photo gave no board (\(result.status.rawValue))"
        }
    }
}

enum PlaySource {
    /// The day's puzzle (today in UTC without a date).
    static func daily(date: CivilDate?) throws(CLIError) -> NewGame {
        let date = date ?? CivilDate(dayNumber: Int((Clocks.realtimeSeconds() / 86_400).rounded(.down)))
        guard let chosen = DailyPool.bundled.puzzle(for: date, tier: nil) else {
            throw CLIError.software("the daily pool has no puzzle for \(date)")
        }
        return NewGame(puzzle: chosen.puzzle, source: "daily \(date)", tier: Tier(chosen.tier))
    }

    /// The first puzzle `generate --tier N --seed S` prints.
    static func generated(tier: Int, seed: Int) throws(CLIError) -> NewGame {
        let request = Generator.Request(tier: Tier(tier)!)
        var attempts = 0
        while attempts < 20_000 {
            for s in Generator.attemptSeeds(seed: UInt64(seed), skip: attempts, count: 8) {
                attempts += 1
                if let g = Generator.attempt(request, seed: s) {
                    return NewGame(puzzle: g.puzzle, source: "tier \(tier) seed \(seed)", tier: Tier(tier))
                }
            }
        }
        throw CLIError(
            message: "no tier-\(tier) puzzle in 20000 attempts (seed \(seed)): try another --seed", code: .notVerified)
    }

    /// A puzzle written as 81 characters.
    static func puzzle(_ text: String) throws(CLIError) -> NewGame {
        do throws(SudokuCoreError) {
            return NewGame(puzzle: try Grid(line: text), source: "puzzle")
        } catch {
            throw CLIError.data("'\(text.prefix(90))' is not a puzzle: \(error)")
        }
    }

    /// True when `argument` names a file (a photo) rather than a puzzle line.
    static func isPhoto(_ argument: String) -> Bool {
        argument.count != 81 || OutputFiles.exists(argument)
    }

    /// The photo scanned, with `assumed` cells settled.
    static func photo(_ path: String, assumed: [SettledCell]) throws(CLIError) -> PhotoToSettle {
        guard OutputFiles.exists(path) else { throw CLIError.noInput("cannot open '\(path)': no such file") }
        let scanner = try checkReaderStarts(ScanOptions(), photos: 1)
        let result = scanner.scan(path: path)
        if let error = result.error { throw CLIError(error) }
        guard result.status == .solved || result.status == .unverified, result.puzzle != nil else {
            throw CLIError(
                message: "'\(path)': no board to play (\(result.status.rawValue)); sudokit scan says more",
                code: .notVerified)
        }
        var photo = PhotoToSettle(path: path, result: result)
        for s in assumed { photo.settle(s.cell, digit: Int(s.digit)) }
        return photo
    }
}
