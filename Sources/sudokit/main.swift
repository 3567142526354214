// The `sudokit` front end: subcommand dispatch, help, version, exit codes.
// No algorithms live here; every command calls into the library modules.

#if canImport(Glibc)
import Glibc
#endif

let sudokitVersion = "0.1.0"

/// Tesseract links OpenMP, whose worker threads make small recognitions several
/// times slower and fight our own workers. libgomp reads `OMP_THREAD_LIMIT` only
/// when the library is loaded, i.e. before `main` runs, so setting it here is too
/// late: when the user has not set it, re-execute this binary with it set.
/// `SUDOKIT_NO_REEXEC=1` disables this (used by the test that proves it).
func ensureOpenMPThreadLimit() {
    guard getenv("OMP_THREAD_LIMIT") == nil, getenv("SUDOKIT_NO_REEXEC") == nil else { return }
    setenv("OMP_THREAD_LIMIT", "1", 1)
    // execv only returns on failure; then carry on without the limit.
    _ = execv("/proc/self/exe", CommandLine.unsafeArgv)
}

let commands: [Command] = [
    infoCommand,
    scanCommand,
    evalCommand,
    solveCommand,
    benchCommand,
    diagnoseCommand,
]

let generalHelp: String = {
    var text = """
        sudokit \(sudokitVersion): reads sudoku puzzles from photographs, checks and solves them.

        USAGE: sudokit <command> [options] [arguments]

        COMMANDS:

        """
    let width = commands.map(\.name.count).max() ?? 0
    for c in commands where !c.summary.isEmpty {
        text += "  " + c.name + String(repeating: " ", count: width - c.name.count + 2) + c.summary + "\n"
    }
    text += """

        Run 'sudokit help <command>' or 'sudokit <command> --help' for a command's options.
        Options: -h, --help   show this help;   --version   print the version.

        """
    return text
}()

func runMain() -> ExitCode {
    var args = Array(CommandLine.arguments.dropFirst())
    guard let first = args.first else {
        printError(generalHelp, terminator: "")
        return .usage
    }
    args.removeFirst()
    switch first {
    case "-h", "--help":
        print(generalHelp, terminator: "")
        return .success
    case "--version", "version":
        print("sudokit \(sudokitVersion)")
        return .success
    case "help":
        guard let name = args.first else {
            print(generalHelp, terminator: "")
            return .success
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            printError("Error: unknown command '\(name)'. Run 'sudokit --help' for the list.")
            return .usage
        }
        print(command.helpText, terminator: "")
        return .success
    default:
        break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        printError("Error: unknown command '\(first)'. Run 'sudokit --help' for the list.")
        return .usage
    }
    do {
        let (parsed, wantsHelp) = try command.parse(args)
        if wantsHelp {
            print(command.helpText, terminator: "")
            return .success
        }
        return try command.run(parsed)
    } catch let error as CLIError {
        printError("Error: \(error.message)")
        if error.code == .usage { printError("Run 'sudokit help \(command.name)' for usage.") }
        return error.code
    } catch {
        printError("Error: \(error)")
        return .software
    }
}

ensureOpenMPThreadLimit()
let code = runMain()
fflush(nil)  // all output streams
exit(code.rawValue)
