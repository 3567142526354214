// The argument parser on its own: every spelling of an option, `--`, repeated,
// unknown and missing-value options, positional counts, removed names, groups,
// validation, and the one help layout.

import TestSupport
import Testing

@testable import ArgumentParsing

enum Colour: String, CaseIterable, ArgumentValue { case red, green }

struct Shared: ParsableArguments {
    var verbose = false
    static var options: [Option<Self>] { [.flag("verbose", \.verbose, help: "Say more.")] }
}

struct Sample: ParsableArguments {
    var files: [String] = []
    var out: String?
    var jobs = 4
    var colour = Colour.red
    var inputs: [String] = []
    var dry = false
    var shared = Shared()

    static var options: [Option<Self>] {
        [
            .value("out", \.out, valueName: "file", help: "Where to write."),
            .value("jobs", \.jobs, in: 1...8, help: "Workers."),
            .value("colour", \.colour, valueName: "colour", help: "A colour."),
            .repeating("input", \.inputs, valueName: "file", help: "More input; may repeat."),
            .flag("dry-run", \.dry, help: "Change nothing."),
            .removed("json", use: "--format json"),
        ] + Option.group(\.shared)
    }

    static var positionals: Positionals<Self>? { Positionals("file", \.files, minimum: 1, maximum: 3, help: "A file.") }

    func validate() throws(UsageError) {
        if dry && out != nil { throw UsageError("--dry-run writes nothing: drop --out") }
    }
}

struct NoPositionals: ParsableArguments {
    var flag = false
    static var options: [Option<Self>] { [.flag("flag", \.flag, help: "A flag.")] }
}

func parsed<A: ParsableArguments>(_ words: [String], as type: A.Type = Sample.self) throws(UsageError) -> A {
    guard case .run(let a) = try ArgumentParser.parse(words, as: A.self) else {
        throw UsageError("asked for help")
    }
    return a
}

/// The message of the usage error `words` cause, or nil when they parse.
func failure<A: ParsableArguments>(_ words: [String], as type: A.Type = Sample.self) -> String? {
    do {
        _ = try ArgumentParser.parse(words, as: A.self)
        return nil
    } catch {
        return error.message
    }
}

@Suite struct ArgumentParserTests {
    @Test(.tags(.small)) func defaultsStandWhenNothingIsGiven() throws {
        let a = try parsed(["a.txt"])
        #expect(a.files == ["a.txt"] && a.out == nil && a.jobs == 4 && a.colour == .red && !a.dry && !a.shared.verbose)
    }

    @Test(.tags(.small)) func valuesComeAsTheNextWordOrAfterEquals() throws {
        let a = try parsed(["--out", "x.json", "--jobs=2", "--colour", "green", "a.txt"])
        #expect(a.out == "x.json" && a.jobs == 2 && a.colour == .green)
        let b = try parsed(["--out=", "a.txt"])
        #expect(b.out == "")
        let c = try parsed(["--out=--odd", "a.txt"])
        #expect(c.out == "--odd")
    }

    @Test(.tags(.small)) func optionsAndPositionalsMixInAnyOrder() throws {
        let a = try parsed(["a.txt", "--dry-run", "b.txt", "--verbose"])
        #expect(a.files == ["a.txt", "b.txt"] && a.dry && a.shared.verbose)
    }

    @Test(.tags(.small)) func doubleDashEndsTheOptions() throws {
        let a = try parsed(["--", "--help", "-x"])
        #expect(a.files == ["--help", "-x"])
        #expect(failure(["--jobs", "2", "--", "a", "b", "c", "d"]) == "unexpected argument 'd'")
    }

    @Test(.tags(.small)) func aSingleDashIsAPositionalAndAValue() throws {
        let a = try parsed(["-", "--out", "-"])
        #expect(a.files == ["-"] && a.out == "-")
    }

    @Test(.tags(.small)) func aRepeatedValueKeepsTheLastAndARepeatingOptionKeepsAll() throws {
        let a = try parsed([
            "--jobs", "2", "--jobs", "3", "--input", "x", "--input=y", "a.txt", "--verbose", "--verbose",
        ])
        #expect(a.jobs == 3 && a.inputs == ["x", "y"] && a.shared.verbose)
    }

    @Test(.tags(.small)) func helpWinsAnywhereBeforeTheDoubleDash() throws {
        for words in [["-h"], ["--help"], ["a.txt", "--help"], ["--jobs", "2", "-h", "--no-such"]] {
            guard case .help = try ArgumentParser.parse(words, as: Sample.self) else {
                Issue.record("\(words) did not ask for help")
                continue
            }
        }
    }

