let benchSolveCommand = Command(
    name: "bench solve", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("not built yet") })
