// Offers: what a board picture draws under the board: a key to the marks it
// shows (a swatch and a word for each colour and line style used: placed,
// eliminated, strong and weak links, groups, the pattern's colours, a single's
// blocking digits, a contradiction), flowing in rows, and the caption (a
// hint's text) wrapped to the picture's width, both set in DejaVu Sans and
// measured with the same font, so that the picture's height makes room for them.

import BoardLayout
import Drawing
import Geometry
import SudokuCore
import SudokuLogic

extension BoardPicture {
    /// One entry of the key: how it is drawn, and its word.
    struct KeyItem: Equatable {
        enum Swatch: Equatable {
            case fill(Colour), disc(Colour), struck, line(Colour, dashed: Bool), ring(Colour), box(Colour), outline(
                Colour)
        }
        var swatch: Swatch
        var label: String
    }

    /// The key's rows and the caption's lines, with their sizes and the height they take.
    struct UnderBoard {
        var keyRows: [[KeyItem]] = []
        var keySize = 0.0
        var captionLines: [String] = []
        var captionSize = 0.0
        var isEmpty: Bool { keyRows.isEmpty && captionLines.isEmpty }
        var keyRowHeight: Double { keySize * 1.6 }
        var captionLineHeight: Double { captionSize * 1.3 }
        var height: Double {
            Double(keyRows.count) * keyRowHeight + (keyRows.isEmpty || captionLines.isEmpty ? 0 : keySize * 0.4)
                + Double(captionLines.count) * captionLineHeight
        }
    }

    /// The caption's size in points: a third of a cell, 12 to 20 points.
    public var captionSize: Double { min(20, max(12, layout.cellSize * 0.34)) }

    /// The width the key and the caption may fill.
    var underWidth: Double { size0Width - 2 * LayoutRules.margin }
    private var size0Width: Double { boardOnly ? layout.board.width + 2 * margin : layout.request.width }

    /// The caption's lines as drawn (wrapped to the picture's width); empty without a caption.
    public var captionLines: [String] { underBoard.captionLines }

    /// The key and caption laid out.
    var underBoard: UnderBoard {
        var u = UnderBoard()
        u.captionSize = captionSize
        u.keySize = captionSize * 0.82
        if let marks, key {
            let width = underWidth
            var row: [KeyItem] = [], used = 0.0
            for item in keyItems(marks) {
                let w = keyItemWidth(item, size: u.keySize)
                if !row.isEmpty && used + w > width {
                    u.keyRows.append(row)
                    row = []
                    used = 0
                }
                row.append(item)
                used += w
            }
            if !row.isEmpty { u.keyRows.append(row) }
        }
        if let caption, !caption.isEmpty {
            u.captionLines = Typeface.regular.wrap(caption, width: underWidth, size: u.captionSize)
        }
        return u
    }

    /// An item's width in the key: its swatch, a gap, its word and the room before the next.
    func keyItemWidth(_ item: KeyItem, size: Double) -> Double {
        size * 1.5 + size * 0.4 + Typeface.regular.width(of: item.label, size: size) + size * 1.1
    }

    /// The entries of the key for what `marks` shows, each colour and line style once, in drawing order.
    func keyItems(_ marks: HintMarks) -> [KeyItem] {
        var items: [KeyItem] = []
        func add(_ swatch: KeyItem.Swatch, _ label: String) {
            if !items.contains(where: { $0.label == label }) { items.append(KeyItem(swatch: swatch, label: label)) }
        }
        // A fish has base and cover sets; elsewhere the second shade marks lines (locked candidates, empty rectangle).
        let fish = marks.houses.contains { $0.role == "house base" }
        for h in marks.houses {
            switch h.role {
            case "house base": add(.fill(h.colour), "base sets")
            case "house cover": add(.fill(h.colour), fish ? "cover sets" : "lines")
            default: add(.fill(h.colour), "house")
            }
        }
        if !marks.cellFills.isEmpty { add(.fill(marks.cellFills[0].colour), "sets") }
        for o in marks.outlines {
            switch o.role {
            case "pivot": add(.outline(o.colour), "pivot")
            case "pincer": add(.outline(o.colour), "pincers")
            case "subset": add(.outline(o.colour), "subset")
            default: break
            }
        }
        let forcing = marks.candidates.contains { $0.role.hasPrefix("inference") }
        let placed = Set(marks.placements.map(\.cell))
        // A multi-colouring's two clusters: each colour named for its cluster.
        let clusters = marks.candidates.contains { $0.role.hasPrefix("pattern-candidate cluster") }
        for m in marks.candidates where !placed.contains(m.item.cell) {
            switch m.role {
            case "pattern-candidate" where m.colour == Palette.patternCandidate:
                add(.disc(m.colour), clusters ? "first cluster" : "pattern")
            case "pattern-candidate": add(.disc(m.colour), "other digits")
            case "pattern-candidate other":
                add(.disc(m.colour), clusters ? "first cluster's other colour" : "other colour")
            case "pattern-candidate cluster": add(.disc(m.colour), "second cluster")
            case "pattern-candidate cluster other": add(.disc(m.colour), "second cluster's other colour")
            case "pattern-candidate pivot": add(.disc(m.colour), "pivot's digits")
            case "fin": add(.disc(m.colour), "fin")
            case "extra": add(.disc(m.colour), "extra candidates")
            case "restricted": add(.disc(m.colour), "restricted common")
            case "inference true": add(.disc(m.colour), "true")
            case "inference false": add(.disc(m.colour), "false")
            default: break
            }
        }
        if !marks.blockers.isEmpty { add(.ring(Palette.blocker), "holds the digit") }
        if !marks.blocked.isEmpty { add(.fill(Palette.blockedFill), "ruled out") }
        if forcing {
            var colours: [Colour] = []
            for l in marks.links where !colours.contains(l.colour) { colours.append(l.colour) }
            for (k, colour) in colours.enumerated() { add(.line(colour, dashed: false), "branch \(k + 1)") }
            if marks.links.contains(where: { $0.kind == .strong }) {
                add(.line(Palette.given, dashed: false), "forced")
            }
            if marks.links.contains(where: { $0.kind == .weak }) { add(.line(Palette.given, dashed: true), "removed") }
        } else {
            if let l = marks.links.first(where: { $0.kind == .strong }) {
                add(.line(l.colour, dashed: false), l.directed ? "strong link" : "conjugate pair")
            }
            if let l = marks.links.first(where: { $0.kind == .weak }) {
                add(.line(l.colour, dashed: true), "weak link")
            }
        }
        if marks.links.contains(where: { $0.from.isGroup || $0.to.isGroup }) { add(.box(Palette.strongLink), "group") }
        if !marks.contradictionCandidates.isEmpty || !marks.contradictionCells.isEmpty {
            add(.ring(Palette.contradiction), "contradiction")
        }
        if !marks.placements.isEmpty { add(.fill(Palette.placementFill), "placed") }
        if !marks.eliminations.isEmpty { add(.struck, "eliminated") }
        return items
    }

