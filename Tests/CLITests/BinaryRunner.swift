import Foundation
// Runs the built `sudokit` and `sudokit-lab` binaries as child processes and captures their output.
import Synchronization
import TestSupport
import Testing

/// What one run of the binary printed and returned.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// The binary under test: `SUDOKIT_BIN` when set (scripts/test points it at the
/// release build), otherwise the debug build next to the test bundle.
func sudokitBinary() -> URL { programBinary("sudokit", variable: "SUDOKIT_BIN") }

/// The lab program under test (benchmarks, calibrate, drill --make-pool):
/// `SUDOKIT_LAB_BIN` when set (scripts/test points it at the release build),
/// otherwise the debug build next to the test bundle.
func sudokitLabBinary() -> URL { programBinary("sudokit-lab", variable: "SUDOKIT_LAB_BIN") }

/// The executable `name`: the path in the environment's `variable`, else the
/// build beside the test bundle. A missing one fails the test that runs it (it
/// is not skipped): running it throws, naming the path.
func programBinary(_ name: String, variable: String) -> URL {
    if let path = ProcessInfo.processInfo.environment[variable] { return URL(fileURLWithPath: path) }
    // The test bundle lives in .build/<config>/; the executable beside it.
    let bundleDir = Bundle.main.bundleURL
    let candidate = bundleDir.appendingPathComponent(name)
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    return packageRoot().appendingPathComponent(".build/debug/" + name)
}

/// The binary of the program the help and usage lines call `tool` (`sudokit`, `sudokit-lab`).
func binary(tool: String) -> URL { tool == "sudokit-lab" ? sudokitLabBinary() : sudokitBinary() }

/// Runs `sudokit-lab` with `arguments`, feeding `stdin` when given.
func runSudokitLab(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    currentDirectory: URL? = nil
) throws -> RunResult {
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    return try runProcess(
        sudokitLabBinary(), arguments, input: stdin.map { Data($0.utf8) }, environment: env,
        currentDirectory: currentDirectory)
}

/// Runs the program `tool` names with `arguments`.
func run(tool: String, _ arguments: [String]) throws -> RunResult {
    tool == "sudokit-lab" ? try runSudokitLab(arguments) : try runSudokit(arguments)
}

/// Runs `sudokit` with `arguments`, feeding `stdin` when given.
func runSudokit(
    _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
    currentDirectory: URL? = nil
) throws -> RunResult {
    try runSudokit(
        arguments, input: stdin.map { Data($0.utf8) }, environment: environment,
        currentDirectory: currentDirectory)
}

/// Runs `sudokit` with `arguments`, feeding the bytes `input` (an image, say) to
/// its standard input when given. The child's environment is this process's,
/// minus `removing`, plus `environment`.
func runSudokit(
    _ arguments: [String], input: Data?, environment: [String: String] = [:],
    removing: Set<String> = [], currentDirectory: URL? = nil
) throws -> RunResult {
    var env = ProcessInfo.processInfo.environment.filter { !removing.contains($0.key) }
    for (k, v) in environment { env[k] = v }
    return try runProcess(
        sudokitBinary(), arguments, input: input, environment: env, currentDirectory: currentDirectory)
}

/// Runs `executable` with `arguments` in `environment`, feeding `input` to its
/// standard input (empty when nil), and captures both output streams.
func runProcess(
    _ executable: URL, _ arguments: [String], input: Data? = nil, environment: [String: String],
    currentDirectory: URL? = nil
) throws -> RunResult {
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
        throw MissingBinary(path: executable.path)
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = environment
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let outPipe = Pipe(), errPipe = Pipe(), inPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = inPipe
    try process.run()
    // Read both pipes concurrently so a chatty child cannot block on a full pipe.
    let errData = LockedData()
    let errThread = Thread { errData.set(readToEnd(errPipe.fileHandleForReading)) }
    errThread.start()
    if let input { inPipe.fileHandleForWriting.write(input) }
    try inPipe.fileHandleForWriting.close()
    let outData = readToEnd(outPipe.fileHandleForReading)
    process.waitUntilExit()
    while !errData.isSet { usleep(1000) }
    return RunResult(
        status: process.terminationStatus,
        stdout: String(decoding: outData, as: UTF8.self),
        stderr: String(decoding: errData.get(), as: UTF8.self))
}

/// A program under test that is not there: build it (`swift build`), or set
/// SUDOKIT_BIN / SUDOKIT_LAB_BIN to the binaries (scripts/test does).
struct MissingBinary: Error, CustomStringConvertible {
    var path: String
    var description: String {
        "no executable at \(path): build it (swift build), or set SUDOKIT_BIN and SUDOKIT_LAB_BIN"
    }
}

/// A `Data` box written by one thread and read by another.
final class LockedData: Sendable {
    private let storage = Mutex<Data?>(nil)
    func set(_ d: Data) { storage.withLock { $0 = d } }
    var isSet: Bool { storage.withLock { $0 != nil } }
    func get() -> Data { storage.withLock { $0 ?? Data() } }
}

/// Everything until end of file on `handle`, read with read(2) and retried when a
/// signal interrupts it (Foundation's readDataToEndOfFile traps on EINTR).
func readToEnd(_ handle: FileHandle) -> Data {
    var data = Data()
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return data }
        data.append(contentsOf: chunk[0..<n])
    }
}

/// Every command path of the program `tool` (`scan`, `bench`, `bench decode`,
/// `help`), read from its own help: the SUBCOMMANDS of `TOOL --help`, and of
/// each of those that is a group. A new command is covered without a list to update.
func commandPaths(tool: String) throws -> [String] {
    func subcommands(_ words: [String]) throws -> [String] {
        let help = try run(tool: tool, words + ["--help"]).stdout
        guard let section = help.components(separatedBy: "\nSUBCOMMANDS:\n").dropFirst().first else { return [] }
        return section.components(separatedBy: "\n\n")[0].split(separator: "\n")
            .compactMap {
                $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first.map(String.init) : nil
            }
    }
    var all: [String] = []
    for c in try subcommands([]) {
        all.append(c)
        if c != "help" { all += try subcommands([c]).map { c + " " + $0 } }
    }
    return all
}
