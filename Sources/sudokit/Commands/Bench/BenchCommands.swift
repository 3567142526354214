// Offers: `BenchCommands`, the `sudokit bench` group: benchmarks that print
// figures (medians of several runs). Each kind lives in its own file.

import ArgumentParsing

enum BenchCommands {
    static let help = CommandHelp(
        name: "bench",
        abstract: "Benchmarks that print figures: bench solve|explain|decode|locate|scan|glyphs|classify|drill ...",
        discussion: """
            Measure a release build (swift build -c release). Every kind takes --runs N
            (timed runs, after one untimed warm-up) and --format text|json.
            """,
        examples: [
            "sudokit bench solve TestImages/puzzles/puzzles3_magictour_top1465",
            "sudokit bench explain TestImages/newspaper/*.dat",
            "sudokit bench decode --min-long-side 1000 TestImages/newspaper/image1.jpg",
            "sudokit bench locate TestImages/newspaper/image1?.jpg",
            "sudokit bench scan TestImages/phone-full TestImages/newspaper/image1?.jpg",
            "sudokit bench glyphs --out glyphs TestImages/newspaper/image1?.jpg",
            "sudokit bench classify TestImages/newspaper/image1?.jpg",
            "sudokit bench drill",
        ])

    static var subcommands: [CommandEntry] {
        [
            CommandEntry(BenchSolveCommand.self),
            CommandEntry(BenchExplainCommand.self),
            CommandEntry(BenchDecodeCommand.self),
            CommandEntry(BenchLocateCommand.self),
            CommandEntry(BenchScanCommand.self),
            CommandEntry(BenchGlyphsCommand.self),
            CommandEntry(BenchClassifyCommand.self),
            CommandEntry(BenchDrillCommand.self),
        ]
    }
}
