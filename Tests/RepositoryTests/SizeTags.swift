// Offers `SizeTags`: finds the `@Test`s of the test sources that carry no size
// tag (`.small`, `.medium`, `.large`: TestSupport's Tags.swift), neither in their
// own traits nor in those of an enclosing `@Suite`, and those that carry two
// sizes. A plain scan of the text, not a parse: comments and string literals
// (raw, multi-line, with interpolations) are blanked first, so an `@Test` in a
// comment or a string is no test. Limit: a suite's tags are seen only by the
// tests written inside its braces, so a test in an extension of a tagged suite
// must carry its own tag.
import Foundation

/// A test whose size the scan finds missing or doubled.
struct SizeTagFinding: CustomStringConvertible, Equatable, Sendable {
    /// Relative to the package root.
    var file: String
    /// 1-based line of the `@Test`.
    var line: Int
    /// The test function's name.
    var test: String
    /// The sizes it carries, itself and its suites together: none, or more than one.
    var sizes: [String]

    var description: String {
        sizes.isEmpty
            ? "\(file):\(line): \(test) has no size tag (.small, .medium or .large) on itself or its @Suite"
            : "\(file):\(line): \(test) has more than one size tag: \(sizes.map { "." + $0 }.joined(separator: ", "))"
    }
}

enum SizeTags {
    static let sizes = ["small", "medium", "large"]

