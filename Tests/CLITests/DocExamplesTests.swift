// The doc test: every documented example runs, and its output is what the text shows.
//
// Offers: `DocExample` and `DocExamples.parse(_:file:)` (the `$ sudokit ...`
// lines of a Markdown text), `DocExamples.outputMatches(shown:stdout:stderr:)`
// (the comparison below), `runShell(_:currentDirectory:path:)`, and the tests.
//
// The convention, also stated in the README where the examples begin:
// - In README.md and every text file under docs/, a line of a fenced code block
//   that starts with `$ sudokit ` (indentation aside) is an example. The lines
//   after it, up to the next `$ ` line or the end of the block, are its shown
//   output (with the example's own indentation removed). `$ NAME=value` lines
//   earlier in the same block are run first.
// - Each example runs with /bin/sh from the repository root, `sudokit` and
//   `sudokit-lab` being the binaries under test (their folders first on PATH),
//   standard input empty.
// - Shown output is compared with what the example prints, line by line and
//   exactly, except: a line holding only `...` stands for any number of lines,
//   and `...` inside a line stands for any text when neither neighbour is a
//   letter, a digit or another dot (`{...}`, `in ... s`), so the dots of a
//   puzzle such as `8...6...3` are compared as written. The shown lines are
//   stdout and stderr interleaved as a terminal shows them: each stream's lines
//   in their order.
// - An example exits 0 or 1 (a usage error, bad data, a missing input or an
//   internal error is a broken example), and prints no `Error:` line; an
//   example whose shown output holds an `Error:` line must fail instead (any
//   non-zero status) and print that error. An example without shown output must
//   succeed in the same sense.
// - The EXAMPLES section of every command's and subcommand's `--help` of both
//   programs (the commands are read from `sudokit --help`, `sudokit-lab --help`
//   and `sudokit-lab bench --help`, so a new one is covered) runs the same way, without output to compare, each in
//   a fresh temporary folder linking to one copy of TestImages/ and docs/: an
//   example that writes a file touches neither the repository nor the next example.
import Foundation
import TestSupport
import Testing

/// One `$ sudokit ...` line of a document and the output shown under it.
struct DocExample: CustomStringConvertible, Sendable {
    /// Where it is: `README.md:32`.
    var place: String
    /// The command line without the prompt.
    var command: String
    /// `NAME=value` lines shown earlier in the same block, run first.
    var assignments: [String]
    /// The shown output, one element a line; empty when none is shown.
    var shown: [String]

    var description: String { "\(place): \(command)" }

    /// The example is documented to fail: its shown output holds an `Error:` line.
    var expectsError: Bool { shown.contains { $0.hasPrefix("Error:") } }

    /// The whole script /bin/sh runs.
    var script: String { (assignments + [command]).joined(separator: "\n") }
}

