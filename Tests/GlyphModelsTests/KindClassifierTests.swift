import Foundation
import GridScanner
import Raster
import SudokuCore
import TestSupport
import Testing

// The kind classifier with its real, built-in weights: the weights file is the
// one the README names (checksum) with nineteen classes, damaged files are
// refused with a reason, the Swift input and forward pass agree with the Python
// training side (golden vector), and it tells printed givens from handwritten
// entries on glyphs the pipeline cuts from a completed photo.
@testable import GlyphModels

@Suite(.tags(.small)) struct KindWeightsTests {
    func file() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("kinds-v1.bin")))
    }

    @Test func theWeightsFileHasTheChecksumItsReadmeNamesAndIsTheOneBuiltIn() throws {
        let bytes = try file()
        let readme = try #require(readTextFile("Sources/GlyphModels/Resources/README.md"))
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("kinds-v1 SHA-256:") })
        let named = line.split(separator: " ").last.map(String.init)?.trimmingCharacters(
            in: CharacterSet(charactersIn: "`"))
        #expect(SHA256.hex(bytes) == named)
        #expect(readme.contains("kinds-v1 size: \(bytes.count) bytes"))
        let builtIn = try KindClassifier()
        #expect(KindClassifier.builtInWeightsName == "kinds-v1")
        #expect(builtIn.weightsSHA256 == SHA256.hex(bytes))
        #expect(builtIn.weightsByteCount == bytes.count)
        #expect(Base64.decode(KindClassifier.builtInWeightsBase64) == bytes)
        #expect(builtIn.network.outputs == KindClassifier.classes && KindClassifier.classes == 19)
        #expect(builtIn.network.inputs == builtIn.fieldSize * builtIn.fieldSize + builtIn.extraInputs)
        #expect(builtIn.extraInputs == KindClassifier.extraFeatures.count)
    }

    @Test func damagedWeightsAreRefusedWithAReason() throws {
        let good = try file()
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try KindClassifier(weights: bytes)
                return nil
            } catch {
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
        let digits = [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("digits-v1.bin")))
        #expect(reason(digits)?.contains("digit classifier's weights") == true)
        var version = good
        version[4] = 9
        #expect(reason(version)?.contains("version 9") == true)
        var classes = good
        classes[4 + 5 * 4] = 10  // the class count, after magic, version, field, glyph, contrast, extra
        #expect(reason(classes)?.contains("10 classes") == true)
        var extra = good
        extra[4 + 4 * 4] = 7
        #expect(reason(extra)?.contains("out of range") == true)
        var nan = good
        let at = 4 + 7 * 4 + 8  // the first weight of the first layer
        for (k, b) in [0x00, 0x00, 0xC0, 0x7F].enumerated() { nan[at + k] = UInt8(b) }
        #expect(reason(nan)?.contains("not finite") == true)
        #expect(reason([]) != nil)
        #expect(GlyphModelsError.badWeights(reason: "x").description.contains("bad"))
    }
}

@Suite(.tags(.small)) struct KindPredictionTests {
    @Test func theSumsFollowFromTheProbabilities() {
        var p = [Float](repeating: 0, count: 19)
        p[0] = 0.1
        p[3] = 0.2  // printed 3
        p[5] = 0.05  // printed 5
        p[9 + 5] = 0.4  // handwritten 5
        p[9 + 8] = 0.25  // handwritten 8
        let k = KindPrediction(probabilities: p)
        #expect(k.notDigit == 0.1)
        #expect(abs(k.handwritten - 0.65 / 0.9) < 1e-6)
        #expect(k.printedDigit == 3)
        #expect(k.handwrittenDigit == 5)
        #expect(abs(k.handwrittenDigitProbability - 0.4 / 0.65) < 1e-6)
        #expect(k.digit == 5 && abs(k.digitProbability - 0.45) < 1e-6)
    }

    @Test func noDigitMassGivesZeroes() {
        var p = [Float](repeating: 0, count: 19)
        p[0] = 1
        let k = KindPrediction(probabilities: p)
        #expect(k.handwritten == 0 && k.handwrittenDigitProbability == 0 && k.digitProbability == 0)
        #expect(k.digit == 1 && k.printedDigit == 1 && k.handwrittenDigit == 1)
    }
}

