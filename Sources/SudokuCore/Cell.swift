// Offers: `Cell` (a position r1c1...r9c9), `House` (a row, column or box) and the
// fixed geometry of a 9x9 sudoku: which cells a house holds, which houses a cell
// lies in.

import Basics

/// One of the 81 positions of the grid.
///
/// Stored 0-based (`index = row * 9 + column`); printed in players' notation,
/// 1-based: `r1c1` is the top-left cell, `r9c9` the bottom-right one.
public struct Cell: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0...80, row-major.
    public let index: Int

    /// The cell at 0-based `index`. - Precondition: `0 <= index < 81`.
    public init(index: Int) {
        precondition((0..<81).contains(index), "cell index \(index) outside 0..<81")
        self.index = index
    }

    /// The cell at 0-based `row` and `column`. - Precondition: both in 0..<9.
    public init(row: Int, column: Int) {
        precondition((0..<9).contains(row) && (0..<9).contains(column), "cell (\(row), \(column)) outside the grid")
        self.index = row * 9 + column
    }

    /// 0-based row.
    public var row: Int { index / 9 }
    /// 0-based column.
    public var column: Int { index % 9 }
    /// 0-based box, row-major: box 0 is top-left, box 8 bottom-right.
    public var box: Int { (row / 3) * 3 + column / 3 }

    /// The three houses the cell lies in: its row, column and box.
    public var houses: [House] { [.row(row), .column(column), .box(box)] }

    /// All 81 cells in row-major order.
    public static let all: [Cell] = (0..<81).map(Cell.init(index:))

    /// `r3c7`: 1-based row and column.
    public var description: String { "r\(row + 1)c\(column + 1)" }

    /// The cell named `r3c7` (either case); nil for anything else.
    public init?(name: some StringProtocol) {
        let u = Array(name.lowercased().utf8)
        guard u.count == 4, u[0] == UInt8(ascii: "r"), u[2] == UInt8(ascii: "c"),
            (49...57).contains(u[1]), (49...57).contains(u[3])
        else { return nil }
        self.init(row: Int(u[1]) - 49, column: Int(u[3]) - 49)
    }

    public static func < (a: Cell, b: Cell) -> Bool { a.index < b.index }
}

/// A row, column or box: nine cells that must hold each digit once.
///
/// Numbers are 0-based; `description` prints them 1-based ("row 1", "box 9").
public enum House: Sendable, Hashable, CustomStringConvertible {
    case row(Int)
    case column(Int)
    case box(Int)

    /// The nine cells, in row-major order.
    public var cells: [Cell] {
        switch self {
        case let .row(r): return (0..<9).map { Cell(row: r, column: $0) }
        case let .column(c): return (0..<9).map { Cell(row: $0, column: c) }
        case let .box(b): return (0..<9).map { Cell(row: (b / 3) * 3 + $0 / 3, column: (b % 3) * 3 + $0 % 3) }
        }
    }

    /// The 27 houses: rows 0...8, then columns, then boxes.
    public static let all: [House] = (0..<9).map(House.row) + (0..<9).map(House.column) + (0..<9).map(House.box)

    /// The house in the JSON formats: `{"type":"row","index":4}`, 1-based.
    public var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    /// Writes `json` into `w`.
    public func writeJSON(to w: inout JSONWriter) {
        let (type, index): (String, Int) =
            switch self {
            case let .row(n): ("row", n)
            case let .column(n): ("column", n)
            case let .box(n): ("box", n)
            }
        w.beginObject()
        w.key("type")
        w.string(type)
        w.key("index")
        w.int(index + 1)
        w.endObject()
    }

    public var description: String {
        switch self {
        case let .row(r): return "row \(r + 1)"
        case let .column(c): return "column \(c + 1)"
        case let .box(b): return "box \(b + 1)"
        }
    }
}

/// A set of digits 1...9 as a 9-bit mask (bit `d - 1` for digit `d`): the
/// candidates of one cell, or the digits a house still lacks.
public struct CandidateSet: Sendable, Hashable, Sequence, CustomStringConvertible {
    /// Bit `d - 1` set when digit `d` is in the set; bits 9...15 are always clear.
    public private(set) var rawValue: UInt16

    /// The set with the bits of `rawValue` (bits above 8 are dropped).
    public init(rawValue: UInt16) { self.rawValue = rawValue & 0x1FF }
    /// The set of `digits`. - Precondition: each in 1...9.
    public init<S: Sequence>(_ digits: S) where S.Element == Int {
        rawValue = 0
        for d in digits { insert(d) }
    }

    /// All nine digits.
    public static let all = CandidateSet(rawValue: 0x1FF)
    /// No digit.
    public static let empty = CandidateSet(rawValue: 0)

    public var count: Int { rawValue.nonzeroBitCount }
    public var isEmpty: Bool { rawValue == 0 }
    /// The only digit when `count == 1`, else nil.
    public var single: Int? { count == 1 ? rawValue.trailingZeroBitCount + 1 : nil }

    public func contains(_ digit: Int) -> Bool { (1...9).contains(digit) && rawValue & (1 << (digit - 1)) != 0 }
    public mutating func insert(_ digit: Int) {
        precondition((1...9).contains(digit), "digit \(digit) outside 1...9")
        rawValue |= 1 << (digit - 1)
    }
    public mutating func remove(_ digit: Int) {
        if (1...9).contains(digit) { rawValue &= ~(1 << (digit - 1)) }
    }
    public func union(_ other: CandidateSet) -> CandidateSet { CandidateSet(rawValue: rawValue | other.rawValue) }
    public func intersection(_ other: CandidateSet) -> CandidateSet {
        CandidateSet(rawValue: rawValue & other.rawValue)
    }
    public func subtracting(_ other: CandidateSet) -> CandidateSet {
        CandidateSet(rawValue: rawValue & ~other.rawValue)
    }

    /// The digits in increasing order.
    public func makeIterator() -> AnyIterator<Int> {
        var bits = rawValue
        return AnyIterator {
            guard bits != 0 else { return nil }
            let d = bits.trailingZeroBitCount + 1
            bits &= bits &- 1
            return d
        }
    }

    /// `{1,5,9}`.
    public var description: String { "{" + map(String.init).joined(separator: ",") + "}" }
}
