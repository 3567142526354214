import Testing

@Suite struct FrontEndTests {
    @Test func helpGoesToStdoutAndExitsZero() throws {
        let r = try runSudokit(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: sudokit <command>"))
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

    @Test(arguments: ["scan", "solve", "eval", "bench", "info"])
    func everyCommandHasHelp(command: String) throws {
        let viaHelp = try runSudokit(["help", command])
        let viaFlag = try runSudokit([command, "--help"])
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stdout.contains("USAGE: sudokit \(command)"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let r = try runSudokit(["scan", "--no-such-option"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown option '--no-such-option'"))
    }
}