enum DocExamples {
    /// The examples of a Markdown `text` (see the convention at the top of this file).
    static func parse(_ text: String, file: String) -> [DocExample] {
        var examples: [DocExample] = []
        var fence: String?  // the opening fence of the block we are in
        var assignments: [String] = []
        var current: DocExample?
        var indent = ""
        func close() {
            if let c = current { examples.append(c) }
            current = nil
        }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let f = fence {
                if trimmed.hasPrefix(f) && trimmed.allSatisfy({ $0 == f.first }) {
                    close()
                    fence = nil
                    assignments = []
                    continue
                }
                if trimmed.hasPrefix("$ ") {
                    close()
                    let command = String(trimmed.dropFirst(2))
                    if command.hasPrefix("sudokit ") {
                        indent = String(line.prefix(line.count - trimmed.count))
                        current = DocExample(
                            place: "\(file):\(index + 1)", command: command,
                            assignments: assignments, shown: [])
                    } else if isAssignment(command) {
                        assignments.append(command)
                    }
                    continue
                }
                if current != nil {
                    current!.shown.append(line.hasPrefix(indent) ? String(line.dropFirst(indent.count)) : String(line))
                }
            } else if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = String(trimmed.prefix { $0 == trimmed.first })
            }
        }
        close()
        return examples
    }

    /// `NAME=value` with no spaces, quotes or expansions beyond `$NAME`: a plain shell variable assignment.
    static func isAssignment(_ command: String) -> Bool {
        guard let equals = command.firstIndex(of: "=") else { return false }
        let name = command[..<equals]
        guard let first = name.first, first == "_" || first.isLetter,
            name.allSatisfy({ $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) })
        else { return false }
        return !command.contains { " \t;&|<>`\"'()".contains($0) }
    }

    /// The lines of `text`, without the empty one after a final newline.
    static func lines(_ text: String) -> [String] {
        var l = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if l.last == "" { l.removeLast() }
        return l
    }

    /// Whether `shown` is what was printed: an interleaving of the `stdout` and
    /// `stderr` lines (each stream in its order), a line holding only `...`
    /// standing for any number of lines and an in-line `...` for any text.
    static func outputMatches(shown: [String], stdout: [String], stderr: [String]) -> Bool {
        // reached[j][k]: the first i shown lines account for stdout[..<j] and stderr[..<k].
        var reached = Array(repeating: Array(repeating: false, count: stderr.count + 1), count: stdout.count + 1)
        reached[0][0] = true
        for line in shown {
            var next = Array(repeating: Array(repeating: false, count: stderr.count + 1), count: stdout.count + 1)
            let anyLines = line.trimmingCharacters(in: .whitespaces) == "..."
            for j in 0...stdout.count {
                for k in 0...stderr.count {
                    let here = reached[j][k] || (anyLines && ((j > 0 && next[j - 1][k]) || (k > 0 && next[j][k - 1])))
                    if anyLines {
                        next[j][k] = here
                    } else {
                        next[j][k] =
                            (j > 0 && reached[j - 1][k] && lineMatches(line, stdout[j - 1]))
                            || (k > 0 && reached[j][k - 1] && lineMatches(line, stderr[k - 1]))
                    }
                }
            }
            reached = next
        }
        return reached[stdout.count][stderr.count]
    }

    /// Whether the printed line `actual` is the shown line `shown`, an in-line
    /// `...` (with no letter, digit or dot on either side) standing for any text.
    static func lineMatches(_ shown: String, _ actual: String) -> Bool {
        let pieces = literalPieces(shown)
        if pieces.count == 1 { return shown == actual }
        guard actual.hasPrefix(pieces[0]) else { return false }
        var rest = actual.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= pieces.last!.count && rest.hasSuffix(pieces.last!)
    }

    /// `shown` cut at each wildcard `...`: the literal texts around them.
    static func literalPieces(_ shown: String) -> [String] {
        let c = Array(shown)
        var pieces: [String] = [], piece = ""
        var i = 0
        func standsApart(_ k: Int) -> Bool { k < 0 || k >= c.count || !(c[k].isLetter || c[k].isNumber || c[k] == ".") }
        while i < c.count {
            if i + 3 <= c.count && c[i] == "." && c[i + 1] == "." && c[i + 2] == "." && standsApart(i - 1)
                && standsApart(i + 3)
            {
                pieces.append(piece)
                piece = ""
                i += 3
            } else {
                piece.append(c[i])
                i += 1
            }
        }
        pieces.append(piece)
        return pieces
    }
}

/// Runs `script` with /bin/sh in `currentDirectory`, the folder of the binary
/// under test first on PATH, standard input empty.
func runShell(_ script: String, currentDirectory: URL) throws -> RunResult {
    var env = ProcessInfo.processInfo.environment
    // Games that `sudokit play` keeps go to a folder of this test run, not the user's.
    env["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.path + "/sudokit-examples-data-\(getpid())"
    env["PATH"] =
        sudokitBinary().deletingLastPathComponent().path + ":" + sudokitLabBinary().deletingLastPathComponent().path
        + ":" + (env["PATH"] ?? "/usr/bin:/bin")
    return try runProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], environment: env, currentDirectory: currentDirectory)
}

