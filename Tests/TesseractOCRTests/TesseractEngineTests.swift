// Reads real digit crops (cut from corpus photos) and rendered digits with the
// real Tesseract, and checks what the engine promises about its readings.

import Raster
import TestSupport
import Testing

@testable import TesseractOCR

/// A fresh engine with the default options; each test creates its own, as a
/// worker task would.
private func engine() throws -> TesseractEngine { try TesseractEngine() }

@Suite(.tags(.medium)) struct TesseractEngineTests {
    static let realCrops = fixtureNames(prefix: "real-")
    static let renderedDigits = fixtureNames(prefix: "rendered-")
    static let emptyCells = fixtureNames(prefix: "empty-")

    @Test func fixturesArePresent() {
        #expect(Self.realCrops.count >= 18)
        #expect(Self.renderedDigits.count == 18)
        #expect(Self.emptyCells.count >= 3)
        for name in Self.realCrops + Self.renderedDigits {
            #expect(fixtureDigit(name).map { (1...9).contains($0) } == true, "\(name) has no digit in its name")
        }
    }

    @Test(arguments: realCrops)
    func readsRealCrop(_ name: String) throws {
        let reading = try engine().read(loadFixture(name))
        #expect(reading.digit == fixtureDigit(name), "\(name): read \(reading.digit) (\(reading.confidence))")
    }

    @Test(arguments: renderedDigits)
    func readsRenderedDigit(_ name: String) throws {
        let reading = try engine().read(loadFixture(name))
        #expect(reading.digit == fixtureDigit(name), "\(name): read \(reading.digit) (\(reading.confidence))")
        #expect(reading.confidence > 80)
    }

    @Test func readsABatchInOrder() throws {
        let names = Self.renderedDigits + Self.realCrops
        let crops = try names.map(loadFixture)
        let readings = try engine().read(crops)
        #expect(readings.count == crops.count)
        let right = zip(names, readings).filter { fixtureDigit($0.0) == $0.1.digit }.count
        #expect(right == names.count, "batch read \(right) of \(names.count) right")
    }

    @Test(arguments: emptyCells)
    func emptyCellReadsNothing(_ name: String) throws {
        let reading = try engine().read(loadFixture(name))
        #expect(reading.digit == 0 || reading.confidence < 50, "\(name): read \(reading.digit) (\(reading.confidence))")
    }

    @Test func blankCropsReadNothing() throws {
        let e = try engine()
        let white = GrayImage(width: 30, height: 40, fill: 255)
        var speckled = GrayImage(width: 30, height: 40, fill: 190)
        for i in stride(from: 0, to: speckled.pixels.count, by: 7) { speckled.pixels[i] = 175 }
        for crop in [white, speckled, GrayImage(width: 0, height: 0)] {
            let reading = try e.read(crop)
            #expect(
                reading.digit == 0 || reading.confidence < 50, "\(crop.width)x\(crop.height): read \(reading.digit)")
            if reading.digit == 0 {
                #expect(reading.alternatives.isEmpty && reading.confidence == 0)
            }
        }
    }

    @Test func alternativesAreRankedAndIncludeTheBest() throws {
        let e = try engine()
        var withSeveral = 0
        for name in Self.realCrops + Self.renderedDigits {
            let r = try e.read(loadFixture(name))
            guard r.digit != 0 else { continue }
            #expect(r.alternatives.first == DigitChoice(digit: r.digit, confidence: r.confidence), "\(name)")
            let confidences = r.alternatives.map(\.confidence)
            #expect(confidences == confidences.sorted(by: >), "\(name): \(r.alternatives)")
            #expect(Set(r.alternatives.map(\.digit)).count == r.alternatives.count, "\(name): repeated digit")
            #expect(r.alternatives.allSatisfy { (1...9).contains($0.digit) && (0...100).contains($0.confidence) })
            if r.alternatives.count > 1 { withSeveral += 1 }
        }
        // lstm_choice_mode=2 must actually produce runner-up digits somewhere.
        #expect(withSeveral > 0)
    }

    @Test func missingTessdataThrowsAClearError() throws {
        let folder = "/nonexistent/tessdata-for-sudokit-test"
        do {
            _ = try TesseractEngine(dataPath: folder)
            Issue.record("an engine was created from \(folder)")
        } catch let error as TesseractOCRError {
            #expect(error == .trainedDataMissing(path: folder + "/eng.traineddata", source: "the init parameter"))
            #expect(error.description.contains(folder + "/eng.traineddata"))
            #expect(error.description.contains("TESSDATA_PREFIX"))
        }
    }

    @Test func versionIsTesseract5() {
        #expect(TesseractEngine.version.hasPrefix("5."))
    }
}

@Suite(.tags(.small)) struct TessdataLocationTests {
    @Test func explicitPathWinsAndLosesItsTrailingSlash() {
        let location = TessdataLocation(explicitPath: "/some/where/")
        #expect(location.path == "/some/where")
        #expect(location.source == "the init parameter")
        #expect(location.trainedDataFile() == "/some/where/eng.traineddata")
        #expect(!location.hasTrainedData())
    }

    @Test func defaultFolderHoldsEnglish() {
        // scripts/setup installs tesseract-ocr-eng into Debian's folder.
        let location = TessdataLocation(explicitPath: TessdataLocation.debianDefault)
        #expect(location.hasTrainedData(language: "eng"), "missing \(location.trainedDataFile()); run scripts/setup")
    }
}

@Suite(.tags(.small)) struct OpenMPRuntimeTests {
    @Test func runtimeIsLoadedAndAgreesWithTheEnvironment() {
        let limit = OpenMPRuntime.threadLimit
        #expect(limit != nil, "omp_get_thread_limit not found: libtesseract should pull in libgomp")
        if let env = OpenMPRuntime.environmentThreadLimit, let n = Int(env), n > 0 {
            #expect(limit == n)
        } else {
            #expect((limit ?? 0) >= 1)
        }
    }
}
