// Offers: `LockedCandidates`: pointing (a digit's candidates in a box lie in
// one line) and claiming (a digit's candidates in a line lie in one box).

import SudokuCore

/// Locked candidates. Pointing first: when a digit's candidates in a box all
/// lie in one row or column, the digit goes there, so it leaves the rest of that
/// line. Then claiming: when a digit's candidates in a row or column all lie in
/// one box, it leaves the rest of the box.
public struct LockedCandidates: EnumeratingRung {
    public init() {}
    public var id: String { "locked-candidates" }
    public var techniques: [Technique] { [.pointing, .claiming] }

    /// Hands each step to `visit` in search order until it returns true.
    public func forEachStep(on board: Board, _ visit: (Step) -> Bool) {
        for claiming in [false, true] {
            for x in Houses.intersections {
                for d in 1...9 {
                    let plane = board.planes[d - 1]
                    let inside = plane & x.cells
                    guard !inside.isEmpty else { continue }
                    let (rest, targets) = claiming ? (x.lineRest, x.boxRest) : (x.boxRest, x.lineRest)
                    guard !plane.intersects(rest) else { continue }
                    let hit = plane & targets
                    guard !hit.isEmpty else { continue }
                    if visit(
                        Step(
                            technique: claiming ? .claiming : .pointing,
                            eliminations: hit.map { Candidate(index: $0, digit: d) },
                            pattern: .lockedCandidates(
                                digit: d, box: Houses.house(x.box),
                                line: Houses.house(x.line), cells: inside.cells)))
                    {
                        return
                    }
                }
            }
        }
    }
}
