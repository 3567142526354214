// The rasteriser's pixels, checked where they matter: the picture has the
// laid-out size (times the scale); a placement's cell has the placement colour,
// a shaded house the house colour, an empty cell without marks is paper, a
// given's cell holds dark ink, an elimination is red; keys are drawn at their
// frames; and the PNG the project's encoder writes decodes to the same pixels.

import BoardLayout
import BoardRendering
import Coaching
import Drawing
import Geometry
import ImageCodecs
import Raster
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@Suite(.tags(.small)) struct RasterTests {
    func colour(_ image: RGBImage, _ p: Point, scale: Double = 1) -> Colour {
        let v = image[Int(p.x * scale), Int(p.y * scale)]
        return Colour(v.0, v.1, v.2)
    }

    func close(_ a: Colour, _ b: Colour, within: Int = 3) -> Bool {
        abs(Int(a.r) - Int(b.r)) <= within && abs(Int(a.g) - Int(b.g)) <= within && abs(Int(a.b) - Int(b.b)) <= within
    }

    /// The number of pixels in `frame` darker than `level` in every channel.
    func darkPixels(_ image: RGBImage, in f: Frame, below level: UInt8 = 90) -> Int {
        var n = 0
        for y in Int(f.y)..<Int(f.maxY) {
            for x in Int(f.x)..<Int(f.maxX) {
                let v = image[x, y]
                if v.0 < level && v.1 < level && v.2 < level { n += 1 }
            }
        }
        return n
    }

    func inset(_ f: Frame, _ d: Double) -> Frame {
        Frame(x: f.x + d, y: f.y + d, width: f.width - 2 * d, height: f.height - 2 * d)
    }

    @Test(arguments: [1, 2]) func aHintsPixels(scale: Int) throws {
        let layout = Layout(LayoutRequest(width: 390, height: 844))
        let p = try Grid(line: puzzle)
        let board = try Board(puzzle: p)
        let step = try #require(Ladder.standard.nextStep(board))
        var picture = BoardPicture.hint(step, board: board, puzzle: p, level: .full, layout: layout, boardOnly: false)
        picture.content.candidates = nil  // no pencil marks: the empty cells must be paper
        let s = Double(scale)
        let image = Rasteriser.image(picture.scene, scale: s)
        // The layout's rectangle, and under it the key and the hint's text.
        #expect(image.width == 390 * scale && image.height == Int((picture.size.height * s).rounded(.up)))
        #expect(picture.size.height > 844 + 40)
        // The placement's cell (r1c6), near its corner (inside the outline): the placement colour.
        let placed = picture.cellFrame(cell("r1c6"))
        let fillPoint = Point(placed.x + placed.width * 0.5, placed.y + placed.height * 0.12)
        #expect(
            close(colour(image, fillPoint, scale: s), Palette.placementFill), "\(colour(image, fillPoint, scale: s))")
        // The placed digit is drawn in the placement colour somewhere in the middle of the cell.
        var green = 0
        let mid = inset(placed, placed.width * 0.25)
        for y in Int(mid.y * s)..<Int(mid.maxY * s) {
            for x in Int(mid.x * s)..<Int(mid.maxX * s)
            where close(Colour(image[x, y].0, image[x, y].1, image[x, y].2), Palette.placement, within: 20) {
                green += 1
            }
        }
        #expect(green > 10)
        // A given's cell of box 2 (the house), beside its digit: shaded, not paper. r1c5 holds 7.
        let shaded = picture.cellFrame(cell("r1c5"))
        let c = colour(image, Point(shaded.x + shaded.width * 0.12, shaded.midY), scale: s)
        #expect(!close(c, Palette.paper) && c.b > c.r, "the house is shaded blue: \(c)")
        // The empty cells of box 2 that the 8s rule out (r1c4, in a row with an 8): grey.
        let blocked = picture.cellFrame(cell("r1c4"))
        #expect(close(colour(image, Point(blocked.midX, blocked.midY), scale: s), Palette.blockedFill, within: 2))
        // An empty cell outside the hint: paper.
        let empty = picture.cellFrame(cell("r9c1"))
        #expect(close(colour(image, Point(empty.midX, empty.midY), scale: s), Palette.paper, within: 0))
        let scaled = { (f: Frame) in Frame(x: f.x * s, y: f.y * s, width: f.width * s, height: f.height * s) }
        #expect(darkPixels(image, in: scaled(inset(empty, empty.width * 0.15))) == 0)
        // A given (r1c1 = 5): dark ink in its middle.
        let given = picture.cellFrame(cell("r1c1"))
        #expect(darkPixels(image, in: scaled(inset(given, given.width * 0.2))) > 20 * scale * scale)
        // The keys of the legend: key 1's corner is the key colour.
        let key = layout.keys[0].frame
        #expect(close(colour(image, Point(key.x + 4, key.y + 4), scale: s), Palette.keyFill))
        // Outside the board and the keys: paper.
        #expect(close(colour(image, Point(2, 2), scale: s), Palette.paper, within: 0))
    }

    @Test func anEliminationIsRedAndAPNGRoundTrips() throws {
        let layout = Layout(LayoutRequest(width: 500, height: 500))
        let picture = xWingPicture(layout: layout, captioned: false)
        let image = Rasteriser.image(picture.scene)
        #expect(image.width == Int(layout.board.width + 2 * LayoutRules.margin))
        // The eliminated candidate's disc, beside its digit: the elimination fill.
        let centre = picture.candidateCentre(7, in: cell("r5c5"))
        let r = layout.cellSize / 6 * 0.8
        let edge = colour(image, Point(centre.x - r, centre.y))
        // (The disc's red ring, just outside, tints it a little.)
        #expect(
            close(edge, Palette.eliminationFill, within: 24) || close(edge, Palette.elimination, within: 40), "\(edge)")
        // The base rows and cover columns meet at the corners, and are shaded there.
        let corner = picture.cellFrame(cell("r1c1"))
        #expect(!close(colour(image, Point(corner.x + 3, corner.maxY - 3)), Palette.paper))
        // PNG through the project's encoder decodes to the same pixels.
        let bytes = try PNGEncoder.encode(image)
        let decoded = try ImageDecoder.decode(bytes, source: "render")
        #expect(decoded.image == image)
    }

    @Test func aScrollingLegendShowsOnlyTheVisibleKeys() {
        let layout = Layout(LayoutRequest(width: 300, height: 300, textSize: TextSize.large, labels: .german))
        #expect(layout.controlsScroll)
        let scene = BoardPicture(layout: layout, content: .init(givens: Grid())).scene
        let keys = scene.shapes(role: "key")
        #expect(!keys.isEmpty && keys.count < 13)
        #expect(scene.shapes(role: "scroll-bar").count == 1)
        let image = Rasteriser.image(scene)
        #expect(image.width == 300 && image.height == 300)
    }
}
