// Offers: `SudokitLab`, the program `sudokit-lab`: the project's own measuring
// and data-building commands (the benchmarks, the ladder's calibration, the
// drill pool's search, the rating's fit), kept out of `sudokit`, the program a
// person uses. The executable only runs `SudokitLab.program`.

import ArgumentParsing
import SudokitCommands

package enum SudokitLab: ProgramTable {
    package static let tool = "sudokit-lab"
    package static let helpExamples = ["sudokit-lab help calibrate", "sudokit-lab help bench decode"]

    /// Every command, in the order the help lists them.
    static var commands: [CommandEntry] {
        [
            CommandEntry(group: BenchCommands.help, BenchCommands.subcommands, tool: tool),
            CommandEntry(CalibrateCommand.self, tool: tool),
            CommandEntry(DrillPoolCommand.self, tool: tool),
            CommandEntry(FitRatingCommand.self, tool: tool),
            CommandEntry(HelpCommand<SudokitLab>.self, tool: tool),
        ]
    }

    package static var program: Program {
        Program(
            tool: tool, version: Sudokit.version,
            overview:
                "measures sudokit and builds its data: benchmarks, the ladder's calibration, the drill pool, "
                + "the rating's fit.",
            commands: commands)
    }
}
