// Reading and writing the puzzle formats: round trips, the corpus truth files,
// and the documented error (with line and column) for each kind of bad input.

import Foundation
import TestSupport
import Testing

@testable import SudokuCore

/// A puzzle with one solution, used throughout (the classic Wikipedia example).
let examplePuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
let exampleSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

@Suite struct LineFormatTests {
    @Test(.tags(.small)) func roundTripsWithDotsAndZeros() throws {
        let g = try Grid(line: examplePuzzle)
        #expect(g.lineString() == examplePuzzle)
        #expect(try Grid(line: g.lineString(empty: "0")) == g)
        #expect(g[row: 0, col: 0] == 5 && g[row: 0, col: 2] == 0 && g[row: 8, col: 8] == 9)
        #expect(g.givenCount == 30)
    }

    @Test(.tags(.small)) func toleratesSurroundingSpaceAndCRLF() throws {
        #expect(try Grid(line: "  " + examplePuzzle + " \r\n") == Grid(line: examplePuzzle))
    }

    @Test(.tags(.small)) func badCharacterGivesItsColumn() {
        var text = Array(examplePuzzle)
        text[16] = "x"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 17, found: "x", expected: "a digit 1-9, or '.' or '0' for an empty cell")
        ) {
            try Grid(line: String(text))
        }
    }

    @Test(.tags(.small)) func columnsCountCharactersNotBytes() {
        let text = "é" + examplePuzzle.dropFirst(2) + "ü"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 1, column: 1, found: "é", expected: "a digit 1-9, or '.' or '0' for an empty cell")
        ) {
            try Grid(line: String(text))
        }
        let late = examplePuzzle.dropLast() + "ü"
        do {
            _ = try Grid(line: String(late))
            Issue.record("expected an error")
        } catch {
            #expect(error.location == "1:81")
        }
    }

    @Test(.tags(.small), arguments: [0, 80, 82, 162])
    func wrongLengthIsReported(length: Int) {
        let text = String(repeating: ".", count: length)
        #expect(throws: SudokuCoreError.wrongCellCount(line: 1, found: length, expected: 81)) {
            try Grid(line: text)
        }
    }

    @Test(.tags(.small)) func aSecondLineIsAnError() {
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 3, column: 2, found: "5", expected: "nothing after the puzzle line")
        ) {
            try Grid(line: examplePuzzle + "\n\n " + examplePuzzle)
        }
    }

    @Test(.tags(.small)) func listSkipsCommentsAndBlankLinesAndKeepsLineNumbers() throws {
        let text = "# a comment\n\n" + examplePuzzle + "\r\n   # indented comment\n" + exampleSolution + "\n"
        let list = try Grid.parseList(text)
        #expect(list.map(\.line) == [3, 5])
        #expect(list.map { $0.grid.lineString() } == [examplePuzzle, exampleSolution])
    }

    @Test(.tags(.small)) func listNamesTheBadLine() {
        let text = "# header\n" + examplePuzzle + "\n" + examplePuzzle.dropLast() + "\n"
        #expect(throws: SudokuCoreError.wrongCellCount(line: 3, found: 80, expected: 81)) {
            try Grid.parseList(text)
        }
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 2, column: 4, found: " ", expected: "a digit 1-9, or '.' or '0' for an empty cell")
        ) {
            try Grid.parseList("#\n53. 7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n")
        }
    }

    @Test(.tags(.small)) func listWithoutPuzzlesIsAnError() {
        #expect(throws: SudokuCoreError.noPuzzle) { try Grid.parseList("# only a comment\n\n") }
        #expect(throws: SudokuCoreError.noPuzzle) { try Grid.parseList("") }
    }

    @Test(.tags(.small)) func errorDescriptionsNameLineAndColumn() {
        let e = SudokuCoreError.unexpectedCharacter(line: 3, column: 17, found: "x", expected: "a digit")
        #expect(e.description == "3:17: unexpected 'x', expected a digit")
        #expect(
            SudokuCoreError.wrongCellCount(line: 2, found: 80, expected: 81).description
                == "2: expected 81 cells, found 80")
        #expect(
            SudokuCoreError.unexpectedCharacter(line: 1, column: 1, found: "\t", expected: "x").message
                == "unexpected tab, expected x")
    }
}

@Suite struct GridFormatTests {
    @Test(.tags(.small), arguments: [true, false])
    func roundTrips(separators: Bool) throws {
        let g = try Grid(line: examplePuzzle)
        let text = g.gridText(separators: separators)
        #expect(text.split(separator: "\n").count == (separators ? 11 : 9))
        #expect(try Grid(gridText: text) == g)
    }

