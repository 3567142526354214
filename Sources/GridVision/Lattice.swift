// Offers: `GridLattice`, the 10×10 crossings of a grid's lines in the rectified
// square, fitted to the lines actually seen, so that bent paper still puts each
// cell where it is; and the per-cell framing in the photo it implies.

import Geometry
import Raster

/// The crossings of a grid's ten horizontal and ten vertical lines.
public struct GridLattice: Sendable {
    /// Side of the rectified square the points are given in.
    public let size: Double
    /// 100 points: crossing of horizontal line `i` and vertical line `j` at `i * 10 + j`.
    public var points: [Point]

    /// The evenly spaced lattice of a flat grid.
    public static func regular(size: Double) -> GridLattice {
        let pitch = size / 9
        return GridLattice(
            size: size, points: (0..<100).map { Point(Double($0 % 10) * pitch, Double($0 / 10) * pitch) })
    }

    /// Corners of cell (row, col), 0-based, clockwise from its top-left.
    public func cellQuad(row: Int, col: Int) -> Quad {
        Quad(
            points[row * 10 + col], points[row * 10 + col + 1], points[(row + 1) * 10 + col + 1],
            points[(row + 1) * 10 + col])
    }
}

public enum LatticeFitter {
    /// Fits the grid lines of a rectified grid picture: for each line and each cell
    /// span along it, the offset (up to a third of a cell) where the line's ink is
    /// strongest; spans without a clear line keep their neighbours' offset.
    ///
    /// - Parameter warped: the grid warped to a square, outer border on its edges.
    public static func fit(_ warped: GrayImage) -> GridLattice {
        let size = warped.width
        let pitch = Double(size) / 9
        let mask = Morphology.dilate(
            Binarizer.adaptiveThreshold(warped, window: Int(pitch / 2) | 1, relativeOffset: 0.06), radius: 1)
        let runLength = Int(pitch * 0.6)
        let horizontal = Morphology.horizontalLines(mask, length: runLength)
        let vertical = Morphology.verticalLines(mask, length: runLength)
        let reach = Int(pitch / 3)

        // offsets[line][span]: shift of `line` within cell span `span`, nil when unseen.
        func offsets(_ lines: BinaryImage, across: Bool) -> [[Double]] {
            var result = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 10)
            for line in 0...9 {
                var found = [Double?](repeating: nil, count: 9)
                let expected = Int((Double(line) * pitch).rounded())
                for span in 0..<9 {
                    let a = Int(Double(span) * pitch), b = Int(Double(span + 1) * pitch)
                    var bestCount = 0, bestShift = 0
                    for shift in -reach...reach {
                        let p = expected + shift
                        guard p >= 0 && p < size else { continue }
                        var count = 0
                        lines.bits.withUnsafeBufferPointer { bits in
                            for q in a..<min(b, size) {
                                count &+= Int(across ? bits[p * size + q] : bits[q * size + p])
                            }
                        }
                        // Prefer the smaller shift on ties (thick lines).
                        if count > bestCount || (count == bestCount && abs(shift) < abs(bestShift)) {
                            bestCount = count
                            bestShift = shift
                        }
                    }
                    if Double(bestCount) >= 0.4 * pitch { found[span] = Double(bestShift) }
                }
                // Fill unseen spans from the nearest seen ones; none seen: no shift.
                for span in 0..<9 {
                    if let v = found[span] {
                        result[line][span] = v
                        continue
                    }
                    let seen = (0..<9).compactMap { s in found[s].map { (abs(s - span), $0) } }
                    result[line][span] = seen.min { $0.0 < $1.0 }?.1 ?? 0
                }
                // A lone outlier among its neighbours is more likely a digit stroke.
                let raw = result[line]
                for span in 0..<9 {
                    let window = raw[max(0, span - 1)...min(8, span + 1)].sorted()
                    result[line][span] = window[window.count / 2]
                }
            }
            return result
        }
        let rowShift = offsets(horizontal, across: true)  // horizontal line i, column span j
        let colShift = offsets(vertical, across: false)  // vertical line j, row span i

        /// Shift of a line at a crossing between spans: the mean of the two spans around it.
        func at(_ shifts: [Double], _ k: Int) -> Double {
            if k == 0 { return shifts[0] }
            if k == 9 { return shifts[8] }
            return (shifts[k - 1] + shifts[k]) / 2
        }
        var points: [Point] = []
        for i in 0...9 {
            for j in 0...9 {
                let x = Double(j) * pitch + at(colShift[j], i)
                let y = Double(i) * pitch + at(rowShift[i], j)
                points.append(Point(x, y))
            }
        }
        return GridLattice(size: Double(size), points: points)
    }
}
