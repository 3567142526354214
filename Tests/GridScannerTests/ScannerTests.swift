import Foundation
import Geometry
@testable import GridScanner
import Testing
import TestSupport

/// Real photos through the whole pipeline with the real Tesseract (a fast sample;
/// the regression over every photo runs through `sudokit eval`).
@Suite struct ScannerTests {
    @Test(arguments: ["image1.jpg", "image1082.jpg", "image150.jpg", "image125.jpg"])
    func corpusPhotosReadExactlyAndAreProven(name: String) throws {
        let dir = packageRoot().appendingPathComponent("TestImages/newspaper")
        let truth = try #require(try TruthSet.load(directory: dir.path).first { $0.name == name })
        let result = try GridScanner().scan(path: truth.path)
        #expect(result.status == .solved)
        #expect(result.puzzle == truth.puzzle)
        let score = PhotoScore(result: result, truth: truth)
        #expect(score.exact && !score.silentWrong && score.chosenRight == true)
    }

    @Test func aPuzzleLyingUpsideDownInItsPhotoIsTurned() throws {
        // The synthetic set has a page photographed upside down, without EXIF.
        let dir = packageRoot().appendingPathComponent("TestImages/synthetic")
        let truth = try #require(try TruthSet.load(directory: dir.path).first { $0.name == "rotated-180.jpg" })
        let result = try GridScanner().scan(path: truth.path)
        #expect(result.puzzle == truth.puzzle)
        // r1c1's corner is then at the bottom right of the photo.
        let corners = try #require(result.corners)
        #expect(corners.corners[0].x > corners.center.x && corners.corners[0].y > corners.center.y)
    }

    @Test func aPhotoWithoutAGridIsNoGridAndABrokenFileIsAnError() throws {
        let formats = packageRoot().appendingPathComponent("TestImages/formats")
        let scanner = try GridScanner()
        let plain = scanner.scan(path: formats.appendingPathComponent("jpeg-baseline444.jpg").path)
        #expect(plain.status == .noGrid && plain.puzzle == nil && plain.corners == nil)
        let bytes = try Data(contentsOf: packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg"))
        let broken = scanner.scan(bytes: Array(bytes.prefix(bytes.count / 2)), source: "half.jpg")
        #expect(broken.status == .error)
        #expect(broken.error?.contains("half.jpg") == true)
        let missing = scanner.scan(path: "/nonexistent/photo.jpg")
        #expect(missing.status == .error && missing.errorIsCannotOpen)
    }

    @Test func aMissingTessdataFolderFailsClearly() {
        var options = ScanOptions()
        options.tessdata = "/nonexistent/tessdata"
        #expect(throws: (any Error).self) { try GridScanner(options: options) }
    }
}
