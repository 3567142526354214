// `sudokit bench KIND ...`: benchmarks that print figures (medians of several passes).
// Each kind lives in its own file: BenchSolve.swift, BenchDecode.swift, BenchLocate.swift.

let benchKinds: [(name: String, summary: String, command: Command)] = [
    ("solve", "solver speed over puzzle files", benchSolveCommand),
    ("decode", "image decoding speed", benchDecodeCommand),
    ("locate", "grid location and warp speed", benchLocateCommand),
]

let benchCommand = Command(
    name: "bench",
    summary: "Benchmarks that print figures: bench solve|decode|locate ...",
    usage: "<kind> [options] [arguments]",
    discussion: "KINDS:\n" + benchKinds.map { "  \($0.name)  \($0.summary) (sudokit bench \($0.name) --help)" }
        .joined(separator: "\n"),
    options: [],
    run: { parsed in
        guard let kind = parsed.positionals.first else {
            throw CLIError.usage("bench needs a kind: " + benchKinds.map(\.name).joined(separator: ", "))
        }
        guard let entry = benchKinds.first(where: { $0.name == kind }) else {
            throw CLIError.usage("unknown bench kind '\(kind)'; kinds: " + benchKinds.map(\.name).joined(separator: ", "))
        }
        let rest = Array(parsed.positionals.dropFirst())
        let (sub, wantsHelp) = try entry.command.parse(rest)
        if wantsHelp {
            print(entry.command.helpText, terminator: "")
            return .success
        }
        return try entry.command.run(sub)
    },
    takesRawArguments: true)