@Suite(.tags(.small)) struct KindGoldenVectorTests {
    /// scripts/train-kinds wrote kinds-golden.json from kinds-golden-crop.pgm (a
    /// handwritten glyph of TestImages/mixed) with the Python preprocessing and
    /// the final model in float64.
    @Test func swiftAgreesWithThePythonTrainingSide() throws {
        let data = try Data(contentsOf: classifierFixtures.appendingPathComponent("kinds-golden.json"))
        let golden = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let crop = try readPGM(classifierFixtures.appendingPathComponent(try #require(golden["crop"] as? String)))
        let classifier = try KindClassifier()
        #expect(golden["weights_sha256"] as? String == classifier.weightsSHA256)
        let levels = try #require(golden["levels"] as? [Int])
        let (ink, paper) = GlyphField.levels(of: crop)
        #expect([Int(ink), Int(paper)] == levels)
        let expected = try #require(golden["input"] as? [Double])
        let input = classifier.input(crop)
        #expect(input.count == expected.count)
        let worst = zip(input, expected).map { abs(Double($0) - $1) }.max() ?? 1
        #expect(worst < 1e-5, "largest difference in the input: \(worst)")
        let probabilities = try #require(golden["probabilities"] as? [Double])
        let prediction = classifier.classify(crop)
        #expect(prediction.probabilities.count == 19)
        let worstP = zip(prediction.probabilities, probabilities).map { abs(Double($0) - $1) }.max() ?? 1
        #expect(worstP < 1e-4, "largest difference in the probabilities: \(worstP)")
        // The same bits every time.
        #expect((0..<3).allSatisfy { _ in classifier.classify(crop) == prediction })
    }
}

@Suite(.tags(.medium)) struct KindRealGlyphTests {
    /// A completed photo: printed givens and handwritten entries. The shipped
    /// model was trained on every mixed photo that passed the framing check, so
    /// this checks the built-in weights and the inference, not a measurement
    /// (the held-out figures are in docs/kind-classifier.md).
    static let photo = "image1"

    @Test func tellsPrintedGivensFromHandwrittenEntries() throws {
        let scanner = try GridScanner()
        let classifier = try KindClassifier()
        let path = packageRoot().appendingPathComponent("TestImages/mixed/\(Self.photo).jpg").path
        let full = try Grid(dat: try #require(readTextFile("TestImages/mixed/\(Self.photo).dat")))
        let givens = try Grid(dat: try #require(readTextFile("TestImages/mixed/\(Self.photo).givens.dat")))
        let export = scanner.exportGlyphs(path: path)
        #expect(export.error == nil)
        #expect(export.glyphs.count == 81)
        var printed: [(Cell, KindPrediction)] = [], handwritten: [(Cell, KindPrediction)] = []
        for glyph in export.glyphs {
            guard let crop = glyph.crop else { continue }
            let prediction = classifier.classify(crop)
            #expect(abs(prediction.probabilities.reduce(0, +) - 1) < 1e-4)
            if givens[glyph.cell] != 0 {
                printed.append((glyph.cell, prediction))
            } else {
                handwritten.append((glyph.cell, prediction))
            }
        }
        #expect(
            printed.count >= 20 && handwritten.count >= 40, "\(printed.count) printed, \(handwritten.count) handwritten"
        )
        // One of each, chosen by the truth: the first printed and the first handwritten cell.
        let (givenCell, given) = try #require(printed.first)
        #expect(
            given.handwritten < 0.5, "\(givenCell): printed \(givens[givenCell]) read handwritten \(given.handwritten)")
        #expect(given.printedDigit == Int(givens[givenCell]))
        let (entryCell, entry) = try #require(handwritten.first)
        #expect(
            entry.handwritten > 0.5, "\(entryCell): handwritten \(full[entryCell]) read printed \(entry.handwritten)")
        #expect(entry.handwrittenDigit == Int(full[entryCell]))
        // And all of them.
        let printedRight = printed.filter { $0.1.handwritten < 0.5 && $0.1.printedDigit == Int(givens[$0.0]) }.count
        let handRight = handwritten.filter { $0.1.handwritten > 0.5 && $0.1.handwrittenDigit == Int(full[$0.0]) }.count
        #expect(printedRight >= printed.count - 1, "\(printedRight) of \(printed.count) givens read printed and right")
        #expect(
            handRight >= handwritten.count - 3,
            "\(handRight) of \(handwritten.count) entries read handwritten and right")
        #expect(printed.allSatisfy { $0.1.notDigit < 0.5 } && handwritten.allSatisfy { $0.1.notDigit < 0.5 })
    }
}
