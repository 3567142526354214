// Offers: the cells source of `GridLocator`: `cellClusters`, quads around
// clusters of similar, square white blobs lying side by side (a grid's 81
// cells, or its nine boxes), for a grid whose lines run into text or a frame.

import Geometry

extension GridLocator {

    /// Quads around clusters of similar, square, white blobs lying side by side:
    /// a grid's 81 cells, or its nine boxes when the thin cell lines are too faint
    /// to close the cells. Each quad is widened by about a grid line's width.
    func cellClusters(_ mask: BinaryImage, minSide: Int, cellsAcross: Int) -> [Quad] {
        var paper = mask
        for i in 0..<paper.bits.count { paper.bits[i] ^= 1 }
        let minCell = max(tuning.minCell, minSide / cellsAcross)
        let maxBlob = minSide * tuning.maxBlobShare.numerator / tuning.maxBlobShare.denominator
        let blobs = ComponentLabeler.label(paper, minArea: minCell * minCell / 2).components.filter {
            $0.width >= minCell && $0.height >= minCell && $0.width <= maxBlob && $0.height <= maxBlob
                && Double($0.width) / Double($0.height) > tuning.minBlobAspect
                && Double($0.width) / Double($0.height) < tuning.maxBlobAspect
                && Double($0.area) >= tuning.minBlobFill * Double($0.boxArea)
        }.sorted { $0.center.x < $1.center.x }
        // Cluster: blobs of similar size whose centres are within reach.
        // Blobs are sorted by centre x, so each looks only at those within reach.
        let xs: [Double] = blobs.map { $0.center.x }
        func firstIndex(atLeast x: Double) -> Int {
            var lo = 0, hi = xs.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if xs[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        var owner = [Int](repeating: -1, count: blobs.count)
        var clusters: [[Int]] = []
        for seed in blobs.indices where owner[seed] < 0 {
            var members = [seed]
            owner[seed] = seed
            var i = 0
            while i < members.count {
                let a = blobs[members[i]]
                let size = Double(a.width + a.height) / 2
                let reach = tuning.clusterReach * size
                var j = firstIndex(atLeast: a.center.x - reach)
                while j < blobs.count && xs[j] <= a.center.x + reach {
                    defer { j += 1 }
                    guard owner[j] < 0 else { continue }
                    let b = blobs[j]
                    let sb = Double(b.width + b.height) / 2
                    guard sb > size * tuning.minSizeRatio && sb < size * tuning.maxSizeRatio else { continue }
                    let distance = a.center.distance(to: b.center)
                    if distance < reach {
                        owner[j] = seed
                        members.append(j)
                    }
                }
                i += 1
            }
            let size = members.map { Double(blobs[$0].width) }.reduce(0, +) / Double(members.count)
            let cells = members.count >= tuning.minClusterCells
            let boxes = tuning.boxClusterCounts.contains(members.count) && size >= tuning.boxInCells * Double(minCell)
            if cells || boxes { clusters.append(members) }
        }
        return clusters.sorted { $0.count > $1.count }.prefix(tuning.maxClusters).compactMap { members -> Quad? in
            let parts = members.map { blobs[$0] }
            let tl = parts.map { $0.extremes[0] }.min { $0.x + $0.y < $1.x + $1.y }!
            let tr = parts.map { $0.extremes[1] }.max { $0.x - $0.y < $1.x - $1.y }!
            let br = parts.map { $0.extremes[2] }.max { $0.x + $0.y < $1.x + $1.y }!
            let bl = parts.map { $0.extremes[3] }.max { $0.y - $0.x < $1.y - $1.x }!
            let inner = Quad(tl, tr, br, bl)
            guard inner.isConvex else { return nil }
            let c = inner.center
            let grow = 1 + 2 * (inner.meanSide / 9 * tuning.lineWidthPerCell) / inner.meanSide
            return Quad(inner.corners.map { c + ($0 - c) * grow })
        }
    }
}
