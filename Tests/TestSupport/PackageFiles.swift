// Offers the files a test reads, all inside the package: `packageRoot()`,
// `readTextFile(_:)` (a missing file is a recorded failure naming it),
// `documentationPages()` for the Markdown pages a person reads, and
// `loadPuzzleSet(_:limit:)` for the puzzle sets in TestImages/puzzles.
import Foundation
import SudokuCore
import Testing

/// The package's root folder, found from this file's place in Tests/TestSupport/.
/// The one place a test locates files from its source path: everything else
/// builds on it, so nothing can climb above the package.
public func packageRoot() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}

/// The whole of the text file at `path` (absolute, or relative to the package root).
/// A missing or unreadable file records a failure at the caller naming the file
/// and the reason, and gives nil: the test fails, it is never skipped.
public func readTextFile(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : packageRoot().appendingPathComponent(path)
    do {
        return String(decoding: try Data(contentsOf: url), as: UTF8.self)
    } catch {
        Issue.record("cannot read \(url.path): \(error.localizedDescription)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The Markdown pages of the documentation, relative to the package root:
/// README.md, CHANGELOG.md and every `.md` under docs/, in that order (docs/
/// by path). The one list the documentation tests walk (their examples, their
/// links), so a page added to docs/ is checked by all of them.
public func documentationPages() -> [String] {
    let docs = packageRoot().appendingPathComponent("docs")
    let names = FileManager.default.enumerator(atPath: docs.path)?.compactMap { $0 as? String } ?? []
    return ["README.md", "CHANGELOG.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
}

/// The puzzles of `TestImages/puzzles/NAME` (one 81-character puzzle a line,
/// `#` comments), the first `limit` of them (all by default). Nil, with a
/// recorded failure naming the file, when it cannot be read.
/// - Throws: `SudokuCoreError` when a line is not a puzzle.
public func loadPuzzleSet(
    _ name: String, limit: Int = .max,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> [Grid]? {
    guard let text = readTextFile("TestImages/puzzles/" + name, sourceLocation: sourceLocation) else { return nil }
    return try Grid.parseList(text).prefix(limit).map(\.grid)
}