    @Test(.tags(.small)) func unknownOptionsAreUsageErrors() {
        #expect(failure(["--no-such", "a.txt"]) == "unknown option '--no-such'")
        #expect(failure(["--no-such=1", "a.txt"]) == "unknown option '--no-such'")
        #expect(failure(["-x", "a.txt"]) == "unknown option '-x'")
        #expect(failure(["---out", "a.txt"]) == "unknown option '---out'")
    }

    @Test(.tags(.small)) func aMissingValueIsAUsageError() {
        #expect(failure(["a.txt", "--out"]) == "missing value for '--out <file>'")
        #expect(failure(["--out", "--dry-run", "a.txt"]) == "missing value for '--out <file>'")
    }

    @Test(.tags(.small)) func badValuesNameTheOptionAndWhatItTakes() {
        #expect(failure(["--jobs", "0", "a.txt"]) == "--jobs expects an integer in 1...8; got '0'")
        #expect(failure(["--jobs", "two", "a.txt"]) == "--jobs expects an integer in 1...8; got 'two'")
        #expect(failure(["--colour", "blue", "a.txt"]) == "--colour expects one of red, green; got 'blue'")
        #expect(failure(["--dry-run=yes", "a.txt"]) == "'--dry-run' takes no value")
    }

    @Test(.tags(.small)) func positionalCountsAreChecked() {
        #expect(failure([]) == "missing <file>")
        #expect(failure(["a", "b", "c", "d"]) == "unexpected argument 'd'")
        #expect(failure(["stray"], as: NoPositionals.self) == "unexpected argument 'stray'")
    }

    @Test(.tags(.small)) func aRemovedNameSaysWhatReplacedIt() {
        #expect(failure(["--json", "a.txt"]) == "'--json' is no longer an option; use --format json")
    }

    @Test(.tags(.small)) func validationRunsAfterParsing() {
        #expect(failure(["--dry-run", "--out", "x", "a.txt"]) == "--dry-run writes nothing: drop --out")
    }

    @Test(.tags(.small)) func theHelpHasOneLayout() {
        let help = CommandHelp(
            name: "demo", abstract: "Do a demo.", discussion: "More words.",
            exitStatus: [("0", "fine"), ("64", "usage")], examples: ["tool demo a.txt"])
        let text = help.text(tool: "tool", Sample.self)
        let headings = text.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.contains(":") }
            .map { String($0.prefix { $0 != ":" }) }
        #expect(headings == ["OVERVIEW", "USAGE", "ARGUMENTS", "OPTIONS", "EXIT STATUS", "EXAMPLES"])
        #expect(text.contains("USAGE: tool demo [<options>] <file> ...\n"))
        #expect(text.contains("  -o, --out <file>"))
        #expect(text.contains("  --verbose"))
        #expect(!text.contains("--json"))
        #expect(text.contains("  -h, --help"))
        // One column: the help of every row starts at the same place.
        func column(_ help: String) -> Int? {
            text.split(separator: "\n").lazy.compactMap { line in
                line.firstRange(of: help).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            }.first
        }
        let columns = ["Where to write.", "Say more.", "Change nothing.", "A file.", "fine", "Show help information."]
            .map(column)
        #expect(!columns.contains(nil) && Set(columns).count == 1)
        let group = CommandHelp(name: "group", abstract: "A group.").groupText(tool: "tool", subcommands: [help])
        #expect(group.contains("SUBCOMMANDS:\n  demo"))
        #expect(group.contains("USAGE: tool group <subcommand>"))
    }
}

enum Format: String, CaseIterable, ArgumentValue { case text, json }

/// The common options, which have one-letter names.
struct Common: ParsableArguments {
    var files: [String] = []
    var format = Format.text
    var out: String?
    var jobs = 1
    var quiet = false
    var colour = Colour.red

    static var options: [Option<Self>] {
        [
            .value("format", \.format, valueName: "format", help: "text or json."),
            .value("out", \.out, valueName: "file", help: "Where to write."),
            .value("jobs", \.jobs, in: 1...8, help: "Workers."),
            .flag("quiet", \.quiet, help: "Say less."),
            .value("colour", \.colour, valueName: "colour", help: "A colour."),
        ]
    }

    static var positionals: Positionals<Self>? { Positionals("file", \.files, help: "A file.") }
}

@Suite struct ShortOptionTests {
    @Test(.tags(.small)) func theCommonOptionsHaveOneLetterNames() throws {
        let a = try parsed(["-f", "json", "-o", "x.json", "-j", "2", "-q", "a.txt"], as: Common.self)
        #expect(a.format == .json && a.out == "x.json" && a.jobs == 2 && a.quiet && a.files == ["a.txt"])
        // Only those: the same letter never means another option.
        #expect(Common.options.map(\.short) == ["f", "o", "j", "q", nil])
        #expect(Sample.options.compactMap(\.short) == ["o", "j"])
    }

