// Offers: `Layout`, the one pure function that sizes a sudoku screen for a
// rectangle: the cell size, the board's frame, every key's frame, the
// arrangement (stacked or side by side) and whether the controls scroll; with
// its inputs (`LayoutRequest`), its rules (`LayoutRules`) and `TextSize`.
//
// The rules, in the order they apply:
// 1. Controls first: the keys 1-9 and the labelled keys get their minimum
//    space (every key at least 44 x 44 points, a labelled key at least as wide
//    as its language's longest label plus padding); the board gets the rest.
// 2. The cell size is that rest over 9, at most 72 points (the ceiling), in
//    half points. Below 36 (the comfort floor) the board keeps shrinking to
//    make room for the controls, down to 24; when even 24 leaves the controls
//    too little room, they move into a scrolling area (at least one row of
//    keys visible, 8 points from the board) and the board stays at 24-36.
// 3. Both arrangements are computed; the one with the larger board wins, and
//    on a tie (both at the ceiling) the aspect ratio decides (wider than tall:
//    side by side). Given the previous arrangement, the layout switches only
//    when the other one's board is at least 16 points larger.
// 4. Room left after the board: first the keys grow (up to 1.4 times their
//    minimum, and never past the board's width when stacked or its height side
//    by side), then what is still left is spread evenly as spacing (a third
//    before the board, a third between board and controls, a third after).

import Geometry

/// How board and controls share the rectangle.
public enum Arrangement: String, Sendable, Hashable, CaseIterable {
    /// The board above, the controls below.
    case stacked
    /// The board on the left, the controls on its right.
    case sideBySide = "side-by-side"
}

/// Text sizes in points: the default and a large accessibility size.
public enum TextSize {
    public static let standard = 17.0
    public static let large = 28.0
    /// The sizes a layout accepts.
    public static let range = 10.0...60.0
}

/// The numbers the rules use, in points.
public enum LayoutRules {
    /// The comfort floor for a cell.
    public static let floor = 36.0
    /// The ceiling: a larger cell does not play better.
    public static let ceiling = 72.0
    /// The emergency floor: the cell never goes below it.
    public static let emergencyFloor = 24.0
    /// The smallest tap area of a key, on both sides.
    public static let minimumTap = 44.0
    /// How much larger the other arrangement's board must be before a layout switches.
    public static let hysteresis = 16.0
    /// The least space around the rectangle's edge.
    public static let margin = 8.0
    /// The least space between board and controls.
    public static let gap = 16.0
    /// The space between keys, and between board and controls when the controls scroll.
    public static let keyGap = 8.0
    /// Padding between a label and its key's edges, across and along.
    public static let labelPadding = (horizontal: 10.0, vertical: 6.0)
    /// The digit keys' labels, relative to the text size.
    public static let digitLabelScale = 1.25
    /// How far keys grow over their minimum when there is room.
    public static let maximumKeyGrowth = 1.4
}

/// What a layout is computed from.
public struct LayoutRequest: Sendable, Hashable {
    /// The rectangle's size in points.
    public var width: Double
    public var height: Double
    /// The text size in points (`TextSize.standard`, `TextSize.large`, ...).
    public var textSize: Double
    /// The labelled keys' words.
    public var labels: KeyLabels
    /// The arrangement shown before this size (nil for the first layout).
    public var previous: Arrangement?

    public init(
        width: Double, height: Double, textSize: Double = TextSize.standard, labels: KeyLabels = .english,
        previous: Arrangement? = nil
    ) {
        self.width = width
        self.height = height
        self.textSize = textSize
        self.labels = labels
        self.previous = previous
    }
}

/// One key of the controls.
public struct LayoutKey: Sendable, Hashable {
    /// `1`...`9`, or one of `KeyLabels.names`.
    public var name: String
    /// What the key shows.
    public var label: String
    /// The text size of the label, in points.
    public var labelSize: Double
    public var frame: Frame
    public var isDigit: Bool { name.count == 1 && name.first!.isNumber }
}

/// A computed layout. Every frame is in points from the rectangle's top-left.
/// When `controlsScroll` is true the keys' frames are in the scrolling area's
/// content, scrolled to the top: they lie within `controls` across and within
/// `controlsContent` along.
public struct Layout: Sendable, Hashable {
    public var request: LayoutRequest
    public var arrangement: Arrangement
    /// The side of one cell.
    public var cellSize: Double
    /// The board: a square of nine cells a side.
    public var board: Frame
    /// The area the controls are shown in (the visible part, when they scroll).
    public var controls: Frame
    /// The controls' whole content (taller than `controls` when they scroll).
    public var controlsContent: Frame
    /// True when the controls do not all fit and scroll in `controls`.
    public var controlsScroll: Bool
    /// The keys 1...9, then the labelled keys in `KeyLabels.names` order.
    public var keys: [LayoutKey]
    /// False only for a rectangle too small even for a 24-point board and one
    /// row of keys; the layout is then the emergency one, clipped.
    public var fits: Bool

