let evalCommand = Command(
    name: "eval", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'eval' is not built yet") })
