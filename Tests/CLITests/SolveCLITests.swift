// `sudokit solve` and `sudokit-lab bench solve` run as a child process: stdout,
// stderr and exit status for unique, unsolvable, ambiguous, malformed and
// standard-input puzzles.

import Foundation
import TestSupport
import Testing

private let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
private let solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
/// Two 5s in row 1 (r1c1 and r1c5).
private let clashing = "5...5............................................................................"
private let empty = String(repeating: ".", count: 81)

/// A file in a fresh temporary folder holding `text`; returns its path.
private func temporaryFile(_ name: String, _ text: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-solve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

@Suite(.tags(.medium)) struct SolveCLITests {
    @Test func uniquePuzzlePrintsTheSolutionAndExitsZero() throws {
        let r = try runSudokit(["solve", puzzle])
        #expect(r.status == 0)
        #expect(r.stdout == solution + "\n")
        #expect(r.stderr.isEmpty)
    }

    @Test func clashingGivensHaveNoSolutionAndNameTheConflict() throws {
        let r = try runSudokit(["solve", clashing])
        #expect(r.status == 1)
        #expect(r.stdout == "no solution\n")
        #expect(r.stderr.contains("argument 1: digit 5 appears 2 times in row 1: r1c1, r1c5"))
    }

    @Test func severalSolutionsAreReported() throws {
        let r = try runSudokit(["solve", empty])
        #expect(r.status == 1)
        #expect(r.stdout == "more than one solution\n")
    }

    @Test func oneLinePerPuzzleInOrderAndExitOneIfAnyIsNotUnique() throws {
        let r = try runSudokit(["solve", puzzle, empty, clashing, puzzle])
        #expect(r.status == 1)
        #expect(
            r.stdout == [solution, "more than one solution", "no solution", solution].joined(separator: "\n") + "\n")
    }

    @Test func countPrintsTheCountUpToTheLimit() throws {
        let r = try runSudokit(["solve", "--count", "--limit", "7", puzzle, empty, clashing])
        #expect(r.status == 1)
        #expect(r.stdout == "1\n7\n0\n")
        let unique = try runSudokit(["solve", "--count", puzzle])
        #expect(unique.status == 0 && unique.stdout == "1\n")
    }

    @Test func readsStandardInputWithDashOrByDefault() throws {
        let input = "# two puzzles\n\(puzzle)\n\n\(empty)\n"
        for args in [["solve", "-"], ["solve"], ["solve", "--input", "-"]] {
            let r = try runSudokit(args, stdin: input)
            #expect(r.status == 1, "\(args)")
            #expect(r.stdout == solution + "\nmore than one solution\n", "\(args)")
        }
        let unique = try runSudokit(["solve"], stdin: puzzle + "\r\n")
        #expect(unique.status == 0 && unique.stdout == solution + "\n")
    }

    @Test func malformedArgumentExits65WithTheColumn() throws {
        var bad = Array(puzzle)
        bad[16] = "x"
        let r = try runSudokit(["solve", String(bad)])
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix("Error: argument 1, column 17: unexpected 'x', expected a digit 1-9"))
        let short = try runSudokit(["solve", puzzle, String(puzzle.dropLast())])
        #expect(short.status == 65)
        #expect(short.stdout.isEmpty, "nothing is solved when any input is malformed")
        #expect(short.stderr.hasPrefix("Error: argument 2: expected 81 cells, found 80"))
    }

    @Test func malformedFileLineExits65WithFileLineAndColumn() throws {
        let path = try temporaryFile(
            "puzzles.txt", "# header\n\(puzzle)\n\(puzzle.prefix(40))?\(puzzle.dropFirst(41))\n")
        let r = try runSudokit(["solve", "--input", path])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("Error: \(path):3:41: unexpected '?'"))
        let stdin = try runSudokit(["solve", "-"], stdin: "\n\n" + puzzle.dropLast() + "\n")
        #expect(stdin.status == 65)
        #expect(stdin.stderr.hasPrefix("Error: <stdin>:3: expected 81 cells, found 80"))
    }

    @Test func missingFileExits66() throws {
        let r = try runSudokit(["solve", "--input", "/nonexistent/puzzles.txt"])
        #expect(r.status == 66)
        #expect(r.stderr == "Error: /nonexistent/puzzles.txt: cannot open: No such file or directory\n")
        #expect(r.stdout.isEmpty)
    }

    @Test func aFileGivenAsAPuzzleIsAUsageErrorWithAHint() throws {
        let path = try temporaryFile("p.txt", puzzle + "\n")
        let r = try runSudokit(["solve", path])
        #expect(r.status == 64)
        #expect(r.stderr.contains("is a file; read it with --input FILE"))
        let ok = try runSudokit(["solve", "--input", path])
        #expect(ok.status == 0 && ok.stdout == solution + "\n")
    }

    @Test func readsTheOtherFormats() throws {
        let dat = try temporaryFile(
            "image.dat",
            "camera\r\n640x480\r\n"
                + puzzle.replacingOccurrences(of: ".", with: "0").map(String.init).chunked(9)
                .map { $0.joined(separator: " ") + " \r\n" }.joined())
        let r = try runSudokit(["solve", "--input-format", "dat", "--input", dat])
        #expect(r.status == 0 && r.stdout == solution + "\n", "\(r.stderr)")

        let json = try runSudokit(
            ["solve", "--input-format", "json", "--format", "jsonl", "-"],
            stdin: "{\"puzzle\": \"\(puzzle)\"}\n{\"puzzle\": \"\(clashing)\"}\n")
        #expect(json.status == 1)
        #expect(
            json.stdout == """
                {"puzzle":"\(puzzle)","count":1,"solution":"\(solution)"}
                {"puzzle":"\(clashing)","count":0,"solution":null}

                """)

        let grid = try runSudokit(
            ["solve", "--input-format", "grid", "--format", "grid", "-"],
            stdin: puzzle.map(String.init).chunked(9).map { $0.joined() + "\n" }.joined())
        #expect(grid.status == 0)
        #expect(grid.stdout.hasPrefix("5 3 4 | 6 7 8 | 9 1 2\n"))
        #expect(grid.stdout.split(separator: "\n").count == 11)
    }

    @Test func badOptionValuesAreUsageErrors() throws {
        #expect(try runSudokit(["solve", "--limit", "0", "--count", puzzle]).status == 64)
        #expect(try runSudokit(["solve", "--format", "xml", puzzle]).status == 64)
        #expect(try runSudokit(["solve", "--limit", "1", puzzle]).status == 64)
    }
}