    /// The rectangle laid out, at (0, 0).
    public var bounds: Frame { Frame(x: 0, y: 0, width: request.width, height: request.height) }
    /// True when the cell is below the comfort floor.
    public var isEmergency: Bool { cellSize < LayoutRules.floor }
    /// The frame of the cell at 0-based `row` and `column`.
    public func cellFrame(row: Int, column: Int) -> Frame {
        Frame(
            x: board.x + Double(column) * cellSize, y: board.y + Double(row) * cellSize, width: cellSize,
            height: cellSize)
    }

    init(
        request: LayoutRequest, arrangement: Arrangement, cellSize: Double, board: Frame, controls: Frame,
        controlsContent: Frame, controlsScroll: Bool, keys: [LayoutKey], fits: Bool
    ) {
        self.request = request
        self.arrangement = arrangement
        self.cellSize = cellSize
        self.board = board
        self.controls = controls
        self.controlsContent = controlsContent
        self.controlsScroll = controlsScroll
        self.keys = keys
        self.fits = fits
    }

    /// The board alone filling a `side`-point square from (0, 0): no controls, no keys. For a
    /// picture drawn over a board a screen already shows, at that board's size.
    public static func boardAlone(side: Double) -> Layout {
        let board = Frame(x: 0, y: 0, width: side, height: side)
        let none = Frame(x: 0, y: side, width: 0, height: 0)
        return Layout(
            request: LayoutRequest(width: side, height: side), arrangement: .stacked, cellSize: side / 9,
            board: board, controls: none, controlsContent: none, controlsScroll: false, keys: [], fits: true)
    }

    /// Lays out `request` by the rules above. Pure: the same request gives the same layout.
    public init(_ request: LayoutRequest) {
        let metrics = KeyMetrics(textSize: request.textSize, labels: request.labels)
        let candidates = Arrangement.allCases.compactMap { Self.candidate($0, request, metrics) }
        guard !candidates.isEmpty else {
            self = Self.clipped(request, metrics)
            return
        }
        let chosen: Candidate
        if let previous = request.previous, let kept = candidates.first(where: { $0.arrangement == previous }) {
            let other = candidates.first(where: { $0.arrangement != previous })
            if let other, other.boardSide >= kept.boardSide + LayoutRules.hysteresis {
                chosen = other
            } else {
                chosen = kept
            }
        } else {
            chosen = candidates.max(by: { a, b in Self.order(a, b, request) })!
        }
        self = chosen.layout(request, metrics)
    }

    /// The layout of `request` in `arrangement`, whatever the rules would choose;
    /// nil when that arrangement cannot hold a 24-point board with one row of keys.
    /// (What the choice compares: an app can show both, a test can check the choice.)
    public init?(_ request: LayoutRequest, arrangement: Arrangement) {
        let metrics = KeyMetrics(textSize: request.textSize, labels: request.labels)
        guard let candidate = Self.candidate(arrangement, request, metrics) else { return nil }
        self = candidate.layout(request, metrics)
    }

    /// Whether `a` ranks below `b`: a smaller board; on a tie, scrolling controls,
    /// then the arrangement the aspect ratio does not favour.
    private static func order(_ a: Candidate, _ b: Candidate, _ r: LayoutRequest) -> Bool {
        if a.boardSide != b.boardSide { return a.boardSide < b.boardSide }
        if a.scroll != b.scroll { return a.scroll }
        let favoured: Arrangement = r.width > r.height ? .sideBySide : .stacked
        return b.arrangement == favoured && a.arrangement != favoured
    }
}

// MARK: - The calculation

/// The minimum key sizes for a text size and a language.
struct KeyMetrics {
    var digitWidth: Double
    var labelWidth: Double
    var height: Double
    var textSize: Double

    init(textSize: Double, labels: KeyLabels) {
        let pad = LayoutRules.labelPadding
        self.textSize = textSize
        height = max(
            LayoutRules.minimumTap, textSize * LayoutRules.digitLabelScale * LabelMetrics.lineHeight + 2 * pad.vertical)
        digitWidth = max(
            LayoutRules.minimumTap,
            LabelMetrics.width(of: "9", size: textSize * LayoutRules.digitLabelScale) + 2 * pad.horizontal)
        labelWidth = max(
            LayoutRules.minimumTap, LabelMetrics.width(of: labels.longest, size: textSize) + 2 * pad.horizontal)
    }
}

/// A way to arrange the keys: the digits in rows of `digitColumns`, then the
/// labelled keys in rows of `labelColumns`.
struct ControlShape {
    var digitColumns: Int
    var labelColumns: Int

