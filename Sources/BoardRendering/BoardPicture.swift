// Offers: `BoardPicture`, a board (givens, the player's entries, pencil
// marks) and optionally a hint step's marks, drawn as a `Scene` sized by a
// `Layout`: the cells at the layout's cell size, the controls as a legend at
// their frames (or left out: `boardOnly` crops the picture to the board), and
// under the board a key to the marks drawn and the hint's text as a caption
// (PictureCaption.swift). Text is set in DejaVu Sans (Drawing's `Typeface`).

import BoardLayout
import Drawing
import Geometry
import SudokuCore
import SudokuLogic

public struct BoardPicture: Sendable {
    /// What is written on the board.
    public struct Content: Sendable, Hashable {
        /// The givens (0 for an empty cell).
        public var givens: Grid
        /// The player's digits (0 where the player wrote nothing); drawn in the theme's `entry` colour.
        public var entries: Grid?
        /// The pencil marks of every cell (ignored where a digit is written); nil draws none.
        public var candidates: [CandidateSet]?

        public init(givens: Grid, entries: Grid? = nil, candidates: [CandidateSet]? = nil) {
            self.givens = givens
            self.entries = entries
            self.candidates = candidates
        }

        /// A position: the givens, the digits placed since as entries, the candidates as marks.
        public init(board: Board, puzzle: Grid) {
            givens = puzzle
            let placed = (0..<81).map { i -> UInt8 in
                puzzle.cells[i] == 0 ? UInt8(board.value(at: Cell(index: i)) ?? 0) : 0
            }
            entries = try? Grid(cells: placed)
            candidates = Cell.all.map { board.candidates(at: $0) }
        }
    }

    public var layout: Layout
    public var content: Content
    public var marks: HintMarks?
    /// True to draw the board alone, with a margin, instead of the whole rectangle with the controls.
    public var boardOnly: Bool
    public var title: String
    /// The text written under the board (a hint's), wrapped to the picture's width; nil for none.
    public var caption: String?
    /// False to leave out the key to the hint's marks under the board.
    public var key: Bool
    /// The room around the board when `boardOnly` (0: the board fills the picture, its outer lines'
    /// outer halves cut, as for a picture laid over a board already on a screen).
    public var margin: Double
    /// The colours of the board, the keys and, on dark paper, of the hint marks (`Theme.markFill`, `markInk`).
    public var theme: Theme

    public init(
        layout: Layout, content: Content, marks: HintMarks? = nil, boardOnly: Bool = false, title: String = "",
        caption: String? = nil, key: Bool = true, margin: Double = LayoutRules.margin, theme: Theme = .light
    ) {
        self.caption = caption
        self.key = key
        self.margin = margin
        self.layout = layout
        self.content = content
        self.marks = marks
        self.boardOnly = boardOnly
        self.title = title
        self.theme = theme
    }

    /// Where the board's top-left corner lies in the picture.
    public var boardOrigin: Point {
        boardOnly ? Point(margin, margin) : Point(layout.board.x, layout.board.y)
    }

    /// The picture's size in points: the layout's rectangle, or the board and a margin; taller by the
    /// key and the caption under it when there are any.
    public var size: (width: Double, height: Double) {
        let top =
            boardOnly
            ? (layout.board.width + 2 * margin, layout.board.height + 2 * margin)
            : (layout.request.width, layout.request.height)
        let under = underBoard
        return (top.0, top.1 + (under.isEmpty ? 0 : under.height + LayoutRules.margin))
    }

    /// Where the key and the caption start: under the board (board only), or under the layout's rectangle.
    var underTop: Double { boardOnly ? layout.board.height + 2 * margin : layout.request.height }

    /// The frame of a cell in the picture.
    public func cellFrame(_ cell: Cell) -> Frame {
        let c = layout.cellSize, o = boardOrigin
        return Frame(x: o.x + Double(cell.column) * c, y: o.y + Double(cell.row) * c, width: c, height: c)
    }

    /// The centre of `digit`'s pencil-mark place in `cell` (a 3 x 3 grid, 1 top-left).
    public func candidateCentre(_ digit: Int, in cell: Cell) -> Point {
        let f = cellFrame(cell), third = layout.cellSize / 3
        return Point(f.x + (Double((digit - 1) % 3) + 0.5) * third, f.y + (Double((digit - 1) / 3) + 0.5) * third)
    }

    /// The size of a pencil mark (em, points): a third of the cell's side less a little room,
    /// at least 0.28 of the cell (a 41.5-point phone cell: 11.6 points, digits about 8.5 high).
    public var candidateSize: Double { layout.cellSize * 0.29 }

