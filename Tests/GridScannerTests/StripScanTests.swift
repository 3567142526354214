// The scan pipeline on pictures of extreme shape, without reading: a strip one
// pixel under the side limit (29,999 wide), a few pixels high, and one standing
// up. The locator's working copy of such a strip is less than a pixel high; the
// scan must still end, with no grid.
import GridScanner
import ImageCodecs
import Raster
import TestSupport
import Testing

@Suite(.tags(.medium)) struct StripScanTests {
    @Test(arguments: [(29_999, 1), (29_999, 32), (29_999, 40), (1, 29_999), (40, 29_999)])
    func aStripHasNoGrid(width: Int, height: Int) throws {
        var picture = GrayImage(width: width, height: height, fill: 230)
        for x in stride(from: 0, to: width, by: 7) { for y in 0..<height { picture[x, y] = 20 } }
        let png = try PNGEncoder.encode(picture)
        var options = ScanOptions()
        options.read = false
        let result = try GridScanner(options: options).scan(bytes: png, source: "strip.png")
        #expect(result.status == .noGrid && result.corners == nil, "\(result.status)")
        #expect(result.error == nil)
    }
}