    static let all: [ControlShape] = [9, 5, 3].flatMap { d in
        [4, 2, 1].map { ControlShape(digitColumns: d, labelColumns: $0) }
    }

    var digitRows: Int { (9 + digitColumns - 1) / digitColumns }
    var labelRows: Int { (KeyLabels.names.count + labelColumns - 1) / labelColumns }
    var rows: Int { digitRows + labelRows }

    func width(_ m: KeyMetrics, scale s: Double = 1) -> Double {
        let g = LayoutRules.keyGap
        return max(
            Double(digitColumns) * m.digitWidth * s + Double(digitColumns - 1) * g,
            Double(labelColumns) * m.labelWidth * s + Double(labelColumns - 1) * g)
    }

    func height(_ m: KeyMetrics, scale s: Double = 1) -> Double {
        Double(rows) * m.height * s + Double(rows - 1) * LayoutRules.keyGap
    }

    /// The largest growth (1 ... `LayoutRules.maximumKeyGrowth`) at which the keys fit `width` x `height`.
    func growth(_ m: KeyMetrics, width: Double, height: Double) -> Double {
        let g = LayoutRules.keyGap
        let byDigits = (width - Double(digitColumns - 1) * g) / (Double(digitColumns) * m.digitWidth)
        let byLabels = (width - Double(labelColumns - 1) * g) / (Double(labelColumns) * m.labelWidth)
        let byHeight = (height - Double(rows - 1) * g) / (Double(rows) * m.height)
        return max(1, min(LayoutRules.maximumKeyGrowth, byDigits, byLabels, byHeight))
    }

    /// The keys at growth `s`, rows centred on `centreX`, the first row's top at `top`.
    func keys(_ m: KeyMetrics, labels: KeyLabels, scale s: Double, centreX: Double, top: Double) -> [LayoutKey] {
        let g = LayoutRules.keyGap
        var keys: [LayoutKey] = []
        var y = top
        func rows(_ items: [(name: String, label: String, size: Double)], columns: Int, width: Double) {
            var start = 0
            while start < items.count {
                let row = items[start..<min(items.count, start + columns)]
                let rowWidth = Double(row.count) * width + Double(row.count - 1) * g
                var x = centreX - rowWidth / 2
                for item in row {
                    keys.append(
                        LayoutKey(
                            name: item.name, label: item.label, labelSize: item.size,
                            frame: Frame(x: x, y: y, width: width, height: m.height * s)))
                    x += width + g
                }
                y += m.height * s + g
                start += columns
            }
        }
        let digitSize = m.textSize * LayoutRules.digitLabelScale
        rows((1...9).map { (String($0), String($0), digitSize) }, columns: digitColumns, width: m.digitWidth * s)
        rows(
            Array(zip(KeyLabels.names, labels.labels)).map { ($0.0, $0.1, m.textSize) }, columns: labelColumns,
            width: m.labelWidth * s)
        return keys
    }
}

/// One arrangement's outcome, before the keys are placed.
struct Candidate {
    var arrangement: Arrangement
    var cell: Double
    var shape: ControlShape
    var scroll: Bool
    var boardSide: Double { 9 * cell }

    func layout(_ r: LayoutRequest, _ m: KeyMetrics) -> Layout {
        let margin = LayoutRules.margin, gap = LayoutRules.gap
        let availableWidth = r.width - 2 * margin, availableHeight = r.height - 2 * margin
        let side = boardSide
        var board: Frame, controls: Frame, content: Frame
        var keys: [LayoutKey]
        switch (arrangement, scroll) {
        case (.stacked, false):
            // The key rows grow up to the board's width (or their own minimum, when wider).
            let regionHeight = availableHeight - gap - side
            let s = shape.growth(m, width: max(side, shape.width(m)), height: regionHeight)
            let spare = (regionHeight - shape.height(m, scale: s)) / 3
            board = Frame(x: (r.width - side) / 2, y: margin + spare, width: side, height: side)
            controls = Frame(
                x: margin, y: board.maxY + gap + spare, width: availableWidth, height: shape.height(m, scale: s))
            content = controls
            keys = shape.keys(m, labels: r.labels, scale: s, centreX: r.width / 2, top: controls.y)
        case (.sideBySide, false):
            // The key block grows up to the board's height (or its own minimum, when taller).
            let regionWidth = availableWidth - gap - side
            let s = shape.growth(m, width: regionWidth, height: max(side, shape.height(m)))
            let spare = (regionWidth - shape.width(m, scale: s)) / 3
            board = Frame(x: margin + spare, y: (r.height - side) / 2, width: side, height: side)
            let h = shape.height(m, scale: s)
            controls = Frame(
                x: board.maxX + gap + spare, y: (r.height - h) / 2, width: shape.width(m, scale: s), height: h)
            content = controls
            keys = shape.keys(m, labels: r.labels, scale: s, centreX: controls.midX, top: controls.y)
        case (.stacked, true):
            let gap = LayoutRules.keyGap
            board = Frame(x: (r.width - side) / 2, y: margin, width: side, height: side)
            controls = Frame(
                x: margin, y: board.maxY + gap, width: availableWidth, height: r.height - margin - board.maxY - gap)
            content = Frame(x: controls.x, y: controls.y, width: controls.width, height: shape.height(m))
            keys = shape.keys(m, labels: r.labels, scale: 1, centreX: controls.midX, top: controls.y)
        case (.sideBySide, true):
            let gap = LayoutRules.keyGap
            board = Frame(x: margin, y: margin, width: side, height: side)
            controls = Frame(
                x: board.maxX + gap, y: margin, width: r.width - margin - board.maxX - gap, height: availableHeight)
            content = Frame(x: controls.x, y: controls.y, width: controls.width, height: shape.height(m))
            keys = shape.keys(m, labels: r.labels, scale: 1, centreX: controls.midX, top: controls.y)
        }
        return Layout(
            request: r, arrangement: arrangement, cellSize: cell, board: board, controls: controls,
            controlsContent: content, controlsScroll: scroll && content.height > controls.height + 1e-9,
            keys: keys, fits: true)
    }
}

