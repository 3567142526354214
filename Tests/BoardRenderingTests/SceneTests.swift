// Board pictures as scenes and SVG: the shapes a board and each kind of hint
// step produce (givens, entries, pencil marks, houses shaded, base and cover
// sets, outlines, chain links strong and weak, placements, eliminations), the
// hint levels, the controls legend, and SVG that an XML parser accepts.

import BoardLayout
import BoardRendering
import Coaching
import Drawing
import Foundation
import Geometry
import SudokuCore
import SudokuLogic
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func grid(_ line: String) -> Grid { try! Grid(line: line) }

func cell(_ name: String) -> Cell {
    let chars = Array(name)
    return Cell(row: Int(String(chars[1]))! - 1, column: Int(String(chars[3]))! - 1)
}

/// True when `svg` is well-formed XML whose root is `svg`; the element count by class.
func parseSVG(_ svg: String) -> (ok: Bool, classes: [String: Int]) {
    final class Delegate: NSObject, XMLParserDelegate {
        var root: String?
        var classes: [String: Int] = [:]
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if root == nil { root = name }
            if let c = attributes["class"] { classes[c, default: 0] += 1 }
        }
    }
    let parser = XMLParser(data: Data(svg.utf8))
    let delegate = Delegate()
    parser.delegate = delegate
    let ok = parser.parse() && delegate.root == "svg"
    return (ok, delegate.classes)
}

