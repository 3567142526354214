// `sudokit scan` on printed and half-played photos, end to end: the records'
// entries, wrong, kinds and hint keys, the text format's entries apart, and
// --hint's levels.

import Foundation
import Testing
import TestSupport

private func photo(_ path: String) -> String { packageRoot().appendingPathComponent("TestImages/\(path)").path }

private func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

@Suite struct ScanPlayedCLITests {
    @Test func aPrintedPhotoHasNoEntriesAndOnlyPrintedGlyphs() throws {
        let r = try runSudokit(["scan", "--format", "json", photo("newspaper/image1.jpg")])
        #expect(r.status == 0)
        let o = try object(r.stdout)
        #expect(o["status"] as? String == "solved")
        let puzzle = try #require(o["puzzle"] as? String)
        #expect(o["entries"] as? String == String(repeating: ".", count: 81))
        #expect((o["wrong"] as? [Any])?.isEmpty == true)
        let kinds = try #require(o["kinds"] as? String)
        // A printed digit is a printed kind, an empty cell an empty one.
        #expect(kinds == String(puzzle.map { $0 == "." ? "." : "p" }))
        #expect((o["kind_confidence"] as? [Double])?.count == 81)
    }

    @Test func hintGivesTheNextStepAtTheLevelAsked() throws {
        let one = try runSudokit(["scan", "--hint", photo("newspaper/image1.jpg")])
        #expect(one.status == 0)
        #expect(one.stdout.contains("  hint: Look for a hidden single in box 1.\n"))
        let two = try runSudokit(["scan", "--hint", "--level", "2", "--format", "json", photo("newspaper/image1.jpg")])
        let hint = try #require(try object(two.stdout)["hint"] as? [String: Any])
        #expect(hint["level"] as? Int == 2)
        #expect(hint["technique"] as? String == "hidden-single")
        #expect(hint["hint"] as? String == "In box 1, digit 8 has only one place left.")
        #expect((hint["wrong_entries"] as? [Any])?.isEmpty == true)
        #expect(try runSudokit(["scan", "--level", "2", photo("newspaper/image1.jpg")]).status == 64)
        #expect(try runSudokit(["scan", "--hint", "--level", "4", photo("newspaper/image1.jpg")]).status == 64)
    }
}