@Suite(.tags(.medium)) struct BenchSolveCLITests {
    @Test func printsPuzzleCountAndMicrosecondsPerPuzzle() throws {
        let path = try temporaryFile("few.txt", "# three\n\(puzzle)\n\(empty)\n\(puzzle)\n")
        let r = try runSudokitLab(["bench", "solve", path])
        #expect(r.status == 0, "\(r.stderr)")
        let line = r.stdout.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("\(path): 3 puzzles, "))
        #expect(line.hasSuffix(" us/puzzle"))
        let figure = line.dropFirst("\(path): 3 puzzles, ".count).dropLast(" us/puzzle".count)
        #expect(Double(figure).map { $0 > 0 } == true, "figure '\(figure)'")
    }

    @Test func jsonPrintsOneObjectPerFile() throws {
        let a = try temporaryFile("a.txt", puzzle + "\n")
        let b = try temporaryFile("b.txt", puzzle + "\n" + puzzle + "\n")
        let r = try runSudokitLab(["bench", "solve", "--format", "jsonl", "--runs", "1", a, b])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        for (line, (file, n)) in zip(lines, [(a, 1), (b, 2)]) {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["file"] as? String == file)
            #expect(object?["puzzles"] as? Int == n)
            #expect((object?["us_per_puzzle"] as? Double).map { $0 > 0 } == true)
        }
    }

    @Test func guessesAddGuessesPerPuzzle() throws {
        // The first puzzle needs no guess, the empty grid some.
        let path = try temporaryFile("guesses.txt", "\(puzzle)\n\(puzzle)\n")
        let r = try runSudokitLab(["bench", "solve", "--runs", "1", "--guesses", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("\(path): 2 puzzles, "))
        #expect(r.stdout.hasSuffix(" us/puzzle, 0.00 guesses/puzzle\n"), "\(r.stdout)")
        let e = try temporaryFile("empty.txt", empty + "\n")
        let j = try runSudokitLab(["bench", "solve", "--runs", "1", "--guesses", "--format", "jsonl", e])
        let object = try JSONSerialization.jsonObject(with: Data(j.stdout.utf8)) as? [String: Any]
        #expect((object?["guesses_per_puzzle"] as? Double).map { $0 > 0 } == true, "\(j.stdout)")
        let plain = try runSudokitLab(["bench", "solve", "--runs", "1", "--format", "jsonl", e])
        #expect(!plain.stdout.contains("guesses"))
    }

    @Test func missingOrMalformedFiles() throws {
        #expect(try runSudokitLab(["bench", "solve", "/nonexistent/file"]).status == 66)
        let bad = try temporaryFile("bad.txt", "123\n")
        let r = try runSudokitLab(["bench", "solve", bad])
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("Error: \(bad):1: expected 81 cells, found 3"))
        #expect(try runSudokitLab(["bench", "solve"]).status == 64)
    }
}

private extension Array {
    func chunked(_ n: Int) -> [[Element]] {
        stride(from: 0, to: count, by: n).map { Array(self[$0..<Swift.min($0 + n, count)]) }
    }
}