@Suite(.tags(.small)) struct SceneTests {
    let layout = Layout(LayoutRequest(width: 600, height: 600))

    @Test func aBoardShowsGivensEntriesAndMarks() throws {
        let entries = grid("..4" + String(repeating: ".", count: 78))
        let board = try Board(puzzle: grid(puzzle), entries: entries)
        let picture = BoardPicture(layout: layout, content: .init(board: board, puzzle: grid(puzzle)))
        let scene = picture.scene
        #expect(scene.shapes(role: "given").count == 30)
        #expect(scene.shapes(role: "entry").count == 1)
        // Every candidate of every empty cell is drawn where it belongs.
        let expected = Cell.all.reduce(0) { $0 + board.candidates(at: $1).count }
        #expect(scene.shapes(role: "candidate").count == expected && expected > 100)
        #expect(scene.shapes(role: "key").count == 13, "the controls' legend: 9 digits and 4 labelled keys")
        // The scene fills the layout's rectangle; the board sits at the layout's frame.
        #expect(scene.width == 600 && scene.height == 600)
        #expect(picture.cellFrame(Cell(index: 0)).x == layout.board.x)
        let svg = SVGWriter.svg(scene)
        let parsed = parseSVG(svg)
        #expect(parsed.ok)
        #expect(parsed.classes["given"] == 30 && parsed.classes["entry"] == 1 && parsed.classes["key digit"] == 9)
        #expect(svg.contains("width=\"600\" height=\"600\""))
    }

    @Test func boardOnlyCropsToTheBoard() throws {
        let board = try Board(puzzle: grid(puzzle))
        let picture = BoardPicture(layout: layout, content: .init(givens: grid(puzzle)), marks: nil, boardOnly: true)
        let scene = picture.scene
        #expect(scene.width == layout.board.width + 2 * LayoutRules.margin)
        #expect(scene.shapes(role: "key").isEmpty && scene.shapes(role: "candidate").isEmpty)
        _ = board
    }

    @Test func aHiddenSingleAtEachLevel() throws {
        let board = try Board(puzzle: grid(puzzle))
        let step = try #require(Ladder.standard.nextStep(board))
        // r1c6 = 8, the only place for 8 in box 2.
        #expect(step.placements == [Candidate(cell("r1c6"), 8)])
        let full = BoardPicture.hint(step, board: board, puzzle: grid(puzzle), level: .full, layout: layout).scene
        #expect(full.shapes(role: "house").count == 1)
        #expect(full.shapes(role: "placement").count == 1 && full.shapes(role: "placement-cell").count == 1)
        #expect(full.shapes(role: "outline").count == 1)
        #expect(full.title == step.hint(.full))
        let pattern = BoardPicture.hint(step, board: board, puzzle: grid(puzzle), level: .pattern, layout: layout).scene
        #expect(pattern.shapes(role: "placement").isEmpty && pattern.shapes(role: "outline").count == 1)
        let nudge = BoardPicture.hint(step, board: board, puzzle: grid(puzzle), level: .nudge, layout: layout).scene
        #expect(nudge.shapes(role: "house").count == 1 && nudge.shapes(role: "outline").isEmpty)
        #expect(nudge.shapes(role: "placement").isEmpty)
    }

    @Test func aFishShowsBaseAndCoverSetsAndFins() {
        let step = Step(
            technique: .finnedXWing, eliminations: [Candidate(cell("r8c3"), 4)],
            pattern: .fish(
                digit: 4, base: [.row(1), .row(7)], cover: [.column(1), .column(6)],
                fins: [cell("r8c2")], cells: [cell("r2c2"), cell("r2c7"), cell("r8c2"), cell("r8c7")]))
        let marks = HintMarks(step: step, board: nil)
        #expect(marks.houses.filter { $0.role == "house base" }.map(\.item) == [.row(1), .row(7)])
        #expect(marks.houses.filter { $0.role == "house cover" }.map(\.item) == [.column(1), .column(6)])
        #expect(marks.candidates.filter { $0.role == "fin" }.map(\.item) == [Candidate(cell("r8c2"), 4)])
        let scene = BoardPicture(layout: layout, content: .init(givens: Grid()), marks: marks).scene
        #expect(scene.shapes(role: "elimination").count == 1)
        #expect(parseSVG(SVGWriter.svg(scene)).classes["house cover"] == 2)
    }

    @Test func aChainDrawsStrongAndWeakLinksApart() {
        let n = { (d: Int, c: String) in ChainNode(digit: d, cells: [cell(c)]) }
        let links = [
            ChainLink(from: n(5, "r1c1"), to: n(5, "r1c5"), kind: .strong, house: .row(0)),
            ChainLink(from: n(5, "r1c5"), to: n(5, "r4c5"), kind: .weak, house: .column(4)),
            ChainLink(
                from: n(5, "r4c5"), to: ChainNode(digit: 5, cells: [cell("r4c7"), cell("r4c8")]), kind: .strong,
                house: .row(3)),
        ]
        let step = Step(
            technique: .groupedAIC, eliminations: [Candidate(cell("r4c1"), 5)],
            pattern: .chain(links: links, isLoop: false))
        let scene = BoardPicture(
            layout: layout, content: .init(givens: Grid()), marks: HintMarks(step: step, board: nil)
        ).scene
        #expect(scene.shapes(role: "link strong").count == 2 && scene.shapes(role: "link weak").count == 1)
        for shape in scene.shapes(role: "link") {
            guard case let .arrow(_, _, _, _, dashed, _) = shape.kind else {
                Issue.record("a link is an arrow")
                continue
            }
            #expect(dashed == (shape.role == "link weak"))
        }
        // The grouped node's arrow ends between its two cells' candidates (r4c7 and r4c8).
        let last = scene.shapes(role: "link strong").last!
        if case let .arrow(_, to, _, _, _, _) = last.kind {
            let picture = BoardPicture(layout: layout, content: .init(givens: Grid()))
            #expect(
                to.x < picture.candidateCentre(5, in: cell("r4c8")).x
                    && to.x > picture.candidateCentre(5, in: cell("r4c5")).x)
        }
        let svg = SVGWriter.svg(scene)
        #expect(parseSVG(svg).ok)
        #expect(svg.contains("stroke-dasharray"))
    }

    @Test func aWingShowsPivotAndPincers() {
        let step = Step(
            technique: .xyWing, eliminations: [Candidate(cell("r3c9"), 7)],
            pattern: .wing(
                pivot: cell("r3c1"), pincers: [cell("r1c3"), cell("r3c8")], digits: [2, 5, 7], eliminated: 7, link: nil)
        )
        let marks = HintMarks(step: step, board: nil)
        #expect(marks.outlines.filter { $0.role == "pivot" }.map(\.item) == [cell("r3c1")])
        #expect(marks.outlines.filter { $0.role == "pincer" }.map(\.item) == [cell("r1c3"), cell("r3c8")])
        #expect(Set(marks.outlines.map(\.colour)).count == 2, "pivot and pincers in different colours")
    }

    @Test func everyStepOfAWholePathIsDrawn() throws {
        // A newspaper puzzle solved to the end: each step's picture is valid SVG and marks its conclusion.
        let text = try #require(readTextFile("TestImages/newspaper/image1.dat"))
        let parsed = try Grid.parseAll(text, format: .dat)
        let p = try #require(parsed.first?.grid)
        let explanation = Explanation(puzzle: p)
        #expect(explanation.status == .solved)
        var board = try Board(puzzle: p)
        var techniques = Set<Technique>()
        for step in explanation.steps {
            let scene = BoardPicture.hint(step, board: board, puzzle: p, level: .full, layout: layout).scene
            #expect(scene.shapes(role: "placement").count == step.placements.count)
            #expect(scene.shapes(role: "elimination").count == step.eliminations.count)
            #expect(parseSVG(SVGWriter.svg(scene)).ok)
            techniques.insert(step.technique)
            board.apply(step)
        }
        #expect(techniques.count >= 5)
    }

    @Test func theTypefaceCoversEveryLabelAndEveryLabelFitsItsKey() {
        for labels in KeyLabels.all {
            for label in labels.labels {
                for ch in label.unicodeScalars {
                    #expect(Typeface.regular.covers(ch), "no glyph for '\(ch)' in \(labels.locale)")
                }
            }
        }
        // The German keys, the widest labels: each label's text lies inside its key.
        let layout = Layout(LayoutRequest(width: 390, height: 844, labels: .german))
        let scene = BoardPicture(layout: layout, content: .init(givens: Grid())).scene
        let keys = scene.shapes(role: "key").compactMap { s -> Frame? in
            if case let .rect(f, _, _, _) = s.kind { return f }
            return nil
        }
        for label in scene.shapes(role: "key-label") {
            guard case let .text(text, centre, size, _, bold) = label.kind else { continue }
            let w = Typeface.face(bold: bold).width(of: text, size: size)
            let key = keys.first { k in k.x <= centre.x && centre.x <= k.maxX && k.y <= centre.y && centre.y <= k.maxY }
            let left: Double = centre.x - w / 2, right: Double = centre.x + w / 2
            #expect(key != nil && left >= key!.x && right <= key!.maxX, "\(text)")
        }
    }
}
