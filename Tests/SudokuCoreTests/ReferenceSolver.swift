// Offers what the SudokuCore tests check the solver against: an independent
// solution check and a plain reference backtracker.

/// True when `cells` is a complete grid with every house holding 1...9 once.
/// Written independently of `Grid.conflicts()` so that it can check it.
func isValidSolution(_ cells: [UInt8]) -> Bool {
    guard cells.count == 81 else { return false }
    for h in 0..<9 {
        var row = Set<UInt8>(), col = Set<UInt8>(), box = Set<UInt8>()
        for k in 0..<9 {
            row.insert(cells[h * 9 + k])
            col.insert(cells[k * 9 + h])
            box.insert(cells[((h / 3) * 3 + k / 3) * 9 + (h % 3) * 3 + k % 3])
        }
        for s in [row, col, box] where s != Set(1...9) { return false }
    }
    return true
}

/// A plain backtracker: fill the empty cell with the fewest legal digits, try
/// each digit in order. Obviously correct rather than fast (no propagation, no
/// bitboards beyond one used-digit mask per house); counts up to `limit` and
/// keeps the first solution found.
func referenceSolve(_ puzzle: [UInt8], limit: Int = 2) -> (count: Int, first: [UInt8]?) {
    var cells = puzzle
    var used = [UInt16](repeating: 0, count: 27)  // rows, columns, boxes
    func houses(_ i: Int) -> (Int, Int, Int) { (i / 9, 9 + i % 9, 18 + (i / 27) * 3 + (i % 9) / 3) }
    for i in 0..<81 where cells[i] != 0 {
        let bit: UInt16 = 1 << cells[i]
        let (r, c, b) = houses(i)
        if (used[r] | used[c] | used[b]) & bit != 0 { return (0, nil) }  // clashing givens
        used[r] |= bit
        used[c] |= bit
        used[b] |= bit
    }
    var count = 0
    var first: [UInt8]?
    func recurse() {
        var best = -1
        var bestFree: UInt16 = 0
        for i in 0..<81 where cells[i] == 0 {
            let (r, c, b) = houses(i)
            let free = ~(used[r] | used[c] | used[b]) & 0x3FE
            if best < 0 || free.nonzeroBitCount < bestFree.nonzeroBitCount {
                best = i
                bestFree = free
                if free.nonzeroBitCount <= 1 { break }
            }
        }
        if best < 0 {
            count += 1
            if first == nil { first = cells }
            return
        }
        let (r, c, b) = houses(best)
        for v in UInt8(1)...9 where bestFree & (1 << v) != 0 {
            let bit: UInt16 = 1 << v
            cells[best] = v
            used[r] |= bit
            used[c] |= bit
            used[b] |= bit
            recurse()
            used[r] &= ~bit
            used[c] &= ~bit
            used[b] &= ~bit
            cells[best] = 0
            if count >= limit { return }
        }
    }
    recurse()
    return (count, first)
}
