// Offers: `PuzzleInput`, the puzzles a command is given: 81-character
// arguments, files (`--input FILE`, `-` for standard input) in one of the
// puzzle formats, or standard input when nothing else is given. Everything is
// read before any puzzle is worked on, so a malformed input stops the run
// before any output. Shared by `solve`, `hint` and `explain`.

import SudokuCore

#if canImport(Glibc)
    import Glibc
#endif

enum PuzzleInput {
    /// A puzzle and where it came from (`argument 2`, `puzzles.txt:14`, `<stdin>:3`).
    struct Item {
        var source: String
        var grid: Grid
    }

    /// Reads the puzzles of `arguments` (each an 81-character puzzle, or `-`)
    /// and `inputs` (files in `format`); standard input when both are empty.
    /// - Throws: `CLIError` 65 for unreadable puzzle text (located), 66 for a
    ///   file that cannot be opened, 64 for an argument that names a file.
    static func read(arguments: [String], inputs: [String], format: PuzzleFormat) throws(CLIError) -> [Item] {
        var sources: [(name: String, text: String, isArgument: Bool)] = []
        for (i, arg) in arguments.enumerated() {
            if arg == "-" {
                sources.append(("<stdin>", try TextInput.read("-"), false))
            } else {
                sources.append(("argument \(i + 1)", arg, true))
            }
        }
        for path in inputs { sources.append((TextInput.displayName(path), try TextInput.read(path), false)) }
        if sources.isEmpty { sources.append(("<stdin>", try TextInput.read("-"), false)) }
        var items: [Item] = []
        for source in sources {
            if source.isArgument && access(source.text, F_OK) == 0 {
                throw CLIError.usage("\(source.name) '\(source.text)' is a file; read it with --input FILE")
            }
            do throws(SudokuCoreError) {
                if source.isArgument {
                    items.append(Item(source: source.name, grid: try Grid(line: source.text)))
                } else {
                    for p in try Grid.parseAll(source.text, format: format) {
                        items.append(Item(source: "\(source.name):\(p.line)", grid: p.grid))
                    }
                }
            } catch {
                throw CLIError(error, in: source.name, isArgument: source.isArgument)
            }
        }
        return items
    }
}
