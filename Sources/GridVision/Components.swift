// Offers: `Component` and `ComponentLabeler`: 8-connected ink components with the
// statistics the grid finder and the cell reader need.

import Geometry

/// One 8-connected ink component.
public struct Component: Sendable {
    /// Number of ink pixels.
    public var area: Int
    public var minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Pixels extreme along the four diagonal and four axis directions; for a
    /// grid seen at a mild angle the diagonal extremes are its corners.
    /// Order: min x+y, max x−y, max x+y, min x−y (top-left, top-right,
    /// bottom-right, bottom-left), then min y, max x, max y, min x.
    public var extremes: [Point]
    /// Index into the label map (labels start at 1).
    public var label: Int32

    public var width: Int { maxX - minX + 1 }
    public var height: Int { maxY - minY + 1 }
    public var boxArea: Int { width * height }
    public var center: Point { Point(Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2) }
}

public struct ComponentMap: Sendable {
    public let width: Int
    public let height: Int
    /// Label per pixel, 0 for background.
    public var labels: [Int32]
    public var components: [Component]
}

public enum ComponentLabeler {
    /// Labels the 8-connected components of `mask` with a scan-line flood fill.
    /// Components smaller than `minArea` pixels are dropped from the list (their
    /// pixels keep label 0).
    public static func label(_ mask: BinaryImage, minArea: Int = 1) -> ComponentMap {
        let w = mask.width, h = mask.height
        var labels = [Int32](repeating: 0, count: w * h)
        var comps: [Component] = []
        // The stack holds each pixel's column and row (no division to recover them).
        // Never read before written, so not cleared (8 bytes a pixel).
        let st = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(2, 2 * w * h))
        defer { st.deallocate() }
        var next: Int32 = 1
        // Ink not labelled yet: one read tells whether a neighbour joins the component.
        var todo = mask.bits
        todo.withUnsafeMutableBufferPointer { bits in
            labels.withUnsafeMutableBufferPointer { lab in
                for start in 0..<(w * h) where bits[start] != 0 {
                    bits[start] = 0
                    let label = next
                    next += 1
                    lab[start] = label
                    st[0] = Int32(start % w)
                    st[1] = Int32(start / w)
                    var top = 2
                    var area = 0
                    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
                    // Best value and pixel per direction, kept in scalars: this loop is hot.
                    var b0 = (Int.min, 0), b1 = (Int.min, 0), b2 = (Int.min, 0), b3 = (Int.min, 0)
                    var b4 = (Int.min, 0), b5 = (Int.min, 0), b6 = (Int.min, 0), b7 = (Int.min, 0)
                    while top > 0 {
                        top &-= 2
                        let x = Int(st[top]), y = Int(st[top &+ 1])
                        let p = y &* w &+ x
                        area &+= 1
                        if x < minX { minX = x }
                        if x > maxX { maxX = x }
                        if y < minY { minY = y }
                        if y > maxY { maxY = y }
                        if -(x + y) > b0.0 { b0 = (-(x + y), p) }
                        if x - y > b1.0 { b1 = (x - y, p) }
                        if x + y > b2.0 { b2 = (x + y, p) }
                        if y - x > b3.0 { b3 = (y - x, p) }
                        if -y > b4.0 { b4 = (-y, p) }
                        if x > b5.0 { b5 = (x, p) }
                        if y > b6.0 { b6 = (y, p) }
                        if -x > b7.0 { b7 = (-x, p) }
                        if x > 0 && y > 0 && x < w &- 1 && y < h &- 1 {
                            // All eight neighbours inside: the loop below, unrolled, in its order.
                            @inline(__always) func visit(_ q: Int, _ xx: Int, _ yy: Int) {
                                if bits[q] != 0 {
                                    bits[q] = 0
                                    lab[q] = label
                                    st[top] = Int32(truncatingIfNeeded: xx)
                                    st[top &+ 1] = Int32(truncatingIfNeeded: yy)
                                    top &+= 2
                                }
                            }
                            let above = p &- w, below = p &+ w
                            visit(above &- 1, x &- 1, y &- 1)
                            visit(above, x, y &- 1)
                            visit(above &+ 1, x &+ 1, y &- 1)
                            visit(p &- 1, x &- 1, y)
                            visit(p &+ 1, x &+ 1, y)
                            visit(below &- 1, x &- 1, y &+ 1)
                            visit(below, x, y &+ 1)
                            visit(below &+ 1, x &+ 1, y &+ 1)
                            continue
                        }
                        let y0 = max(0, y &- 1), y1 = min(h &- 1, y &+ 1)
                        let x0 = max(0, x &- 1), x1 = min(w &- 1, x &+ 1)
                        var yy = y0
                        while yy <= y1 {
                            var xx = x0
                            var q = yy &* w &+ x0
                            while xx <= x1 {
                                if bits[q] != 0 {
                                    bits[q] = 0
                                    lab[q] = label
                                    st[top] = Int32(truncatingIfNeeded: xx)
                                    st[top &+ 1] = Int32(truncatingIfNeeded: yy)
                                    top &+= 2
                                }
                                xx &+= 1
                                q &+= 1
                            }
                            yy &+= 1
                        }
                    }
                    if area >= minArea {
                        let extremes = [b0.1, b1.1, b2.1, b3.1, b4.1, b5.1, b6.1, b7.1].map {
                            Point(Double($0 % w) + 0.5, Double($0 / w) + 0.5)
                        }
                        comps.append(
                            Component(
                                area: area, minX: minX, minY: minY, maxX: maxX, maxY: maxY,
                                extremes: extremes, label: label))
                    }
                }
            }
        }
        // Clear the labels of dropped components so the map matches the list.
        var keep = [Bool](repeating: false, count: Int(next))
        for c in comps { keep[Int(c.label)] = true }
        if comps.count < Int(next) - 1 {
            keep.withUnsafeBufferPointer { keep in
                labels.withUnsafeMutableBufferPointer { labels in
                    for i in 0..<labels.count where labels[i] != 0 && !keep[Int(labels[i])] { labels[i] = 0 }
                }
            }
        }
        return ComponentMap(width: w, height: h, labels: labels, components: comps)
    }
}