    /// The key's and the caption's shapes under the board.
    func underBoardShapes(marks: HintMarks, links: [HintMarks.Link], groups: Bool) -> [Shape] {
        let u = underBoard
        guard !u.isEmpty else { return [] }
        var shapes: [Shape] = []
        let left = LayoutRules.margin
        var y = underTop
        let s = u.keySize
        for row in u.keyRows {
            var x = left
            let mid = y + u.keyRowHeight / 2
            for item in row {
                shapes += swatch(item.swatch, in: Frame(x: x, y: mid - s * 0.55, width: s * 1.5, height: s * 1.1))
                let labelLeft = x + s * 1.9
                let w = Typeface.regular.width(of: item.label, size: s)
                shapes.append(
                    Shape(
                        .text(
                            item.label, centre: Point(labelLeft + w / 2, mid), size: s, Paint(theme.given), bold: false),
                        role: "key label"))
                x += keyItemWidth(item, size: s)
            }
            y += u.keyRowHeight
        }
        if !u.keyRows.isEmpty && !u.captionLines.isEmpty { y += s * 0.4 }
        for line in u.captionLines {
            let w = Typeface.regular.width(of: line, size: u.captionSize)
            shapes.append(
                Shape(
                    .text(
                        line, centre: Point(left + w / 2, y + u.captionLineHeight / 2), size: u.captionSize,
                        Paint(theme.given), bold: false), role: "caption"))
            y += u.captionLineHeight
        }
        return shapes
    }

    /// A key's swatch drawn in `f`.
    func swatch(_ kind: KeyItem.Swatch, in f: Frame) -> [Shape] {
        let mid = Point(f.midX, f.midY), r = f.height * 0.42, w = max(1.5, f.height / 7)
        switch kind {
        case let .fill(colour):
            return [
                Shape(
                    .rect(f, fill: Paint(theme.markFill(colour)), stroke: Paint(theme.gridLine), lineWidth: 0.75),
                    role: "key swatch")
            ]
        case let .disc(colour):
            return [
                Shape(
                    .circle(mid, radius: r, fill: Paint(theme.markFill(colour)), stroke: nil, lineWidth: 0),
                    role: "key swatch")
            ]
        case .struck:
            return [
                Shape(
                    .circle(
                        mid, radius: r, fill: Paint(theme.markFill(Palette.eliminationFill)),
                        stroke: Paint(theme.markInk(Palette.elimination)), lineWidth: 1), role: "key swatch"),
                Shape(
                    .line(
                        Point(mid.x - r * 0.7, mid.y + r * 0.7), Point(mid.x + r * 0.7, mid.y - r * 0.7),
                        Paint(theme.markInk(Palette.elimination)), width: w, dashed: false), role: "key swatch"),
            ]
        case let .line(colour, dashed):
            return [
                Shape(
                    .line(
                        Point(f.x, mid.y), Point(f.maxX, mid.y), Paint(theme.markInk(colour)), width: w, dashed: dashed),
                    role: "key swatch")
            ]
        case let .ring(colour):
            return [
                Shape(
                    .circle(mid, radius: r, fill: nil, stroke: Paint(theme.markInk(colour)), lineWidth: w),
                    role: "key swatch")
            ]
        case let .box(colour):
            return [
                Shape(
                    .rect(
                        Frame(x: f.x + 1, y: f.y + 1, width: f.width - 2, height: f.height - 2), fill: nil,
                        stroke: Paint(theme.markInk(colour)), lineWidth: w * 0.8), role: "key swatch")
            ]
        case let .outline(colour):
            return [
                Shape(
                    .rect(
                        Frame(x: f.x + 1, y: f.y + 1, width: f.width - 2, height: f.height - 2),
                        fill: nil, stroke: Paint(theme.markInk(colour)), lineWidth: w), role: "key swatch")
            ]
        }
    }
}
