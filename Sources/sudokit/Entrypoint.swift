// The entry point of `sudokit`: the commands live in SudokitCommands (tests
// call them in-process); this only hands them the process's command line.

import SudokitCommands

@main
enum Entrypoint {
    static func main() {
        Sudokit.program.main()
    }
}
