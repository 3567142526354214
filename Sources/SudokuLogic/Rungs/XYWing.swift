// Offers: `XYWing`.

import SudokuCore

/// XY-Wing: a pivot cell with candidates {x,y} sees two pincers {x,z} and
/// {y,z}. Whichever the pivot holds, one pincer is z, so cells seeing both pincers lose z.
public struct XYWing: Rung {
    public init() {}
    public var id: String { "xy-wing" }
    public var techniques: [Technique] { [.xyWing] }

    public func step(on board: Board) -> Step? {
        let bivalue = board.unsolved.filter { board.masks[$0].nonzeroBitCount == 2 }
        let bivalueSet = CellSet(indices: bivalue)
        for pivot in bivalue {
            let pm = board.masks[pivot]
            let wings = (Houses.peers[pivot] & bivalueSet).filter {
                let m = board.masks[$0]
                return m != pm && (m & pm).nonzeroBitCount == 1
            }
            guard wings.count >= 2 else { continue }
            for i in 0..<wings.count {
                for j in (i + 1)..<wings.count {
                    let a = wings[i], b = wings[j]
                    let ma = board.masks[a], mb = board.masks[b]
                    // The pincers share z, and together with the pivot they hold x, y, z once each.
                    let z = ma & mb & ~pm
                    guard z.nonzeroBitCount == 1, (ma & pm) != (mb & pm) else { continue }
                    let digit = z.trailingZeroBitCount + 1
                    let eliminations = StrongLinks.seenByBoth(board, digit: digit, a, b, exclude: CellSet.single(pivot))
                    guard !eliminations.isEmpty else { continue }
                    return Step(
                        technique: .xyWing, eliminations: eliminations,
                        pattern: .wing(
                            pivot: Cell(index: pivot), pincers: [Cell(index: a), Cell(index: b)],
                            digits: DigitMask.digits(pm | z), eliminated: digit, link: nil))
                }
            }
        }
        return nil
    }
}
