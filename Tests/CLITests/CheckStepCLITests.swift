// `sudokit check-step` run as a child process: a true elimination proven by an
// X-Wing (candidates from docs/xwing-position.txt), one by a Franken jellyfish
// the solving ladder does not look for, a placement proven by a hidden single
// in JSON, a false claim, a true claim not one step away, a
// wrong position, and the exit codes of a claim or puzzle that cannot be read.

import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct CheckStepCLITests {
    static let easy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let xwingPuzzle = "..654..9........35..5..8........3.619..2....7......8...9.....16.5.8.2...4.3.1...."
    static var xwingFile: String { packageRoot().appendingPathComponent("docs/xwing-position.txt").path }

    @Test func anXWingEliminationIsProvenInText() throws {
        let r = try runSudokit(["check-step", "--candidates", Self.xwingFile, Self.xwingPuzzle, "r6c5<>9"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("r6c5<>9: true. Proven by an X-Wing: Digit 9 must appear once"), "\(r.stdout)")
    }

    /// A sashimi Franken jellyfish (one of the fish rungs' positions,
    /// Tests/RungPositions). The pencil marks come on standard input.
    @Test func aFrankenJellyfishIsNamed() throws {
        let marks = """
             7     126     8       | 459   4569  4569   | 3     1456  1259
             469   36      3469    | 2     34569 1      | 4679  45678 5789
             5     1236    123469  | 78    3469  78     | 12469 146   129
            -----------------------+--------------------+-------------------
             189   4       1579    | 3579  59    3579   | 178   2     6
             3     1267    12679   | 479   8     24679  | 147   1457  157
             268   25678   2567    | 1     2456  24567  | 478   9     3
            -----------------------+--------------------+-------------------
             128   9       12357   | 6     125   2358   | 127   1378  4
             12468 12368   12346   | 3489  7     23489  | 5     1368  1289
             12468 1235678 1234567 | 34589 12459 234589 | 12679 13678 12789
            """
        let r = try runSudokit(
            [
                "check-step", "--format", "json", "--candidates", "-",
                "--entries", String(repeating: ".", count: 53) + "3" + String(repeating: ".", count: 27),
                "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", "r9c2<>2",
            ], stdin: marks)
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["verdict"] as? String == "proven")
        #expect(o["technique"] as? String == "finned-franken-fish", "\(r.stdout)")
        let step = try #require(o["step"] as? [String: Any])
        let structure = try #require(step["structure"] as? [String: Any])
        #expect((structure["base"] as? [Any])?.count == 4, "\(r.stdout)")
    }

    @Test func aHiddenSingleInJSON() throws {
        let r = try runSudokit(["check-step", "--format", "json", Self.easy, "r1c6=8"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["puzzle"] as? String == Self.easy)
        #expect(o["claim"] as? String == "r1c6=8")
        #expect(o["verdict"] as? String == "proven")
        #expect(o["technique"] as? String == "hidden-single")
        #expect((o["hint"] as? String)?.hasSuffix("So r1c6 is 8.") == true)
        let step = try #require(o["step"] as? [String: Any])
        #expect(step["technique"] as? String == "hidden-single")
    }

    @Test func falseAndNotOneStepExitOne() throws {
        let no = try runSudokit(["check-step", Self.easy, "r1c3<>4"])
        #expect(no.status == 1)
        #expect(no.stdout == "r1c3<>4: false: the solution puts 4 in r1c3\n")
        let far = try runSudokit(["check-step", Self.easy, "r1c3=4"])
        #expect(far.status == 1)
        #expect(
            far.stdout
                == "r1c3=4: true, but it does not follow from this position by one technique; the next step here is: "
                + "Look for a hidden single in box 2.\n")
        let json = try runSudokit(["check-step", "--format", "json", Self.easy, "r1c3=4"])
        let o = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(json.status == 1 && o["verdict"] as? String == "true-not-one-step")
        let given = try runSudokit(["check-step", Self.easy, "r1c1=5"])
        #expect(given.status == 0 && given.stdout == "r1c1=5: true, and already known: r1c1 holds 5 (a given)\n")
    }

    @Test func aWrongPositionIsReportedFirst() throws {
        var e = Array(repeating: Character("."), count: 81)
        e[2] = "5"
        let r = try runSudokit(["check-step", "--format", "json", "--entries", String(e), Self.easy, "r1c6=8"])
        #expect(r.status == 1)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["verdict"] as? String == "wrong-position")
        #expect((o["problems"] as? [Any])?.count == 1)
    }

    @Test func unreadableInputAndUsage() throws {
        #expect(try runSudokit(["check-step", Self.easy, "r1c6=x"]).status == 65)
        #expect(try runSudokit(["check-step", "123", "r1c6=8"]).status == 65)
        #expect(try runSudokit(["check-step", Self.easy]).status == 64)
    }
}
