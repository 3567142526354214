// The layout function over 2,025 rectangles from 300 to 1,400 points a side,
// at the default and the large text size, in English and German (8,100
// layouts): nothing overflows its rectangle (or its scroll area), no key is
// below 44 points, no label is cut, no cell is outside 24-72, nothing overlaps.
// And drags, a point at a time, that switch arrangement only past the 16-point margin.

import BoardLayout
import Geometry
import TestSupport
import Testing

@Suite(.tags(.small)) struct LayoutSweepTests {
    static let sides = Array(stride(from: 300.0, through: 1400.0, by: 25.0))  // 45 values

    @Test(arguments: [TextSize.standard, TextSize.large], [KeyLabels.english, KeyLabels.german])
    func everyRectangleFits(textSize: Double, labels: KeyLabels) {
        var count = 0, arrangements = Set<Arrangement>(), scrolled = 0
        for w in Self.sides {
            for h in Self.sides {
                let layout = Layout(LayoutRequest(width: w, height: h, textSize: textSize, labels: labels))
                check(layout)
                count += 1
                arrangements.insert(layout.arrangement)
                if layout.controlsScroll { scrolled += 1 }
            }
        }
        #expect(count == 2025)
        #expect(arrangements.count == 2, "both arrangements occur")
        #expect(scrolled > 0, "the emergency exit occurs")
    }

    /// The invariants of one layout.
    func check(_ l: Layout) {
        let tag = "\(l.request.width)x\(l.request.height) \(l.request.labels.locale) \(l.request.textSize)"
        #expect(l.fits, "\(tag)")
        #expect((LayoutRules.emergencyFloor...LayoutRules.ceiling).contains(l.cellSize), "\(tag): cell \(l.cellSize)")
        #expect(l.bounds.contains(l.board), "\(tag): board \(l.board)")
        #expect(l.bounds.contains(l.controls), "\(tag): controls \(l.controls)")
        #expect(!l.board.overlaps(l.controls), "\(tag): board and controls overlap")
        if !l.controlsScroll {
            #expect(l.cellSize >= LayoutRules.emergencyFloor)
        } else {
            #expect(l.cellSize <= LayoutRules.floor, "\(tag): scrolling controls only below the floor")
            #expect(l.controls.height >= l.keys[0].frame.height, "\(tag): one row of keys visible")
        }
        let area = l.controlsScroll ? l.controlsContent : l.controls
        for (i, key) in l.keys.enumerated() {
            let f = key.frame
            #expect(
                f.width >= LayoutRules.minimumTap && f.height >= LayoutRules.minimumTap, "\(tag): key \(key.name) \(f)")
            #expect(area.contains(f), "\(tag): key \(key.name) \(f) outside \(area)")
            #expect(f.x >= l.controls.x - 1e-6 && f.maxX <= l.controls.maxX + 1e-6, "\(tag): key \(key.name) across")
            if !l.controlsScroll { #expect(l.bounds.contains(f), "\(tag): key \(key.name) outside the rectangle") }
            #expect(!f.overlaps(l.board), "\(tag): key \(key.name) over the board")
            let pad = LayoutRules.labelPadding
            #expect(
                LabelMetrics.width(of: key.label, size: key.labelSize) + 2 * pad.horizontal <= f.width + 1e-9,
                "\(tag): label \(key.label) cut")
            #expect(
                key.labelSize * LabelMetrics.lineHeight + 2 * pad.vertical <= f.height + 1e-9,
                "\(tag): label \(key.label) too tall")
            for other in l.keys[(i + 1)...] {
                #expect(!f.overlaps(other.frame), "\(tag): \(key.name) over \(other.name)")
            }
        }
    }

    /// Drags one edge a point at a time over `range`, feeding each layout's arrangement
    /// to the next, and checks the rule at every step: with A the arrangement shown
    /// and B the other, the layout switches to B exactly when B's board is at least
    /// 16 points larger than A's (or A cannot hold the board at all). Returns the sizes where it switched.
    func drag(
        width: ClosedRange<Double>? = nil, height: ClosedRange<Double>? = nil, fixed: Double, reverse: Bool = false,
        textSize: Double = TextSize.standard, hysteresis: Bool = true
    ) -> [Double] {
        let range = (width ?? height)!
        var values = Array(stride(from: range.lowerBound, through: range.upperBound, by: 1.0))
        if reverse { values.reverse() }
        func request(_ v: Double, _ previous: Arrangement?) -> LayoutRequest {
            width != nil
                ? LayoutRequest(width: v, height: fixed, textSize: textSize, previous: previous)
                : LayoutRequest(width: fixed, height: v, textSize: textSize, previous: previous)
        }
        var current = Layout(request(values[0], nil))
        var switches: [Double] = []
        for v in values.dropFirst() {
            let r = request(v, hysteresis ? current.arrangement : nil)
            let next = Layout(r)
            check(next)
            if hysteresis {
                let shown = current.arrangement
                let other: Arrangement = shown == .stacked ? .sideBySide : .stacked
                let kept = Layout(r, arrangement: shown), alternative = Layout(r, arrangement: other)
                let shouldSwitch: Bool
                if let kept, let alternative {
                    shouldSwitch = alternative.board.width >= kept.board.width + LayoutRules.hysteresis
                } else {
                    shouldSwitch = kept == nil
                }
                #expect(
                    (next.arrangement != shown) == shouldSwitch,
                    Comment(
                        rawValue:
                            "at \(v): kept \(kept?.board.width ?? 0), other \(alternative?.board.width ?? 0), chose "
                            + "\(next.arrangement)")
                )
                if let kept, let alternative, !shouldSwitch {
                    #expect(alternative.board.width - kept.board.width < LayoutRules.hysteresis)
                }
            }
            if next.arrangement != current.arrangement { switches.append(v) }
            current = next
        }
        return switches
    }

    @Test(arguments: [500.0, 700.0, 900.0], [false, true])
    func aDragSwitchesOnlyPastTheMargin(fixedHeight: Double, reverse: Bool) {
        let switches = drag(width: 300...1400, fixed: fixedHeight, reverse: reverse)
        let free = drag(width: 300...1400, fixed: fixedHeight, reverse: reverse, hysteresis: false)
        #expect(!free.isEmpty, "without the margin the drag switches")
        if fixedHeight == 900 && !reverse {
            // Widening a 900-point-high window: stacked reaches the ceiling first, then both give
            // 72-point cells; the aspect ratio alone would switch at 901 wide, the margin never does.
            #expect(switches.isEmpty)
            #expect(free == [901])
            return
        }
        #expect(!switches.isEmpty, "the drag crosses from one arrangement to the other")
        // Without the previous arrangement, the switch comes earlier along the drag: the margin matters.
        if let first = switches.first, let firstFree = free.first {
            #expect(
                reverse ? firstFree > first : firstFree < first,
                "with the margin the switch is later: \(first) vs \(firstFree)")
        }
    }

    @Test func aDragBackAndForthDoesNotFlicker() {
        // Around the point where both arrangements give the same board, wiggling a few points never switches.
        let h = 700.0
        var layout = Layout(LayoutRequest(width: 700, height: h))
        let start = layout.arrangement
        for w in [701.0, 699, 703, 697, 705, 695, 710, 690, 700] {
            layout = Layout(LayoutRequest(width: w, height: h, previous: layout.arrangement))
            #expect(layout.arrangement == start, "switched at \(w)")
        }
    }

    @Test func aHeightDragAtLargeTextAlsoRespectsTheMargin() {
        #expect(!drag(height: 300...1400, fixed: 800, textSize: TextSize.large).isEmpty)
        #expect(!drag(height: 300...1400, fixed: 800, reverse: true).isEmpty)
    }
}
