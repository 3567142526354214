// Offers: `BoardPicture`, a board (givens, the player's entries, pencil
// marks) and optionally a hint step's marks, drawn as a `Scene` sized by a
// `Layout`: the cells at the layout's cell size, the controls as a legend at
// their frames (or left out: `boardOnly` crops the picture to the board).

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
    /// The colours of the board, the keys and, on dark paper, of the hint marks (`Theme.markFill`, `markInk`).
    public var theme: Theme

    public init(
        layout: Layout, content: Content, marks: HintMarks? = nil, boardOnly: Bool = false, title: String = "",
        theme: Theme = .light
    ) {
        self.layout = layout
        self.content = content
        self.marks = marks
        self.boardOnly = boardOnly
        self.title = title
        self.theme = theme
    }

    /// Where the board's top-left corner lies in the picture.
    public var boardOrigin: Point {
        boardOnly ? Point(LayoutRules.margin, LayoutRules.margin) : Point(layout.board.x, layout.board.y)
    }

    /// The picture's size in points: the layout's rectangle, or the board and a margin.
    public var size: (width: Double, height: Double) {
        boardOnly
            ? (layout.board.width + 2 * LayoutRules.margin, layout.board.height + 2 * LayoutRules.margin)
            : (layout.request.width, layout.request.height)
    }

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

    /// The scene.
    public var scene: Scene {
        let c = layout.cellSize
        var shapes: [Shape] = []
        let thin = max(1, c / 40), thick = max(2, c / 16)
        let candidateRadius = c / 6 * 0.92
        let digitSize = c * 0.62, candidateSize = c / 3 * 0.78
        let marks = self.marks ?? HintMarks()
        let placed = Dictionary(marks.placements.map { ($0.cell, $0.digit) }, uniquingKeysWith: { a, _ in a })

        // Houses, cell fills, placements' cells.
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
        // Candidate discs: the pattern's, and the eliminations'.
        for m in marks.candidates {
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
                        fill: Paint(theme.markFill(Palette.eliminationFill)), stroke: nil, lineWidth: 0),
                    role: "elimination"))
        }
        // Digits and pencil marks.
        for cell in Cell.all {
            let f = cellFrame(cell)
            let centre = Point(f.midX, f.midY)
            let given = Int(content.givens.cells[cell.index])
            let entry = content.entries.map { Int($0.cells[cell.index]) } ?? 0
            if (1...9).contains(given) {
                shapes.append(
                    Shape(
                        .text(String(given), centre: centre, size: digitSize, Paint(theme.given), weight: 0.11),
                        role: "given"))
            } else if (1...9).contains(entry) {
                shapes.append(
                    Shape(
                        .text(String(entry), centre: centre, size: digitSize, Paint(theme.entry), weight: 0.075),
                        role: "entry"))
            } else if let digit = placed[cell] {
                shapes.append(
                    Shape(
                        .text(
                            String(digit), centre: centre, size: digitSize, Paint(theme.markInk(Palette.placement)),
                            weight: 0.09), role: "placement"))
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
                                Paint(ink), weight: isEliminated || isMarked ? 0.13 : 0.1),
                            role: isEliminated ? "candidate eliminated" : "candidate"))
                }
            }
        }
        for e in marks.eliminations {
            let p = candidateCentre(e.digit, in: e.cell), r = candidateRadius * 0.8
            shapes.append(
                Shape(
                    .line(
                        Point(p.x - r, p.y + r), Point(p.x + r, p.y - r), Paint(theme.markInk(Palette.elimination)),
                        width: max(1, c / 30), dashed: false), role: "elimination-strike"))
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
        // Outlines inside the cells, clear of the grid lines.
        let outlineWidth = max(1.5, c / 18)
        for m in marks.outlines {
            let f = cellFrame(m.item), inset = thick / 2 + outlineWidth / 2 + 0.5
            shapes.append(
                Shape(
                    .rect(
                        Frame(x: f.x + inset, y: f.y + inset, width: f.width - 2 * inset, height: f.height - 2 * inset),
                        fill: nil, stroke: Paint(theme.markInk(m.colour)), lineWidth: outlineWidth),
                    role: "outline " + m.role))
        }
        // Links, from candidate to candidate, stopping at the discs' edges.
        for l in marks.links {
            let a = nodeCentre(l.from), b = nodeCentre(l.to)
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            guard length > 2 * candidateRadius else { continue }
            let ux = dx / length, uy = dy / length
            let from = Point(a.x + ux * candidateRadius, a.y + uy * candidateRadius)
            let to = Point(b.x - ux * candidateRadius, b.y - uy * candidateRadius)
            let strong = l.kind == .strong
            // Bowed a little (more for long links), so that links along one line do not cover each other's digits.
            let bend = min(c * 0.6, length * 0.18)
            shapes.append(
                Shape(
                    .arrow(
                        from, to, Paint(theme.markInk(l.colour), opacity: 0.9),
                        width: strong ? max(1.5, c / 22) : max(1, c / 34),
                        dashed: !strong, bend: bend), role: strong ? "link strong" : "link weak"))
        }
        if !boardOnly { shapes += controls() }
        let size = self.size
        return Scene(width: size.width, height: size.height, background: theme.paper, shapes: shapes, title: title)
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
            shapes.append(
                Shape(
                    .text(
                        key.label, centre: Point(key.frame.midX, key.frame.midY), size: key.labelSize,
                        Paint(theme.keyLabel), weight: key.isDigit ? 0.09 : 0.08), role: "key-label"))
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