    /// The scene.
    public var scene: Scene {
        let c = layout.cellSize
        var shapes: [Shape] = []
        let thin = max(1, c / 40), thick = max(2, c / 16)
        let candidateRadius = c / 6 * 0.92
        let digitSize = c * 0.62, candidateSize = self.candidateSize
        let marks = self.marks ?? HintMarks()
        let placed = Dictionary(marks.placements.map { ($0.cell, $0.digit) }, uniquingKeysWith: { a, _ in a })

        // Houses, cell fills, placements' cells, the cells a single's blocking digits rule out.
        for m in marks.houses {
            let cells = m.item.cells
            let a = cellFrame(cells.first!), b = cellFrame(cells.last!)
            shapes.append(
                Shape(
                    .rect(
                        Frame(x: a.x, y: a.y, width: b.maxX - a.x, height: b.maxY - a.y),
                        fill: Paint(theme.markFill(m.colour), opacity: 0.75), stroke: nil, lineWidth: 0), role: m.role))
        }
        for m in marks.cellFills {
            shapes.append(
                Shape(
                    .rect(cellFrame(m.item), fill: Paint(theme.markFill(m.colour)), stroke: nil, lineWidth: 0),
                    role: m.role))
        }
        for cell in marks.blocked {
            shapes.append(
                Shape(
                    .rect(cellFrame(cell), fill: Paint(theme.markFill(Palette.blockedFill)), stroke: nil, lineWidth: 0),
                    role: "blocked"))
        }
        for p in marks.placements {
            shapes.append(
                Shape(
                    .rect(
                        cellFrame(p.cell), fill: Paint(theme.markFill(Palette.placementFill)), stroke: nil, lineWidth: 0
                    ),
                    role: "placement-cell"))
        }
        // Thin lines between cells.
        let o = boardOrigin, side = 9 * c
        for k in 1..<9 where k % 3 != 0 {
            let t = Double(k) * c
            shapes.append(
                Shape(
                    .line(
                        Point(o.x + t, o.y), Point(o.x + t, o.y + side), Paint(theme.gridLine), width: thin,
                        dashed: false), role: "grid"))
            shapes.append(
                Shape(
                    .line(
                        Point(o.x, o.y + t), Point(o.x + side, o.y + t), Paint(theme.gridLine), width: thin,
                        dashed: false), role: "grid"))
        }
        // Candidate discs: the pattern's (not in a cell whose placed digit is drawn), and the eliminations'.
        for m in marks.candidates where placed[m.item.cell] == nil {
            shapes.append(
                Shape(
                    .circle(
                        candidateCentre(m.item.digit, in: m.item.cell), radius: candidateRadius,
                        fill: Paint(theme.markFill(m.colour)), stroke: nil, lineWidth: 0), role: m.role))
        }
        let eliminated = Set(marks.eliminations)
        let marked = Set(marks.candidates.map(\.item))
        for e in marks.eliminations {
            shapes.append(
                Shape(
                    .circle(
                        candidateCentre(e.digit, in: e.cell), radius: candidateRadius,
                        fill: Paint(theme.markFill(Palette.eliminationFill)),
                        stroke: Paint(theme.markInk(Palette.elimination)), lineWidth: max(1, c / 40)),
                    role: "elimination"))
        }
        // Digits and pencil marks: every candidate of an empty cell, the pattern's and the eliminated ones bold.
        for cell in Cell.all {
            let f = cellFrame(cell)
            let centre = Point(f.midX, f.midY)
            let given = Int(content.givens.cells[cell.index])
            let entry = content.entries.map { Int($0.cells[cell.index]) } ?? 0
            if (1...9).contains(given) {
                shapes.append(
                    Shape(
                        .text(String(given), centre: centre, size: digitSize, Paint(theme.given), bold: true),
                        role: "given"))
            } else if (1...9).contains(entry) {
                shapes.append(
                    Shape(
                        .text(String(entry), centre: centre, size: digitSize, Paint(theme.entry), bold: false),
                        role: "entry"))
            } else if let digit = placed[cell] {
                shapes.append(
                    Shape(
                        .text(
                            String(digit), centre: centre, size: digitSize, Paint(theme.markInk(Palette.placement)),
                            bold: true), role: "placement"))
            } else if let candidates = content.candidates?[cell.index] {
                for d in candidates {
                    let isEliminated = eliminated.contains(Candidate(cell, d))
                    let isMarked = marked.contains(Candidate(cell, d))
                    let ink =
                        isEliminated ? theme.markInk(Palette.elimination) : isMarked ? theme.given : theme.candidate
                    shapes.append(
                        Shape(
                            .text(
                                String(d), centre: candidateCentre(d, in: cell), size: candidateSize,
                                Paint(ink), bold: isEliminated || isMarked),
                            role: isEliminated ? "candidate eliminated" : "candidate"))
                }
            }
        }
        // Eliminations struck through, corner to corner of the disc, over the digit.
        for e in marks.eliminations {
            let p = candidateCentre(e.digit, in: e.cell), r = candidateRadius * 0.72
            shapes.append(
                Shape(
                    .line(
                        Point(p.x - r, p.y + r), Point(p.x + r, p.y - r), Paint(theme.markInk(Palette.elimination)),
                        width: max(1.5, c / 20), dashed: false), role: "elimination-strike"))
        }
        // Box lines and the border, over the fills.
        for k in stride(from: 0, through: 9, by: 3) {
            let t = Double(k) * c
            shapes.append(
                Shape(
                    .line(
                        Point(o.x + t, o.y), Point(o.x + t, o.y + side), Paint(theme.gridLine), width: thick,
                        dashed: false), role: "grid box"))
            shapes.append(
                Shape(
                    .line(
                        Point(o.x, o.y + t), Point(o.x + side, o.y + t), Paint(theme.gridLine), width: thick,
                        dashed: false), role: "grid box"))
        }
        // Outlines inside the cells, clear of the grid lines; a placement's cell outlined in green.
        let outlineWidth = max(1.5, c / 18)
        func inner(_ cell: Cell, _ extra: Double = 0) -> Frame {
            let f = cellFrame(cell), inset = thick / 2 + outlineWidth / 2 + 0.5 + extra
            return Frame(x: f.x + inset, y: f.y + inset, width: f.width - 2 * inset, height: f.height - 2 * inset)
        }
        for m in marks.outlines {
            shapes.append(
                Shape(
                    .rect(inner(m.item), fill: nil, stroke: Paint(theme.markInk(m.colour)), lineWidth: outlineWidth),
                    role: "outline " + m.role))
        }
        for p in marks.placements where !marks.outlines.contains(where: { $0.item == p.cell }) {
            shapes.append(
                Shape(
                    .rect(
                        inner(p.cell), fill: nil, stroke: Paint(theme.markInk(Palette.placement)),
                        lineWidth: outlineWidth), role: "placement-outline"))
        }
        // A single's blocking digits, ringed.
        for cell in marks.blockers {
            let f = cellFrame(cell)
            shapes.append(
                Shape(
                    .circle(
                        Point(f.midX, f.midY), radius: c * 0.4, fill: nil,
                        stroke: Paint(theme.markInk(Palette.blocker)),
                        lineWidth: max(1.5, c / 16)), role: "blocker"))
        }
        // A forcing argument's contradiction: a red ring round the candidate, a red frame round the cell.
        for cand in marks.contradictionCandidates {
            shapes.append(
                Shape(
                    .circle(
                        candidateCentre(cand.digit, in: cand.cell), radius: candidateRadius * 1.15, fill: nil,
                        stroke: Paint(theme.markInk(Palette.contradiction)), lineWidth: max(1.5, c / 16)),
                    role: "contradiction"))
        }
        for cell in marks.contradictionCells {
            shapes.append(
                Shape(
                    .rect(
                        inner(cell, -outlineWidth / 2), fill: nil, stroke: Paint(theme.markInk(Palette.contradiction)),
                        lineWidth: outlineWidth * 1.3), role: "contradiction cell"))
        }
        // Group nodes, boxed round their candidates.
        var groups: [ChainNode] = []
        for l in marks.links {
            for n in [l.from, l.to] where n.isGroup && !groups.contains(n) { groups.append(n) }
        }
        for g in groups {
            let points = g.cells.map { candidateCentre(g.digit, in: $0) }
            let r = candidateRadius * 1.05
            let x0 = points.map(\.x).min()! - r, x1 = points.map(\.x).max()! + r
            let y0 = points.map(\.y).min()! - r, y1 = points.map(\.y).max()! + r
            shapes.append(
                Shape(
                    .rect(
                        Frame(x: x0, y: y0, width: x1 - x0, height: y1 - y0), fill: nil,
                        stroke: Paint(theme.markInk(Palette.strongLink)), lineWidth: max(1.2, c / 30)),
                    role: "group"))
        }
        // Links, from candidate to candidate, stopping at the discs' edges, bowed round the big digits.
        let digitCells = Set(
            Cell.all.filter { cell in
                content.givens.cells[cell.index] != 0 || (content.entries?.cells[cell.index] ?? 0) != 0
                    || placed[cell] != nil
            })
        for l in marks.links {
            let a = nodeCentre(l.from), b = nodeCentre(l.to)
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 2 * candidateRadius else { continue }
            let ux = dx / length, uy = dy / length
            let from = Point(a.x + ux * candidateRadius, a.y + uy * candidateRadius)
            let to = Point(b.x - ux * candidateRadius, b.y - uy * candidateRadius)
            let strong = l.kind == .strong
            let paint = Paint(theme.markInk(l.colour), opacity: 0.9),
                width = strong ? max(1.6, c / 20) : max(1.2, c / 30)
            let bow = bend(from: from, to: to, avoiding: digitCells)
            shapes.append(
                Shape(
                    l.directed
                        ? .arrow(from, to, paint, width: width, dashed: !strong, bend: bow)
                        : .curve(from, to, paint, width: width, dashed: !strong, bend: bow),
                    role: strong ? "link strong" : "link weak"))
        }
        if !boardOnly { shapes += controls() }
        shapes += underBoardShapes(marks: marks, links: marks.links, groups: !groups.isEmpty)
        let size = self.size
        return Scene(width: size.width, height: size.height, background: theme.paper, shapes: shapes, title: title)
    }

