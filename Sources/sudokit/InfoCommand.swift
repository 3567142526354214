let infoCommand = Command(
    name: "info", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'info' is not built yet") })
