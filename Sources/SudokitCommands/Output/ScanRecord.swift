// Offers: the text, line and JSON renderings of a `ScanResult` that `sudokit scan`
// prints (the output contract in the README). JSON keys are snake_case (here
// single words); rows and columns are 1-based.

import Basics
import Geometry
import GridScanner
import SudokuCore
import SudokuLogic

extension ScanResult {
    /// The 81 cells as one line, `.` for empty; nil when no grid was read. For
    /// a board not proven, the digits as read (repairs are only suggested).
    var puzzleLine: String? { boardAsRead?.lineString() }
    var solutionLine: String? { solution?.lineString() }
    /// The player's entries as one line, `.` where none; nil when no board was read.
    var entriesLine: String? {
        entries.count == 81 ? String(entries.map { $0 == 0 ? "." : Character(String($0)) }) : nil
    }
    /// Each cell's kind as one line (`.` empty, `p` printed, `h` handwritten); nil when no board was read.
    var kindsLine: String? { kinds.count == 81 ? String(kinds.map(\.letter)) : nil }

    /// The JSON object of the output contract (keys in a fixed order), then `extra`.
    func json(pretty: Bool, extra: [(String, String)] = []) -> String {
        func cornersJSON(_ q: Quad) -> String {
            JSONText.array(q.corners.map { JSONText.array([JSONText.number($0.x), JSONText.number($0.y)]) })
        }
        let corners = self.corners.map(cornersJSON) ?? "null"
        // Other grids on the page: where, and with --all-grids what each holds.
        let others = JSONText.array(
            otherGrids.indices.map { k in
                var members = [
                    ("corners", cornersJSON(otherGrids[k].quad)),
                    ("score", JSONText.number((otherGrids[k].score * 100).rounded() / 100)),
                ]
                if k < otherReadings.count {
                    let o = otherReadings[k]
                    members += [
                        ("status", JSONText.quoted(o.status.rawValue)), ("puzzle", JSONText.optional(o.puzzleLine)),
                        ("solution", JSONText.optional(o.solutionLine)), ("problem", o.problemJSON),
                        ("flagged", o.flaggedJSON),
                    ]
                }
                return JSONText.object(members)
            })
        let repairs = JSONText.array(repairs.map { $0.cell.json([("from", String($0.from)), ("to", String($0.to))]) })
        // The player's entries: null when no board was read; `wrong` is null
        // unless the solution is proven (nothing to check the entries against).
        let entries = entriesLine.map(JSONText.quoted) ?? "null"
        let kinds = kindsLine.map(JSONText.quoted) ?? "null"
        let kindConfidence =
            kindConfidence.isEmpty
            ? "null" : JSONText.array(kindConfidence.map { JSONText.number((Double($0) * 100).rounded() / 100) })
        let wrong = entriesChecked && !kinds.isEmpty ? JSONText.array(wrongEntries.map { $0.json() }) : "null"
        let conflicts = JSONText.array(
            entryConflicts.map { c in
                c.entry.json([("with", JSONText.array(c.with.map { $0.json() }))])
            })
        return JSONText.object(
            [
                ("file", JSONText.quoted(file)),
                ("status", JSONText.quoted(status.rawValue)),
                ("puzzle", JSONText.optional(puzzleLine)),
                ("solution", JSONText.optional(solutionLine)),
                ("entries", entries),
                ("wrong", wrong),
                ("conflicts", conflicts),
                ("doubtful_entries", JSONText.array(doubtfulEntries.map { $0.json() })),
                ("doubtful_clashes", JSONText.array(doubtfulClashes.map(\.json))),
                (
                    "marks",
                    JSONText.array(
                        marks.map { m in
                            m.cell.json([("digits", JSONText.quoted(m.text)), ("sure", m.sure ? "true" : "false")])
                        })
                ),
                ("position", JSONText.optional(PlayerPosition(self)?.board.candidateLine())),
                ("kinds", kinds),
                ("kind_confidence", kindConfidence),
                ("kinds_settled", JSONText.array(kindsSettledByPuzzle.map { $0.json() })),
                ("flagged", flaggedJSON),
                ("repairs", repairs),
                ("corners", corners),
                ("candidates", String(candidates)),
                ("ms", JSONText.number(milliseconds)),
                ("error", JSONText.optional(error?.description)),
                ("problem", problemJSON),
                ("settled", JSONText.array(settled.map { $0.cell.json([("digit", String($0.digit))]) })),
                ("other_grids", others),
            ] + extra, pretty: pretty)
    }