    @Test(.tags(.small)) func writesTheDocumentedLayout() throws {
        let text = try Grid(line: examplePuzzle).gridText()
        #expect(
            text.hasPrefix(
                "5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n------+-------+------\n"))
    }

    @Test(.tags(.small)) func readsOtherSeparatorStyles() throws {
        let text = """
            +-------+-------+-------+
            | 5 3 0 | 0 7 0 | 0 0 0 |
            | 6 0 0 | 1 9 5 | 0 0 0 |
            | 0 9 8 | 0 0 0 | 0 6 0 |
            +=======+=======+=======+
            | 8 0 0 | 0 6 0 | 0 0 3 |
            | 4 0 0 | 8 0 3 | 0 0 1 |
            | 7 0 0 | 0 2 0 | 0 0 6 |
            +-------+-------+-------+
            | 0 6 0 | 0 0 0 | 2 8 0 |
            | 0 0 0 | 4 1 9 | 0 0 5 |
            | 0 0 0 | 0 8 0 | 0 7 9 |
            +-------+-------+-------+
            """
        #expect(try Grid(gridText: text).lineString() == examplePuzzle)
    }

    @Test(.tags(.small)) func badCharacterGivesLineAndColumn() {
        let text = "53..7....\n6..195...\n.98..x.6.\n" + String(repeating: ".........\n", count: 6)
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 3, column: 6, found: "x",
                expected: "a digit 1-9, '.' or '0' for an empty cell, or a separator (space, '|', '-', '+')")
        ) {
            try Grid(gridText: text)
        }
    }

    @Test(.tags(.small)) func shortRowGivesItsLine() {
        let text =
            String(repeating: ".........\n", count: 4) + "5 3 . | . 7 .\n" + String(repeating: ".........\n", count: 4)
        #expect(throws: SudokuCoreError.wrongCellCount(line: 5, found: 6, expected: 9)) { try Grid(gridText: text) }
    }

    @Test(.tags(.small)) func wrongRowCounts() {
        #expect(throws: SudokuCoreError.wrongRowCount(line: 8, found: 8, expected: 9)) {
            try Grid(gridText: String(repeating: ".........\n", count: 8))
        }
        #expect(throws: SudokuCoreError.wrongRowCount(line: 10, found: 10, expected: 9)) {
            try Grid(gridText: String(repeating: ".........\n", count: 10))
        }
    }
}

@Suite struct DatFormatTests {
    /// The corpus: each photo `imageN.jpg` with its truth `imageN.dat` beside it.
    static let corpus = "TestImages/newspaper"

    @Test(.tags(.small)) func readsACorpusTruthFile() throws {
        let text = try #require(readTextFile(Self.corpus + "/image1.dat"))
        let g = try Grid(dat: text)
        #expect(g.lineString(empty: "0").hasPrefix("000700080090003100006805070"))
        #expect(g.givenCount == 26)
    }

    /// Every photo has its truth file, and every truth grid is a proper puzzle
    /// (the dataset's promise): all 160 must parse and have exactly one solution.
    @Test(.tags(.medium)) func everyCorpusTruthFileParsesAndHasOneSolution() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot().appendingPathComponent(Self.corpus).path)
        let photos = files.filter { $0.hasSuffix(".jpg") }
        #expect(photos.count == 160, "\(photos.count) photos in \(Self.corpus)")
        for photo in photos.sorted() {
            let name = photo.dropLast(4) + ".dat"
            guard let text = readTextFile(Self.corpus + "/" + name) else { continue }  // a recorded failure
            let g = try Grid(dat: text)
            #expect(Solver.solve(g).count == 1, "\(name)")
        }
    }

    @Test(.tags(.small)) func acceptsCRLFAndTrailingSpaces() throws {
        let g = try Grid(line: examplePuzzle)
        let crlf = g.datText(header: ("Some Camera", "640x480:24 JPG"))
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0 + "  " }.joined(separator: "\r\n")
        #expect(try Grid(dat: crlf) == g)
    }

    @Test(.tags(.small)) func roundTripsAndWritesTheHeader() throws {
        let g = try Grid(line: examplePuzzle)
        let text = g.datText(header: ("cam", "1x1"))
        #expect(text.hasPrefix("cam\n1x1\n5 3 0 0 7 0 0 0 0\n"))
        #expect(try Grid(dat: text) == g)
    }

    @Test(.tags(.small)) func errorsNameTheFileLine() {
        let rows = String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 9)
        #expect(throws: SudokuCoreError.missingHeader(found: 2)) { try Grid(dat: "a\nb\n") }
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 4, column: 5, found: "x", expected: "a digit 0-9 (0 for an empty cell) or a space")
        ) {
            try Grid(
                dat: "h1\nh2\n" + "0 0 0 0 0 0 0 0 0\n0 0 x 0 0 0 0 0 0\n"
                    + String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 7))
        }
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 3, column: 2, found: "2", expected: "a space between cells")
        ) {
            try Grid(dat: "h1\nh2\n12 0 0 0 0 0 0 0 0\n" + String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 8))
        }
        #expect(throws: SudokuCoreError.wrongCellCount(line: 3, found: 8, expected: 9)) {
            try Grid(dat: "h1\nh2\n0 0 0 0 0 0 0 0\n" + String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 8))
        }
        #expect(throws: SudokuCoreError.wrongRowCount(line: 12, found: 10, expected: 9)) {
            try Grid(dat: "h1\nh2\n" + rows + "0 0 0 0 0 0 0 0 0\n")
        }
        #expect(throws: SudokuCoreError.wrongRowCount(line: 10, found: 8, expected: 9)) {
            try Grid(dat: "h1\nh2\n" + String(repeating: "0 0 0 0 0 0 0 0 0\n", count: 8))
        }
    }
}

