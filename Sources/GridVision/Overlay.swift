// Offers: `Overlay`, drawing for the debug pictures a person checks by eye:
// candidate framings on the photo, and the rectified grid with its cell boxes.

import Geometry
import Raster

public enum Overlay {
    public typealias Colour = (UInt8, UInt8, UInt8)
    public static let green: Colour = (20, 190, 40)
    public static let blue: Colour = (40, 90, 240)
    public static let orange: Colour = (250, 150, 20)

    /// Draws a straight line `thickness` pixels wide (a square brush), clipped to the picture.
    public static func line(_ image: inout RGBImage, from a: Point, to b: Point, colour: Colour, thickness: Int = 1) {
        let steps = max(1, Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)))
        let r = thickness / 2
        for s in 0...steps {
            let p = a.lerp(b, Double(s) / Double(steps))
            let cx = Int(p.x.rounded(.down)), cy = Int(p.y.rounded(.down))
            for y in (cy - r)...(cy - r + thickness - 1) where y >= 0 && y < image.height {
                for x in (cx - r)...(cx - r + thickness - 1) where x >= 0 && x < image.width {
                    image[x, y] = colour
                }
            }
        }
    }

    /// Draws the four sides of `quad`, with a dot on corner 0 (the puzzle's r1c1).
    public static func quad(_ image: inout RGBImage, _ q: Quad, colour: Colour, thickness: Int = 1) {
        for i in 0..<4 { line(&image, from: q.corners[i], to: q.corners[(i + 1) % 4], colour: colour, thickness: thickness) }
        let c = q.corners[0]
        let r = Double(thickness * 3 + 2)
        rectangle(&image, x: Int(c.x - r), y: Int(c.y - r), width: Int(2 * r), height: Int(2 * r), colour: colour, fill: true)
    }

    /// Draws an axis-aligned rectangle outline, or fills it.
    public static func rectangle(_ image: inout RGBImage, x: Int, y: Int, width: Int, height: Int, colour: Colour,
                                 fill: Bool = false) {
        for yy in max(0, y)..<min(image.height, y + height) {
            for xx in max(0, x)..<min(image.width, x + width) {
                if fill || yy == y || yy == y + height - 1 || xx == x || xx == x + width - 1 { image[xx, yy] = colour }
            }
        }
    }

    /// The rectified grid with the fitted lattice drawn in blue and a green box
    /// around each glyph found (cells without a glyph stay plain).
    /// An ink mask drawn black on white, for looking at what the grid search saw.
    public static func mask(_ mask: BinaryImage) -> RGBImage {
        var pixels = [UInt8](repeating: 255, count: mask.width * mask.height * 3)
        for i in 0..<mask.bits.count where mask.bits[i] != 0 {
            pixels[3 * i] = 0; pixels[3 * i + 1] = 0; pixels[3 * i + 2] = 0
        }
        return RGBImage(width: mask.width, height: mask.height, pixels: pixels)
    }

    public static func cellSheet(_ cells: GridCells) -> RGBImage {
        var image = RGBImage(cells.warped)
        for row in 0..<9 {
            for col in 0..<9 {
                let q = cells.lattice.cellQuad(row: row, col: col)
                quad(&image, q, colour: blue, thickness: 1)
            }
        }
        // Glyph boxes, mapped from crop pixels to the rectified grid (close enough for a look).
        for i in 0..<81 {
            guard let box = cells.glyphs[i].box else { continue }
            let origin = cells.lattice.cellQuad(row: i / 9, col: i % 9).corners[0]
            let x = Int(origin.x + Double(box.x - cells.margin))
            let y = Int(origin.y + Double(box.y - cells.margin))
            rectangle(&image, x: x, y: y, width: box.width, height: box.height, colour: green)
            rectangle(&image, x: x - 1, y: y - 1, width: box.width + 2, height: box.height + 2, colour: green)
        }
        return image
    }
}
