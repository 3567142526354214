// Offers: `SueDeCoq`.

import SudokuCore

/// Sue de Coq: two or three empty cells where a box meets a line, with at
/// least two more candidates than cells, plus some cells of the rest of the
/// line and some of the rest of the box, whose candidates are disjoint, so
/// that all these cells together hold exactly as many digits as cells. Each
/// digit is then placed once among them: the line's digits (those the box
/// cells lack) leave the rest of the line, the box's digits leave the rest of
/// the box.
public struct SueDeCoq: Rung {
    public init() {}
    public var id: String { "sue-de-coq" }
    public var techniques: [Technique] { [.sueDeCoq] }

    public func step(on board: Board) -> Step? {
        for x in Houses.intersections {
            let core = (board.unsolved & x.cells).map { $0 }
            guard core.count >= 2 else { continue }
            let lineRest = (board.unsolved & x.lineRest).map { $0 }
            let boxRest = (board.unsolved & x.boxRest).map { $0 }
            guard !lineRest.isEmpty, !boxRest.isEmpty else { continue }
            for k in 2...core.count {
                var found: Step?
                Combinations.forEach(core.count, choose: k) { pick in
                    var coreMask: UInt16 = 0
                    var coreCells = CellSet()
                    for p in pick {
                        coreMask |= board.masks[core[p]]
                        coreCells.insert(core[p])
                    }
                    guard coreMask.nonzeroBitCount >= k + 2 else { return false }
                    found = search(board, x, coreCells, coreMask, lineRest, boxRest)
                    return found != nil
                }
                if let found { return found }
            }
        }
        return nil
    }

    private func search(
        _ board: Board, _ x: Houses.Intersection, _ coreCells: CellSet, _ coreMask: UInt16,
        _ lineRest: [Int], _ boxRest: [Int]
    ) -> Step? {
        let n = coreCells.count
        // Line and box parts: a few cells each, every one sharing a digit with the core.
        let lineParts = parts(board, lineRest, coreMask)
        let boxParts = parts(board, boxRest, coreMask)
        for lp in lineParts {
            for bp in boxParts where lp.mask & bp.mask == 0 {
                let all = coreMask | lp.mask | bp.mask
                guard all.nonzeroBitCount == n + lp.cells.count + bp.cells.count else { continue }
                // Every digit is placed once: line digits (not in the box part) leave the
                // rest of the line, box digits (not in the line part) the rest of the box.
                var eliminations: [Candidate] = []
                let lineDigits = all & ~bp.mask, boxDigits = all & ~lp.mask
                for i in x.lineRest & board.unsolved - lp.cells {
                    for d in DigitMask.each(board.masks[i] & lineDigits) {
                        eliminations.append(Candidate(index: i, digit: d))
                    }
                }
                for i in x.boxRest & board.unsolved - bp.cells {
                    for d in DigitMask.each(board.masks[i] & boxDigits) {
                        eliminations.append(Candidate(index: i, digit: d))
                    }
                }
                // An intersection cell outside the pattern lies in both the line and the box.
                for i in x.cells & board.unsolved - coreCells {
                    for d in DigitMask.each(board.masks[i] & (lineDigits | boxDigits)) {
                        eliminations.append(Candidate(index: i, digit: d))
                    }
                }
                guard !eliminations.isEmpty else { continue }
                return Step(
                    technique: .sueDeCoq, eliminations: eliminations,
                    pattern: .sueDeCoq(
                        box: Houses.house(x.box), line: Houses.house(x.line),
                        intersection: coreCells.cells, lineCells: lp.cells.cells,
                        boxCells: bp.cells.cells))
            }
        }
        return nil
    }

    /// Sets of one to three cells of `pool`, each cell sharing a candidate with the core.
    private func parts(_ board: Board, _ pool: [Int], _ coreMask: UInt16) -> [(cells: CellSet, mask: UInt16)] {
        let usable = pool.filter { board.masks[$0] & coreMask != 0 }
        var out: [(CellSet, UInt16)] = []
        for k in 1...min(3, max(1, usable.count)) where k <= usable.count {
            Combinations.forEach(usable.count, choose: k) { pick in
                var mask: UInt16 = 0
                var cells = CellSet()
                for p in pick {
                    mask |= board.masks[usable[p]]
                    cells.insert(usable[p])
                }
                out.append((cells, mask))
                return false
            }
        }
        return out
    }
}