    /// `-j2`, `-fjson`: a value may be joined to its letter, as getopt allows.
    @Test(.tags(.small)) func aValueMayBeJoinedToItsLetter() throws {
        let a = try parsed(["-j2", "-fjson", "-ox.json"], as: Common.self)
        #expect(a.jobs == 2 && a.format == .json && a.out == "x.json")
        let b = try parsed(["-o", "-", "-o-"], as: Common.self)
        #expect(b.out == "-")
    }

    /// No bundling (`-qj2`), no `-o=x` (it would write a file named `=x`).
    @Test(.tags(.small)) func shortOptionsAreGivenOneAWord() {
        #expect(
            failure(["-qj2"], as: Common.self)
                == "unknown option '-qj2': '-q' takes no value, and short options are given one a word")
        #expect(failure(["-o=x"], as: Common.self) == "unknown option '-o=x': write '-o VALUE' or '--out=VALUE'")
        #expect(failure(["-c", "red"], as: Common.self) == "unknown option '-c'")
        #expect(failure(["-f"], as: Common.self) == "missing value for '--format <format>'")
        #expect(failure(["-f", "--quiet"], as: Common.self) == "missing value for '--format <format>'")
        #expect(failure(["-f", "xml"], as: Common.self) == "--format expects one of text, json; got 'xml'")
        #expect(failure(["-j", "9"], as: Common.self) == "--jobs expects an integer in 1...8; got '9'")
    }

    @Test(.tags(.small)) func theHelpListsTheShortNameFirst() {
        let text = CommandHelp(name: "demo", abstract: "Do a demo.").text(tool: "tool", Common.self)
        #expect(text.contains("\n  -f, --format <format>  text or json.\n"))
        #expect(text.contains("\n  -o, --out <file>"))
        #expect(text.contains("\n  -q, --quiet"))
        #expect(text.contains("\n  --colour <colour>"))
    }
}

/// A positional word limited to a closed set.
struct ShellChoice: ParsableArguments {
    var shell: [String] = []
    static var options: [Option<Self>] { [] }
    static var positionals: Positionals<Self>? {
        Positionals("shell", \.shell, minimum: 1, maximum: 1, choices: ["bash", "zsh", "fish"], help: "The shell.")
    }
}

@Suite struct SuggestionTests {
    @Test(.tags(.small)) func aSlipSuggestsTheWordMeant() {
        let commands = ["scan", "eval", "solve", "hint", "explain", "grade", "help", "completion"]
        #expect(Suggestion.closest(to: "scna", among: commands) == "scan")
        #expect(Suggestion.closest(to: "slove", among: commands) == "solve")
        #expect(Suggestion.closest(to: "grad", among: commands) == "grade")
        #expect(Suggestion.closest(to: "hlep", among: commands) == "help")
        #expect(Suggestion.closest(to: "completoin", among: commands) == "completion")
        #expect(Suggestion.closest(to: "sc", among: commands) == "scan")
        #expect(Suggestion.closest(to: "frobnicate", among: commands) == nil)
        #expect(Suggestion.closest(to: "x", among: commands) == nil)
        #expect(
            Suggestion.distance("", "abc") == 3 && Suggestion.distance("ab", "ba") == 1
                && Suggestion.distance("kitten", "sitting") == 3)
    }

    @Test(.tags(.small)) func aPositionalMayHaveChoices() throws {
        let a = try parsed(["zsh"], as: ShellChoice.self)
        #expect(a.shell == ["zsh"])
        #expect(failure(["ksh"], as: ShellChoice.self) == "<shell> expects one of bash, zsh, fish; got 'ksh'")
    }
}

@Suite struct CompletionScriptTests {
    var tree: CompletionNode {
        CompletionNode(
            group: "", abstract: "",
            subcommands: [
                CompletionNode(word: "demo", abstract: "Do a demo.", Common.self),
                CompletionNode(
                    group: "more", abstract: "More.",
                    subcommands: [
                        CompletionNode(word: "shell", abstract: "Pick a shell.", ShellChoice.self)
                    ]),
            ])
    }

    /// Each script is built from the tree: its commands, options, option values and arguments.
    @Test(.tags(.small), arguments: Shell.allCases)
    func everyScriptNamesTheWholeTree(shell: Shell) {
        let script = tree.script(for: shell, tool: "tool")
        for word in [
            "demo", "more", "shell", "format", "out", "jobs", "quiet", "colour", "text json", "red green",
            "bash zsh fish", "Do a demo.", "Pick a shell.",
        ] where !(shell == .bash && word.hasSuffix(".")) {
            #expect(script.contains(word), "\(shell) lacks '\(word)'")
        }
    }

    @Test(.tags(.small)) func descriptionsAreQuotedForEachShell() {
        #expect(CompletionNode.zshDescription("it's [x]") == "it'\\''s \\[x\\]")
        #expect(CompletionNode.fishQuoted("it's a \\") == "'it\\'s a \\\\'")
    }
}
