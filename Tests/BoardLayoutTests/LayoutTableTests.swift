// The layout function on chosen rectangles, each worked out by hand from the
// rules (see Layout.swift): phones, tablets and windows in both orientations,
// the ceiling's tie broken by the aspect ratio, the emergency exit, large text
// and a long language, key growth, and the JSON the layout command prints.

import BoardLayout
import Geometry
import TestSupport
import Testing

@Suite(.tags(.small)) struct LayoutTableTests {
    struct Row: Sendable, CustomStringConvertible {
        var width: Double, height: Double
        var textSize = TextSize.standard
        var labels = KeyLabels.english
        var arrangement: Arrangement
        var cell: Double
        var scroll = false
        var description: String { "\(Int(width))x\(Int(height)) \(labels.locale) \(textSize)" }
    }

    static let table: [Row] = [
        // Stacked: keys 5 + 4 over one row of labels (148 pt); the board takes the width: 374 / 9.
        Row(width: 390, height: 844, arrangement: .stacked, cell: 41.5),
        // Side by side: the board takes the height, 374 / 9; stacked would leave it (374 - 16 - 96) / 9 = 29.
        Row(width: 844, height: 390, arrangement: .sideBySide, cell: 41.5),
        // Side by side reaches the ceiling (752 / 9 > 72); stacked stops at 640 / 9 = 71.
        Row(width: 1024, height: 768, arrangement: .sideBySide, cell: 72),
        Row(width: 768, height: 1024, arrangement: .stacked, cell: 72),
        // Both at the ceiling: the aspect ratio decides.
        Row(width: 1400, height: 900, arrangement: .sideBySide, cell: 72),
        Row(width: 900, height: 1400, arrangement: .stacked, cell: 72),
        // Below the floor: (300 - 16) / 9 = 31.5 side by side, no scrolling.
        Row(width: 1400, height: 300, arrangement: .sideBySide, cell: 31.5),
        // The smallest rectangle: the emergency exit, a 24-point board and scrolling controls.
        Row(width: 300, height: 300, arrangement: .stacked, cell: 24, scroll: true),
        Row(
            width: 300, height: 300, textSize: TextSize.large, labels: .german, arrangement: .stacked, cell: 24,
            scroll: true),
        // Large text in German: six rows of 54-point keys (5 + 4 digits, the labels one a row) still leave the width.
        Row(width: 390, height: 844, textSize: TextSize.large, labels: .german, arrangement: .stacked, cell: 41.5),
        // 600 x 600: stacked (600 - 16 - 16 - 96) / 9 = 52.4, side by side (584 - 16 - 148) / 9 = 46.6.
        Row(width: 600, height: 600, arrangement: .stacked, cell: 52),
    ]

    @Test(arguments: table) func theTableHolds(_ row: Row) {
        let layout = Layout(
            LayoutRequest(width: row.width, height: row.height, textSize: row.textSize, labels: row.labels))
        #expect(layout.arrangement == row.arrangement)
        #expect(layout.cellSize == row.cell)
        #expect(layout.controlsScroll == row.scroll)
        #expect(layout.fits)
        #expect(layout.board.width == 9 * row.cell && layout.board.height == 9 * row.cell)
        #expect(layout.keys.count == 13)
    }

    @Test func theLongestLabelSetsTheLabelledKeysWidth() {
        let english = Layout(LayoutRequest(width: 768, height: 1024))
        let german = Layout(LayoutRequest(width: 768, height: 1024, labels: .german))
        func width(_ l: Layout, _ name: String) -> Double { l.keys.first { $0.name == name }!.frame.width }
        // "Rückgängig" is 10 characters, "Erase" and "Notes" 5: every labelled key is as wide as the longest.
        #expect(width(german, "hint") > width(english, "hint") * 1.5)
        for name in KeyLabels.names {
            #expect(width(german, name) == width(german, "undo"))
            #expect(width(german, name) >= LabelMetrics.width(of: "Rückgängig", size: TextSize.standard) + 20)
        }
        // A larger text size makes the keys taller.
        let large = Layout(LayoutRequest(width: 768, height: 1024, textSize: TextSize.large))
        #expect(large.keys[0].frame.height > english.keys[0].frame.height)
    }

    @Test func roomLeftGrowsTheKeysThenBecomesSpacing() {
        // A phone: the label row is what limits growth; it reaches the board's edges.
        let phone = Layout(LayoutRequest(width: 390, height: 844))
        let labelRow = phone.keys.filter { !$0.isDigit }
        #expect(
            abs(labelRow.first!.frame.x - phone.board.x) < 1 && abs(labelRow.last!.frame.maxX - phone.board.maxX) < 1)
        #expect(labelRow[0].frame.height > LayoutRules.minimumTap, "the keys grew")
        // A tablet: the keys reach their largest growth, and the rows stay narrower than the board.
        let tablet = Layout(LayoutRequest(width: 768, height: 1024))
        #expect(tablet.keys[0].frame.height == LayoutRules.minimumTap * LayoutRules.maximumKeyGrowth)
        let digitRow = tablet.keys.filter(\.isDigit)
        #expect(digitRow.first!.frame.x > tablet.board.x + 10 && digitRow.last!.frame.maxX < tablet.board.maxX - 10)
        // The spacing left is even: above the board, between board and controls, below the controls.
        let top = tablet.board.y, between = tablet.controls.y - tablet.board.maxY - LayoutRules.gap
        let bottom = tablet.request.height - tablet.controls.maxY
        #expect(abs((top - LayoutRules.margin) - between) < 1e-9 && abs((bottom - LayoutRules.margin) - between) < 1e-9)
        #expect(between > 0)
    }

    @Test func theEmergencyExitScrollsTheControlsAndNeverGoesBelow24() {
        let small = Layout(LayoutRequest(width: 300, height: 300, textSize: TextSize.large, labels: .german))
        #expect(small.cellSize == LayoutRules.emergencyFloor && small.isEmergency && small.controlsScroll)
        #expect(small.controlsContent.height > small.controls.height)
        // At least one row of keys is visible.
        #expect(small.controls.height >= small.keys[0].frame.height)
        for key in small.keys {
            #expect(key.frame.x >= small.controls.x && key.frame.maxX <= small.controls.maxX)
            #expect(small.controlsContent.contains(key.frame))
        }
        // Just above the emergency: the board shrinks below the floor without scrolling.
        let shrinking = Layout(LayoutRequest(width: 700, height: 300))
        #expect(shrinking.isEmergency && !shrinking.controlsScroll && shrinking.cellSize >= LayoutRules.emergencyFloor)
        // Too small for anything: flagged, never below 24.
        let tiny = Layout(LayoutRequest(width: 200, height: 150))
        #expect(!tiny.fits && tiny.cellSize == LayoutRules.emergencyFloor)
    }

    @Test func locales() {
        #expect(KeyLabels(locale: "de-CH") == .german)
        #expect(KeyLabels(locale: "FR") == .french)
        #expect(KeyLabels(locale: "en_GB") == .english)
        #expect(KeyLabels(locale: "xx") == nil)
        #expect(KeyLabels.german.longest == "Rückgängig")
        #expect(LabelMetrics.width(of: "Löschen", size: 10) == 42)
    }

    @Test func theJSONNamesEveryFrame() {
        let json = Layout(LayoutRequest(width: 390, height: 844, labels: .german)).json
        #expect(json.hasPrefix("{\"width\":390,\"height\":844,\"text_size\":17,\"locale\":\"de\""))
        #expect(json.contains("\"arrangement\":\"stacked\",\"cell_size\":41.5,"))
        #expect(json.contains("\"controls_scroll\":false"))
        #expect(json.contains("\"keys\":{\"1\":{\"x\":"))
        #expect(json.contains("\"hint\":{\"x\":"))
        #expect(json.contains("\"labels\":{\"undo\":\"Rückgängig\""))
        #expect(json.contains("\"board\":{\"x\":8.25,\"y\":"))
    }
}
