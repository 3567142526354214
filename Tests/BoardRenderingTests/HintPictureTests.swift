// Hint pictures a player can read: the hint's text as a caption under the
// board (wrapped within the picture's width, in SVG and in the PNG's pixels),
// pencil marks at a legible size at the default scale, eliminations struck
// out in red, placements outlined, strong and weak links in two styles with
// group nodes boxed, a key to the marks used, a single's blocking digits, a
// colouring's conjugate links, a multi-colouring's two clusters.

import BoardLayout
import BoardRendering
import Coaching
import Drawing
import Geometry
import Raster
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

@Suite(.tags(.small)) struct HintPictureTests {
    /// `sudokit render`'s default rectangle.
    let layout = Layout(LayoutRequest(width: 600, height: 600))

    func hiddenSingle() throws -> (BoardPicture, Step) {
        let board = try Board(puzzle: grid(puzzle))
        let step = try #require(Ladder.standard.nextStep(board))
        return (BoardPicture.hint(step, board: board, puzzle: grid(puzzle), level: .full, layout: layout), step)
    }

    @Test func theCaptionIsTheHintWrappedWithinThePicture() throws {
        let (picture, step) = try hiddenSingle()
        let scene = picture.scene
        let captions = scene.shapes(role: "caption")
        #expect(!captions.isEmpty && captions.count == picture.captionLines.count)
        #expect(picture.captionLines.joined(separator: " ") == step.hint(.full))
        for shape in captions {
            guard case let .text(text, centre, size, _, bold) = shape.kind else { continue }
            let w = Typeface.face(bold: bold).width(of: text, size: size)
            #expect(
                centre.x - w / 2 >= LayoutRules.margin - 1e-9
                    && centre.x + w / 2 <= scene.width - LayoutRules.margin + 1e-9)
            // Under the board, inside the picture.
            #expect(centre.y > picture.cellFrame(Cell(index: 80)).maxY && centre.y + size / 2 < scene.height)
        }
        // A long hint wraps to several lines; the picture grows to hold them.
        var long = picture
        long.caption = String(repeating: "If r6c4 is not 1, then r2c4 is 1. ", count: 12)
        #expect(long.captionLines.count > 4 && long.size.height > picture.size.height)
        #expect(
            BoardPicture(layout: layout, content: .init(givens: grid(puzzle)), boardOnly: true).captionLines.isEmpty)
    }

    @Test func svgAndPNGBothCarryTheCaption() throws {
        let (picture, step) = try hiddenSingle()
        let scene = picture.scene
        let svg = SVGWriter.svg(scene)
        #expect(parseSVG(svg).classes["caption"] == picture.captionLines.count)
        let firstWord = try #require(step.hint(.full).split(separator: " ").first)
        #expect(svg.contains("class=\"caption\"") && svg.contains(">" + firstWord))
        // The PNG: dark text in the caption's band under the board, and a white margin at its foot.
        let image = Rasteriser.image(scene)
        let top = Int(picture.cellFrame(Cell(index: 80)).maxY + LayoutRules.margin)
        var dark = 0
        for y in top..<image.height {
            for x in 0..<image.width where image[x, y].0 < 90 && image[x, y].1 < 90 { dark += 1 }
        }
        #expect(dark > 200, "\(dark) dark pixels under the board")
        #expect(image.height == Int(scene.height.rounded(.up)))
    }

    @Test func pencilMarksAreLegibleAtTheDefaultScale() throws {
        let (picture, _) = try hiddenSingle()
        // At `sudokit render`'s default (600 x 600 points, one pixel a point) a pencil mark is at least
        // 13 pixels to the em: its digits are about 10 pixels high, not 5.
        #expect(picture.candidateSize >= 13, "\(picture.candidateSize)")
        let glyph = try #require(Typeface.regular.glyphs("8", size: picture.candidateSize, origin: Point(0, 20)).first)
        #expect(glyph.height >= 9, "\(glyph.height) pixels")
        // On a phone (390 x 844) still at least 11.5 points.
        let phone = BoardPicture(layout: Layout(LayoutRequest(width: 390, height: 844)), content: .init(givens: Grid()))
        #expect(phone.candidateSize >= 11.5)
        // Every candidate of every empty cell is drawn at that size.
        for shape in picture.scene.shapes(role: "candidate") {
            guard case let .text(_, _, size, _, _) = shape.kind else { continue }
            #expect(size == picture.candidateSize)
        }
    }

    func xWing() -> BoardPicture { xWingPicture(layout: layout, captioned: true) }

    @Test func anEliminationIsStruckOutInRed() throws {
        let picture = xWing()
        let scene = picture.scene
        let strikes = scene.shapes(role: "elimination-strike")
        #expect(strikes.count == 1)
        let centre = picture.candidateCentre(7, in: cell("r5c5"))
        guard case let .line(a, b, paint, width, dashed) = try #require(strikes.first).kind else {
            Issue.record("a strike is a line")
            return
        }
        // Corner to corner across the digit, solid, red, and drawn after (over) the digit.
        #expect(paint.colour == Palette.elimination && !dashed && width >= 1.5)
        #expect(a.x < centre.x && b.x > centre.x && a.y > centre.y && b.y < centre.y)
        let digit = try #require(scene.shapes.firstIndex { $0.role == "candidate eliminated" })
        let strike = try #require(scene.shapes.firstIndex { $0.role == "elimination-strike" })
        #expect(digit < strike)
        if case let .text(text, _, _, ink, bold) = scene.shapes[digit].kind {
            #expect(text == "7" && ink.colour == Palette.elimination && bold)
        }
        // In the pixels: red across the digit's place.
        let image = Rasteriser.image(scene)
        var red = 0
        let r = Int(layout.cellSize / 6)
        for y in Int(centre.y) - r..<Int(centre.y) + r {
            for x in Int(centre.x) - r..<Int(centre.x) + r {
                let v = image[x, y]
                if v.0 > 150 && v.1 < 80 && v.2 < 80 { red += 1 }
            }
        }
        #expect(red > 20, "\(red) red pixels")
        // The key names it.
        #expect(
            scene.shapes(role: "key label").contains {
                if case .text("eliminated", _, _, _, _) = $0.kind { true } else { false }
            })
    }

    @Test func linksHaveTwoStylesAndGroupsAreBoxed() {
        let n = { (d: Int, c: String) in ChainNode(digit: d, cells: [cell(c)]) }
        let group = ChainNode(digit: 5, cells: [cell("r4c7"), cell("r4c8")])
        let links = [
            ChainLink(from: n(5, "r1c1"), to: n(5, "r1c5"), kind: .strong, house: .row(0)),
            ChainLink(from: n(5, "r1c5"), to: n(5, "r4c5"), kind: .weak, house: .column(4)),
            ChainLink(from: n(5, "r4c5"), to: group, kind: .strong, house: .row(3)),
        ]
        let step = Step(
            technique: .groupedAIC, eliminations: [Candidate(cell("r4c1"), 5)],
            pattern: .chain(links: links, isLoop: false))
        let picture = BoardPicture(
            layout: layout, content: .init(givens: grid(puzzle)), marks: HintMarks(step: step, board: nil),
            boardOnly: true)
        let scene = picture.scene
        var styles = Set<String>()
        for shape in scene.shapes(role: "link") {
            guard case let .arrow(_, _, _, width, dashed, bend) = shape.kind else { continue }
            styles.insert("\(dashed) \(width)")
            #expect(bend != 0, "links are curved")
        }
        #expect(styles.count == 2, "strong solid and thick, weak dashed and thin: \(styles)")
        // The group's two candidates in one box.
        let boxes = scene.shapes(role: "group")
        #expect(boxes.count == 1)
        if case let .rect(f, _, stroke, _) = boxes.first?.kind {
            #expect(stroke != nil)
            for c in group.cells {
                #expect(
                    f.contains(
                        Frame(
                            x: picture.candidateCentre(5, in: c).x, y: picture.candidateCentre(5, in: c).y, width: 0,
                            height: 0)))
            }
        }
        // The key shows both line styles and the group.
        let keyLines = scene.shapes(role: "key swatch").compactMap { s -> Bool? in
            if case let .line(_, _, _, _, dashed) = s.kind { return dashed }
            return nil
        }
        #expect(Set(keyLines) == [true, false])
        let labels = scene.shapes(role: "key label").compactMap { s -> String? in
            if case let .text(t, _, _, _, _) = s.kind { return t }
            return nil
        }
        #expect(labels.contains("strong link") && labels.contains("weak link") && labels.contains("group"))
    }

    @Test func curvedLinksKeepClearOfTheBigDigits() {
        // r1c1 to r1c9 along row 1, whose r1c2 and r1c5 hold givens: the link bows away from them.
        let step = Step(
            technique: .xChain, eliminations: [],
            pattern: .chain(
                links: [
                    ChainLink(
                        from: ChainNode(digit: 1, cells: [cell("r2c3")]),
                        to: ChainNode(digit: 1, cells: [cell("r2c7")]),
                        kind: .strong, house: .row(1))
                ], isLoop: false))
        let picture = BoardPicture(
            layout: layout, content: .init(givens: grid(puzzle)), marks: HintMarks(step: step, board: nil),
            boardOnly: true)
        guard case let .arrow(a, b, _, _, _, bend) = picture.scene.shapes(role: "link").first?.kind else {
            Issue.record("no link")
            return
        }
        // Row 2 holds 1, 9 and 5 in r2c4, r2c5, r2c6: the curve's middle lies clear of their centres.
        let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
        let middle = Point((a.x + b.x) / 2 + dy / length * bend / 2, (a.y + b.y) / 2 - dx / length * bend / 2)
        let given = picture.cellFrame(cell("r2c5"))
        let ex = middle.x - given.midX, ey = middle.y - given.midY
        #expect((ex * ex + ey * ey).squareRoot() > layout.cellSize * 0.3, "\(middle) vs \(given)")
    }

    @Test func aHiddenSingleMarksTheDigitsThatBlockTheOtherCells() throws {
        let board = try Board(puzzle: grid(puzzle))
        let step = try #require(Ladder.standard.nextStep(board))
        // r1c6 = 8, the only place for 8 in box 2: every other empty cell of box 2 sees an 8.
        let marks = HintMarks(step: step, board: board)
        #expect(!marks.blockers.isEmpty && !marks.blocked.isEmpty)
        for b in marks.blockers { #expect(board.value(at: b) == 8) }
        let empty = House.box(1).cells.filter { board.value(at: $0) == nil && $0 != cell("r1c6") }
        #expect(Set(marks.blocked) == Set(empty))
        for e in marks.blocked {
            #expect(marks.blockers.contains { $0.row == e.row || $0.column == e.column || $0.box == e.box })
        }
        let scene = BoardPicture.hint(step, board: board, puzzle: grid(puzzle), level: .full, layout: layout).scene
        #expect(scene.shapes(role: "blocker").count == marks.blockers.count)
        #expect(scene.shapes(role: "blocked").count == marks.blocked.count)
        // The placement is green: its cell filled, its digit in the placement's colour.
        #expect(scene.shapes(role: "placement-cell").count == 1 && scene.shapes(role: "placement").count == 1)
    }

    @Test func aLockedPairShadesItsBoxAndItsLineANakedPairItsHouseOnly() throws {
        let board = try Board(puzzle: Grid())
        let pattern = Pattern.subset(house: .box(8), cells: [cell("r9c8"), cell("r9c9")], digits: [6, 8])
        let locked = Step(technique: .lockedPair, eliminations: [Candidate(cell("r9c1"), 6)], pattern: pattern)
        let naked = Step(technique: .nakedPair, eliminations: [Candidate(cell("r7c7"), 6)], pattern: pattern)
        #expect(Set(HintMarks(step: locked, board: board).houses.map(\.item)) == [.box(8), .row(8)])
        #expect(HintMarks(step: naked, board: board).houses.map(\.item) == [.box(8)])
    }

    @Test func aColouringDrawsItsConjugateLinks() throws {
        // Digit 9 on an empty board, left in row 1 only at r1c1 and r1c5, and in column 5 only at r1c5 and r6c5:
        // two conjugate pairs, r1c1-r1c5 and r1c5-r6c5, coloured apart.
        var board = try Board(puzzle: Grid())
        for c in 0..<9 where c != 0 && c != 4 { board.eliminate(9, at: Cell(row: 0, column: c)) }
        for r in 0..<9 where r != 0 && r != 5 { board.eliminate(9, at: Cell(row: r, column: 4)) }
        let step = Step(
            technique: .simpleColouring, eliminations: [Candidate(cell("r6c1"), 9)],
            pattern: .colouring(digit: 9, colours: [[cell("r1c1"), cell("r6c5")], [cell("r1c5")]], rule: .trap))
        let marks = HintMarks(step: step, board: board)
        let pairs = Set(marks.links.map { Set([$0.from.cells[0], $0.to.cells[0]]) })
        #expect(pairs == [Set([cell("r1c1"), cell("r1c5")]), Set([cell("r1c5"), cell("r6c5")])])
        #expect(marks.links.allSatisfy { $0.kind == .strong && !$0.directed })
        // Drawn as curves without arrowheads (a conjugate pair has no direction).
        let scene = BoardPicture(layout: layout, content: .init(givens: Grid()), marks: marks, boardOnly: true).scene
        #expect(scene.shapes(role: "link strong").count == 2)
        for shape in scene.shapes(role: "link") {
            guard case .curve = shape.kind else {
                Issue.record("a conjugate link is a curve")
                continue
            }
        }
        #expect(SVGWriter.svg(scene).contains("<path class=\"link strong\""))
        // Without a board there is nothing to say which pairs are conjugate: no links.
        #expect(HintMarks(step: step, board: nil).links.isEmpty)
    }

    @Test func aMultiColouringDrawsBothClustersAndWhereTheyMeet() throws {
        // Digit 9 on an empty board, left in row 1 only at r1c1 and r1c5 (the first cluster) and in
        // column 2 only at r2c2 and r8c2 (the second); r1c1 sees r2c2 in box 1, so r1c5 or r8c2 holds 9.
        var board = try Board(puzzle: Grid())
        for c in 0..<9 where c != 0 && c != 4 { board.eliminate(9, at: Cell(row: 0, column: c)) }
        for r in 0..<9 where r != 1 && r != 7 { board.eliminate(9, at: Cell(row: r, column: 1)) }
        let step = Step(
            technique: .multiColouring1, eliminations: [Candidate(cell("r8c5"), 9)],
            pattern: .multiColouring(
                digit: 9, first: [[cell("r1c1")], [cell("r1c5")]], second: [[cell("r2c2")], [cell("r8c2")]]))
        let marks = HintMarks(step: step, board: board)
        // Four colours, one a colour of a cluster.
        let colours = Dictionary(uniqueKeysWithValues: marks.candidates.map { ($0.item.cell, $0.colour) })
        #expect(colours[cell("r1c1")] == Palette.patternCandidate && colours[cell("r1c5")] == Palette.secondCandidate)
        #expect(colours[cell("r2c2")] == Palette.secondCluster && colours[cell("r8c2")] == Palette.secondClusterOther)
        // Each cluster's conjugate pair, and the weak link where the clusters meet.
        let conjugates = Set(marks.links.filter { !$0.directed }.map { Set([$0.from.cells[0], $0.to.cells[0]]) })
        #expect(conjugates == [Set([cell("r1c1"), cell("r1c5")]), Set([cell("r2c2"), cell("r8c2")])])
        let weak = marks.links.filter { $0.kind == .weak }
        #expect(weak.count == 1 && weak.first?.from.cells == [cell("r1c1")] && weak.first?.to.cells == [cell("r2c2")])
        // The key names the clusters' colours.
        let picture = BoardPicture.hint(step, board: board, puzzle: Grid(), level: .full, layout: layout)
        let svg = SVGWriter.svg(picture.scene)
        for label in [">first cluster<", ">second cluster<", "other colour<", ">weak link<", ">conjugate pair<"] {
            #expect(svg.contains(label), "\(label)")
        }
    }

    @Test func aForcingChainRingsItsContradiction() throws {
        // RungPositions' first digit forcing chain: r4c7 = 2 leaves row 8 without a place for 4.
        let values = "..654..98..9.2..35..5..86..5....3.619..2....7......8...9.....16.5.8.2...4.3.1..8."
        let marks = """
            237 237  6    5    4    17    127  9   8
            78  478  9    167  2    167   147  3   5
            127 1247 5    39   39   8     6    247 24
            5   278  2478 479  789  3     249  6   1
            9   1368 148  2    568  1456  34   45  7
            136 1367 247  1479 5679 14579 8    245 2349
            278 9    278  347  357  457   2357 1   6
            167 5    17   8    3679 2     3479 47  349
            4   267  3    679  1    5679  257  8   29
            """
        var board = try Board(puzzle: grid(values))
        for (k, group) in marks.split(whereSeparator: \.isWhitespace).enumerated() {
            let c = Cell(index: k)
            guard board.value(at: c) == nil else { continue }
            for d in 1...9 where !group.contains(Character(String(d))) { board.eliminate(d, at: c) }
        }
        let step = try #require(Ladder.standard.nextStep(board))
        #expect(step.technique == .digitForcingChain && step.eliminations == [Candidate(cell("r4c7"), 2)])
        let hint = HintMarks(step: step, board: board)
        // Row 8's places for 4 (r8c7, r8c8 and r8c9), each made false by the branch, framed in red.
        #expect(
            Set(hint.contradictionCells) == [cell("r8c7"), cell("r8c8"), cell("r8c9")], "\(hint.contradictionCells)")
        let scene = BoardPicture.hint(step, board: board, puzzle: grid(values), level: .full, layout: layout).scene
        #expect(scene.shapes(role: "contradiction").count == 3)
        // The branch's inferences and links are drawn, and the key names the contradiction.
        #expect(!scene.shapes(role: "inference").isEmpty && !scene.shapes(role: "link").isEmpty)
        #expect(
            scene.shapes(role: "key label").contains {
                if case .text("contradiction", _, _, _, _) = $0.kind { true } else { false }
            })
    }
}

/// An X-Wing on 7 in rows 1 and 9 removing 7 from r5c5, on a board whose every
/// cell holds the candidate 7 (r5c5 also 3), drawn board only; with the hint's
/// level-3 text as its caption when `captioned`.
func xWingPicture(layout: Layout, captioned: Bool) -> BoardPicture {
    let step = Step(
        technique: .xWing, eliminations: [Candidate(cell("r5c5"), 7)],
        pattern: .fish(
            digit: 7, base: [.row(0), .row(8)], cover: [.column(0), .column(8)], fins: [],
            cells: [cell("r1c1"), cell("r1c9"), cell("r9c1"), cell("r9c9")]))
    var candidates = [CandidateSet](repeating: CandidateSet([7]), count: 81)
    candidates[40] = CandidateSet([3, 7])
    return BoardPicture(
        layout: layout, content: .init(givens: Grid(), candidates: candidates),
        marks: HintMarks(step: step, board: nil), boardOnly: true, caption: captioned ? step.hint(.full) : nil)
}
