// Offers: `Layout.json` and `Layout.text`: a layout as the `sudokit layout`
// command prints it. Frames are `{"x","y","width","height"}` in points from the
// rectangle's top-left; keys are snake_case. Written with the package's one
// JSON writer, `JSONText`.

import Basics
import Geometry

extension Frame {
    private func number(_ v: Double) -> String { JSONText.number(v, decimals: 2) }

    /// `{"x":..,"y":..,"width":..,"height":..}`, two decimals at most.
    public var json: String {
        JSONText.object([("x", number(x)), ("y", number(y)), ("width", number(width)), ("height", number(height))])
    }
}

extension Layout {
    /// One JSON object: the request, the arrangement, `cell_size`, the frames,
    /// `controls_scroll`, every key's frame under `keys` (by name) and the labels.
    public var json: String {
        let quote = JSONText.quoted
        let number = { (v: Double) in JSONText.number(v, decimals: 2) }
        let members: [(String, String)] = [
            ("width", number(request.width)), ("height", number(request.height)),
            ("text_size", number(request.textSize)), ("locale", quote(request.labels.locale)),
            ("previous", request.previous.map { quote($0.rawValue) } ?? "null"),
            ("arrangement", quote(arrangement.rawValue)), ("cell_size", number(cellSize)),
            ("emergency", isEmergency ? "true" : "false"), ("fits", fits ? "true" : "false"),
            ("board", board.json), ("controls", controls.json), ("controls_content", controlsContent.json),
            ("controls_scroll", controlsScroll ? "true" : "false"),
            ("keys", JSONText.object(keys.map { ($0.name, $0.frame.json) })),
            ("labels", JSONText.object(keys.filter { !$0.isDigit }.map { ($0.name, quote($0.label)) })),
        ]
        return JSONText.object(members)
    }

    /// The layout for people: one fact a line.
    public var text: String {
        var lines = [
            "rectangle: \(points(request.width)) x \(points(request.height)) points, text size "
                + "\(points(request.textSize)), locale \(request.labels.locale)",
            "arrangement: \(arrangement.rawValue)" + (request.previous.map { " (previous: \($0.rawValue))" } ?? ""),
            "cell size: \(points(cellSize))" + (isEmergency ? " (below the 36-point floor)" : "")
                + (cellSize == LayoutRules.ceiling ? " (the ceiling)" : ""),
            "board: \(board)",
            "controls: \(controls)"
                + (controlsScroll ? ", scrolling, content \(points(controlsContent.height)) high" : ""),
        ]
        if !fits { lines.append("note: the rectangle is too small for a 24-point board and one row of keys") }
        for k in keys { lines.append("  key \(k.name == k.label ? k.name : "\(k.name) \"\(k.label)\""): \(k.frame)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A length in points with at most two decimals, as a frame's description writes it.
    func points(_ v: Double) -> String { DecimalText.trimmed(v, places: 2) }
}
