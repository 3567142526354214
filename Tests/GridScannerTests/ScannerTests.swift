import Foundation
import Geometry
import TesseractOCR
import TestSupport
import Testing

@testable import GridScanner

/// The scanner's results for what is not a readable puzzle, with the real Tesseract
/// (the corpus photos are judged in EvaluationTests).
@Suite struct ScannerTests {

    @Test(.tags(.medium)) func aPhotoWithoutAGridIsNoGridAndABrokenFileIsAnError() throws {
        let formats = packageRoot().appendingPathComponent("TestImages/formats")
        let scanner = try GridScanner()
        let plain = scanner.scan(path: formats.appendingPathComponent("jpeg-baseline444.jpg").path)
        #expect(plain.status == .noGrid && plain.puzzle == nil && plain.corners == nil)
        let bytes = try Data(contentsOf: packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg"))
        let broken = scanner.scan(bytes: Array(bytes.prefix(bytes.count / 2)), source: "half.jpg")
        #expect(broken.status == .error)
        #expect(broken.error?.description.contains("half.jpg") == true)
        #expect(broken.error?.isCannotOpen == false)
        let missing = scanner.scan(path: "/nonexistent/photo.jpg")
        #expect(missing.status == .error && missing.error?.isCannotOpen == true)
    }

    @Test(.tags(.medium)) func aMissingTessdataFolderFailsClearly() {
        var options = ScanOptions()
        options.tessdata = "/nonexistent/tessdata"
        do {
            _ = try GridScanner(options: options)
            Issue.record("a scanner started without language data")
        } catch {
            guard case .readerUnavailable(let reason) = error else {
                Issue.record("expected readerUnavailable, got \(error)")
                return
            }
            #expect(reason.contains("/nonexistent/tessdata"))
        }
    }

    /// Tesseract starts in the background (the photo is framed meanwhile): the
    /// engine, once waited for, reads as one started in place would; language
    /// data that is there but damaged fails the photo with the reader's error,
    /// and `waitForReader` throws it.
    @Test(.tags(.medium)) func aScannerWaitsForItsEngineAndADamagedLanguageFileFailsClearly() throws {
        let photo = packageRoot().appendingPathComponent("TestImages/newspaper/image1.jpg").path
        let scanner = try GridScanner()
        try scanner.waitForReader()
        #expect(scanner.scan(path: photo).status == .solved)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-damaged-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let real = try Data(contentsOf: URL(fileURLWithPath: TessdataLocation().trainedDataFile()))
        try real.prefix(1_000).write(to: folder.appendingPathComponent("eng.traineddata"))
        var options = ScanOptions()
        options.tessdata = folder.path
        let damaged = try GridScanner(options: options)
        let result = damaged.scan(path: photo)
        #expect(result.status == .error)
        guard case .readerUnavailable(let reason)? = result.error else {
            Issue.record("expected readerUnavailable, got \(String(describing: result.error))")
            return
        }
        #expect(reason.contains(folder.path))
        #expect(throws: ScanError.self) { try damaged.waitForReader() }
    }
}
