// Evaluation against truth: truth sets load from the corpus folders, real photos
// scanned with the real Tesseract are judged exact, and baselines compare and
// round-trip through their file.

import Foundation
import Geometry
import GridScanner
import SudokuCore
import TestSupport
import Testing

@testable import Evaluation

@Suite struct EvaluationTests {
    @Test(.tags(.medium), arguments: ["image1.jpg", "image1082.jpg", "image150.jpg", "image125.jpg"])
    func corpusPhotosReadExactlyAndAreProven(name: String) throws {
        let dir = packageRoot().appendingPathComponent("TestImages/newspaper")
        let truth = try #require(try TruthSet.load(directory: dir.path).first { $0.name == name })
        let result = try GridScanner().scan(path: truth.path)
        #expect(result.status == .solved)
        #expect(result.puzzle == truth.puzzle)
        let score = PhotoScore(result: result, truth: truth)
        #expect(score.exact && !score.silentWrong && score.chosenRight == true)
    }

    /// Digits that fill most of the cell (serif and sans, six 1s or more among the
    /// givens): every given is read, the 1s too, and the board is proven.
    @Test(.tags(.medium), arguments: ["tall-digits-2.jpg", "tall-digits-6.jpg", "tall-digits-12.jpg"])
    func tallDigitsReadExactlyAndAreProven(name: String) throws {
        let dir = packageRoot().appendingPathComponent("TestImages/synthetic")
        let truth = try #require(try TruthSet.load(directory: dir.path).first { $0.name == name })
        let result = try GridScanner().scan(path: truth.path)
        #expect(result.status == .solved)
        #expect(result.puzzle == truth.puzzle)
        #expect(PhotoScore(result: result, truth: truth).chosenRight == true)
    }

    @Test(.tags(.medium)) func aPuzzleLyingUpsideDownInItsPhotoIsTurned() throws {
        // The synthetic set has a page photographed upside down, without EXIF.
        let dir = packageRoot().appendingPathComponent("TestImages/synthetic")
        let truth = try #require(try TruthSet.load(directory: dir.path).first { $0.name == "rotated-180.jpg" })
        let result = try GridScanner().scan(path: truth.path)
        #expect(result.puzzle == truth.puzzle)
        // r1c1's corner is then at the bottom right of the photo.
        let corners = try #require(result.corners)
        #expect(corners.corners[0].x > corners.center.x && corners.corners[0].y > corners.center.y)
    }

    @Test(.tags(.small)) func aTruthSetHasEveryPhotoWithItsTruthAndOutline() throws {
        let photos = try TruthSet.load(directory: packageRoot().appendingPathComponent("TestImages/newspaper").path)
        #expect(photos.count == 160)
        let first = try #require(photos.first { $0.name == "image1.jpg" })
        #expect(first.key == "newspaper/image1.jpg")
        #expect(first.puzzle.givenCount > 17)
        #expect(first.outline != nil)
        #expect(first.source == "sonyEricsson s500i")
    }

    @Test(
        .tags(.small),
        arguments: [
            ("tall-digits-3.jpg", "tall-digits"), ("rotated-90.jpg", "rotated"), ("lowres-300-1.jpg", "lowres-300"),
            ("image17.jpg", "image"), ("exif-rot90.jpg", "exif-rot90"), ("large-4000x3000.jpg", "large-4000x3000"),
            ("2.png", "2"), ("photo.jpg", "photo"), ("a-.jpg", "a-"),
        ])
    func aPhotosClassIsItsNameWithoutTheTrailingNumber(name: String, expected: String) {
        #expect(PhotoGroup.photoClass(name) == expected)
    }

