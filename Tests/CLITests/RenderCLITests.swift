// `sudokit render`, `sudokit layout`, `hint --out` and `explain --out-dir` run
// as child processes: the pictures are written (PNG with the laid-out size in
// its header, SVG that parses), the layout prints text and JSON, and bad
// options are usage errors.

import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-render-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The width and height a PNG's IHDR chunk gives, or nil when `data` is not a PNG.
private func pngSize(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data)
    guard b.count > 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        b[12..<16] == [0x49, 0x48, 0x44, 0x52]
    else { return nil }
    let be = { (i: Int) in Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    return (be(16), be(20))
}

private func parses(_ data: Data) -> Bool {
    let parser = XMLParser(data: data)
    return parser.parse()
}

@Suite(.tags(.medium)) struct RenderCLITests {
    @Test func renderWritesAPNGOfTheLaidOutSize() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("board.png").path
        let r = try runSudokit(["render", "--size", "390x844", "--out", out, puzzle])
        #expect(r.status == 0, "\(r.stderr)")
        let size = pngSize(try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(size?.0 == 390 && size?.1 == 844)
        // Twice the pixels at --scale 2; the board alone is the board and its margin (600x600: 52-point cells).
        let big = dir.appendingPathComponent("big.png").path
        #expect(try runSudokit(["render", "--scale", "2", "--board-only", "--out", big, puzzle]).status == 0)
        let bigSize = pngSize(try Data(contentsOf: URL(fileURLWithPath: big)))
        #expect(bigSize?.0 == 2 * (9 * 52 + 16) && bigSize?.1 == 2 * (9 * 52 + 16))
    }

    @Test func renderWritesSVGWithTheHint() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("hint.svg").path
        let r = try runSudokit(["render", "--hint", "--level", "3", "--locale", "de", "--out", out, puzzle])
        #expect(r.status == 0, "\(r.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(parses(data))
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.contains("<title>Digit 8 must appear once in box 2"))
        #expect(svg.contains("class=\"placement\"") && svg.contains("class=\"house\""))
        #expect(svg.contains(">Rückgängig</text>"), "the German labels, as text in DejaVu Sans")
        #expect(svg.contains("class=\"caption\"") && svg.contains("font-family=\"DejaVu Sans, sans-serif\""))
    }

    @Test func hintOutAndExplainOutDirDrawTheSteps() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("hint.png").path
        let r = try runSudokit(["hint", "--level", "2", "--out", out, "--size", "500x500", puzzle])
        #expect(r.status == 0 && r.stdout == "In box 2, digit 8 has only one place left.\n")
        // 500x500: stacked, keys in two rows, (500 - 16 - 16 - 96) / 9 = 41.3 -> 41-point cells; the board alone, with
        // its margin.
        #expect(pngSize(try Data(contentsOf: URL(fileURLWithPath: out)))?.0 == 9 * 41 + 16)
        let steps = dir.appendingPathComponent("steps").path
        let e = try runSudokit(["explain", "--out-dir", steps, "--picture-format", "svg", puzzle])
        #expect(e.status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: steps).sorted()
        #expect(names.count == 51 && names.first == "step-001-hidden-single.svg")
        #expect(parses(try Data(contentsOf: URL(fileURLWithPath: steps + "/" + names[0]))))
    }

    @Test func aWrongPositionDrawsTheBoardWithoutAHint() throws {
        let dir = try temporaryDirectory()
        let out = dir.appendingPathComponent("wrong.svg").path
        // r1c3 = 1 is wrong (the solution has 4): no hint is built on it.
        let entries = "..1" + String(repeating: ".", count: 78)
        let r = try runSudokit(["render", "--hint", "--entries", entries, "--out", out, puzzle])
        #expect(r.status == 1 && r.stderr.contains("note: no hint drawn: r1c3 is not 1"))
        let svg = try String(contentsOfFile: out, encoding: .utf8)
        #expect(
            svg.contains("class=\"entry\"") && !svg.contains("class=\"placement\"") && !svg.contains("class=\"house"))
        // Level 1 of the right position: the house to look at, nothing concluded.
        let nudge = dir.appendingPathComponent("nudge.svg").path
        #expect(try runSudokit(["render", "--hint", "--level", "1", "--out", nudge, puzzle]).status == 0)
        let text = try String(contentsOfFile: nudge, encoding: .utf8)
        #expect(
            text.contains("class=\"house\"") && !text.contains("class=\"placement\"")
                && text.contains("<title>Look for a hidden single in box 2.</title>"))
    }

    @Test func layoutPrintsTextAndJSON() throws {
        let text = try runSudokit(["layout", "390x844"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("arrangement: stacked\ncell size: 41.5\n"))
        let json = try runSudokit(["layout", "1024x768", "--text-size", "large", "--locale", "de", "--format", "json"])
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["arrangement"] as? String == "side-by-side")
        #expect(object?["cell_size"] as? Double == 72)
        #expect(object?["controls_scroll"] as? Bool == false)
        let keys = object?["keys"] as? [String: [String: Double]]
        #expect(keys?.count == 13 && keys?["hint"]?["width"] != nil)
        // The emergency exit: a 24-point board, the controls scrolling in a shorter area than their content.
        let small = try runSudokit(["layout", "300x300", "--format", "json"])
        let o = try JSONSerialization.jsonObject(with: Data(small.stdout.utf8)) as? [String: Any]
        #expect(
            o?["cell_size"] as? Double == 24 && o?["controls_scroll"] as? Bool == true
                && o?["emergency"] as? Bool == true)
        let visible = (o?["controls"] as? [String: Double])?["height"] ?? 0
        let content = (o?["controls_content"] as? [String: Double])?["height"] ?? 0
        #expect(visible >= 44 && content > visible)
        let previous = try runSudokit(["layout", "700x640", "--previous", "stacked"])
        #expect(previous.stdout.contains("arrangement: stacked (previous: stacked)"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(try runSudokit(["render", puzzle]).status == 64, "--out is required")
        #expect(try runSudokit(["render", "--out", "x.jpg", puzzle]).status == 64)
        #expect(try runSudokit(["render", "--size", "12x12", "--out", "x.png", puzzle]).status == 64)
        #expect(try runSudokit(["layout", "wide"]).status == 64)
        #expect(try runSudokit(["layout", "390x844", "--locale", "xx"]).status == 64)
        #expect(try runSudokit(["hint", "--out", "x.gif", puzzle]).status == 64)
        let help = try runSudokit(["render", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: Draw a board"))
        #expect(try runSudokit(["help", "layout"]).stdout.contains("USAGE: sudokit layout"))
    }
}
