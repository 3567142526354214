import Drawing
import Geometry
import Raster
import TestSupport
import Testing

/// The drawing kit's image shape and its clipping: what the scan's overlays
/// rest on (the board pictures' shapes are tested in BoardRenderingTests).
@Suite(.tags(.small)) struct DrawingTests {
    /// A 3 x 2 picture with six different pixels.
    static let picture = RGBImage(width: 3, height: 2, pixels: (0..<18).map { UInt8($0 * 10) })

    @Test func anImageOverItsOwnSizeIsCopiedExactly() {
        let scene = Scene(
            width: 3, height: 2, background: Colour(255, 255, 255),
            shapes: [Shape(.image(Self.picture, Frame(x: 0, y: 0, width: 3, height: 2)), role: "photo")])
        #expect(Rasteriser.image(scene) == Self.picture)
    }

    @Test func anImageIsStretchedOverItsFrameNearest() {
        // Twice the size, one pixel in from the left: each source pixel becomes a 2 x 2 block.
        let scene = Scene(
            width: 8, height: 4, background: Colour(255, 255, 255),
            shapes: [Shape(.image(Self.picture, Frame(x: 1, y: 0, width: 6, height: 4)), role: "photo")])
        let drawn = Rasteriser.image(scene)
        #expect(drawn[0, 0] == (255, 255, 255) && drawn[7, 3] == (255, 255, 255))
        for y in 0..<4 {
            for x in 1..<7 { #expect(drawn[x, y] == Self.picture[(x - 1) / 2, y / 2], "\(x), \(y)") }
        }
        // At half scale the frame is (0.5, 0, 3, 2): the picture again, and a column of paper.
        let half = Rasteriser.image(scene, scale: 0.5)
        #expect((half.width, half.height) == (4, 2))
        for y in 0..<2 {
            for x in 0..<4 { #expect(half[x, y] == (x < 3 ? Self.picture[x, y] : (255, 255, 255)), "\(x), \(y)") }
        }
    }

    @Test func shapesOffTheCanvasAreClipped() {
        let shapes = [
            Shape(
                .rect(
                    Frame(x: -30, y: -30, width: 10, height: 10), fill: Paint(Colour(0, 0, 0)), stroke: nil,
                    lineWidth: 0), role: "off"),
            Shape(
                .rect(
                    Frame(x: -4, y: -4, width: 6, height: 6), fill: Paint(Colour(0, 0, 0)), stroke: nil, lineWidth: 0),
                role: "edge"),
            Shape(.line(Point(-50, 2), Point(-40, 2), Paint(Colour(0, 0, 0)), width: 3, dashed: false), role: "off"),
            Shape(.image(Self.picture, Frame(x: 20, y: 20, width: 3, height: 2)), role: "off"),
        ]
        let drawn = Rasteriser.image(Scene(width: 5, height: 5, background: Colour(255, 255, 255), shapes: shapes))
        for y in 0..<5 {
            for x in 0..<5 { #expect(drawn[x, y] == (x < 2 && y < 2 ? (0, 0, 0) : (255, 255, 255)), "\(x), \(y)") }
        }
    }

    @Test func svgLinksAnImageAsItsCallerSays() {
        let scene = Scene(
            width: 3, height: 2, background: Colour(255, 255, 255),
            shapes: [Shape(.image(Self.picture, Frame(x: 0, y: 0, width: 3, height: 2)), role: "photo")])
        let linked = SVGWriter.svg(scene, imageLink: { "data:image/x-test;\($0.width)x\($0.height)" })
        #expect(
            linked.contains(
                "<image class=\"photo\" x=\"0\" y=\"0\" width=\"3\" height=\"2\" preserveAspectRatio=\"none\" "
                    + "href=\"data:image/x-test;3x2\"/>"))
        #expect(
            SVGWriter.svg(scene).contains(
                "<image class=\"photo\" x=\"0\" y=\"0\" width=\"3\" height=\"2\" preserveAspectRatio=\"none\"/>"))
    }
}
