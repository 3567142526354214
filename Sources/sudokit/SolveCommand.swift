// `sudokit solve`: solves puzzles given as arguments, in files (`--input`), or on
// standard input (`-`), and prints one result line per puzzle, in input order.

import SudokuCore

#if canImport(Glibc)
import Glibc
#endif

let solveCommand = Command(
    name: "solve",
    summary: "Solve puzzles and check that each has exactly one solution.",
    usage: "[options] [PUZZLE | -]...",
    discussion: """
        Each PUZZLE argument is 81 characters: digits 1-9, '.' or '0' for an empty cell.
        '-' reads puzzles from standard input; --input FILE reads them from a file (repeatable).
        Input text is one puzzle per line ('#' lines and blank lines skipped) unless --format
        says otherwise; with no PUZZLE and no --input, standard input is read.

        For each puzzle, in order, prints one line: the solution as 81 digits, or
        'no solution', or 'more than one solution'. With --count, prints the number of
        solutions instead (counted up to --limit; the limit itself means 'at least').
        Clashing givens are listed on standard error.

        Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has none or
        several; 65 unreadable puzzle text (the error names the line and column);
        66 an input file cannot be opened; 64 bad usage.

        Examples:
          sudokit solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79
          sudokit solve --count --limit 10 --input puzzles.txt
          sudokit solve --format dat --output grid - < image1.dat
        """,
    options: [
        .value("input", "FILE", "Read puzzles from FILE ('-' for standard input); may repeat."),
        .value("format", "FORMAT", "Input format: line (default), grid (9 lines), dat (truth file), json."),
        .flag("count", "Print the number of solutions (up to --limit) instead of the solution."),
        .value("limit", "N", "Count solutions up to N, 1...1000000 (default 2)."),
        .value("output", "FORMAT", "Output format: line (default), grid, json."),
    ],
    run: { parsed in
        let format = PuzzleFormat(rawValue: try parsed.choice("format", PuzzleFormat.allCases.map(\.rawValue),
                                                               default: "line"))!
        let output = try parsed.choice("output", ["line", "grid", "json"], default: "line")
        let counting = parsed.flag("count")
        let limit = try parsed.int("limit", default: 2, in: 1...1_000_000)
        if parsed.value("limit") != nil && !counting && limit < 2 {
            throw CLIError.usage("--limit below 2 cannot tell a unique solution from several; use it with --count")
        }

        // Read everything first: a malformed input stops the run before any output.
        var puzzles: [(source: String, grid: Grid)] = []
        var sources: [(name: String, text: String, isArgument: Bool)] = []
        for (i, arg) in parsed.positionals.enumerated() {
            if arg == "-" {
                sources.append(("<stdin>", try readPuzzleText("-"), false))
            } else {
                sources.append(("argument \(i + 1)", arg, true))
            }
        }
        for path in parsed.values["input"] ?? [] {
            sources.append((displayName(path), try readPuzzleText(path), false))
        }
        if sources.isEmpty { sources.append(("<stdin>", try readPuzzleText("-"), false)) }
        for source in sources {
            do {
                if source.isArgument {
                    if access(source.text, F_OK) == 0 {
                        throw CLIError.usage("\(source.name) '\(source.text)' is a file; read it with --input FILE")
                    }
                    puzzles.append((source.name, try Grid(line: source.text)))
                } else {
                    for p in try Grid.parseAll(source.text, format: format) {
                        puzzles.append(("\(source.name):\(p.line)", p.grid))
                    }
                }
            } catch let error as SudokuCoreError {
                throw CLIError.data(describe(error, in: source.name, isArgument: source.isArgument))
            }
        }

        var allUnique = true
        for (source, grid) in puzzles {
            let result = Solver.solve(grid, limit: counting ? limit : 2)
            if result.count != 1 { allUnique = false }
            if result.count == 0 {
                for conflict in grid.conflicts() { printError("\(source): \(conflict)") }
            }
            let unique = result.count == 1 ? result.solution : nil
            switch output {
            case "json":
                print(grid.jsonText(count: result.count, solution: unique, solutionIsNull: unique == nil))
            default:
                if counting {
                    print(result.count)
                } else if let unique {
                    print(output == "grid" ? unique.gridText() : unique.lineString(), terminator: output == "grid" ? "" : "\n")
                } else {
                    print(result.count == 0 ? "no solution" : "more than one solution")
                }
            }
        }
        return allUnique ? .success : .notVerified
    })

/// `FILE:LINE:COLUMN: message` for text from a file, `argument N, column C: message`
/// for a puzzle argument (with a hint when the argument names an existing file).
func describe(_ error: SudokuCoreError, in source: String, isArgument: Bool) -> String {
    guard isArgument else { return source + (error.location.map { ":\($0)" } ?? "") + ": " + error.message }
    var text = source
    if case let .unexpectedCharacter(_, column, _, _) = error { text += ", column \(column)" }
    return text + ": " + error.message
}

/// How a path appears in messages: `<stdin>` for `-`.
func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

/// The whole of `path` (or standard input for `-`) as UTF-8 text.
/// - Throws: `CLIError.noInput` when it cannot be opened or read.
func readPuzzleText(_ path: String) throws -> String {
    let fd = path == "-" ? 0 : open(path, O_RDONLY)
    guard fd >= 0 else {
        throw CLIError.noInput("cannot open '\(path)': \(String(cString: strerror(errno)))")
    }
    defer { if fd != 0 { close(fd) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw CLIError.noInput("cannot read '\(displayName(path))': \(String(cString: strerror(errno)))")
        }
        if n == 0 { break }
        bytes.append(contentsOf: chunk[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
