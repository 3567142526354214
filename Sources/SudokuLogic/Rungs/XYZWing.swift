// Offers: `XYZWing`.

import SudokuCore

/// XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}. One of the three
/// holds z, so cells seeing all three lose z.
public struct XYZWing: Rung {
    public init() {}
    public var id: String { "xyz-wing" }
    public var techniques: [Technique] { [.xyzWing] }

    public func step(on board: Board) -> Step? {
        let bivalueSet = CellSet(indices: board.unsolved.filter { board.masks[$0].nonzeroBitCount == 2 })
        for pivot in board.unsolved where board.masks[pivot].nonzeroBitCount == 3 {
            let pm = board.masks[pivot]
            let wings = (Houses.peers[pivot] & bivalueSet).filter { board.masks[$0] & ~pm == 0 }
            guard wings.count >= 2 else { continue }
            for i in 0..<wings.count {
                for j in (i + 1)..<wings.count {
                    let a = wings[i], b = wings[j]
                    let ma = board.masks[a], mb = board.masks[b]
                    guard ma != mb else { continue }
                    let z = ma & mb
                    guard z.nonzeroBitCount == 1 else { continue }
                    let digit = z.trailingZeroBitCount + 1
                    let targets = board.planes[digit - 1] & Houses.peers[pivot] & Houses.peers[a] & Houses.peers[b]
                    guard !targets.isEmpty else { continue }
                    return Step(
                        technique: .xyzWing, eliminations: targets.map { Candidate(index: $0, digit: digit) },
                        pattern: .wing(
                            pivot: Cell(index: pivot), pincers: [Cell(index: a), Cell(index: b)],
                            digits: DigitMask.digits(pm), eliminated: digit, link: nil))
                }
            }
        }
        return nil
    }
}