    /// How far a link from `a` to `b` bows (`Shape.Kind.arrow`'s `bend`): of a few bows either side, the
    /// one whose curve passes least near the middle of a cell holding a big digit, a small bow on a tie.
    func bend(from a: Point, to b: Point, avoiding digits: Set<Cell>) -> Double {
        let c = layout.cellSize, o = boardOrigin
        let dx = b.x - a.x, dy = b.y - a.y, length = max(1e-9, (dx * dx + dy * dy).squareRoot())
        let base = min(c * 0.6, length * 0.18)
        var best = (bend: base, cost: Double.infinity)
        for k in [1.0, -1.0, 2.0, -2.0, 3.0, -3.0] {
            let bend = base * k
            let control = Point((a.x + b.x) / 2 + dy / length * bend, (a.y + b.y) / 2 - dx / length * bend)
            var cost = abs(k) * 0.01 * c
            for step in 1..<16 {
                let t = Double(step) / 16, u = 1 - t
                let p = Point(
                    u * u * a.x + 2 * u * t * control.x + t * t * b.x, u * u * a.y + 2 * u * t * control.y + t * t * b.y
                )
                let column = Int(((p.x - o.x) / c).rounded(.down)), row = Int(((p.y - o.y) / c).rounded(.down))
                guard (0..<9).contains(row), (0..<9).contains(column) else {
                    cost += c * 0.2  // off the board
                    continue
                }
                let cell = Cell(row: row, column: column)
                guard digits.contains(cell) else { continue }
                let f = cellFrame(cell)
                let ex = p.x - f.midX, ey = p.y - f.midY
                cost += max(0, c * 0.36 - (ex * ex + ey * ey).squareRoot())
            }
            if cost < best.cost { best = (bend, cost) }
        }
        return best.bend
    }

