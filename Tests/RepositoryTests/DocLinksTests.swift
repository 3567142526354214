// The documents' links resolve: every relative link in README.md, CHANGELOG.md
// and the Markdown pages under docs/ names a file or folder of the repository,
// and a link with `#anchor` names a heading of its Markdown page (GitHub's
// anchors: the heading lowercased, punctuation dropped, spaces as hyphens, a
// repeated heading numbered -1, -2, ...). Links inside fenced code blocks are
// text, not links.
import Foundation
import TestSupport
import Testing

enum MarkdownLinks {
    /// The lines of `text` outside fenced code blocks, with their 1-based numbers
    /// (the fence lines themselves left out).
    static func linesOutsideFences(_ text: String) -> [(number: Int, line: Substring)] {
        var kept: [(Int, Substring)] = []
        var fence: Character?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                let mark = trimmed.first!
                if fence == nil { fence = mark } else if fence == mark { fence = nil }
                continue
            }
            if fence == nil { kept.append((index + 1, line)) }
        }
        return kept
    }

    /// The link targets of `text` outside fenced code blocks, with their 1-based lines.
    static func targets(_ text: String) -> [(line: Int, target: String)] {
        var found: [(Int, String)] = []
        for (number, line) in linesOutsideFences(text) {
            var rest = line
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                found.append((number, String(after[..<close])))
                rest = after[close...]
            }
        }
        return found
    }

    /// The anchors of the headings of `text` (outside fenced code blocks), as GitHub makes them.
    static func anchors(_ text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for (_, line) in linesOutsideFences(text) where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }
            guard title.first == " " else { continue }
            let base = slug(String(title))
            let n = seen[base, default: 0]
            seen[base] = n + 1
            anchors.insert(n == 0 ? base : "\(base)-\(n)")
        }
        return anchors
    }

    /// GitHub's anchor of a heading's text.
    static func slug(_ title: String) -> String {
        let kept = title.trimmingCharacters(in: .whitespaces).lowercased().unicodeScalars.filter {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
        }
        return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
    }
}

@Suite(.tags(.small)) struct DocLinksTests {
    /// README.md, CHANGELOG.md and every .md page under docs/, as paths from the root.
    @Test func slugsAreGitHubs() {
        #expect(MarkdownLinks.slug("Solving by logic: the ladder") == "solving-by-logic-the-ladder")
        #expect(MarkdownLinks.slug("`sudokit scan IMAGE|DIR...`") == "sudokit-scan-imagedir")
        #expect(
            MarkdownLinks.slug("Solver (one core, counting solutions up to 2)")
                == "solver-one-core-counting-solutions-up-to-2")
        #expect(MarkdownLinks.anchors("# A\n## A\n```\n# A\n```\n") == ["a", "a-1"])
    }

    @Test func everyRelativeLinkResolves() throws {
        let root = packageRoot()
        var problems: [String] = []
        var checked = 0
        for page in documentationPages() {
            let text = try #require(readTextFile(page))
            let folder = root.appendingPathComponent(page).deletingLastPathComponent()
            for (line, target) in MarkdownLinks.targets(text) {
                if target.contains("://") || target.hasPrefix("mailto:") { continue }
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]), anchor = parts.count > 1 ? String(parts[1]) : nil
                let url =
                    path.isEmpty
                    ? root.appendingPathComponent(page)
                    : folder.appendingPathComponent(path).standardizedFileURL
                guard url.path.hasPrefix(root.standardizedFileURL.path + "/"),
                    FileManager.default.fileExists(atPath: url.path)
                else {
                    problems.append("\(page):\(line): \(target): no such file in the repository")
                    continue
                }
                if let anchor {
                    let anchors = MarkdownLinks.anchors(try String(contentsOf: url, encoding: .utf8))
                    if !anchors.contains(anchor) {
                        problems.append("\(page):\(line): \(target): no heading #\(anchor) there")
                    }
                }
            }
        }
        #expect(checked > 50, "the pages hold \(checked) relative links; the scan missed them")
        #expect(
            problems.isEmpty, Comment(rawValue: "\(problems.count) broken links:\n" + problems.joined(separator: "\n")))
    }
}
