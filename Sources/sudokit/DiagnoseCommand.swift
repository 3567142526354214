let diagnoseCommand = Command(
    name: "diagnose", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'diagnose' is not built yet") })
