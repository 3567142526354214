// The command line as a person types it: short options, "did you mean" for a
// mistyped command, `sudokit help help`, and the completion scripts run by the
// real shells (bash drives `_sudokit` as it would on TAB; zsh and fish parse
// theirs, and fish answers `complete -C`). bash, zsh and fish are test
// dependencies (scripts/setup installs them); a missing shell is a failure.

import Foundation
import TestSupport
import Testing

/// Runs `shell arguments...` with `SUDOKIT` set to the binary under test.
private func runShell(_ shell: String, _ arguments: [String]) throws -> RunResult {
    var environment = ProcessInfo.processInfo.environment
    environment["SUDOKIT"] = sudokitBinary().path
    let result = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [shell] + arguments, environment: environment)
    #expect(result.status != 127, "\(shell) is not installed (scripts/setup installs it): \(result.stderr)")
    return result
}

@Suite(.tags(.medium)) struct ShellCLITests {
    /// `-f json` is `--format json`, `-q` is `--quiet`, and the help lists both names.
    @Test func shortOptionsWorkOnTheRealCommands() throws {
        let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        let long = try runSudokit(["solve", "--format", "json", puzzle])
        let short = try runSudokit(["solve", "-f", "json", puzzle])
        let joined = try runSudokit(["solve", "-fjson", puzzle])
        #expect(long.status == 0 && short.status == 0 && joined.status == 0)
        #expect(short.stdout == long.stdout && joined.stdout == long.stdout && long.stdout.hasPrefix("[\n  {"))
        let grade = try runSudokit(["grade", "-q", "-j", "1", "-f", "jsonl", puzzle])
        #expect(grade.status == 0 && grade.stdout.hasPrefix("{") && grade.stderr.isEmpty, "\(grade.stderr)")
        let help = try runSudokit(["scan", "--help"])
        for row in ["  -f, --format <format>", "  -o, --out <file>", "  -j, --jobs <n>", "  -q, --quiet"] {
            #expect(help.stdout.contains("\n" + row), "scan --help lacks '\(row)'")
        }
        let bundled = try runSudokit(["grade", "-qj1", puzzle])
        #expect(bundled.status == 64 && bundled.stderr.hasPrefix("Error: unknown option '-qj1'"))
    }

    @Test(arguments: [
        ("sudokit", ["scna", "photo.jpg"], "Error: unknown command 'scna'; did you mean 'scan'?\n"),
        ("sudokit", ["slove"], "Error: unknown command 'slove'; did you mean 'solve'?\n"),
        ("sudokit", ["help", "grde"], "Error: unknown command 'grde'; did you mean 'grade'?\n"),
        ("sudokit-lab", ["bench", "decod"], "Error: unknown subcommand 'decod' of 'bench'; did you mean 'decode'?\n"),
        ("sudokit-lab", ["calibrat"], "Error: unknown command 'calibrat'; did you mean 'calibrate'?\n"),
    ])
    func aMistypedCommandIsAnsweredWithTheOneMeant(tool: String, words: [String], message: String) throws {
        let r = try run(tool: tool, words)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }

    @Test func helpHelpIsTheHelpOfHelp() throws {
        let r = try runSudokit(["help", "help"])
        #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("OVERVIEW: Show the help of a command, or of sudokit.\n"))
        #expect(r.stdout.contains("\nUSAGE: sudokit help [<subcommand> ...]\n"))
        #expect(try runSudokit(["help", "--help"]).stdout == r.stdout)
        #expect(try runSudokit(["help"]).stdout == (try runSudokit(["--help"])).stdout)
        let general = try runSudokit(["--help"]).stdout
        #expect(general.contains("\n  help ") && general.contains("\n  completion "))
    }

    /// bash sources the script, registers `_sudokit`, and `_sudokit` answers as on TAB.
    @Test(arguments: [
        (["sudokit", "sc"], "scan"),
        (["sudokit", "scan", "--format", "j"], "json jsonl"),
        (["sudokit", "scan", "-f", ""], "text line json jsonl"),
        (["sudokit", "scan", "--format", "=", "l"], "line"),
        (["sudokit", "scan", "--o"], "--out"),
        (["sudokit", "help", "dr"], "drill"),
        (["sudokit", "drill", ""], "show list check"),
        (["sudokit", "drill", "show", "--tech"], "--technique"),
        (["sudokit", "completion", ""], "bash zsh fish"),
        (["sudokit", "h"], "help hint"),
        (["sudokit", "help", "sc"], "scan"),
    ])
    func bashCompletesFromTheCommandTree(words: [String], expected: String) throws {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source <("$SUDOKIT" completion bash) || exit 3
            complete -p sudokit || exit 4
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _sudokit
            printf '%s\\n' "${COMPREPLY[@]}" | sort | tr '\\n' ' '
            """
        let r = try runShell("bash", ["-c", script])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == "complete -o default -F _sudokit sudokit\n"
                + expected.split(separator: " ").sorted().joined(separator: " ") + " ", "\(words)")
    }

    @Test func zshParsesItsScript() throws {
        let r = try runShell(
            "zsh",
            [
                "-c", "\"$SUDOKIT\" completion zsh > \"$1\" && zsh -n \"$1\" && grep -c '^#compdef sudokit$' \"$1\"",
                "zsh", scratchFile("_sudokit"),
            ])
        #expect(r.status == 0 && r.stdout == "1\n", "\(r.stderr)")
    }

    @Test func fishParsesItsScriptAndCompletes() throws {
        let file = scratchFile("sudokit.fish")
        let r = try runShell(
            "fish",
            [
                "-c",
                "\"$SUDOKIT\" completion fish > \(file); and fish --no-execute \(file); and source \(file); and "
                    + "complete -C 'sudokit sc'; and complete -C 'sudokit scan --format js'",
            ])
        #expect(r.status == 0, "\(r.stderr)")
        let words = r.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words == ["scan", "json", "jsonl"], "\(r.stdout)")
    }

    /// A path for a file of this test run's own.
    private func scratchFile(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "sudokit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
        ).path
    }
}
