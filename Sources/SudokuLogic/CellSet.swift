// Offers: `CellSet`, a set of the 81 cells as a 128-bit mask, and `DigitMask`
// helpers for the 9-bit candidate masks the engine keeps per cell. Every
// technique works on these two: a set operation is a couple of machine words.

import SudokuCore

/// A set of cells as 81 bits: bit `i` for the cell with index `i` (row-major).
///
/// A value type of two words; set operations are a few instructions and never
/// allocate. Iteration is in increasing index order (row-major).
public struct CellSet: Sendable, Hashable, Sequence {
    /// Cells 0...63.
    @usableFromInline var lo: UInt64
    /// Cells 64...80 in bits 0...16.
    @usableFromInline var hi: UInt64

    @inlinable init(lo: UInt64, hi: UInt64) {
        self.lo = lo
        self.hi = hi
    }

    /// The empty set.
    @inlinable public init() {
        lo = 0
        hi = 0
    }

    /// The set of `cells`.
    public init<S: Sequence>(_ cells: S) where S.Element == Cell {
        self.init()
        for c in cells { insert(c.index) }
    }

    /// The set of the cells with these indices (each 0..<81).
    public init<S: Sequence>(indices: S) where S.Element == Int {
        self.init()
        for i in indices { insert(i) }
    }

    /// The set of the one cell with index `index`.
    @inlinable public static func single(_ index: Int) -> CellSet {
        var s = CellSet()
        s.insert(index)
        return s
    }

    /// All 81 cells.
    public static let all = CellSet(lo: ~0, hi: (1 << 17) - 1)
    public static let empty = CellSet()

    /// Row `r`'s cells (0...8) as a 9-bit word, bit c for column c: what a
    /// count over rows, columns and boxes of one plane can work on nine cells
    /// at a time.
    @inlinable @inline(__always) public func rowWord(_ r: Int) -> UInt16 {
        let shift = 9 * r
        if shift <= 55 { return UInt16(truncatingIfNeeded: lo >> UInt64(shift)) & 0x1FF }
        if shift >= 64 { return UInt16(truncatingIfNeeded: hi >> UInt64(shift - 64)) & 0x1FF }
        return UInt16(truncatingIfNeeded: (lo >> UInt64(shift)) | (hi << UInt64(64 - shift))) & 0x1FF
    }

    /// Whether every row, column and box holds a cell of the set.
    @inlinable public var meetsEveryHouse: Bool {
        var columns: UInt16 = 0
        for band in 0..<3 {
            let a = rowWord(3 * band), b = rowWord(3 * band + 1), c = rowWord(3 * band + 2)
            guard a != 0, b != 0, c != 0 else { return false }
            let some = a | b | c
            guard some & 0x7 != 0, some & 0x38 != 0, some & 0x1C0 != 0 else { return false }
            columns |= some
        }
        return columns == 0x1FF
    }

    @inlinable public var isEmpty: Bool { lo | hi == 0 }
    @inlinable public var count: Int { lo.nonzeroBitCount + hi.nonzeroBitCount }

    @inlinable public func contains(_ index: Int) -> Bool {
        index < 64 ? lo & (1 << UInt64(index)) != 0 : hi & (1 << UInt64(index - 64)) != 0
    }
    @inlinable public func contains(_ cell: Cell) -> Bool { contains(cell.index) }

    @inlinable public mutating func insert(_ index: Int) {
        if index < 64 { lo |= 1 << UInt64(index) } else { hi |= 1 << UInt64(index - 64) }
    }
    @inlinable public mutating func remove(_ index: Int) {
        if index < 64 { lo &= ~(1 << UInt64(index)) } else { hi &= ~(1 << UInt64(index - 64)) }
    }

    @inlinable public static func | (a: CellSet, b: CellSet) -> CellSet { CellSet(lo: a.lo | b.lo, hi: a.hi | b.hi) }
    @inlinable public static func & (a: CellSet, b: CellSet) -> CellSet { CellSet(lo: a.lo & b.lo, hi: a.hi & b.hi) }
    /// The cells of `a` that are not in `b`.
    @inlinable public static func - (a: CellSet, b: CellSet) -> CellSet { CellSet(lo: a.lo & ~b.lo, hi: a.hi & ~b.hi) }
    @inlinable public static func |= (a: inout CellSet, b: CellSet) {
        a.lo |= b.lo
        a.hi |= b.hi
    }
    @inlinable public static func &= (a: inout CellSet, b: CellSet) {
        a.lo &= b.lo
        a.hi &= b.hi
    }
    @inlinable public static func -= (a: inout CellSet, b: CellSet) {
        a.lo &= ~b.lo
        a.hi &= ~b.hi
    }

    /// True when every cell of `self` is in `other`.
    @inlinable public func isSubset(of other: CellSet) -> Bool { (self - other).isEmpty }
    /// True when the two sets share a cell.
    @inlinable public func intersects(_ other: CellSet) -> Bool { (lo & other.lo) | (hi & other.hi) != 0 }

    /// The smallest index in the set, or nil when it is empty.
    @inlinable public var first: Int? {
        if lo != 0 { return lo.trailingZeroBitCount }
        if hi != 0 { return 64 + hi.trailingZeroBitCount }
        return nil
    }

    /// Removes and returns the smallest index. - Precondition: not empty.
    @inlinable public mutating func popFirst() -> Int {
        if lo != 0 {
            let i = lo.trailingZeroBitCount
            lo &= lo &- 1
            return i
        }
        let i = 64 + hi.trailingZeroBitCount
        hi &= hi &- 1
        return i
    }

    public struct Iterator: IteratorProtocol {
        @usableFromInline var rest: CellSet
        @inlinable init(rest: CellSet) { self.rest = rest }
        @inlinable public mutating func next() -> Int? { rest.isEmpty ? nil : rest.popFirst() }
    }
    /// The indices in increasing order.
    @inlinable public func makeIterator() -> Iterator { Iterator(rest: self) }

    /// The cells in increasing index order.
    public var cells: [Cell] { map(Cell.init(index:)) }

    /// The cells every cell of the set sees (shares a house with), less the set
    /// itself: where a digit is excluded when the set is known to hold it. All
    /// cells for the empty set.
    public var commonPeers: CellSet {
        var result = CellSet.all
        for i in self { result &= Houses.peers[i] }
        return result
    }
}

/// 9-bit digit masks: bit `d - 1` for digit `d`.
package enum DigitMask {
    /// The digits of `mask` in increasing order, 1-based.
    package static func digits(_ mask: UInt16) -> [Int] {
        var out: [Int] = []
        var m = mask
        while m != 0 {
            out.append(m.trailingZeroBitCount + 1)
            m &= m &- 1
        }
        return out
    }

    /// The digits of `mask` in increasing order, 1-based, without building an
    /// array: for loops over a mask's digits.
    @inline(__always) package static func each(_ mask: UInt16) -> Digits { Digits(rest: mask) }

    /// The digits of a mask, in increasing order (see `each`).
    package struct Digits: Sequence, IteratorProtocol {
        var rest: UInt16

        @inline(__always) package mutating func next() -> Int? {
            guard rest != 0 else { return nil }
            let d = rest.trailingZeroBitCount + 1
            rest &= rest &- 1
            return d
        }
    }

    /// The mask of 1-based `digits`.
    package static func of<S: Sequence>(_ digits: S) -> UInt16 where S.Element == Int {
        digits.reduce(0) { $0 | 1 << UInt16($1 - 1) }
    }

    /// The bit of 1-based digit `d`.
    @inline(__always) package static func bit(_ d: Int) -> UInt16 { 1 << UInt16(d - 1) }
}