    /// Every Swift file under Tests/ in `root`, sorted by path.
    /// - Throws: `OutsideReadsError.missing` when there is no Tests folder; the file
    ///   system's error when a file cannot be read.
    static func files(in root: URL) throws -> [CheckedFile] {
        let tests = root.appendingPathComponent("Tests")
        guard FileManager.default.fileExists(atPath: tests.path) else { throw OutsideReadsError.missing(path: "Tests") }
        var paths: [String] = []
        let walker = FileManager.default.enumerator(atPath: tests.path)
        while let relative = walker?.nextObject() as? String {
            let path = "Tests/" + relative
            if path.hasSuffix(".swift") { paths.append(path) }
        }
        return try paths.sorted().map { path in
            CheckedFile(path: path, text: try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8))
        }
    }

    /// The number of `@Test`s in `file`, and those without exactly one size.
    static func scan(_ file: CheckedFile) -> (tests: Int, findings: [SizeTagFinding]) {
        let code = blankingCommentsAndStrings(Array(file.lines.joined(separator: "\n").unicodeScalars))
        var lineStarts = [0]
        for (i, c) in code.enumerated() where c == "\n" { lineStarts.append(i + 1) }
        func line(of index: Int) -> Int { lineStarts.lastIndex { $0 <= index }! + 1 }

        // One entry per open brace: the sizes of the suite it opens (nil for any other brace).
        var braces: [Set<String>?] = []
        var pendingSuite: Set<String>?
        var tests = 0
        var findings: [SizeTagFinding] = []
        var i = 0
        while i < code.count {
            if let attribute = attribute(in: code, at: i) {
                let (arguments, end) = parenthesised(code, from: i + attribute.count)
                let own = sizeTags(in: arguments)
                if attribute == "@Suite" {
                    pendingSuite = own
                } else {
                    tests += 1
                    let all = braces.reduce(own) { $0.union($1 ?? []) }
                    if all.count != 1 {
                        findings.append(
                            SizeTagFinding(
                                file: file.path, line: line(of: i), test: functionName(in: code, from: end),
                                sizes: sizes.filter(all.contains)))
                    }
                }
                i = end
                continue
            }
            if code[i] == "{" {
                braces.append(pendingSuite)
                pendingSuite = nil
            } else if code[i] == "}" {
                _ = braces.popLast()
            }
            i += 1
        }
        return (tests, findings)
    }

    /// `@Test` or `@Suite` when one starts at `index` as a whole word.
    static func attribute(in code: [Unicode.Scalar], at index: Int) -> String? {
        guard code[index] == "@" else { return nil }
        for name in ["@Test", "@Suite"] {
            let scalars = Array(name.unicodeScalars)
            guard index + scalars.count <= code.count, Array(code[index..<index + scalars.count]) == scalars else {
                continue
            }
            if index + scalars.count < code.count && isIdentifier(code[index + scalars.count]) { continue }
            return name
        }
        return nil
    }

    /// The text of the parenthesised list starting at `index` (after spaces on
    /// the same line), and the index after it; empty when there is none.
    static func parenthesised(_ code: [Unicode.Scalar], from index: Int) -> (String, Int) {
        var start = index
        while start < code.count && code[start] == " " { start += 1 }
        guard start < code.count, code[start] == "(" else { return ("", index) }
        var depth = 0
        var end = start
        while end < code.count {
            if code[end] == "(" { depth += 1 }
            if code[end] == ")" {
                depth -= 1
                if depth == 0 {
                    end += 1
                    break
                }
            }
            end += 1
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: code[start..<end])
        return (text, end)
    }

    /// The sizes named in the `.tags(...)` traits of an attribute's arguments.
    static func sizeTags(in arguments: String) -> Set<String> {
        let scalars = Array(arguments.unicodeScalars)
        let opening = Array(".tags(".unicodeScalars)
        var found: Set<String> = []
        var i = 0
        while i + opening.count <= scalars.count {
            guard Array(scalars[i..<i + opening.count]) == opening else {
                i += 1
                continue
            }
            let (list, end) = parenthesised(scalars, from: i + opening.count - 1)
            for size in sizes where list.range(of: "\\.\(size)\\b", options: .regularExpression) != nil {
                found.insert(size)
            }
            i = max(end, i + 1)
        }
        return found
    }

    /// The name after the first `func` from `index`, or "?".
    static func functionName(in code: [Unicode.Scalar], from index: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: code[index..<min(code.count, index + 2000)])
        guard let match = text.range(of: "func\\s+[A-Za-z_][A-Za-z0-9_]*", options: .regularExpression) else {
            return "?"
        }
        return text[match].split(whereSeparator: \.isWhitespace).last.map(String.init) ?? "?"
    }

    static func isIdentifier(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }

    /// `code` with every comment and string literal turned into spaces (line
    /// breaks kept, so lines keep their numbers). Handles `//`, nested `/* */`,
    /// `"..."`, `"""..."""`, raw strings (`#"..."#`) and interpolations holding
    /// strings of their own.
    static func blankingCommentsAndStrings(_ code: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out = code
        func blank(_ range: Range<Int>) {
            for k in range where out[k] != "\n" { out[k] = " " }
        }
        var i = 0
        while i < code.count {
            if let end = commentEnd(code, at: i) ?? stringEnd(code, at: i) {
                blank(i..<end)
                i = end
            } else {
                i += 1
            }
        }
        return out
    }

    /// The index after the comment starting at `i`, or nil when none starts there.
    static func commentEnd(_ code: [Unicode.Scalar], at i: Int) -> Int? {
        guard code[i] == "/", i + 1 < code.count else { return nil }
        if code[i + 1] == "/" {
            var k = i
            while k < code.count && code[k] != "\n" { k += 1 }
            return k
        }
        guard code[i + 1] == "*" else { return nil }
        var depth = 0
        var k = i
        while k < code.count {
            if k + 1 < code.count && code[k] == "/" && code[k + 1] == "*" {
                depth += 1
                k += 2
                continue
            }
            if k + 1 < code.count && code[k] == "*" && code[k + 1] == "/" {
                depth -= 1
                k += 2
                if depth == 0 { return k }
                continue
            }
            k += 1
        }
        return code.count
    }

    /// The index after the string literal starting at `i` (its `#`s included),
    /// or nil when none starts there.
    static func stringEnd(_ code: [Unicode.Scalar], at i: Int) -> Int? {
        var hashes = 0
        while i + hashes < code.count && code[i + hashes] == "#" { hashes += 1 }
        var k = i + hashes
        guard k < code.count, code[k] == "\"" else { return nil }
        if hashes > 0 && i > 0 && isIdentifier(code[i - 1]) { return nil }
        let isMultiLine = k + 2 < code.count && code[k + 1] == "\"" && code[k + 2] == "\""
        let quotes = isMultiLine ? 3 : 1
        k += quotes
        while k < code.count {
            if code[k] == "\\" && (0..<hashes).allSatisfy({ k + 1 + $0 < code.count && code[k + 1 + $0] == "#" }) {
                let next = k + 1 + hashes
                if next < code.count && code[next] == "(" {
                    k = interpolationEnd(code, at: next)
                } else {
                    k = next + 1
                }
                continue
            }
            if code[k] == "\"" && (0..<quotes).allSatisfy({ k + $0 < code.count && code[k + $0] == "\"" })
                && (0..<hashes).allSatisfy({ k + quotes + $0 < code.count && code[k + quotes + $0] == "#" })
            {
                return k + quotes + hashes
            }
            if !isMultiLine && code[k] == "\n" { return k }
            k += 1
        }
        return code.count
    }

    /// The index after the `)` closing the interpolation whose `(` is at `i`;
    /// comments and strings inside it are skipped whole.
    static func interpolationEnd(_ code: [Unicode.Scalar], at i: Int) -> Int {
        var depth = 0
        var k = i
        while k < code.count {
            if let end = commentEnd(code, at: k) ?? stringEnd(code, at: k) {
                k = end
                continue
            }
            if code[k] == "(" { depth += 1 }
            if code[k] == ")" {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return code.count
    }
}
