// The scan's tuning reaches its stages: a value changed in `ScanOptions.tuning`
// changes what the scanner reads from a real photo (with the real Tesseract),
// and the default tuning is the scanner's own.

import Foundation
import GridVision
import TestSupport
import Testing

@testable import GridScanner

@Suite struct TuningTests {
    static func scan(_ path: String, _ tune: (inout Tuning) -> Void = { _ in }) throws -> ScanResult {
        var options = ScanOptions()
        tune(&options.tuning)
        return try GridScanner(options: options).scan(path: packageRoot().appendingPathComponent(path).path)
    }

    /// The locator's least score: above any grid's, nothing is a candidate.
    @Test(.tags(.medium)) func theLocatorsLeastScoreDecidesWhatIsAGrid() throws {
        let photo = "TestImages/newspaper/image1.jpg"
        #expect(try Self.scan(photo).status == .solved)
        let tuned = try Self.scan(photo) { $0.locator.minimumScore = 2 }
        #expect(tuned.status == .noGrid && tuned.candidates == 0)
    }

    /// The kind judge's least reference: with more reference glyphs asked for
    /// than the photo holds, its print is not learnt and its entries are read
    /// as printed givens.
    @Test(.tags(.medium)) func theKindJudgesLeastReferenceDecidesWhetherAPhotoIsPlayed() throws {
        let photo = "TestImages/synthetic/played/played-blue-1.jpg"
        let plain = try Self.scan(photo)
        #expect(plain.isPlayed && plain.entries.contains { $0 != 0 })
        let tuned = try Self.scan(photo) { $0.kinds.minimumReference = 1000 }
        #expect(!tuned.isPlayed && !tuned.entries.contains { $0 != 0 })
        #expect(tuned.kinds.filter { $0 == .printed }.count > plain.kinds.filter { $0 == .printed }.count)
    }

    /// The stages are built from the options' tuning, the small-grid pass from its own.
    @Test(.tags(.small)) func theScannerBuildsItsStagesFromTheTuning() throws {
        var options = ScanOptions()
        options.read = false
        options.tuning.cells.margin = 6
        options.tuning.smallGridLocator.workingLongSide = 1200
        options.tuning.repair.maxEdits = 2
        options.tuning.kinds.tallPrint = 1.5
        options.tuning.pencilMarks.gapInk = 0.1
        options.tuning.framing.costs.empty = 5
        let scanner = try GridScanner(options: options)
        #expect(scanner.extractor.tuning.margin == 6)
        #expect(scanner.locator.tuning == LocatorTuning())
        #expect(scanner.smallGridLocator.tuning.workingLongSide == 1200)
        #expect(scanner.reader.repairSearch.tuning.maxEdits == 2)
        #expect(scanner.reader.kindJudge.tuning.tallPrint == 1.5)
        #expect(scanner.reader.marksReader.tuning.gapInk == 0.1)
        #expect(scanner.reader.tuning.costs.empty == 5)
        #expect(Tuning().smallGridLocator == LocatorTuning.smallGrids && LocatorTuning.smallGrids != LocatorTuning())
    }
}
