// Offers: `Conflict` and `Grid.conflicts()`: every digit that a house holds more
// than once, with the house and the cells, so a caller can show the player (or
// a recognition pipeline can blame) exactly which givens clash.

/// A digit that appears more than once in one house.
public struct Conflict: Sendable, Hashable, CustomStringConvertible {
    /// 1...9.
    public var digit: UInt8
    public var house: House
    /// The cells holding `digit` in `house`, in row-major order; at least two.
    public var cells: [Cell]

    public init(digit: UInt8, house: House, cells: [Cell]) {
        self.digit = digit
        self.house = house
        self.cells = cells
    }

    /// `digit 5 appears 2 times in row 1: r1c1, r1c4`.
    public var description: String {
        "digit \(digit) appears \(cells.count) times in \(house): " + cells.map(\.description).joined(separator: ", ")
    }
}

extension Grid {
    /// Every repeated digit in every house, ordered by house (rows, columns,
    /// boxes) and then by digit. Empty when the givens are consistent.
    ///
    /// A pair of clashing givens in the same row and box is reported twice,
    /// once per house. Values outside 1...9 are ignored. O(81 * 3).
    public func conflicts() -> [Conflict] {
        guard hasConflicts else { return [] }
        var result: [Conflict] = []
        for house in House.all {
            var seen = [[Cell]](repeating: [], count: 10)
            for cell in house.cells {
                let v = Int(cells[cell.index])
                if (1...9).contains(v) { seen[v].append(cell) }
            }
            for digit in 1...9 where seen[digit].count > 1 {
                result.append(Conflict(digit: UInt8(digit), house: house, cells: seen[digit]))
            }
        }
        return result
    }

    /// Whether some house holds a digit more than once: `conflicts()` is not
    /// empty. One pass over the cells with a digit mask per house, nothing
    /// allocated (the ladder and the repair search ask it of many grids).
    public var hasConflicts: Bool {
        cells.withUnsafeBufferPointer { values in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 27) { seen in
                seen.initialize(repeating: 0)
                for i in 0..<81 {
                    let v = values[i]
                    guard v != 0, v <= 9 else { continue }
                    let bit = UInt16(1) << v
                    let r = i / 9, c = i % 9
                    let b = 18 + r / 3 * 3 + c / 3
                    if (seen[r] | seen[9 + c] | seen[b]) & bit != 0 { return true }
                    seen[r] |= bit
                    seen[9 + c] |= bit
                    seen[b] |= bit
                }
                return false
            }
        }
    }
}