    /// `flagged` as JSON: `[{row, col, reason}]`.
    var flaggedJSON: String {
        JSONText.array(flagged.map { $0.cell.json([("reason", JSONText.quoted($0.reason.rawValue))]) })
    }

    /// `problem` as JSON: the board problem's code for an unverified board, else null.
    var problemJSON: String { JSONText.optional(status == .unverified ? boardProblem?.code : nil) }

    /// A person's view: the grid as read with flagged cells (and cells a repair
    /// is suggested for) marked `?` beside the digit (or alone when read empty),
    /// cells the person settled `*`, then a status line.
    func text(showSolution: Bool) -> String {
        var out = "\(file):\n"
        if let puzzle = boardAsRead {
            let doubted = Set(flagged.map(\.cell.index) + (status == .solved ? [] : repairs.map(\.cell.index)))
            let settledCells = Set(settled.map(\.cell.index))
            func board(_ grid: Grid, marks: Bool) -> String {
                Self.board(grid.cells) { i in
                    guard marks else { return nil }
                    return settledCells.contains(i) ? "*" : doubted.contains(i) ? "?" : nil
                }
            }
            out += board(puzzle, marks: true)
            if isPlayed, entries.count == 81 {
                out += "  entries (handwritten; ! wrong, ? not read surely):\n" + entriesBoard()
            }
            if showSolution, let solution {
                out += "  solution:\n" + board(solution, marks: false)
            }
        }
        switch status {
        case .solved: out += "  status: solved (exactly one solution)"
        case .unverified: out += "  status: unverified" + (boardProblem.map { ": \($0.description)" } ?? "")
        case .located: out += "  status: located"
        case .noGrid: out += "  status: no-grid (no sudoku grid found)"
        case .error: out += "  status: error: \(error?.description ?? "unknown")"
        }
        if !flagged.isEmpty {
            out += "; check " + flagged.map { "\($0.cell) (\($0.reason.rawValue))" }.joined(separator: ", ")
        }
        if !repairs.isEmpty && status == .solved {
            out += "; repaired " + repairs.map { "\($0.cell) \($0.from)->\($0.to)" }.joined(separator: ", ")
        } else if !repairs.isEmpty {
            let cells = repairs.map { "\($0.cell) reads \($0.from == 0 ? "empty" : String($0.from))" }.joined(
                separator: ", ")
            let to = repairs.map { "\($0.cell)=\($0.to == 0 ? "." : String($0.to))" }.joined(separator: ", ")
            out +=
                "; suggested: \(cells); "
                + (repairsMakeItUnique ? "\(to) would make the board unique" : "the search tried \(to)")
        }
        if !settled.isEmpty {
            out += "; settled by you: " + settled.map(\.description).joined(separator: ", ")
        }
        if !kindsSettledByPuzzle.isEmpty && kinds.count == 81 {
            out +=
                "; kinds from the puzzle (symmetric givens, one solution): "
                + kindsSettledByPuzzle.map { "\($0) \(kinds[$0.index] == .printed ? "given" : "entry")" }
                .joined(separator: ", ")
        }
        if isPlayed {
            let count = entries.filter { $0 != 0 }.count
            out += "\n  entries: \(count)"
            if entriesChecked {
                out +=
                    wrongEntries.isEmpty
                    ? ", none wrong"
                    : ", wrong: "
                        + wrongEntries.map { cell in
                            let with = entryConflicts.first { $0.entry == cell }?.with ?? []
                            return "\(cell)=\(entries[cell.index])"
                                + (with.isEmpty
                                    ? "" : " (clashes with \(with.map(\.description).joined(separator: ", ")))")
                        }.joined(separator: ", ")
            } else {
                out += ", not checked (the puzzle is not proven)"
            }
            if !doubtfulEntries.isEmpty {
                out += "; not read surely: " + doubtfulEntries.map(\.description).joined(separator: ", ")
            }
            if !doubtfulClashes.isEmpty {
                out +=
                    "; check: " + doubtfulClashes.map(\.description).joined(separator: "; ")
            }
        }
        if !marks.isEmpty { out += "\n  pencil marks: " + marksText }
        if let corners, status == .located { out += "; corners \(corners)" }
        out += "\n"
        for (k, quad) in otherGrids.map(\.quad).enumerated() {
            if k < otherReadings.count {
                var other = otherReadings[k]
                other.file = "\(file) (grid \(k + 2), corners \(quad))"
                out += other.text(showSolution: showSolution)
            } else {
                out +=
                    "  note: another grid is in the photo (corners \(quad)): another puzzle? --all-grids reads it too\n"
            }
        }
        return out
    }

