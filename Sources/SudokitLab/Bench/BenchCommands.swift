// Offers: `BenchCommands`, the `sudokit-lab bench` group: benchmarks that print
// figures (medians of several runs). Each kind lives in its own file.

import ArgumentParsing
import SudokitCommands

enum BenchCommands {
    static let help = CommandHelp(
        name: "bench",
        abstract: "Benchmarks that print figures: bench solve|explain|decode|locate|scan|glyphs|classify|drill ...",
        discussion: """
            Measure a release build (swift build -c release). Every kind takes --runs N
            (timed runs, after one untimed warm-up) and --format text|json.
            """,
        examples: [
            "sudokit-lab bench solve TestImages/puzzles/puzzles3_magictour_top1465",
            "sudokit-lab bench explain TestImages/newspaper/*.dat",
            "sudokit-lab bench decode --min-long-side 1000 TestImages/newspaper/image1.jpg",
            "sudokit-lab bench locate TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench scan TestImages/phone-full TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench glyphs --out glyphs TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench classify TestImages/newspaper/image1?.jpg",
            "sudokit-lab bench drill",
        ])

    static var subcommands: [CommandEntry] {
        [
            CommandEntry(BenchSolveCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchExplainCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchDecodeCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchLocateCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchScanCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchGlyphsCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchClassifyCommand.self, tool: SudokitLab.tool),
            CommandEntry(BenchDrillCommand.self, tool: SudokitLab.tool),
        ]
    }
}
