let benchCommand = Command(
    name: "bench", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("'bench' is not built yet") })
