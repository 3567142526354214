// Offers: `PositionInput`, a player's position as the hint and render commands
// take it: `--entries LINE` and `--candidates FILE`, read and checked.

import SudokuCore
import SudokuLogic

enum PositionInput {
    /// The player's entries (nil without `--entries`) and pencil marks (nil
    /// without `--candidates`: the file's text and its 81 masks).
    /// - Throws: `CLIError` 64 for a bad entries line, 66 for an unreadable
    ///   file, 65 for a bad candidate grid (naming the file and the place).
    static func read(
        entries: String?, candidates: String?
    ) throws(CLIError)
        -> (entries: Grid?, marks: (text: String, masks: [UInt16])?)
    {
        var grid: Grid?
        if let e = entries {
            do throws(SudokuCoreError) { grid = try Grid(line: e) } catch {
                throw CLIError(error, in: "--entries", isArgument: true)
            }
        }
        var marks: (text: String, masks: [UInt16])?
        if let path = candidates {
            let text = try TextInput.read(path)
            do throws(SudokuLogicError) { marks = (text, try Board.parseCandidates(text)) } catch {
                throw CLIError.data("\(TextInput.displayName(path)):\(error)")
            }
        }
        return (grid, marks)
    }

    /// The board of `puzzle` with the player's entries and, when given, pencil
    /// marks (else the candidates the filled cells leave).
    /// - Throws: `CLIError` 65 when the position cannot be built.
    static func board(puzzle: Grid, entries: Grid?, marks: (text: String, masks: [UInt16])?) throws(CLIError) -> Board {
        do throws(SudokuLogicError) {
            if let marks { return try Board(candidates: marks.text, puzzle: puzzle, entries: entries) }
            return try Board(puzzle: puzzle, entries: entries)
        } catch {
            throw CLIError.data(error.description)
        }
    }
}
