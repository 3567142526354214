// Offers: `Sudokit`, the program `sudokit`: the commands a person uses, in the
// order its help lists them, its version, its completion tree, and the commands
// that moved to `sudokit-lab` (refused with where they went) or became
// subcommands (refused with the new spelling). The executable
// only runs `Sudokit.program`; no algorithms live in the commands either, each
// calls into the libraries.

import ArgumentParsing

package enum Sudokit: ProgramTable {
    package static let version = "0.1.0"
    package static let tool = "sudokit"
    package static let helpExamples = ["sudokit help scan", "sudokit help drill"]

    /// Every command, in the order the help lists them.
    static var commands: [CommandEntry] {
        [
            CommandEntry(ScanCommand.self, tool: tool),
            CommandEntry(EvalCommand.self, tool: tool),
            CommandEntry(SolveCommand.self, tool: tool),
            CommandEntry(HintCommand.self, tool: tool),
            CommandEntry(CheckStepCommand.self, tool: tool),
            CommandEntry(ExplainCommand.self, tool: tool),
            CommandEntry(GradeCommand.self, tool: tool),
            CommandEntry(GenerateCommand.self, tool: tool),
            CommandEntry(DailyCommand.self, tool: tool),
            CommandEntry(PlayCommand.self, tool: tool),
            CommandEntry(GamesCommand.self, tool: tool),
            CommandEntry(ServeCommand.self, tool: tool),
            CommandEntry(group: DrillCommands.help, DrillCommands.subcommands, tool: tool, helpWhenBare: true),
            CommandEntry(RenderCommand.self, tool: tool),
            CommandEntry(LayoutCommand.self, tool: tool),
            CommandEntry(InfoCommand.self, tool: tool),
            CommandEntry(MergeCommand.self, tool: tool),
            CommandEntry(DiagnoseCommand.self, tool: tool),
            CommandEntry(CompletionCommand.self, tool: tool),
            CommandEntry(HelpCommand<Sudokit>.self, tool: tool),
        ]
    }

    /// The project's measuring and data-building commands, which `sudokit-lab` runs now.
    static let moved: [OldSpelling] = [
        .moved("bench", to: "sudokit-lab"),
        .moved("calibrate", to: "sudokit-lab"),
        .moved("drill", option: "--make-pool", to: "sudokit-lab"),
    ]

    package static var program: Program {
        Program(
            tool: tool, version: version,
            overview: "reads sudoku puzzles from photographs, checks, solves, explains and measures them.",
            commands: commands, oldSpellings: moved + DrillCommands.oldSpellings)
    }

    /// The tree as shell completion sees it: every command, and the tool's own
    /// options; `help` completes the names of the commands.
    static var completionTree: CompletionNode {
        let words = commands.map(\.word)
        return CompletionNode(
            group: "", abstract: "", options: [.help, .init(name: "version", help: "Show the version.")],
            subcommands: commands.map { entry in
                var node = entry.completion
                if entry.word == HelpCommand<Sudokit>.help.name { node.arguments?.completion = .choices(words) }
                return node
            })
    }
}
