let solveCommand = Command(
    name: "solve", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'solve' is not built yet") })
