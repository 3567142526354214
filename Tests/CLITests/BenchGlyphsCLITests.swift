// `sudokit-lab bench glyphs` (crops as PGM and the labelled index) and `sudokit-lab
// bench classify` (the classifier's time per photo), end to end.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct BenchGlyphsCLITests {
    let root = packageRoot()

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-glyphs-\(UUID().uuidString)")
    }

    @Test func writesACropPerGlyphAndAnIndexLabelledByTruth() throws {
        let out = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: out) }
        // A truthless copy of a photo: indexed, but not labelled.
        let loose = temporaryFolder()
        try FileManager.default.createDirectory(at: loose, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: loose) }
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("TestImages/newspaper/image10.jpg"),
            to: loose.appendingPathComponent("image10.jpg"))
        let r = try runSudokitLab(
            [
                "bench", "glyphs", "--jobs", "2", "--out", out.path, "TestImages/newspaper/image1.jpg",
                loose.appendingPathComponent("image10.jpg").path,
            ], currentDirectory: root)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stderr.contains("glyphs: 2 photos"))
        let index = try String(contentsOf: out.appendingPathComponent("index.tsv"), encoding: .utf8)
        let rows = index.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        #expect(
            rows.first == [
                "photo", "cell", "label", "framing", "differences", "status", "crop", "width", "height",
                "tesseract", "confidence", "alternatives",
            ])
        #expect(rows.count == 1 + 2 * 81)
        #expect(rows.dropFirst().allSatisfy { $0.count == 12 })
        let first = rows.filter { $0[0] == "TestImages/newspaper/image1.jpg" }
        let second = rows.filter { $0[0].hasSuffix("image10.jpg") && $0[0] != "TestImages/newspaper/image10.jpg" }
        #expect(first.count == 81 && second.count == 81)
        // image1.dat: r1c4 is a 7, r1c1 empty; the photo is read exactly.
        let r1c4 = try #require(first.first { $0[1] == "r1c4" })
        #expect(
            r1c4[2] == "7" && r1c4[3] == "right" && r1c4[4] == "0" && r1c4[6] == "image1-r1c4.pgm" && r1c4[9] == "7")
        let r1c1 = try #require(first.first { $0[1] == "r1c1" })
        #expect(r1c1[2] == "0" && r1c1[6] == "-" && r1c1[9] == "-")
        #expect(second.allSatisfy { $0[2] == "-" && $0[3] == "-" })
        // Each crop named in the index is a PGM of the size it gives.
        for row in first + second where row[6] != "-" {
            let bytes = [UInt8](try Data(contentsOf: out.appendingPathComponent(row[6])))
            let header = Array("P5\n\(row[7]) \(row[8])\n255\n".utf8)
            #expect(Array(bytes.prefix(header.count)) == header, "\(row[6])")
            #expect(bytes.count == header.count + Int(row[7])! * Int(row[8])!)
        }
        #expect(first.filter { $0[6] != "-" }.count == 26)  // the 26 givens of image1.dat
    }

    @Test func needsAnOutputFolder() throws {
        let r = try runSudokitLab(["bench", "glyphs", "TestImages/newspaper/image1.jpg"], currentDirectory: root)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--out"))
    }

    @Test func classifyPrintsTheWeightsAndTimesPerPhotoAndGlyph() throws {
        let r = try runSudokitLab(
            ["bench", "classify", "--runs", "3", "TestImages/newspaper/image1.jpg"], currentDirectory: root)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("weights: digits-v1.bin, ") && lines[0].contains("SHA-256 "))
        #expect(
            lines[1].hasPrefix("TestImages/newspaper/image1.jpg: 26 glyphs, ") && lines[1].contains(" us per glyph"))
        #expect(lines[1].hasSuffix("agrees with Tesseract on 26"))
        #expect(lines[2].hasPrefix("all: 1 photos, 26 glyphs, median "))
    }

    /// The kind classifier on a completed photo: every cell holds a glyph, and
    /// the line ends with how many it reads as handwritten.
    @Test func classifyTimesTheKindClassifierOnACompletedPhoto() throws {
        let r = try runSudokitLab(
            ["bench", "classify", "--model", "kinds", "--runs", "3", "TestImages/mixed/image1.jpg"],
            currentDirectory: root)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("weights: kinds-v1.bin, ") && lines[0].contains("SHA-256 "))
        #expect(lines[1].hasPrefix("TestImages/mixed/image1.jpg: ") && lines[1].contains(" us per glyph"))
        let handwritten = try #require(lines[1].split(separator: " ").last.flatMap { Int($0) })
        let givens = try #require(readTextFile("TestImages/mixed/image1.givens.dat"))
        let entries = givens.split(separator: "\n").dropFirst(2).flatMap { $0.split(separator: " ") }.filter {
            $0 == "0"
        }.count
        #expect(abs(handwritten - entries) <= 3, "\(handwritten) read handwritten, \(entries) entries written")
        let bad = try runSudokitLab(
            ["bench", "classify", "--model", "letters", "TestImages/mixed/image1.jpg"], currentDirectory: root)
        #expect(bad.status == 64)
    }
}
