// Offers: `--assume CELL=DIGIT` (`AssumeOptions`), the cells a person settles
// where the reader was unsure: `scan` proves the photo's board again with them
// (`ScanResult.settling`), and `hint`, `grade` and `explain` put them into the
// puzzles they read (a scan record's `puzzle`, say).

import ArgumentParsing
import GridScanner
import SudokuCore

/// One `--assume` value: `r1c9=7`, or `r4c2=.` (also `r4c2=0`) for an empty cell.
struct Assumption: ArgumentValue, Sendable, Hashable {
    var cell: Cell
    var digit: UInt8

    static var expected: String { "CELL=DIGIT such as r1c9=7, or r4c2=. for an empty cell" }

    init?(argument: String) {
        let text = Array(argument.lowercased())
        guard text.count == 6, text[0] == "r", text[2] == "c", text[4] == "=",
            let row = text[1].wholeNumberValue, let column = text[3].wholeNumberValue,
            (1...9).contains(row), (1...9).contains(column)
        else { return nil }
        if text[5] == "." || text[5] == "0" {
            digit = 0
        } else if let d = text[5].wholeNumberValue, (1...9).contains(d) {
            digit = UInt8(d)
        } else {
            return nil
        }
        cell = Cell(row: row - 1, column: column - 1)
    }

    var settled: SettledCell { SettledCell(cell: cell, digit: digit) }
}

/// `--assume CELL=DIGIT`, repeating.
struct AssumeOptions: ParsableArguments {
    var cells: [Assumption] = []

    static var options: [Option<Self>] {
        [
            .repeating(
                "assume", \.cells, valueName: "cell=digit",
                help: "Settle a cell the reader was unsure of: r1c9=7, or r4c2=. for empty; may repeat.")
        ]
    }

    /// The settled cells, each cell once.
    /// - Throws: `CLIError.usage` when a cell is given two different digits.
    func settled() throws(CLIError) -> [SettledCell] {
        var seen: [Cell: UInt8] = [:]
        for a in cells {
            if let d = seen[a.cell], d != a.digit {
                throw CLIError.usage(
                    "--assume gives \(a.cell) two digits (\(d == 0 ? "." : String(d)) and "
                        + "\(a.settled.description.suffix(1)))"
                )
            }
            seen[a.cell] = a.digit
        }
        return seen.map { SettledCell(cell: $0.key, digit: $0.value) }.sorted { $0.cell < $1.cell }
    }

    /// `grid` with the settled cells put in.
    func apply(to grid: Grid) throws(CLIError) -> Grid {
        let cells = try settled()
        guard !cells.isEmpty else { return grid }
        var values = grid.cells
        for c in cells { values[c.cell.index] = c.digit }
        do throws(SudokuCoreError) { return try Grid(cells: values) } catch {
            throw CLIError.software("a settled board is invalid: \(error)")
        }
    }
}
