import Raster
import TestSupport
import Testing

@Suite struct HistogramTests {
    // Ten samples: 10, 20, ..., 100.
    let picture = GrayImage(width: 5, height: 2, pixels: [30, 10, 50, 20, 40, 100, 60, 90, 70, 80])

    @Test(.tags(.small)) func otsuSplitsInkFromPaper() {
        // Ink around 40, paper around 200: the threshold lies between the two.
        var image = GrayImage(width: 20, height: 10, fill: 200)
        for x in 0..<6 { for y in 0..<10 { image[x, y] = UInt8(36 + (x + y) % 9) } }
        let t = Histogram(of: image).otsuThreshold
        #expect(t >= 44 && t < 200)
        #expect(Histogram().otsuThreshold == 127)
    }

    @Test(.tags(.small)) func countsEveryPixelOrARectangle() {
        let all = Histogram(of: picture)
        #expect(all.total == 10 && all.counts.count == 256)
        #expect(all.counts[10] == 1 && all.counts[0] == 0 && all.counts.reduce(0, +) == 10)
        let part = Histogram(of: picture, columns: 1..<3, rows: 0..<2)
        #expect(part.total == 4)
        #expect((0..<256).filter { part.counts[$0] > 0 } == [10, 50, 60, 90])
    }

    @Test(.tags(.small)) func ranksCountFromTheDarkestSample() {
        let h = Histogram(of: picture)
        #expect(h.level(atRank: 0) == 10)
        #expect(h.level(atRank: 9) == 100)
        // Fewer samples than the rank asks for: white.
        #expect(h.level(atRank: 10) == 255)
        // Among the samples at 55 and above only: 60, 70, 80, 90, 100.
        #expect(h.level(atRank: 0, from: 55) == 60)
        #expect(h.level(atRank: 2, from: 55) == 80)
    }

    @Test(.tags(.small)) func quantilesTakeTheRankRoundedDown() {
        let h = Histogram(of: picture)
        #expect(h.quantile(0) == 10)
        // Rank ⌊0.5 × 10⌋ = 5: the sixth darkest.
        #expect(h.quantile(0.5) == 60)
        #expect(h.quantile(0.9) == 100)
        #expect(h.quantile(0.25) == 30)  // rank 2
        #expect(Histogram().quantile(0.5) == 255)
    }
}