    @Test(.tags(.small)) func aMissingFolderIsCannotReadAndAnEmptyOneIsEmpty() throws {
        #expect(throws: EvaluationError.self) { try TruthSet.load(directory: "/nonexistent/folder") }
        do {
            _ = try TruthSet.load(directory: "/nonexistent/folder")
        } catch {
            #expect(error.isCannotRead)
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-empty-\(getpid())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        do {
            _ = try TruthSet.load(directory: empty.path)
            Issue.record("an empty folder loaded")
        } catch {
            #expect(error == .empty(path: empty.path))
        }
    }

    @Test(.tags(.small)) func aScoreCountsMissedPhantomAndWrongCells() throws {
        var truthGrid = Grid()
        truthGrid[Cell(index: 0)] = 5
        truthGrid[Cell(index: 1)] = 3
        let truth = TruthPhoto(name: "p.jpg", key: "set/p.jpg", path: "p.jpg", puzzle: truthGrid, outline: nil)
        var read = truthGrid
        read[Cell(index: 0)] = 0  // missed
        read[Cell(index: 1)] = 8  // wrong
        read[Cell(index: 2)] = 4  // phantom
        var result = ScanResult(file: "p.jpg", status: .solved)
        result.puzzle = read
        result.flagged = [FlaggedCell(cell: Cell(index: 0), reason: .missedInk)]
        let score = PhotoScore(result: result, truth: truth)
        #expect(score.missed == 1 && score.missedFlagged == 1 && score.wrong == 1 && score.phantom == 1)
        #expect(score.cellsRight == 78 && !score.exact && score.silentWrong)
        #expect(score.differences.map(\.cell) == [Cell(index: 0), Cell(index: 1), Cell(index: 2)])
    }

    /// Each reader's digit lands in the truth's row and the reading's column; a
    /// photo framed wrongly (more than 9 cells differ) or without a board is left
    /// out, so its cells cannot pose as a reader's errors.
    @Test(.tags(.small)) func theReaderConfusionCountsEachReaderAgainstTheTruth() {
        var truthGrid = Grid()
        truthGrid[Cell(index: 0)] = 4
        truthGrid[Cell(index: 1)] = 8
        let truth = TruthPhoto(name: "p.jpg", key: "set/p.jpg", path: "p.jpg", puzzle: truthGrid, outline: nil)
        var result = ScanResult(file: "p.jpg", status: .unverified)
        result.puzzle = truthGrid
        var votes = [ReaderVotes](repeating: ReaderVotes(tesseract: 0, classifier: 0, fused: 0), count: 81)
        votes[0] = ReaderVotes(tesseract: 0, classifier: 4, fused: 4)  // Tesseract missed a 4
        votes[1] = ReaderVotes(tesseract: 6, classifier: 8, fused: 8)  // and read an 8 as 6
        votes[2] = ReaderVotes(tesseract: 0, classifier: 7, fused: 0)  // the classifier saw a 7 in an empty cell
        result.votes = votes
        var wrong = ScanResult(file: "q.jpg", status: .unverified)
        var shifted = Grid()
        for i in 0..<10 { shifted[Cell(index: 20 + i)] = UInt8(i % 9 + 1) }
        wrong.puzzle = shifted
        wrong.votes = votes
        let noBoard = ScanResult(file: "r.jpg", status: .noGrid)

        let c = ReaderConfusion([
            PhotoScore(result: result, truth: truth), PhotoScore(result: wrong, truth: truth),
            PhotoScore(result: noBoard, truth: truth),
        ])
        #expect(c.photos == 1 && c.leftOut == 2)
        #expect(c.count(.tesseract, truth: 4, read: 0) == 1 && c.count(.tesseract, truth: 8, read: 6) == 1)
        #expect(c.count(.classifier, truth: 4, read: 4) == 1 && c.count(.classifier, truth: 8, read: 8) == 1)
        #expect(c.count(.classifier, truth: 0, read: 7) == 1 && c.phantoms(.classifier) == 1)
        #expect(c.count(.tesseract, truth: 0, read: 0) == 79 && c.count(.fused, truth: 0, read: 0) == 79)
        #expect(c.givens(.tesseract) == (0, 2) && c.givens(.classifier) == (2, 2) && c.givens(.fused) == (2, 2))
        #expect(c.json.contains("\"tesseract\":{\"givens_right\":0,\"givens\":2,\"phantoms\":0,\"matrix\":[[79,"))
        #expect(c.text.contains("Tesseract alone: givens right 0/2 (0.00 %)"))
    }

    @Test(.tags(.small)) func aBaselineFileRoundTripsAndAComparisonFindsRegressions() throws {
        let truth = TruthPhoto(name: "p.jpg", key: "set/p.jpg", path: "p.jpg", puzzle: Grid(), outline: nil)
        var exact = ScanResult(file: "p.jpg", status: .solved)
        exact.puzzle = Grid()
        let before = [PhotoScore(result: exact, truth: truth)]
        let text = BaselineFile.text(before, summary: EvaluationSummary(before), tuning: Tuning())
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-baseline-\(getpid()).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let baseline = try BaselineFile.read(file.path)
        #expect(baseline.exact == 1 && baseline.silentWrong == 0)
        #expect(baseline.photos["set/p.jpg"] == BaselineOutcome(exact: true, status: .solved))

        let now = [PhotoScore(result: ScanResult(file: "p.jpg", status: .noGrid), truth: truth)]
        let comparison = BaselineComparison(now, against: baseline, tuning: Tuning())
        #expect(comparison.regressions.map(\.score.key) == ["set/p.jpg"])
        #expect(comparison.failed)
        #expect(!BaselineComparison(before, against: baseline, tuning: Tuning()).failed)
    }

    /// The baseline records the tuning it was measured with; a run with another
    /// tuning names each value that differs, and is not failed for it.
    @Test(.tags(.small)) func aBaselineRecordsItsTuningAndAComparisonNamesWhatDiffers() throws {
        let truth = TruthPhoto(name: "p.jpg", key: "set/p.jpg", path: "p.jpg", puzzle: Grid(), outline: nil)
        var exact = ScanResult(file: "p.jpg", status: .solved)
        exact.puzzle = Grid()
        let scores = [PhotoScore(result: exact, truth: truth)]
        var measured = Tuning()
        measured.repair.maxEdits = 2
        let text = BaselineFile.text(scores, summary: EvaluationSummary(scores), tuning: measured)
        #expect(text.contains("\n    \"repair\": {\"maxCost\":12,\"maxEdits\":2,"))
        let baseline = try BaselineFile.parse(Array(text.utf8), path: "b.json")
        #expect(baseline.tuning == TuningFile.flatValues(measured))
        #expect(BaselineComparison(scores, against: baseline, tuning: measured).tuningDifferences?.isEmpty == true)

        var other = measured
        other.kinds.tallPrint = 1.3
        other.repair.maxEdits = 3
        let c = BaselineComparison(scores, against: baseline, tuning: other)
        #expect(c.tuningDifferences?.map(\.key) == ["kinds.tallPrint", "repair.maxEdits"])
        #expect(c.tuningDifferences?.first?.recorded == "1.25" && c.tuningDifferences?.first?.run == "1.3")
        #expect(!c.failed)

        // A baseline written before the tuning was recorded: no record, said as such.
        let old = text.replacingOccurrences(
            of: #"  "tuning": \{[^}]*(\}[^}]*)*?\n  \},\n"#, with: "",
            options: .regularExpression)
        #expect(!old.contains("tuning") && old.contains("\"photos\""))
        let unrecorded = try BaselineFile.parse(Array(old.utf8), path: "old.json")
        #expect(unrecorded.tuning == nil)
        #expect(BaselineComparison(scores, against: unrecorded, tuning: other).tuningDifferences == nil)
    }

    @Test(.tags(.small)) func aFileThatIsNotABaselineIsRefused() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-notbaseline-\(getpid()).json")
        try Data("{\"format\": \"something else\"}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try BaselineFile.read(file.path)
            Issue.record("a file that is not a baseline was read")
        } catch {
            guard case .badBaseline = error else {
                Issue.record("expected badBaseline, got \(error)")
                return
            }
        }
    }
}
