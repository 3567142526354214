// The entry point of `sudokit-lab`: the commands live in SudokitLab (over
// SudokitCommands); this only hands them the process's command line.

import SudokitCommands
import SudokitLab

@main
enum Entrypoint {
    static func main() {
        SudokitLab.program.main()
    }
}
