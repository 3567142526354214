// Draws sudoku grids for the tests: a flat grid with digit-like blocks, placed
// into a larger page through a known perspective map.
import Geometry
import Raster

@testable import GridVision

enum SyntheticGrid {
    /// A flat grid `side` pixels across on paper (230), lines dark (40); cells whose
    /// index is in `filled` get a 1-like or 7-like dark glyph in the middle.
    /// Without `border`, the outer lines are not drawn (the inner lines still run
    /// from edge to edge).
    static func flat(side: Int, filled: Set<Int>, boxLine: Int = 4, cellLine: Int = 2, border: Bool = true) -> GrayImage
    {
        var g = GrayImage(width: side, height: side, fill: 230)
        let pitch = Double(side) / 9
        for k in 0...9 where border || (k != 0 && k != 9) {
            let t = k % 3 == 0 ? boxLine : cellLine
            let p = min(side - t, max(0, Int(Double(k) * pitch) - t / 2))
            for a in 0..<side {
                for d in 0..<t {
                    g[a, p + d] = 40
                    g[p + d, a] = 40
                }
            }
        }
        for i in filled {
            let cx = Int((Double(i % 9) + 0.5) * pitch), cy = Int((Double(i / 9) + 0.5) * pitch)
            let h = Int(pitch * 0.55), w = max(2, Int(pitch * 0.12))
            for y in (cy - h / 2)..<(cy + h / 2) { for x in (cx - w / 2)..<(cx + w / 2) { g[x, y] = 30 } }
            // A top bar on every other glyph, so glyphs differ.
            if i % 2 == 0 {
                for x in (cx - h / 3)..<(cx + w / 2) { for y in (cy - h / 2)..<(cy - h / 2 + w) { g[x, y] = 30 } }
            }
        }
        return g
    }

    /// A `width`×`height` page (paper 215 with a brightness gradient) showing `grid`
    /// at `quad` (grid corner 0 → quad corner 0), plus some text-like bars
    /// outside it.
    static func page(grid: GrayImage, quad: Quad, width: Int, height: Int) -> GrayImage {
        var page = GrayImage(width: width, height: height)
        for y in 0..<height { for x in 0..<width { page[x, y] = UInt8(175 + 60 * x / width) } }
        // Text-like bars around.
        for row in stride(from: 8, to: height - 8, by: 23) where row % 3 != 0 {
            for x in stride(from: 6, to: width / 5, by: 1) where (x / 9) % 4 != 3 {
                for y in row..<(row + 6) { page[x, y] = 60 }
            }
        }
        let h = Homography(squareOfSide: Double(grid.width), to: quad)!.inverse!
        for y in 0..<height {
            for x in 0..<width {
                let p = h.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                let gx = Int(p.x), gy = Int(p.y)
                if p.x >= 0, p.y >= 0, gx < grid.width, gy < grid.height {
                    page[x, y] = UInt8(Int(grid[gx, gy]) * (175 + 60 * x / width) / 235)
                }
            }
        }
        return page
    }

    /// A 3×3 box blur, to soften edges like a camera.
    static func blur(_ g: GrayImage) -> GrayImage {
        var out = g
        for y in 1..<(g.height - 1) {
            for x in 1..<(g.width - 1) {
                var s = 0
                for dy in -1...1 { for dx in -1...1 { s += Int(g[x + dx, y + dy]) } }
                out[x, y] = UInt8(s / 9)
            }
        }
        return out
    }
}