    /// The middle of a chain node's candidates (a group's lie in one box-line intersection).
    func nodeCentre(_ n: ChainNode) -> Point {
        let points = n.cells.map { candidateCentre(n.digit, in: $0) }
        return Point(
            points.map(\.x).reduce(0, +) / Double(points.count), points.map(\.y).reduce(0, +) / Double(points.count))
    }

    /// The keys as a legend at their frames; when the controls scroll, the keys
    /// the visible area shows and a scroll bar.
    func controls() -> [Shape] {
        var shapes: [Shape] = []
        let visible = layout.controls
        for key in layout.keys where !layout.controlsScroll || visible.contains(key.frame) {
            shapes.append(
                Shape(
                    .rect(key.frame, fill: Paint(theme.keyFill), stroke: Paint(theme.keyEdge), lineWidth: 1),
                    role: key.isDigit ? "key digit" : "key"))
            // The layout sized the label by its estimate of the text; a label wider in DejaVu Sans is set smaller.
            let fit = (key.frame.width - 6) / max(1e-9, Typeface.regular.width(of: key.label, size: 1))
            shapes.append(
                Shape(
                    .text(
                        key.label, centre: Point(key.frame.midX, key.frame.midY), size: min(key.labelSize, fit),
                        Paint(theme.keyLabel), bold: key.isDigit), role: "key-label"))
        }
        if layout.controlsScroll {
            let content = layout.controlsContent
            let barHeight = visible.height * visible.height / content.height
            shapes.append(
                Shape(
                    .rect(
                        Frame(x: visible.maxX - 4, y: visible.y, width: 3, height: barHeight),
                        fill: Paint(theme.keyEdge), stroke: nil, lineWidth: 0), role: "scroll-bar"))
        }
        return shapes
    }
}
