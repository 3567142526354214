// Offers: the text, line and JSON renderings of a `ScanResult` that `sudokit scan`
// prints (the output contract in the README). JSON keys are snake_case (here
// single words); rows and columns are 1-based.

import Geometry
import GridScanner
import SudokuCore

extension ScanResult {
    /// The 81 cells as one line, `.` for empty; nil when no grid was read.
    var puzzleLine: String? { puzzle?.lineString() }
    var solutionLine: String? { solution?.lineString() }

    /// The JSON object of the output contract (keys in a fixed order), then `extra`.
    func json(pretty: Bool, extra: [(String, String)] = []) -> String {
        let corners = self.corners.map { q in
            JSONText.array(q.corners.map { JSONText.array([JSONText.number($0.x), JSONText.number($0.y)]) })
        } ?? "null"
        // Rows and columns are 1-based in the output, as players write r1c1.
        let flagged = JSONText.array(flagged.map {
            JSONText.object([("row", String($0.cell.row + 1)), ("col", String($0.cell.column + 1)),
                             ("reason", JSONText.quoted($0.reason.rawValue))])
        })
        let repairs = JSONText.array(repairs.map {
            JSONText.object([("row", String($0.cell.row + 1)), ("col", String($0.cell.column + 1)),
                             ("from", String($0.from)), ("to", String($0.to))])
        })
        return JSONText.object([
            ("file", JSONText.quoted(file)),
            ("status", JSONText.quoted(status.rawValue)),
            ("puzzle", JSONText.optional(puzzleLine)),
            ("solution", JSONText.optional(solutionLine)),
            ("flagged", flagged),
            ("repairs", repairs),
            ("corners", corners),
            ("candidates", String(candidates)),
            ("ms", JSONText.number(milliseconds)),
            ("error", JSONText.optional(error?.description)),
        ] + extra, pretty: pretty)
    }

    /// A person's view: the grid with flagged cells marked `?` beside the digit
    /// (or alone when read empty), then a status line.
    func text(showSolution: Bool) -> String {
        var out = "\(file):\n"
        if let puzzle {
            let flaggedCells = Set(flagged.map(\.cell.index))
            func board(_ grid: Grid, marks: Bool) -> String {
                let cells = grid.cells
                var s = ""
                for r in 0..<9 {
                    if r > 0 && r % 3 == 0 { s += "  ------+-------+------\n" }
                    s += "  "
                    for c in 0..<9 {
                        if c > 0 && c % 3 == 0 { s += "| " }
                        let v = cells[r * 9 + c]
                        let mark = marks && flaggedCells.contains(r * 9 + c)
                        s += (v == 0 ? (mark ? "?" : ".") : String(v)) + (mark && v != 0 ? "?" : " ")
                    }
                    s = String(s.dropLast(s.hasSuffix(" ") ? 1 : 0)) + "\n"
                }
                return s
            }
            out += board(puzzle, marks: true)
            if showSolution, let solution {
                out += "  solution:\n" + board(solution, marks: false)
            }
        }
        switch status {
        case .solved: out += "  status: solved (exactly one solution)"
        case .unverified: out += "  status: unverified"
        case .located: out += "  status: located"
        case .noGrid: out += "  status: no-grid (no sudoku grid found)"
        case .error: out += "  status: error: \(error?.description ?? "unknown")"
        }
        if !flagged.isEmpty {
            out += "; check " + flagged.map { "\($0.cell) (\($0.reason.rawValue))" }.joined(separator: ", ")
        }
        if !repairs.isEmpty {
            out += "; repaired " + repairs.map { "\($0.cell) \($0.from)->\($0.to)" }.joined(separator: ", ")
        }
        if let corners, status == .located { out += "; corners \(corners)" }
        return out + "\n"
    }

    /// The entry of a puzzle collection (`scan --format line --out FILE`): for a
    /// solved photo `# FILE` and the 81 cells, else one comment line saying why it
    /// is left out. `sudokit solve --input` skips the comment lines.
    var collectionEntry: String {
        if status == .solved, let puzzleLine { return "# \(file)\n\(puzzleLine)\n" }
        return "# \(file): \(status.rawValue), not included" + (error.map { ": \($0.description)" } ?? "") + "\n"
    }

    /// One line: the 81 cells (or the status when there is no board) and the file.
    var line: String {
        if let puzzleLine { return puzzleLine }
        return "# \(file): \(status.rawValue)" + (error.map { ": \($0.description)" } ?? "")
    }
}
