let benchDecodeCommand = Command(
    name: "bench decode", summary: "", usage: "", discussion: "", options: [],
    run: { _ in throw CLIError.software("not built yet") })
