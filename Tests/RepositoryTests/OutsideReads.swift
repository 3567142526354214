// Offers `OutsideReads`: finds the lines of the tests, scripts, CI, sources and
// README that lead out of the package (the folder beside it, a workspace or home
// path, a `..` that climbs above the root, a file located from its own source
// path outside TestSupport), and the Swift code that uses what such a line declares.
import Foundation

/// One line that leads out of the package.
struct OutsideRead: CustomStringConvertible, Equatable, Sendable {
    /// Relative to the package root.
    var file: String
    /// 1-based.
    var line: Int
    var reason: String

    var description: String { "\(file):\(line): \(reason)" }
}

/// A text file to check: its path relative to the package root, and its lines.
struct CheckedFile: Sendable {
    var path: String
    var lines: [String]

    init(path: String, text: String) {
        self.path = path
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

enum OutsideReadsError: Error, CustomStringConvertible {
    case missing(path: String)

    var description: String {
        switch self {
        case let .missing(path): return "\(path) does not exist: the check would pass without looking"
        }
    }
}

enum OutsideReads {
    /// What is checked, relative to the package root; folders are walked whole.
    static let checked = ["Tests", "scripts", ".ci", "Sources", "Package.swift", "README.md", "CHANGELOG.md", "docs"]

    /// This checker and its tests spell out the very paths they look for.
    static let exemptFolder = "Tests/RepositoryTests/"

    /// The one file that may locate files from its own source path (`packageRoot()`).
    static let packageRootHelper = "Tests/TestSupport/PackageFiles.swift"

    /// Every text file under `checked` in `root`, sorted by path. Binary files
    /// (a NUL byte, or not UTF-8: the fixture images) are left out.
    /// - Throws: `OutsideReadsError.missing` when a checked path is not there;
    ///   the file system's error when a file cannot be read.
    static func files(in root: URL) throws -> [CheckedFile] {
        var paths: [String] = []
        for entry in checked {
            var isFolder: ObjCBool = false
            let url = root.appendingPathComponent(entry)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw OutsideReadsError.missing(path: entry)
            }
            guard isFolder.boolValue else {
                paths.append(entry)
                continue
            }
            let walker = FileManager.default.enumerator(atPath: url.path)
            while let relative = walker?.nextObject() as? String {
                var isSubfolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path + "/" + relative, isDirectory: &isSubfolder)
                if !isSubfolder.boolValue { paths.append(entry + "/" + relative) }
            }
        }
        return try paths.sorted().compactMap { path in
            let data = try Data(contentsOf: root.appendingPathComponent(path))
            guard !data.contains(0), let text = String(data: data, encoding: .utf8) else { return nil }
            return CheckedFile(path: path, text: text)
        }
    }

    /// The lines of `files` that lead out of the package, in file and line order;
    /// then the Swift lines that use a top-level declaration holding such a line,
    /// in its target (in every test target when it is TestSupport's). At most one
    /// finding per line.
    static func scan(_ files: [CheckedFile]) -> [OutsideRead] {
        let files = files.filter { !$0.path.hasPrefix(exemptFolder) }
        var findings: [OutsideRead] = []
        for file in files {
            for index in file.lines.indices {
                if let reason = reason(file: file, index: index) {
                    findings.append(OutsideRead(file: file.path, line: index + 1, reason: reason))
                }
            }
        }
        var flagged = Set(findings.map { "\($0.file):\($0.line)" })
        for finding in findings {
            guard finding.file.hasSuffix(".swift"),
                let file = files.first(where: { $0.path == finding.file }),
                let declaration = enclosingDeclaration(file.lines, index: finding.line - 1)
            else { continue }
            let name = declaration.name
            flagged.insert("\(file.path):\(declaration.index + 1)")  // not a use of itself
            let scope = target(file.path)
            for other in files
            where other.path.hasSuffix(".swift")
                && (target(other.path) == scope || scope == "Tests/TestSupport" && other.path.hasPrefix("Tests/"))
            {
                for (index, line) in other.lines.enumerated()
                where !flagged.contains("\(other.path):\(index + 1)") && mentions(line, name) {
                    flagged.insert("\(other.path):\(index + 1)")
                    findings.append(
                        OutsideRead(
                            file: other.path, line: index + 1,
                            reason: "uses `\(name)`, which leads out of the package at \(finding.file):\(finding.line)")
                    )
                }
            }
        }
        return findings
    }

    // MARK: the rules

    /// Why line `index` of `file` leads out of the package, or nil.
    static func reason(file: CheckedFile, index: Int) -> String? {
        let line = file.lines[index]
        let depth = file.path.split(separator: "/").count - 1  // folders between the root and the file
        if line.contains("../shared") || line.contains("\"shared/") || line.contains("'shared/") {
            return "names the shared folder beside the package, which a clone does not have"
        }
        for prefix in ["/work/", "/home/", "/Users/", "/root/"] where line.contains(prefix) {
            return "names an absolute path on one machine (\(prefix)...)"
        }
        for home in ["$HOME", "${HOME}", "expanduser(", "NSHomeDirectory", "homeDirectory"] where line.contains(home) {
            return "reads from the home folder (\(home))"
        }
        if hasHomeTilde(line) { return "reads from the home folder (~/)" }
        if line.contains("#filePath") {
            guard file.path == packageRootHelper else {
                return "locates files from its own source path: use TestSupport's packageRoot()"
            }
            let climbs =
                statement(file.lines, from: index).components(separatedBy: "deletingLastPathComponent").count - 2
            if climbs > depth { return "climbs \(climbs) folders from \(file.path), above the package root" }
        }
        if line.contains("packageRoot().deletingLastPathComponent") {
            return "climbs above the package root"
        }
        // A Markdown link's target is relative to its page, not to the working
        // folder; DocLinksTests checks that each one resolves inside the package.
        let climbs = parentComponents(withoutMarkdownLinkTargets(line))
        if climbs > 0 {
            // `cd "$(dirname "$0")/.."` and the like: relative to the file's own folder.
            let anchored = ["dirname \"$0\"", "dirname $0", "dirname \"${BASH_SOURCE[0]}\"", "__file__"]
                .contains { line.contains($0) }
            if !anchored {
                return "climbs with `..` from the working folder (tests and scripts run at the package root)"
            }
            if climbs > depth { return "climbs \(climbs) folders from \(file.path), above the package root" }
        }
        return nil
    }