/// What is wrong with one run of `example` (nil when nothing is).
func docExampleProblem(_ example: DocExample, _ r: RunResult) -> String? {
    let printed = "\n--- stdout:\n\(r.stdout)--- stderr:\n\(r.stderr)---"
    let errorLines = DocExamples.lines(r.stderr).filter { $0.hasPrefix("Error:") }
    if example.expectsError {
        if r.status == 0 { return "shown to fail, but exited 0" + printed }
    } else {
        if r.status != 0 && r.status != 1 { return "exited \(r.status) (only 0 or 1 is a run that worked)" + printed }
        if !errorLines.isEmpty { return "printed \(errorLines[0])" + printed }
    }
    if !example.shown.isEmpty
        && !DocExamples.outputMatches(
            shown: example.shown, stdout: DocExamples.lines(r.stdout),
            stderr: DocExamples.lines(r.stderr))
    {
        return "the output is not the one shown:\n--- shown:\n" + example.shown.joined(separator: "\n") + printed
    }
    return nil
}

@Suite(.serialized) struct DocExamplesTests {
    /// Every documentation page (`documentationPages()`) with its text.
    static func documents() throws -> [(String, String)] {
        try documentationPages().map { page in
            (page, try String(contentsOf: packageRoot().appendingPathComponent(page), encoding: .utf8))
        }
    }

    @Test(.tags(.medium)) func everyExampleInTheDocumentsRunsAndPrintsWhatItShows() throws {
        let examples = try Self.documents().flatMap { DocExamples.parse($0.1, file: $0.0) }
        #expect(examples.count >= 20, "the README shows many examples; found \(examples.count)")
        for example in examples {
            let r = try runShell(example.script, currentDirectory: packageRoot())
            if let problem = docExampleProblem(example, r) { Issue.record("\(example)\n\(problem)") }
        }
    }

    /// The programs and the names after the program's of every command and
    /// subcommand but `help`, from the help itself.
    static func commands() throws -> [(tool: String, command: String)] {
        try ["sudokit", "sudokit-lab"].flatMap { tool in
            try commandPaths(tool: tool).filter { $0 != "help" }.map { (tool, $0) }
        }
    }

