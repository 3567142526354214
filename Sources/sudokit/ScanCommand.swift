let scanCommand = Command(
    name: "scan", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'scan' is not built yet") })
