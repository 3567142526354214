import Foundation
import GridScanner
import Raster
import SudokuCore
import TestSupport
import Testing

// The hand reader with its real, built-in weights: the weights file is the one
// the README names (checksum) with nine classes, damaged files are refused
// with a reason, the Swift input and forward pass agree with the Python
// training side (golden vector), and it reads the entries of a completed photo.
@testable import GlyphModels

@Suite(.tags(.small)) struct HandWeightsTests {
    func file() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("hand-v2.bin")))
    }

    @Test func theWeightsFileHasTheChecksumItsReadmeNamesAndIsTheOneBuiltIn() throws {
        let bytes = try file()
        let readme = try #require(readTextFile("Sources/GlyphModels/Resources/README.md"))
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("hand-v2 SHA-256:") })
        let named = line.split(separator: " ").last.map(String.init)?.trimmingCharacters(
            in: CharacterSet(charactersIn: "`"))
        #expect(SHA256.hex(bytes) == named)
        #expect(readme.contains("hand-v2 size: \(bytes.count) bytes"))
        let builtIn = try HandReader()
        #expect(HandReader.builtInWeightsName == "hand-v2")
        #expect(builtIn.weightsSHA256 == SHA256.hex(bytes))
        #expect(builtIn.weightsByteCount == bytes.count)
        #expect(Base64.decode(HandReader.builtInWeightsBase64) == bytes)
        #expect(builtIn.network.outputs == HandReader.classes && HandReader.classes == 9)
        // Convolutional: the field goes through the filters, the extra inputs join after them.
        let convolutions = builtIn.file.convolutions
        #expect(!convolutions.layers.isEmpty && convolutions.size == builtIn.fieldSize)
        #expect(builtIn.network.inputs == convolutions.outputCount + builtIn.extraInputs)
    }

    @Test func damagedWeightsAreRefusedWithAReason() throws {
        let good = try file()
        func reason(_ bytes: [UInt8]) -> String? {
            do {
                _ = try HandReader(weights: bytes)
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
        let kinds = [UInt8](try Data(contentsOf: weightsFolder.appendingPathComponent("kinds-v1.bin")))
        #expect(reason(kinds)?.contains("kind classifier's weights") == true)
        var version = good
        version[4] = 9
        #expect(reason(version)?.contains("version 9") == true)
        var classes = good
        classes[4 + 5 * 4] = 19
        #expect(reason(classes)?.contains("19 classes") == true)
        // The first convolution's kernel (header: magic and 8 UInt32) made even, then its channels in made 2.
        var kernel = good
        kernel[36] = 4
        #expect(reason(kernel)?.contains("convolution 1: kernel 4") == true)
        var channels = good
        channels[40] = 2
        #expect(reason(channels)?.contains("2 to") == true)
        // Three pools cannot halve a field of 20 (20, 10, 5).
        var pools = good
        pools[4 + 6 * 4] = 3
        #expect(reason(pools)?.contains("cannot be halved 3 times") == true)
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
    /// the final model in float32 (the softmax in float64).
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

@Suite(.tags(.small)) struct ConvolutionsTests {
    /// Little-endian bytes of UInt32 values then Float32 values.
    func bytes(_ header: [UInt32], _ floats: [Float]) -> [UInt8] {
        var out: [UInt8] = []
        for v in header { for b in 0..<4 { out.append(UInt8((v >> (8 * UInt32(b))) & 0xff)) } }
        for f in floats {
            let v = f.bitPattern
            for b in 0..<4 { out.append(UInt8((v >> (8 * UInt32(b))) & 0xff)) }
        }
        return out
    }

    /// One layer of three 3 × 3 filters on a 4 × 4 field holding 1 ... 16 row
    /// by row: the centre alone (the field itself), all ones (the sums of each
    /// zero-padded neighbourhood: 14, 24, 33, 54 in the top-left block), all
    /// minus ones (nothing left after ReLU); then the largest of each 2 × 2 block.
    @Test func filtersPadWithZerosApplyReLUAndPool() throws {
        var weights: [Float] = []
        for tap in 0..<9 { weights += [tap == 4 ? 1 : 0, 1, -1] }
        var reader = ByteReader(bytes: bytes([3, 1, 3], weights + [0, 0, 0]))
        let layers = try Convolutions(reading: &reader, layers: 1, size: 4)
        #expect(layers.outputSize == 2 && layers.outputCount == 12)
        let field = (1...16).map(Float.init)
        var out = [Float](repeating: -1, count: 12)
        field.withUnsafeBufferPointer { f in out.withUnsafeMutableBufferPointer { layers.apply(f, $0) } }
        #expect(out == [6, 54, 0, 8, 63, 0, 14, 90, 0, 16, 99, 0])
    }

    @Test func layersThatDoNotFitAreRefused() {
        func reason(_ header: [UInt32], _ floats: [Float], layers: Int, size: Int) -> String? {
            var reader = ByteReader(bytes: bytes(header, floats))
            do {
                _ = try Convolutions(reading: &reader, layers: layers, size: size)
                return nil
            } catch {
                guard case .badWeights(let reason) = error else { return nil }
                return reason
            }
        }
        #expect(reason([1, 1, 1], [2, 0], layers: 1, size: 4) == nil)
        #expect(reason([2, 1, 1], [1, 1, 1, 1, 0], layers: 1, size: 4)?.contains("kernel 2") == true)
        #expect(
            reason([1, 2, 1], [1, 1, 0], layers: 1, size: 4)?.contains("expected an odd kernel and 1 channels") == true)
        #expect(reason([1, 1, 1], [1, 0], layers: 1, size: 5)?.contains("cannot be halved 1 times") == true)
        #expect(reason([1, 1, 1], [1], layers: 1, size: 4)?.contains("file ends") == true)
    }
}