    /// The EXAMPLES lines of `command`'s help in the program `tool`.
    static func helpExamples(_ command: String, tool: String) throws -> [String] {
        let help = try run(tool: tool, command.split(separator: " ").map(String.init) + ["--help"]).stdout
        guard let section = help.components(separatedBy: "\nEXAMPLES:\n").dropFirst().first else { return [] }
        return section.components(separatedBy: "\n\n")[0].split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    @Test(.tags(.medium)) func everyHelpExampleRuns() throws {
        let commands = try Self.commands()
        #expect(
            commands.contains { $0 == ("sudokit", "scan") }
                && commands.contains { $0 == ("sudokit-lab", "bench decode") },
            "\(commands)")
        // One copy of what the examples read, and for each example a fresh folder
        // linking to it: whatever an example writes stays out of the repository
        // and out of the next example's way.
        let fm = FileManager.default
        let work = fm.temporaryDirectory.appendingPathComponent("sudokit-help-examples-\(UUID().uuidString)")
        let copy = work.appendingPathComponent("copy")
        try fm.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: work) }
        for folder in ["TestImages", "docs"] {
            try fm.copyItem(at: packageRoot().appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
        }
        var count = 0
        var seen = Set<String>()  // `bench --help` repeats its subcommands' examples
        for (tool, command) in commands {
            for line in try Self.helpExamples(command, tool: tool) {
                count += 1
                #expect(
                    line.contains("\(tool) \(command)"),
                    "\(tool) \(command) --help: \(line): an example of another command")
                guard seen.insert(line).inserted else { continue }
                let example = DocExample(place: "\(tool) \(command) --help", command: line, assignments: [], shown: [])
                let folder = work.appendingPathComponent("example-\(count)")
                try fm.createDirectory(at: folder, withIntermediateDirectories: false)
                for name in ["TestImages", "docs"] {
                    try fm.createSymbolicLink(
                        at: folder.appendingPathComponent(name),
                        withDestinationURL: copy.appendingPathComponent(name))
                }
                let r = try runShell(example.script, currentDirectory: folder)
                if let problem = docExampleProblem(example, r) { Issue.record("\(example)\n\(problem)") }
            }
        }
        #expect(count >= commands.count, "every command shows examples; found \(count) for \(commands.count) commands")
    }

    // The convention itself, on made-up text: each rule can fail.

    @Test(.tags(.small)) func examplesAreReadFromFencedBlocksWithTheirOutputAndAssignments() {
        let text = """
            $ sudokit outside a block
            ```
            $ P=12.
            $ sudokit solve $P
            line 1
              line 2
            $ echo not an example
            echoed
            $ sudokit grade x
            ```
            - item

              ```
              $ sudokit scan --frob photo.jpg
              Error: unknown option
              ```
            """
        let e = DocExamples.parse(text, file: "T.md")
        #expect(e.map(\.place) == ["T.md:4", "T.md:9", "T.md:14"])
        #expect(e.map(\.command) == ["sudokit solve $P", "sudokit grade x", "sudokit scan --frob photo.jpg"])
        #expect(e[0].assignments == ["P=12."] && e[1].assignments == ["P=12."] && e[2].assignments.isEmpty)
        #expect(e[0].shown == ["line 1", "  line 2"])
        #expect(e[1].shown.isEmpty && !e[1].expectsError)
        #expect(e[2].shown == ["Error: unknown option"] && e[2].expectsError)
        #expect(!DocExamples.isAssignment("P=1 sudokit x") && !DocExamples.isAssignment("P=$(rm x)"))
    }

    @Test(.tags(.small)) func outputIsComparedExactlyButForTheDots() {
        let m = DocExamples.outputMatches
        #expect(m(["a", "b"], ["a", "b"], []))
        #expect(!m(["a", "b"], ["a", "c"], []))
        #expect(!m(["a"], ["a", "b"], []), "every printed line is shown or stood for")
        #expect(!m(["a", "b"], ["a"], []))
        #expect(m(["a", "...", "z"], ["a", "b", "c", "z"], []))
        #expect(m(["a", "  ...", "z"], ["a", "z"], []), "`...` stands for no line too")
        #expect(!m(["a", "...", "z"], ["a", "b"], []))
        #expect(m(["out", "note: x", "out 2"], ["out", "out 2"], ["note: x"]), "stdout and stderr interleaved")
        #expect(m(["note: x", "out", "out 2"], ["out", "out 2"], ["note: x"]))
        #expect(!m(["out 2", "out", "note: x"], ["out", "out 2"], ["note: x"]), "each stream in its order")
        #expect(m(["...", "total: 3"], ["x", "y", "total: 3"], []))
        #expect(m(["note: 5 in ... s (... per second)"], [], ["note: 5 in 0.43 s (11.6 per second)"]))
        #expect(!m(["note: 5 in ... s (... per second)"], [], ["note: 6 in 0.43 s (11.6 per second)"]))
        #expect(m(["{\"a\":1,...,\"z\":2}"], ["{\"a\":1,\"b\":3,\"z\":2}"], []))
        #expect(!m(["{\"a\":1,...,\"z\":2}"], ["{\"a\":1,\"b\":3,\"z\":3}"], []))
        // The dots of a puzzle are compared as written.
        #expect(m(["8...6...3"], ["8...6...3"], []))
        #expect(!m(["8...6...3"], ["8.1.6...3"], []))
        #expect(!m(["...2..17"], ["1..2..17"], []))
        #expect(!m(["x ...."], ["x 1234"], []))
    }
}