extension Layout {
    /// The cell size for a board side: over 9, at most the ceiling, in half points down.
    static func cellSize(forSide side: Double) -> Double {
        (min(LayoutRules.ceiling, side / 9) * 2).rounded(.down) / 2
    }

    /// The best outcome of `arrangement`, or nil when it cannot hold a 24-point
    /// board with one row of keys.
    static func candidate(_ arrangement: Arrangement, _ r: LayoutRequest, _ m: KeyMetrics) -> Candidate? {
        let margin = LayoutRules.margin, gap = LayoutRules.gap
        let availableWidth = r.width - 2 * margin, availableHeight = r.height - 2 * margin
        let least = LayoutRules.emergencyFloor
        switch arrangement {
        case .stacked:
            // The shape that fits the width with the least height leaves the board the most.
            guard
                let shape = ControlShape.all.filter({ $0.width(m) <= availableWidth })
                    .min(by: { $0.height(m) < $1.height(m) })
            else { return nil }
            let cell = cellSize(forSide: min(availableWidth, availableHeight - gap - shape.height(m)))
            if cell >= least { return Candidate(arrangement: .stacked, cell: cell, shape: shape, scroll: false) }
            // Emergency: the board at 24, the controls scroll in what is left.
            guard 9 * least <= availableWidth, availableHeight - LayoutRules.keyGap - 9 * least >= m.height else {
                return nil
            }
            return Candidate(arrangement: .stacked, cell: least, shape: shape, scroll: true)
        case .sideBySide:
            if let shape = ControlShape.all.filter({ $0.height(m) <= availableHeight })
                .min(by: { $0.width(m) < $1.width(m) })
            {
                let cell = cellSize(forSide: min(availableHeight, availableWidth - gap - shape.width(m)))
                if cell >= least { return Candidate(arrangement: .sideBySide, cell: cell, shape: shape, scroll: false) }
            }
            // Emergency: the narrowest controls, scrolling; the board at 24-36.
            let narrowest = ControlShape.all.min(by: { $0.width(m) < $1.width(m) })!
            let side = min(availableHeight, availableWidth - LayoutRules.keyGap - narrowest.width(m))
            let cell = min(LayoutRules.floor, cellSize(forSide: side))
            guard cell >= least else { return nil }
            return Candidate(arrangement: .sideBySide, cell: cell, shape: narrowest, scroll: true)
        }
    }

    /// A rectangle too small for any arrangement: the 24-point board at the
    /// top-left, the controls scrolling in whatever is left below it.
    static func clipped(_ r: LayoutRequest, _ m: KeyMetrics) -> Layout {
        let side = 9 * LayoutRules.emergencyFloor
        let shape = ControlShape.all.min(by: { $0.width(m) < $1.width(m) })!
        let board = Frame(x: 0, y: 0, width: side, height: side)
        let controls = Frame(x: 0, y: side, width: max(0, r.width), height: max(0, r.height - side))
        let content = Frame(x: 0, y: side, width: controls.width, height: shape.height(m))
        return Layout(
            request: r, arrangement: .stacked, cellSize: LayoutRules.emergencyFloor, board: board,
            controls: controls, controlsContent: content, controlsScroll: true,
            keys: shape.keys(m, labels: r.labels, scale: 1, centreX: shape.width(m) / 2, top: side), fits: false)
    }
}
