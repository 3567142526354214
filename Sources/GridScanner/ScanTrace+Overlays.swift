// Offers: `ScanTrace.overlays`, the debug pictures of `scan --debug` as scenes
// of the drawing kit, drawn from the kept look of the trace: the photo with its
// candidate framings, the locator's ink mask, and the rectified grid with its
// lattice and glyph boxes. A caller rasterises them (PNG) or writes them as SVG.

import Drawing
import Geometry
import GridVision
import Raster

extension ScanTrace {
    /// The overlay pictures of the kept look, as `scan --debug` writes them, each
    /// a scene in pixels of its picture (one point a pixel): "framings" (the photo
    /// with every candidate framing thin and orange, the chosen one thick and
    /// green, each with a square on its first corner, the chosen one's r1c1),
    /// "mask" (the locator's ink mask, ink black on white, at its working size)
    /// and "cells" (the chosen framing's rectified grid: the lattice's cells in
    /// blue, each glyph found boxed in green). A picture is left out when its
    /// look has nothing to show; none when no look was kept. Shapes may reach
    /// past a picture's edge (a framing's corner off the photo): they are clipped.
    public var overlays: [(name: String, scene: Scene)] {
        guard let look = keptLook else { return [] }
        var pictures = [(name: String, scene: Scene)]()
        var framings = Self.backdrop(look.picture, role: "photo", title: "framings: candidates orange, chosen green")
        let thick = max(3, min(look.picture.width, look.picture.height) / 150)
        for c in look.candidates {
            framings.shapes += Self.quad(
                c.quad, OverlayColour.candidate, thickness: max(1, thick / 3), role: "candidate")
        }
        if let chosen = look.chosen {
            framings.shapes += Self.quad(chosen, OverlayColour.chosen, thickness: thick, role: "chosen")
        }
        pictures.append(("framings", framings))
        if let mask = look.mask {
            pictures.append(
                (
                    "mask",
                    Self.backdrop(RGBImage(mask.picture), role: "mask", title: "ink mask at the search's working size")
                ))
        }
        if let cells = look.cells { pictures.append(("cells", Self.cellSheet(cells))) }
        return pictures
    }

    /// The colours of the overlays.
    enum OverlayColour {
        static let chosen = Colour(20, 190, 40)
        static let candidate = Colour(250, 150, 20)
        static let lattice = Colour(40, 90, 240)
        static let glyph = Colour(20, 190, 40)
    }

    /// A scene the size of `picture`, the picture drawn over all of it.
    static func backdrop(_ picture: RGBImage, role: String, title: String) -> Scene {
        let w = Double(picture.width), h = Double(picture.height)
        return Scene(
            width: w, height: h, background: Colour(255, 255, 255),
            shapes: [Shape(.image(picture, Frame(x: 0, y: 0, width: w, height: h)), role: role)], title: title)
    }

    /// The four sides of `q`, `thickness` pixels wide, and a filled square on
    /// corner 0 (the puzzle's r1c1), `6 * thickness + 4` pixels across.
    static func quad(_ q: Quad, _ colour: Colour, thickness: Int, role: String) -> [Shape] {
        var shapes = (0..<4).map { i in
            Shape(
                .line(q.corners[i], q.corners[(i + 1) % 4], Paint(colour), width: Double(thickness), dashed: false),
                role: role)
        }
        let c = q.corners[0], r = Double(thickness * 3 + 2)
        shapes.append(
            Shape(
                .rect(
                    Frame(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r), fill: Paint(colour), stroke: nil,
                    lineWidth: 0), role: role + " corner"))
        return shapes
    }

    /// The rectified grid with the fitted lattice's cells drawn in blue and a
    /// green box, two pixels wide, around each glyph found (cells without a glyph
    /// stay plain).
    static func cellSheet(_ cells: GridCells) -> Scene {
        var scene = backdrop(RGBImage(cells.warped), role: "grid", title: "rectified grid: lattice blue, glyphs green")
        for row in 0..<9 {
            for col in 0..<9 {
                scene.shapes += quad(
                    cells.lattice.cellQuad(row: row, col: col), OverlayColour.lattice, thickness: 1, role: "lattice")
            }
        }
        // Glyph boxes, mapped from crop pixels to the rectified grid (close enough for a look).
        for i in 0..<81 {
            guard let box = cells.glyphs[i].box else { continue }
            let origin = cells.lattice.cellQuad(row: i / 9, col: i % 9).corners[0]
            let x = Int(origin.x + Double(box.x - cells.margin)), y = Int(origin.y + Double(box.y - cells.margin))
            let frame = Frame(x: Double(x), y: Double(y), width: Double(box.width), height: Double(box.height))
            scene.shapes.append(
                Shape(.rect(frame, fill: nil, stroke: Paint(OverlayColour.glyph), lineWidth: 2), role: "glyph"))
        }
        return scene
    }
}
