// The image kernels written for speed (unsafe buffers, shortcuts, single
// precision) against plain reference versions written here the obvious way: the
// binary ones must agree pixel for pixel, the warp within a grey level.

import Geometry
import Raster
import TestSupport
import Testing

@testable import GridVision

@Suite(.tags(.small)) struct KernelTests {
    /// A picture of paper with dark blobs and strokes and some noise: every
    /// kernel sees ink, paper and edges.
    static func picture(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var rng = SeededGenerator(seed: seed)
        var image = GrayImage(width: width, height: height, fill: 0)
        for y in 0..<height {
            for x in 0..<width {
                let shade = 150 + (x * 60) / max(1, width) + Int.random(in: 0...20, using: &rng)
                image[x, y] = UInt8(min(255, shade))
            }
        }
        for _ in 0..<(width * height / 150) {
            let (cx, cy) = (Int.random(in: 0..<width, using: &rng), Int.random(in: 0..<height, using: &rng))
            let (rx, ry) = (Int.random(in: 0...6, using: &rng), Int.random(in: 0...6, using: &rng))
            let ink = UInt8.random(in: 0...120, using: &rng)
            for y in max(0, cy - ry)...min(height - 1, cy + ry) {
                for x in max(0, cx - rx)...min(width - 1, cx + rx) { image[x, y] = ink }
            }
        }
        // A few long lines, as a grid's.
        for k in stride(from: 5, to: height, by: 37) { for x in 0..<width { image[x, k] = 40 } }
        for k in stride(from: 9, to: width, by: 41) { for y in 0..<height { image[k, y] = 40 } }
        return image
    }

    static func mask(width: Int, height: Int, seed: UInt64, density: Int) -> BinaryImage {
        var rng = SeededGenerator(seed: seed)
        var m = BinaryImage(width: width, height: height)
        for i in 0..<m.bits.count where Int.random(in: 0..<100, using: &rng) < density { m.bits[i] = 1 }
        for k in stride(from: 3, to: height, by: 11) {
            for x in 0..<width where x % 17 != 0 { m.bits[k * width + x] = 1 }
        }
        for k in stride(from: 2, to: width, by: 13) {
            for y in 0..<height where y % 19 != 0 { m.bits[y * width + k] = 1 }
        }
        return m
    }

    /// Pixels where two masks of the same size differ (a count, so a failure
    /// prints a number rather than two whole masks).
    static func differing(_ a: BinaryImage, _ b: BinaryImage) -> Int {
        precondition(a.width == b.width && a.height == b.height)
        return zip(a.bits, b.bits).filter { ($0 != 0) != ($1 != 0) }.count
    }

    // MARK: reference versions

    static func referenceThreshold(
        _ image: GrayImage, window: Int, relativeOffset: Double, minimumOffset: Int
    )
        -> BinaryImage
    {
        var out = BinaryImage(width: image.width, height: image.height)
        let r = max(1, window / 2), rel = Int(relativeOffset * 1024)
        for y in 0..<image.height {
            for x in 0..<image.width {
                var s = 0, n = 0
                for yy in max(0, y - r)...min(image.height - 1, y + r) {
                    for xx in max(0, x - r)...min(image.width - 1, x + r) {
                        s += Int(image[xx, yy])
                        n += 1
                    }
                }
                let mean = s / n
                let offset = max(minimumOffset, (mean * rel) >> 10)
                out[x, y] = Int(image[x, y]) < mean - offset
            }
        }
        return out
    }

    static func referenceRuns(_ m: BinaryImage, length: Int, vertical: Bool) -> BinaryImage {
        var out = BinaryImage(width: m.width, height: m.height)
        let (lines, along) = vertical ? (m.width, m.height) : (m.height, m.width)
        for a in 0..<lines {
            var p = 0
            while p < along {
                let at = { (q: Int) in vertical ? m[a, q] : m[q, a] }
                guard at(p) else {
                    p += 1
                    continue
                }
                var end = p
                while end < along && at(end) { end += 1 }
                if end - p >= length { for q in p..<end { if vertical { out[a, q] = true } else { out[q, a] = true } } }
                p = end
            }
        }
        return out
    }

    static func referenceDilate(_ m: BinaryImage, radius: Int) -> BinaryImage {
        var out = BinaryImage(width: m.width, height: m.height)
        for y in 0..<m.height {
            for x in 0..<m.width {
                var hit = false
                for yy in max(0, y - radius)...min(m.height - 1, y + radius) {
                    for xx in max(0, x - radius)...min(m.width - 1, x + radius) where m[xx, yy] { hit = true }
                }
                out[x, y] = hit
            }
        }
        return out
    }

    // MARK: tests

    /// Windows inside the picture and cut by its sides, a picture narrower than
    /// its window, a window too large for the single-precision path, negative offsets.
    @Test(arguments: [
        (64, 64, 7, 0.0, 6), (97, 61, 15, 0.05, 4), (288, 288, 15, 0.1, 4), (40, 33, 5, 0.06, 0),
        (30, 90, 41, 0.1, 4), (20, 200, 183, 0.02, 2), (64, 48, 9, -0.05, -3),
    ])
    func adaptiveThresholdMatchesTheReference(width: Int, height: Int, window: Int, relative: Double, minimum: Int) {
        let image = Self.picture(width: width, height: height, seed: UInt64(width * height))
        let fast = Binarizer.adaptiveThreshold(image, window: window, relativeOffset: relative, minimumOffset: minimum)
        let slow = Self.referenceThreshold(image, window: window, relativeOffset: relative, minimumOffset: minimum)
        #expect(Self.differing(fast, slow) == 0)
        #expect(fast.count > 0 && fast.count < width * height)
    }

    @Test(arguments: [(50, 40, 5), (288, 288, 20), (33, 77, 3)])
    func lineOpeningsAndDilationMatchTheReference(width: Int, height: Int, length: Int) {
        let m = Self.mask(width: width, height: height, seed: UInt64(width + 7 * height), density: 30)
        let horizontal = Morphology.horizontalLines(m, length: length)
        #expect(Self.differing(horizontal, Self.referenceRuns(m, length: length, vertical: false)) == 0)
        #expect(horizontal.count > 0)
        let vertical = Morphology.verticalLines(m, length: length)
        #expect(Self.differing(vertical, Self.referenceRuns(m, length: length, vertical: true)) == 0)
        #expect(vertical.count > 0)
        for radius in [1, 2] {
            #expect(Self.differing(Morphology.dilate(m, radius: radius), Self.referenceDilate(m, radius: radius)) == 0)
        }
        var joined = m
        for y in 0..<height {
            for x in 0..<width where !m[x, y] {
                joined[x, y] = (y > 0 && m[x, y - 1]) || (y + 1 < height && m[x, y + 1])
            }
        }
        #expect(Self.differing(Morphology.joinedAcross(m, horizontal: true), joined) == 0)
        let other = Self.mask(width: width, height: height, seed: 99, density: 50)
        var difference = m
        for i in 0..<difference.bits.count where other.bits[i] != 0 { difference.bits[i] = 0 }
        #expect(Self.differing(m.subtracting(other), difference) == 0)
    }

    @Test func labellerCountsEveryPixelOnceAndDropsSpecks() {
        let m = Self.mask(width: 120, height: 90, seed: 5, density: 35)
        let all = ComponentLabeler.label(m, minArea: 1)
        #expect(all.components.reduce(0) { $0 + $1.area } == m.count)
        for c in all.components {
            let pixels = all.labels.indices.filter { all.labels[$0] == c.label }
            #expect(pixels.count == c.area)
            #expect(
                pixels.allSatisfy {
                    $0 % 120 >= c.minX && $0 % 120 <= c.maxX && $0 / 120 >= c.minY && $0 / 120 <= c.maxY
                })
        }
        let big = ComponentLabeler.label(m, minArea: 6)
        #expect(big.components.allSatisfy { $0.area >= 6 })
        #expect(big.components.count < all.components.count)
        let kept = Set(big.components.map(\.label))
        #expect(big.labels.allSatisfy { $0 == 0 || kept.contains($0) })
    }

    @Test func flooringAgreesWithTheConversion() {
        var values: [Float] = [
            0, 0.25, 0.5, 0.75, 1, 1.5, 2.5, 3.4999998, 3.5, 3.5000002, 254.99998, 255,
            4_194_303.5, 8_388_607, Float(8_388_607.5).nextDown,
        ]
        values += (1..<2_000).flatMap { k in [Float(k).nextDown, Float(k), Float(k).nextUp, Float(k) + 0.5] }
        var rng = SeededGenerator(seed: 21)
        values += (0..<20_000).map { _ in Float.random(in: 0..<5_000, using: &rng) }
        #expect(values.filter { flooredNonNegative($0) != Int32(Int($0)) } == [])
    }

    /// Illumination flattening the plain way: every pixel's paper level blended
    /// from the four blocks around it, rounded through the library.
    static func referenceFlatten(_ image: GrayImage, block: Int) -> GrayImage {
        let b = max(2, block)
        let gw = (image.width + b - 1) / b, gh = (image.height + b - 1) / b
        var level = [Double](repeating: 255, count: gw * gh)
        for by in 0..<gh {
            for bx in 0..<gw {
                let histogram = Histogram(
                    of: image, columns: (bx * b)..<min(image.width, bx * b + b),
                    rows: (by * b)..<min(image.height, by * b + b))
                let n = histogram.total
                level[by * gw + bx] = Double(max(Int(histogram.level(atRank: n - 1 - n / 10)), 8))
            }
        }
        func filter(_ src: [Double], _ f: ([Double]) -> Double) -> [Double] {
            var dst = src
            for y in 0..<gh {
                for x in 0..<gw {
                    var vals: [Double] = []
                    for dy in -1...1 {
                        for dx in -1...1 where x + dx >= 0 && y + dy >= 0 && x + dx < gw && y + dy < gh {
                            vals.append(src[(y + dy) * gw + x + dx])
                        }
                    }
                    dst[y * gw + x] = f(vals)
                }
            }
            return dst
        }
        level = filter(level) { $0.max()! }
        level = filter(level) { $0.reduce(0, +) / Double($0.count) }
        var out = image
        for y in 0..<image.height {
            let gy = min(max((Double(y) + 0.5) / Double(b) - 0.5, 0), Double(gh - 1))
            let y0 = Int(gy), y1 = min(y0 + 1, gh - 1), fy = gy - Double(y0)
            for x in 0..<image.width {
                let gx = min(max((Double(x) + 0.5) / Double(b) - 0.5, 0), Double(gw - 1))
                let x0 = Int(gx), x1 = min(x0 + 1, gw - 1), fx = gx - Double(x0)
                let l =
                    (level[y0 * gw + x0] * (1 - fx) + level[y0 * gw + x1] * fx) * (1 - fy)
                    + (level[y1 * gw + x0] * (1 - fx) + level[y1 * gw + x1] * fx) * fy
                out[x, y] = UInt8(min(255, max(0, (Double(image[x, y]) * 255 / l).rounded())))
            }
        }
        return out
    }

    @Test(arguments: [(120, 90, 16), (97, 61, 7), (40, 33, 50)])
    func flatteningMatchesTheReference(width: Int, height: Int, block: Int) {
        var image = Self.picture(width: width, height: height, seed: UInt64(width * 5 + block))
        // Dim one corner, as a shadow does.
        for y in 0..<(height / 2) { for x in 0..<(width / 2) { image[x, y] = UInt8(Int(image[x, y]) * 2 / 3) } }
        let fast = Binarizer.flattenIllumination(image, block: block)
        let slow = Self.referenceFlatten(image, block: block)
        #expect(zip(fast.pixels, slow.pixels).filter { $0 != $1 }.count == 0)
        #expect(fast.pixels != image.pixels)
    }

    @Test func lineProfilesCountEachRowAndColumn() {
        let m = Self.mask(width: 70, height: 45, seed: 12, density: 25)
        var rows = [Double](repeating: 0, count: 45), cols = [Double](repeating: 0, count: 70)
        for y in 0..<45 {
            for x in 0..<70 where m[x, y] {
                rows[y] += 1
                cols[x] += 1
            }
        }
        #expect(GridLocator().profile(m, horizontal: true) == rows.map { $0 / 70 })
        #expect(GridLocator().profile(m, horizontal: false) == cols.map { $0 / 45 })
    }

    /// The residual noise with each window summed pixel by pixel; windows of
    /// both the single-precision path and the double one.
    @Test(arguments: [(60, 50, 2), (41, 77, 4), (9, 9, 4), (140, 135, 33)])
    func residualNoiseMatchesTheReference(width: Int, height: Int, radius: Int) {
        let image = Self.picture(width: width, height: height, seed: UInt64(3 * width + height))
        let reference = CellExtractor().boxBlur3(image)
        var histogram = [Int](repeating: 0, count: 256)
        var n = 0
        for y in radius..<(height - radius) {
            for x in radius..<(width - radius) {
                var s = 0
                for yy in (y - radius)...(y + radius) {
                    for xx in (x - radius)...(x + radius) { s += Int(reference[xx, yy]) }
                }
                let c = (2 * radius + 1) * (2 * radius + 1)
                histogram[min(255, 4 * abs(Int(image[x, y]) * c - s) / c)] += 1
                n += 1
            }
        }
        var expected = 0.0, seen = 0
        for (r, count) in histogram.enumerated() {
            seen += count
            if 4 * seen >= n {
                expected = (Double(r) + 0.5) / 4 / 0.3186
                break
            }
        }
        #expect(CellExtractor().residualNoise(image, of: reference, radius: radius) == expected)
        #expect(expected > 0)
    }

    /// The window sums against sums taken pixel by pixel, with the rows moving
    /// down by steps that overlap, touch, jump past the rows before, and stay.
    @Test func windowSumsMatchSumsPixelByPixel() {
        let image = Self.picture(width: 37, height: 29, seed: 11)
        let steps = [0..<0, 0..<3, 1..<5, 1..<5, 5..<9, 14..<20, 14..<29, 28..<29, 29..<29]
        image.pixels.withUnsafeBufferPointer { p in
            var sums = WindowSums(width: image.width)
            for rows in steps {
                sums.cover(rows, of: p)
                for columns in [0..<37, 0..<1, 5..<12, 36..<37, 20..<20] {
                    var expected: Int32 = 0
                    for y in rows { for x in columns { expected += Int32(image[x, y]) } }
                    #expect(sums.sum(columns) == expected, "rows \(rows), columns \(columns)")
                }
            }
        }
        var empty = WindowSums(width: 0)
        [UInt8]().withUnsafeBufferPointer { empty.cover(0..<0, of: $0) }
        #expect(empty.sum(0..<0) == 0)
    }

    /// The labeller against a plain flood fill that visits neighbours in the
    /// same order (rows above to below, left to right), so that the extreme
    /// pixels, first found wins, agree too.
    @Test(arguments: [(120, 90, 35), (31, 47, 60), (64, 64, 15)])
    func labellerMatchesAPlainFloodFill(width: Int, height: Int, density: Int) {
        var m = Self.mask(width: width, height: height, seed: UInt64(width * height + density), density: density)
        // A diamond and a square: long edges of pixels tied on x + y, x − y, x and y,
        // where the order of the visits picks the extreme.
        let (cx, cy, r) = (width / 3, height / 2, min(width, height) / 5)
        for y in 0..<height { for x in 0..<width where abs(x - cx) + abs(y - cy) <= r { m[x, y] = true } }
        for y in (height / 5)..<(height / 5 + r) {
            for x in (2 * width / 3)..<min(width, 2 * width / 3 + r) { m[x, y] = true }
        }
        var labels = [Int32](repeating: 0, count: width * height)
        var expected: [(area: Int, box: [Int], extremes: [Int])] = []
        var next: Int32 = 1
        for start in 0..<(width * height) where m.bits[start] != 0 && labels[start] == 0 {
            labels[start] = next
            var stack = [start], area = 0, box = [Int.max, Int.max, Int.min, Int.min]
            var best = [(Int, Int)](repeating: (Int.min, 0), count: 8)
            while let p = stack.popLast() {
                let x = p % width, y = p / width
                area += 1
                box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
                for (k, v) in [-(x + y), x - y, x + y, y - x, -y, x, y, -x].enumerated() where v > best[k].0 {
                    best[k] = (v, p)
                }
                for yy in max(0, y - 1)...min(height - 1, y + 1) {
                    for xx in max(0, x - 1)...min(width - 1, x + 1)
                    where m.bits[yy * width + xx] != 0 && labels[yy * width + xx] == 0 {
                        labels[yy * width + xx] = next
                        stack.append(yy * width + xx)
                    }
                }
            }
            expected.append((area, box, best.map(\.1)))
            next += 1
        }
        let map = ComponentLabeler.label(m, minArea: 1)
        #expect(map.labels == labels)
        #expect(map.components.count == expected.count)
        for (c, e) in zip(map.components, expected) {
            #expect(c.area == e.area && [c.minX, c.minY, c.maxX, c.maxY] == e.box)
            #expect(c.extremes == e.extremes.map { Point(Double($0 % width) + 0.5, Double($0 / width) + 0.5) })
        }
    }

    @Test func roundingAgreesWithTheLibrary() {
        for v in [
            0.0, 0.49999999999999994, 0.5, 1.5, 2.5, 254.49999, 254.5, 255.7, 1e6 + 0.5, -0.5, -2.5, 1e300,
            4_503_599_627_370_495.5, .infinity,
        ] {
            #expect(roundedToNearest(v) == v.rounded(), "\(v)")
        }
        #expect(roundedToNearest(.nan).isNaN)
        var rng = SeededGenerator(seed: 8)
        let values = (0..<10_000).map { _ in Double.random(in: 0..<300, using: &rng) }
        #expect(values.filter { roundedToNearest($0) != $0.rounded() } == [])
        var checked: [Double] = values + [0, 1, 254.99999999999997, 4_503_599_627_370_495.5, 4_503_599_627_370_495]
        for k in 0..<2_000 {
            let half = Double(k) + 0.5
            checked += [half, half.nextDown, half.nextUp, Double(k)]
        }
        #expect(checked.filter { roundedNonNegative($0) != $0.rounded() } == [])
        let bytes = checked.filter { $0 < 300 } + [-0.4, -3, 254.5, 255.49, 1e9]
        #expect(bytes.filter { roundedByte($0) != UInt8(min(255, max(0, $0.rounded()))) } == [])
    }

    /// The single-precision warp against double-precision bilinear samples of
    /// the same homography, supersampled or not, through perspective and off the
    /// picture's edge.
    @Test(arguments: [1, 2, 3, 4])
    func warpAgreesWithDoublePrecisionWithinAGreyLevel(supersample: Int) throws {
        let image = Self.picture(width: 300, height: 220, seed: 11)
        let quad = Quad(Point(-12, 10), Point(280, 25), Point(300, 230), Point(15, 200))
        let size = 96
        let h = try #require(Homography(squareOfSide: Double(size), to: quad))
        let fast = Warper.warp(image, destinationToSource: h, width: size, height: size, supersample: supersample)
        var worst = 0, outside = 0
        for y in 0..<size {
            for x in 0..<size {
                var acc = 0.0
                for sy in 0..<supersample {
                    for sx in 0..<supersample {
                        let p = h.apply(
                            Point(
                                Double(x) + (Double(sx) + 0.5) / Double(supersample),
                                Double(y) + (Double(sy) + 0.5) / Double(supersample)))
                        acc += image.sampleBilinear(
                            x: p.x - 0.5, y: p.y - 0.5, border: .constant(255), blend: .difference)
                    }
                }
                let mean = acc / Double(supersample * supersample)
                let expected = Int(min(255, max(0, mean + 0.5)))
                worst = max(worst, abs(Int(fast[x, y]) - expected))
                if fast[x, y] == 255 && expected == 255 { outside += 1 }
            }
        }
        #expect(worst <= 1)
        #expect(outside > 0, "the quad reaches off the picture: some pixels are outside")
    }

    @Test func warpOfAnEmptyPictureIsAllOutside() throws {
        let h = try #require(Homography(squareOfSide: 8, to: Quad(Point(0, 0), Point(8, 0), Point(8, 8), Point(0, 8))))
        let out = Warper.warp(GrayImage(width: 0, height: 0), destinationToSource: h, width: 8, height: 8, outside: 200)
        #expect(out.pixels == [UInt8](repeating: 200, count: 64))
    }

    @Test func warpWithTheIdentityCopiesThePicture() throws {
        let image = Self.picture(width: 64, height: 64, seed: 3)
        let h = try #require(
            Homography(squareOfSide: 64, to: Quad(Point(0, 0), Point(64, 0), Point(64, 64), Point(0, 64))))
        let copy = Warper.warp(image, destinationToSource: h, width: 64, height: 64)
        #expect(zip(copy.pixels, image.pixels).filter { $0 != $1 }.count == 0)
    }
}
