import Testing

@Suite struct FrontEndTests {
    @Test func helpGoesToStdoutAndExitsZero() throws {
        let r = try runSudokit(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: sudokit <subcommand>"))
        #expect(r.stderr.isEmpty)
    }

    @Test func versionPrintsTheVersion() throws {
        let r = try runSudokit(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("sudokit "))
    }

    @Test func unknownCommandIsAUsageError() throws {
        let r = try runSudokit(["frobnicate"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: unknown command 'frobnicate'"))
        #expect(r.stdout.isEmpty)
    }

    @Test(arguments: ["scan", "solve", "hint", "explain", "grade", "generate", "daily", "drill", "calibrate", "eval", "info", "diagnose", "bench",
                      "bench solve", "bench explain", "bench decode", "bench locate", "bench scan", "bench drill"])
    func everyCommandHasHelpInOneLayout(command: String) throws {
        let words = command.split(separator: " ").map(String.init)
        let viaHelp = try runSudokit(["help"] + words)
        let viaFlag = try runSudokit(words + ["--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.stdout.contains("\nUSAGE: sudokit \(command)"))
        let headings = viaHelp.stdout.split(separator: "\n").filter { $0.hasSuffix(":") && $0.allSatisfy { $0.isUppercase || $0 == " " || $0 == ":" } }
        let order = ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:", "EXIT STATUS:", "EXAMPLES:"]
        #expect(headings.allSatisfy { order.contains(String($0)) }, "\(headings)")
        #expect(headings.map { order.firstIndex(of: String($0)) ?? -1 } == headings.map { order.firstIndex(of: String($0)) ?? -1 }.sorted())
        #expect(headings.contains("OPTIONS:"))
    }

    @Test func aUsageErrorShowsTheUsageLineAndOneHint() throws {
        let r = try runSudokit(["scan", "--no-such-option", "photo.jpg"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == """
            Error: unknown option '--no-such-option'
            Usage: sudokit scan [<options>] <image-or-dir> ...
              See 'sudokit help scan' for more information.

            """)
        let sub = try runSudokit(["bench", "decode", "--runs"])
        #expect(sub.status == 64)
        #expect(sub.stderr.hasPrefix("Error: missing value for '--runs <n>'\nUsage: sudokit bench decode [<options>] <image> ...\n"))
    }

    @Test func anUnknownSubcommandOfAGroupIsAUsageError() throws {
        let r = try runSudokit(["bench", "frobnicate"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: unknown subcommand 'frobnicate' of 'bench': one of solve, explain, decode, locate, scan, glyphs, classify, drill\n"))
        #expect(try runSudokit(["bench"]).status == 64)
        #expect(try runSudokit(["help", "scan", "extra"]).status == 64)
        #expect(try runSudokit(["help", "frobnicate"]).status == 64)
    }

    /// The earlier spellings (`--json`, `--passes`, `solve --output`) say what replaced them.
    @Test(arguments: [
        (["eval", "--json", "x"], "use --format json"),
        (["info", "--json", "x.png"], "use --format json"),
        (["diagnose", "--json"], "use --format json"),
        (["bench", "solve", "--passes", "3", "x"], "use --runs N"),
        (["solve", "--output", "json"], "use --format (the output format) and --input-format (the input's)"),
    ])
    func aRemovedOptionNamesItsReplacement(words: [String], hint: String) throws {
        let r = try runSudokit(words)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: '\(words.first { $0.hasPrefix("--") } ?? "")' is no longer an option; \(hint)\n"))
    }

    @Test func optionsTakeTheirValueAfterEqualsAndDoubleDashEndsThem() throws {
        let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        let r = try runSudokit(["solve", "--format=jsonl", "--", puzzle])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("{\"puzzle\":"))
        let dashed = try runSudokit(["solve", "--", "--help"])
        #expect(dashed.status == 65, "after --, '--help' is a puzzle (and not a valid one)")
    }
}
