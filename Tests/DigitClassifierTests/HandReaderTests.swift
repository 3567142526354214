// The hand reader with its real, built-in weights: the weights file is the one
// the README names (checksum) with nine classes, damaged files are refused
// with a reason, the Swift input and forward pass agree with the Python
// training side (golden vector), and it reads the entries of a completed photo.
@testable import DigitClassifier
import Foundation
import GridScanner
import Raster
import SudokuCore
import Testing
import TestSupport

@Suite(.tags(.small)) struct HandWeightsTests {
    func file() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("hand-v1.bin")))
    }

    @Test func theWeightsFileHasTheChecksumItsReadmeNamesAndIsTheOneBuiltIn() throws {
        let bytes = try file()
        let readme = try #require(readTextFile("Sources/DigitClassifier/Resources/README.md"))
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("hand-v1 SHA-256:") })
        let named = line.split(separator: " ").last.map(String.init)?.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        #expect(SHA256.hex(bytes) == named)
        #expect(readme.contains("hand-v1 size: \(bytes.count) bytes"))
        let builtIn = try HandReader()
        #expect(HandReader.builtInWeightsName == "hand-v1")
        #expect(builtIn.weightsSHA256 == SHA256.hex(bytes))
        #expect(builtIn.weightsByteCount == bytes.count)
        #expect(Base64.decode(HandReader.builtInWeightsBase64) == bytes)
        #expect(builtIn.network.outputs == HandReader.classes && HandReader.classes == 9)
        #expect(builtIn.network.inputs == builtIn.fieldSize * builtIn.fieldSize + builtIn.extraInputs)
    }

    @Test func damagedWeightsAreRefusedWithAReason() throws {
        let good = try file()
        func reason(_ bytes: [UInt8]) -> String? {
            do { _ = try HandReader(weights: bytes); return nil } catch {
                guard case .badWeights(let reason) = error else { return nil }
                return reason
            }
        }
        #expect(reason(good) == nil)
        #expect(reason(Array(good.prefix(good.count - 4)))?.contains("file ends") == true)
        #expect(reason(good + [0, 0, 0, 0])?.contains("after the last layer") == true)
        var magic = good
        magic[0] = UInt8(ascii: "X")
        #expect(reason(magic)?.contains("magic") == true)
        let kinds = [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("kinds-v1.bin")))
        #expect(reason(kinds)?.contains("kind classifier's weights") == true)
        var version = good
        version[4] = 9
        #expect(reason(version)?.contains("version 9") == true)
        var classes = good
        classes[4 + 5 * 4] = 19
        #expect(reason(classes)?.contains("19 classes") == true)
        #expect(reason([]) != nil)
    }
}

@Suite(.tags(.small)) struct HandReadingTests {
    @Test func theDigitIsTheMostProbableAndTiesGoLow() {
        let r = HandReading(probabilities: [0.1, 0.3, 0.3, 0, 0, 0, 0, 0.3, 0])
        #expect(r.digit == 2 && r.probability == 0.3 && r.probability(of: 8) == 0.3)
    }
}

@Suite(.tags(.small)) struct HandGoldenVectorTests {
    /// scripts/train-hand wrote hand-golden.json from hand-golden-crop.pgm (a
    /// handwritten glyph of TestImages/mixed) with the Python preprocessing and
    /// the final model in float64.
    @Test func swiftAgreesWithThePythonTrainingSide() throws {
        let data = try Data(contentsOf: classifierFixtures.appendingPathComponent("hand-golden.json"))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let crop = try readPGM(classifierFixtures.appendingPathComponent(try #require(golden["crop"] as? String)))
        let reader = try HandReader()
        #expect(golden["weights_sha256"] as? String == reader.weightsSHA256)
        let expected = try #require(golden["input"] as? [Double])
        let input = try KindClassifier().input(crop)
        #expect(input.count == expected.count)
        let worst = zip(input, expected).map { abs(Double($0) - $1) }.max() ?? 1
        #expect(worst < 1e-5, "largest difference in the input: \(worst)")
        let probabilities = try #require(golden["probabilities"] as? [Double])
        let reading = reader.read(crop)
        let worstP = zip(reading.probabilities, probabilities).map { abs(Double($0) - $1) }.max() ?? 1
        #expect(worstP < 1e-4, "largest difference in the probabilities: \(worstP)")
        #expect(reading.digit == golden["label"] as? Int)
        #expect((0..<3).allSatisfy { _ in reader.read(crop) == reading })
    }
}

@Suite(.tags(.medium)) struct HandRealGlyphTests {
    /// The entries of a completed photo. The shipped reader learnt from every
    /// mixed photo that passed the framing check, so this checks the weights
    /// and the inference, not a measurement (docs/hand-reader.md has the
    /// held-out figures).
    @Test func readsTheEntriesOfACompletedPhoto() throws {
        let scanner = try GridScanner()
        let reader = try HandReader()
        let path = packageRoot().appendingPathComponent("TestImages/mixed/image1.jpg").path
        let full = try Grid(dat: try #require(readTextFile("TestImages/mixed/image1.dat")))
        let givens = try Grid(dat: try #require(readTextFile("TestImages/mixed/image1.givens.dat")))
        let export = scanner.exportGlyphs(path: path)
        #expect(export.error == nil)
        var entries = 0, right = 0
        for glyph in export.glyphs where givens[glyph.cell] == 0 {
            guard let crop = glyph.crop else { continue }
            let reading = reader.read(crop)
            #expect(abs(reading.probabilities.reduce(0, +) - 1) < 1e-4)
            entries += 1
            if reading.digit == Int(full[glyph.cell]) { right += 1 }
        }
        #expect(entries >= 40)
        #expect(right >= entries - 1, "\(right) of \(entries) entries read right")
    }
}
