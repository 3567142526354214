// Splitting a group of small ink into its digits: digits written apart, and
// digits that touch where one's stroke runs into the next.

import Raster
import Testing
@testable import GridScanner

@Suite struct PencilMarksTests {
    /// A crop of paper with dark rectangles (x, y, width, height) drawn in.
    static func crop(width: Int, height: Int, ink: [(Int, Int, Int, Int)]) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 220)
        for (x0, y0, w, h) in ink {
            for y in y0..<(y0 + h) { for x in x0..<(x0 + w) { image[x, y] = 40 } }
        }
        return image
    }

    @Test func digitsApartAreOneBoxEach() {
        let image = Self.crop(width: 40, height: 24, ink: [(3, 3, 9, 18), (16, 3, 9, 18), (29, 4, 8, 17)])
        let boxes = MarksReader().digitBoxes(in: image)
        #expect(boxes.map(\.x) == [3, 16, 29])
        #expect(boxes.map(\.width) == [9, 9, 8])
        #expect(boxes.map(\.height) == [18, 18, 17])
    }

    @Test func touchingDigitsAreCutAtTheirEmptiestColumn() {
        // Two digits joined by a bar 4 pixels thick: one run of inked columns,
        // wider than it is high, cut where only the bar is.
        let image = Self.crop(width: 30, height: 22, ink: [(2, 2, 10, 18), (12, 9, 4, 4), (16, 2, 10, 18)])
        let boxes = MarksReader().digitBoxes(in: image)
        #expect(boxes.count == 2, "\(boxes)")
        #expect(boxes.first.map { $0.x == 2 && $0.x + $0.width <= 16 } == true, "\(boxes)")
        #expect(boxes.last.map { $0.x >= 12 && $0.x + $0.width == 26 } == true, "\(boxes)")
    }

    @Test func aSpeckOrAStrokeTailIsNoDigit() {
        // A low blot beside a digit: not half the group's height.
        let image = Self.crop(width: 30, height: 24, ink: [(3, 3, 9, 18), (18, 16, 5, 4)])
        #expect(MarksReader().digitBoxes(in: image).map(\.x) == [3])
    }
}
