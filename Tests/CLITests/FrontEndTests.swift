import TestSupport
import Testing

/// A command of one of the programs: `sudokit-lab` and `bench decode`.
struct CommandPath: Sendable, CustomStringConvertible {
    var tool: String
    var command: String
    var description: String { tool + " " + command }
}

@Suite(.tags(.medium)) struct FrontEndTests {
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

    /// Every command and subcommand of both programs, as their own help lists them.
    static func everyCommand() throws -> [CommandPath] {
        try ["sudokit", "sudokit-lab"].flatMap { tool in
            try commandPaths(tool: tool).map { CommandPath(tool: tool, command: $0) }
        }
    }

    @Test func theCommandsAreReadFromTheHelp() throws {
        let all = try Self.everyCommand().map(\.description)
        for known in [
            "sudokit scan", "sudokit drill", "sudokit drill show", "sudokit drill check", "sudokit help",
            "sudokit-lab bench", "sudokit-lab bench decode",
            "sudokit-lab calibrate", "sudokit-lab drill",
        ] {
            #expect(all.contains(known), "\(all)")
        }
        #expect(!all.contains { $0.hasPrefix("sudokit bench") || $0 == "sudokit calibrate" }, "\(all)")
    }

    @Test(arguments: try everyCommand())
    func everyCommandHasHelpInOneLayout(path: CommandPath) throws {
        let (tool, command) = (path.tool, path.command)
        let words = command.split(separator: " ").map(String.init)
        let viaHelp = try run(tool: tool, ["help"] + words)
        let viaFlag = try run(tool: tool, words + ["--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.hasPrefix("OVERVIEW: "))
        #expect(viaHelp.stdout.contains("\nUSAGE: \(tool) \(command)"))
        let headings = viaHelp.stdout.split(separator: "\n").filter {
            $0.hasSuffix(":") && $0.allSatisfy { $0.isUppercase || $0 == " " || $0 == ":" }
        }
        let order = ["ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:", "EXIT STATUS:", "EXAMPLES:"]
        #expect(headings.allSatisfy { order.contains(String($0)) }, "\(headings)")
        #expect(
            headings.map { order.firstIndex(of: String($0)) ?? -1 }
                == headings.map { order.firstIndex(of: String($0)) ?? -1 }.sorted())
        #expect(headings.contains("OPTIONS:"))
    }

    @Test func aUsageErrorShowsTheUsageLineAndOneHint() throws {
        let r = try runSudokit(["scan", "--no-such-option", "photo.jpg"])
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr == """
                Error: unknown option '--no-such-option'
                Usage: sudokit scan [<options>] <image-or-dir> ...
                  See 'sudokit help scan' for more information.

                """)
        let sub = try runSudokitLab(["bench", "decode", "--runs"])
        #expect(sub.status == 64)
        #expect(
            sub.stderr == """
                Error: missing value for '--runs <n>'
                Usage: sudokit-lab bench decode [<options>] <image> ...
                  See 'sudokit-lab help bench decode' for more information.

                """)
    }

    @Test func anUnknownSubcommandOfAGroupIsAUsageError() throws {
        let r = try runSudokitLab(["bench", "frobnicate"])
        #expect(r.status == 64)
        #expect(
            r.stderr.hasPrefix(
                "Error: unknown subcommand 'frobnicate' of 'bench': one of solve, explain, decode, locate, scan, "
                    + "glyphs, classify, drill\n"
            ))
        #expect(try runSudokitLab(["bench"]).status == 64)
        #expect(try runSudokit(["help", "scan", "extra"]).status == 64)
        #expect(try runSudokit(["help", "frobnicate"]).status == 64)
        #expect(try runSudokitLab(["help", "frobnicate"]).status == 64)
    }

    /// The measuring and data-building commands moved to sudokit-lab: an old
    /// script's `sudokit bench ...` is a usage error that says where they went.
    @Test(arguments: [
        ["bench"], ["bench", "solve", "x"], ["calibrate", "--count", "10"],
        ["drill", "--make-pool", "--generate", "10"],
        ["help", "bench", "decode"], ["help", "calibrate"],
    ])
    func aMovedCommandNamesTheLabProgram(words: [String]) throws {
        let r = try runSudokit(words)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        let name = words.first == "help" ? words[1] : words.first == "drill" ? "drill --make-pool" : words[0]
        #expect(
            r.stderr == """
                Error: 'sudokit \(name)' moved to sudokit-lab, the program of the project's measurements and data: run 'sudokit-lab \(name) ...'
                  See 'sudokit-lab --help' for its commands.

                """)
        // After `--`, `--make-pool` is an operand, not the lab's option.
        let operand = try runSudokit(["drill", "show", "--technique", "x-wing", "--", "--make-pool"])
        #expect(operand.status == 64 && !operand.stderr.contains("moved"), "\(operand.stderr)")
    }

    @Test func theLabProgramHasItsOwnHelpAndVersion() throws {
        let help = try runSudokitLab(["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("OVERVIEW: sudokit-lab "))
        #expect(help.stdout.contains("USAGE: sudokit-lab <subcommand>"))
        #expect(help.stdout == (try runSudokitLab(["help"])).stdout)
        let version = try runSudokitLab(["--version"]), userVersion = try runSudokit(["--version"])
        #expect(version.status == 0 && version.stdout == userVersion.stdout.replacing("sudokit ", with: "sudokit-lab "))
        let none = try runSudokitLab(["drill", "--generate", "10"])
        #expect(none.status == 64 && none.stderr.hasPrefix("Error: missing --make-pool"), "\(none.stderr)")
        let passes = try runSudokitLab(["bench", "solve", "--passes", "3", "x"])
        #expect(
            passes.status == 64 && passes.stderr.hasPrefix("Error: '--passes' is no longer an option; use --runs N\n"))
    }

    /// The earlier spellings (`--json`, `--passes`, `solve --output`) say what replaced them.
    @Test(arguments: [
        (["eval", "--json", "x"], "use --format json"),
        (["info", "--json", "x.png"], "use --format json"),
        (["diagnose", "--json"], "use --format json"),
        (["solve", "--output", "json"], "use --format (the output format) and --input-format (the input's)"),
    ])
    func aRemovedOptionNamesItsReplacement(words: [String], hint: String) throws {
        let r = try runSudokit(words)
        #expect(r.status == 64)
        #expect(
            r.stderr.hasPrefix("Error: '\(words.first { $0.hasPrefix("--") } ?? "")' is no longer an option; \(hint)\n")
        )
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