    /// The number of `..` path components in `line`: two dots between path
    /// separators, quotes or spaces (not `...`, not the range `..<`, not `x0..x1`)
    /// that touch a `/`, or stand alone on a line that builds a path or changes
    /// folder. A bare `".."` compared with a directory entry's name is no path.
    /// `line` with the target of every Markdown link (`](target)`) left out.
    static func withoutMarkdownLinkTargets(_ line: String) -> String {
        var kept = ""
        var rest = line[...]
        while let open = rest.range(of: "](") {
            kept += rest[..<open.upperBound]
            guard let close = rest[open.upperBound...].firstIndex(of: ")") else { return kept }
            rest = rest[close...]
        }
        return kept + rest
    }

    static func parentComponents(_ line: String) -> Int {
        let c = Array(line)
        let before: Set<Character> = ["/", "\"", "'", "`", " ", "\t", "(", "="]
        let after: Set<Character> = ["/", "\"", "'", "`", " ", "\t", ")", ",", ";"]
        let buildsPath = ["appendingPathComponent(", "join(", "URL(", "chdir(", "cd ", "pushd "].contains {
            line.contains($0)
        }
        var count = 0
        var i = 0
        while i + 1 < c.count {
            let opens = i == 0 || before.contains(c[i - 1])
            let closes = i + 2 == c.count || after.contains(c[i + 2])
            if c[i] == ".", c[i + 1] == ".", opens, closes {
                let touchesSlash = (i > 0 && c[i - 1] == "/") || (i + 2 < c.count && c[i + 2] == "/")
                if touchesSlash || buildsPath { count += 1 }
                i += 2
            } else {
                i += 1
            }
        }
        return count
    }

    /// True when `line` has a path that starts with `~/` (the shell's home folder).
    static func hasHomeTilde(_ line: String) -> Bool {
        let c = Array(line)
        let before: Set<Character> = ["\"", "'", " ", "\t", "(", "=", ":"]
        return c.indices.dropLast().contains { i in
            c[i] == "~" && c[i + 1] == "/" && (i == 0 || before.contains(c[i - 1]))
        }
    }

    /// Line `index` with the lines after it that continue its method chain (start with `.`).
    static func statement(_ lines: [String], from index: Int) -> String {
        var text = lines[index]
        var next = index + 1
        while next < lines.count, lines[next].drop(while: { $0 == " " }).hasPrefix(".") {
            text += lines[next]
            next += 1
        }
        return text
    }

    // MARK: what a finding declares

    /// The name and line index of the top-level Swift declaration that line `index` belongs to:
    /// the nearest line at or above it that starts in column 0 (comments aside)
    /// must declare a `func`, `let`, `var` or a type, after any attributes and
    /// modifiers. Nil for a comment line, and when that nearest line is anything
    /// else (an `extension`, an `import`, a closing brace).
    static func enclosingDeclaration(_ lines: [String], index: Int) -> (name: String, index: Int)? {
        if lines[index].drop(while: { $0 == " " }).hasPrefix("//") { return nil }
        guard
            let declaration = lines[...index].lastIndex(where: { line in
                guard let first = line.first else { return false }
                return first != " " && first != "\t" && !line.hasPrefix("//")
            })
        else { return nil }
        var rest = Substring(lines[declaration])
        while rest.hasPrefix("@") {  // @Suite(.tags(.small)), @MainActor, ...
            rest = rest.dropFirst().drop(while: { $0.isLetter || $0.isNumber || $0 == "_" })
            if rest.hasPrefix("(") {
                var depth = 0
                while let c = rest.first {
                    rest = rest.dropFirst()
                    if c == "(" { depth += 1 }
                    if c == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
            }
            rest = rest.drop(while: { $0 == " " })
        }
        let modifiers: Set<Substring> = ["public", "internal", "package", "fileprivate", "private", "final", "static"]
        let words = rest.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
            .drop(while: { modifiers.contains($0) })
        guard let keyword = words.first, ["func", "let", "var", "struct", "enum", "class", "actor"].contains(keyword),
            let name = words.dropFirst().first
        else { return nil }
        return (String(name), declaration)
    }

    /// The target folder of a Swift file: `Tests/GridScannerTests`, `Sources/SudokuCore`.
    static func target(_ path: String) -> String { path.split(separator: "/").prefix(2).joined(separator: "/") }

    /// True when `line` holds `name` as a whole identifier.
    static func mentions(_ line: String, _ name: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: name) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let isIdentifier = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isIdentifier(before) && !isIdentifier(after) { return true }
            rest = line[range.upperBound...]
        }
        return false
    }
}