@Suite struct JSONFormatTests {
    @Test(.tags(.small)) func roundTrips() throws {
        let g = try Grid(line: examplePuzzle)
        let s = try Grid(line: exampleSolution)
        let text = g.jsonText(count: 1, solution: s)
        #expect(text == "{\"puzzle\":\"\(examplePuzzle)\",\"count\":1,\"solution\":\"\(exampleSolution)\"}")
        #expect(try Grid(json: text) == g)
        #expect(try Grid(json: g.jsonText()) == g)
        #expect(g.jsonText(count: 0, solutionIsNull: true).hasSuffix(",\"count\":0,\"solution\":null}"))
    }

    @Test(.tags(.small)) func ignoresOtherKeysOfAnyKind() throws {
        let text = """
            {
              "name": "caf\\u00e9 \\"quoted\\"",
              "tags": [1, -2.5e3, true, false, null, {"deep": [[]]}],
              "puzzle": "\(examplePuzzle)",
              "after": {}
            }
            """
        #expect(try Grid(json: text).lineString() == examplePuzzle)
    }

    @Test(.tags(.small)) func readsJSONLines() throws {
        let text = "{\"puzzle\":\"\(examplePuzzle)\"}\n\n{\"id\":2,\"puzzle\":\"\(exampleSolution)\"}\n"
        let list = try Grid.parseJSONList(text)
        #expect(list.map(\.line) == [1, 3])
        #expect(list[1].grid.lineString() == exampleSolution)
    }

    @Test(.tags(.small)) func missingPuzzleKey() {
        #expect(throws: SudokuCoreError.missingPuzzleKey(line: 2)) { try Grid(json: "\n {\"grid\": \"1\"}") }
    }

    @Test(.tags(.small)) func syntaxErrorsGiveLineAndColumn() {
        #expect(
            throws: SudokuCoreError.invalidJSON(
                line: 2, column: 10, message: "expected ',' or '}' in the object, found '\"'")
        ) {
            try Grid(json: "{\"a\": 1,\n  \"b\": 2 \"c\": 3}")
        }
        #expect(
            throws: SudokuCoreError.invalidJSON(
                line: 1, column: 1, message: "expected '{' to start a puzzle object, found '['")
        ) {
            try Grid(json: "[1]")
        }
        #expect(
            throws: SudokuCoreError.invalidJSON(
                line: 1, column: 15, message: "expected '\"' to close the string, found the end of the text")
        ) {
            try Grid(json: "{\"puzzle\": \"12")
        }
        #expect(
            throws: SudokuCoreError.invalidJSON(
                line: 1, column: 12, message: "expected a string of 81 cells for \"puzzle\", found '4'")
        ) {
            try Grid(json: "{\"puzzle\": 42}")
        }
    }

    @Test(.tags(.small)) func badPuzzleStringPointsIntoTheJSON() {
        var cells = Array(examplePuzzle)
        cells[9] = "?"
        #expect(
            throws: SudokuCoreError.unexpectedCharacter(
                line: 2, column: 32, found: "?", expected: "a digit 1-9, or '.' or '0' for an empty cell")
        ) {
            try Grid(json: "{\n  \"id\": 1, \"puzzle\": \"\(String(cells))\"}")
        }
        #expect(throws: SudokuCoreError.wrongCellCount(line: 1, found: 3, expected: 81)) {
            try Grid(json: "{\"puzzle\": \"123\"}")
        }
    }
}