    /// The pencil marks read surely (`r1c3 56, r2c7 4`), then how many cells
    /// hold small marks not read surely, summed up.
    var marksText: String {
        let read = marks.filter(\.sure).map { "\($0.cell) \($0.text)" }
        let unread = marks.count - read.count
        var parts = read.isEmpty ? [] : [read.joined(separator: ", ")]
        if unread > 0 {
            parts.append(
                "\(unread) \(read.isEmpty ? "" : "more ")\(unread == 1 ? "cell holds" : "cells hold") small marks "
                    + "that could not be read"
            )
        }
        return parts.joined(separator: "; ")
    }

    /// The entries grid: the player's digits, `.` elsewhere, a wrong entry
    /// marked `!` and one not read surely `?` after its digit.
    func entriesBoard() -> String {
        let wrong = Set(wrongEntries.map(\.index)), doubtful = Set(doubtfulEntries.map(\.index))
        return Self.board(entries) { i in wrong.contains(i) ? "!" : (doubtful.contains(i) ? "?" : nil) }
    }

    /// 81 values drawn as a 9 × 9 board with box rules, indented; a cell with a
    /// `mark` shows it after its digit, or alone when empty.
    static func board(_ cells: [UInt8], mark: (Int) -> Character?) -> String {
        var s = ""
        for r in 0..<9 {
            if r > 0 && r % 3 == 0 { s += "  ------+-------+------\n" }
            s += "  "
            for c in 0..<9 {
                if c > 0 && c % 3 == 0 { s += "| " }
                let v = cells[r * 9 + c], m = mark(r * 9 + c)
                s += (v == 0 ? (m.map(String.init) ?? ".") : String(v)) + (v != 0 ? (m.map(String.init) ?? " ") : " ")
            }
            s = String(s.dropLast(s.hasSuffix(" ") ? 1 : 0)) + "\n"
        }
        return s
    }

    /// The entry of a puzzle collection (`scan --format line --out FILE`): for a
    /// solved photo `# FILE` and the 81 cells, else one comment line saying why it
    /// is left out. `sudokit solve --input` skips the comment lines.
    func collectionEntry(includeUnverified: Bool) -> String {
        if status == .solved, let puzzleLine { return "# \(file)\n\(puzzleLine)\n" }
        if includeUnverified, status == .unverified, let puzzleLine {
            return "# \(file): unverified, included as read (not proven)\n\(puzzleLine)\n"
        }
        return "# \(file): \(status.rawValue), not included" + (error.map { ": \($0.description)" } ?? "") + "\n"
    }
}

extension DoubtfulClash {
    /// `{"row","col","digit","with":[{"row","col"}],"text"}`, rows and columns 1-based.
    var json: String {
        cell.json([
            ("digit", String(digit)), ("with", JSONText.array(with.map { $0.json() })),
            ("text", JSONText.quoted(description)),
        ])
    }
}

extension MarksWithoutSolution {
    /// `{row, col, marks, digit, text}`.
    var json: String {
        marks.cell.json([
            ("marks", JSONText.quoted(marks.text)), ("digit", String(digit)), ("text", JSONText.quoted(description)),
        ])
    }
}

extension Cell {
    /// `{"row","col"}` then `extra`: rows and columns 1-based in the output, as players write r1c1.
    func json(_ extra: [(String, String)] = []) -> String {
        JSONText.object([("row", String(row + 1)), ("col", String(column + 1))] + extra)
    }
}
