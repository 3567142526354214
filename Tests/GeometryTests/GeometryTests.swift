import TestSupport
import Testing

@testable import Geometry

@Suite struct HomographyTests {
    let square = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
    let skewed = [Point(12, 30), Point(480, 10), Point(530, 420), Point(40, 460)]

    @Test(.tags(.small)) func mapsTheFourPointsOntoTheirTargets() throws {
        let h = try #require(Homography(from: square, to: skewed))
        for (a, b) in zip(square, skewed) {
            #expect(h.apply(a).distance(to: b) < 1e-6)
        }
    }

    @Test(.tags(.small)) func inverseUndoesTheMap() throws {
        let h = try #require(Homography(from: square, to: skewed))
        let inv = try #require(h.inverse)
        for p in [Point(3, 7), Point(50, 50), Point(99, 1)] {
            #expect(inv.apply(h.apply(p)).distance(to: p) < 1e-6)
        }
        let id = h.composed(after: inv)
        #expect(id.apply(Point(200, 300)).distance(to: Point(200, 300)) < 1e-6)
    }

    @Test(.tags(.small)) func keepsStraightLinesStraight() throws {
        let h = try #require(Homography(from: square, to: skewed))
        let a = h.apply(Point(0, 50)), b = h.apply(Point(50, 50)), c = h.apply(Point(100, 50))
        #expect(abs((b - a).cross(c - a)) < 1e-6)
    }

    @Test(.tags(.small)) func degeneratePointsGiveNoHomography() {
        let collinear = [Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)]
        #expect(Homography(from: collinear, to: skewed) == nil)
        let repeated = [Point(0, 0), Point(0, 0), Point(100, 100), Point(0, 100)]
        #expect(Homography(from: repeated, to: skewed) == nil)
        #expect(Homography(from: [Point(0, 0)], to: skewed) == nil)
    }
}

@Suite struct QuadTests {
    let q = Quad(Point(10, 10), Point(110, 12), Point(108, 112), Point(8, 110))

    @Test(.tags(.small)) func areaAndConvexity() {
        #expect(abs(q.area - 10_000) < 400)
        #expect(q.signedArea > 0)  // clockwise on screen
        #expect(q.isConvex)
        let bowtie = Quad(Point(0, 0), Point(100, 100), Point(100, 0), Point(0, 100))
        #expect(!bowtie.isConvex)
    }

    @Test(.tags(.small)) func rotationChangesOnlyTheStartingCorner() {
        let r = q.rotated(by: 1)
        #expect(r.corners == [q.corners[1], q.corners[2], q.corners[3], q.corners[0]])
        #expect(q.rotated(by: 4) == q)
        #expect(q.rotated(by: -1) == q.rotated(by: 3))
    }

    @Test(.tags(.small)) func matchingIsUpToRotationAndOrderAndWithinTolerance() {
        // The same corners listed from another corner and anticlockwise still match.
        let other = Quad(Point(108, 112), Point(110, 12), Point(10, 10), Point(8, 110))
        #expect(q.matches(other, tolerance: 0.01))
        // 4 px off on a 100 px side: inside 5 %, outside 3 %.
        let moved = Quad(Point(14, 10), Point(110, 12), Point(108, 112), Point(8, 110))
        #expect(q.matches(moved, tolerance: 0.05))
        #expect(!q.matches(moved, tolerance: 0.03))
    }

    @Test(.tags(.small)) func canonicalOrderStartsTopLeftAndRunsClockwise() {
        let messy = Quad(Point(8, 110), Point(108, 112), Point(110, 12), Point(10, 10))
        #expect(messy.canonicalOrder.corners == q.corners)
    }
}
