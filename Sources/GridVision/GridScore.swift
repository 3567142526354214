// Offers: `GridLocator`'s probe and score: `lineProfiles`, a quad rectified and
// its long line ink measured row by row and column by column (`LineProfiles`,
// `profile`), and `gridScore`, how much those profiles look like the 10 + 10
// lines of a sudoku grid.

import Geometry
import Raster

extension GridLocator {

    /// For each row and each column of the rectified `quad`, the share of it covered
    /// by long horizontal (respectively vertical) line ink.
    struct LineProfiles {
        var rows: [Double]
        var cols: [Double]
        /// The long horizontal and vertical line ink of the probe.
        var horizontal: BinaryImage
        var vertical: BinaryImage
    }

    ///
    /// `joined`: ink is first joined across each line direction
    /// (`Morphology.joinedAcross`), so that a hairline drawn at a slight slant,
    /// broken where it steps from row to row, still counts as a line.
    func lineProfiles(_ quad: Quad, image: GrayImage, joined: Bool = false) -> LineProfiles? {
        guard let warped = Warper.warp(image, quad: quad, size: tuning.probeSize, antialias: false) else { return nil }
        let mask = Binarizer.adaptiveThreshold(warped, window: tuning.probeWindow, relativeOffset: tuning.probeOffset)
        let run = tuning.probeSize / 9 * tuning.lineRun.numerator / tuning.lineRun.denominator
        let horizontal = Morphology.horizontalLines(
            joined ? Morphology.joinedAcross(mask, horizontal: true) : mask, length: run)
        let vertical = Morphology.verticalLines(
            joined ? Morphology.joinedAcross(mask, horizontal: false) : mask, length: run)
        return LineProfiles(
            rows: profile(horizontal, horizontal: true), cols: profile(vertical, horizontal: false),
            horizontal: horizontal, vertical: vertical)
    }

    /// Share of each expected grid line (k/9 of the side, ±2 px) covered by line
    /// ink, averaged over the 20 lines, less the coverage half a cell away from
    /// them (where a grid has none but ruled text or a frame's hatching may).
    func gridScore(_ lines: LineProfiles) -> Double {
        let pitch = Double(tuning.probeSize) / 9
        func coverage(_ p: [Double], _ offset: Double) -> Double {
            var total = 0.0
            let count = offset == 0 ? 10 : 9
            for k in 0..<count {
                let c = Int((Double(k) * pitch + offset).rounded())
                var best = 0.0
                for d in -tuning.lineTolerance...tuning.lineTolerance where c + d >= 0 && c + d < p.count {
                    best = max(best, p[c + d])
                }
                total += min(1, best)
            }
            return total / Double(count)
        }
        let on = (coverage(lines.rows, 0) + coverage(lines.cols, 0)) / 2
        let off = (coverage(lines.rows, pitch / 2) + coverage(lines.cols, pitch / 2)) / 2
        return on - off
    }

    /// For each row (or column) of a line mask, the share of its length that is ink.
    func profile(_ mask: BinaryImage, horizontal: Bool) -> [Double] {
        let n = horizontal ? mask.height : mask.width
        let len = horizontal ? mask.width : mask.height
        var counts = [Int32](repeating: 0, count: n)
        let w = mask.width
        // Counts in 32-bit loops without a branch (a mask's side is far below 2^31).
        mask.bits.withUnsafeBufferPointer { bits in
            counts.withUnsafeMutableBufferPointer { c in
                let ink = bits.baseAddress!, count = c.baseAddress!
                for y in 0..<mask.height {
                    let row = y &* w
                    if horizontal {
                        var sum: Int32 = 0
                        for x in 0..<w { sum &+= ink[row &+ x] != 0 ? 1 : 0 }
                        count[y] = sum
                    } else {
                        for x in 0..<w { count[x] &+= ink[row &+ x] != 0 ? 1 : 0 }
                    }
                }
            }
        }
        return counts.map { Double($0) / Double(len) }
    }
}
