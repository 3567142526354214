// Played photos' truth (`NAME.dat` as written, `NAME.givens.dat` as printed)
// loads, bad pairs are refused, and a scan of a played photo is scored for
// kinds, entries and mistakes, with a right entry called wrong counted silent
// wrong.

import Foundation
import GridScanner
import SudokuCore
import TestSupport
import Testing

@testable import Evaluation

@Suite struct PlayedTruthTests {
    @Test(.tags(.small)) func theCompletedPhotosLoadWithTheirGivensAndEntries() throws {
        let photos = try TruthSet.load(directory: packageRoot().appendingPathComponent("TestImages/mixed").path)
        #expect(photos.count == 159)
        let printed = try TruthSet.load(directory: packageRoot().appendingPathComponent("TestImages/newspaper").path)
        let byName = Dictionary(uniqueKeysWithValues: printed.map { ($0.name, $0.puzzle) })
        for p in photos {
            let written = try #require(p.written, "\(p.name) has no written grid")
            let entries = try #require(p.entries)
            #expect(byName[p.name] == p.puzzle, "\(p.name): the givens are not the printed puzzle's")
            #expect(written.givenCount == 81, "\(p.name) is completed")
            #expect((42...58).contains(entries.givenCount), "\(p.name): \(entries.givenCount) entries")
        }
    }

    /// A folder with one played photo whose truth files are `written` and `givens`.
    private func folder(written: String, givens: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-played-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let photo = packageRoot().appendingPathComponent("TestImages/mixed/image1.jpg")
        try FileManager.default.copyItem(at: photo, to: dir.appendingPathComponent("p.jpg"))
        try written.write(to: dir.appendingPathComponent("p.dat"), atomically: true, encoding: .utf8)
        try givens.write(to: dir.appendingPathComponent("p.givens.dat"), atomically: true, encoding: .utf8)
        return dir
    }

    private func dat(_ line: String) -> String {
        "test\n640x480\n"
            + stride(from: 0, to: 81, by: 9).map { start in
                let s = line.dropFirst(start).prefix(9)
                return s.map { $0 == "." ? "0" : String($0) }.joined(separator: " ")
            }.joined(separator: "\n") + "\n"
    }

    static let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

    @Test(.tags(.small)) func aGivenWrittenAsAnotherDigitIsABadTruth() throws {
        var written = Array(Self.solution)
        written[0] = "9"
        let dir = try folder(written: dat(String(written)), givens: dat(Self.puzzle))
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: EvaluationError.self) { try TruthSet.load(directory: dir.path) }
    }

    @Test(.tags(.small)) func aPlayedScanIsScoredForKindsEntriesAndMistakes() throws {
        // The player wrote every empty cell, r1c3 wrongly (1 where the solution has 4).
        var written = Array(Self.solution)
        written[2] = "1"
        let dir = try folder(written: dat(String(written)), givens: dat(Self.puzzle))
        defer { try? FileManager.default.removeItem(at: dir) }
        let truth = try #require(try TruthSet.load(directory: dir.path).first)
        #expect(truth.entries?.givenCount == 81 - 30)

        let puzzle = try Grid(line: Self.puzzle)
        var result = ScanResult(file: "p.jpg", status: .solved)
        result.puzzle = puzzle
        result.solution = try Grid(line: Self.solution)
        result.kinds = puzzle.cells.map { $0 != 0 ? .printed : .handwritten }
        result.kinds[3] = .printed  // r1c4's entry seen as print (and so not read) ...
        result.entries = written.enumerated().map { puzzle.cells[$0.offset] != 0 ? 0 : UInt8(String($0.element))! }
        result.entries[3] = 0
        result.entries[4 * 9 + 4] = 9  // ... and one misread (r5c5 holds 5)
        result.wrongEntries = [Cell(index: 2)]
        var score = PhotoScore(result: result, truth: truth)
        let played = try #require(score.played)
        #expect(played.entries == 51)
        #expect(played.entriesRight == 49)
        #expect(played.kinds[2][1] == 1 && played.kinds[2][2] == 50 && played.kinds[1][1] == 30)
        #expect(played.mistakes == 1 && played.mistakesFound == 1 && played.rightCalledWrong == 0)
        #expect(score.exact && !score.silentWrong)

        // Calling a right entry wrong is a silent wrong, though the givens are exact.
        result.wrongEntries.append(Cell(index: 5))
        score = PhotoScore(result: result, truth: truth)
        #expect(score.played?.rightCalledWrong == 1)
        #expect(score.exact && score.silentWrong)
        let summary = EvaluationSummary([score])
        #expect(summary.played?.photos == 1 && summary.played?.silentWrong == 1 && summary.silentWrong == 1)

        // Doubtful entries that clash are counted, and apart those on the
        // player's real mistake; neither is a silent wrong (no mistake is claimed).
        result.wrongEntries = [Cell(index: 2)]
        result.doubtfulClashes = [
            DoubtfulClash(cell: Cell(index: 2), digit: 1, with: []),
            DoubtfulClash(cell: Cell(index: 5), digit: 1, with: []),
        ]
        score = PhotoScore(result: result, truth: truth)
        #expect(score.played?.doubtfulClashes == 2 && score.played?.clashesOnMistakes == 1)
        #expect(!score.silentWrong)
        #expect(PlayedSummary([score, score]).doubtfulClashes == 4)
        #expect(PlayedSummary([score, score]).clashesOnMistakes == 2)
    }
}
