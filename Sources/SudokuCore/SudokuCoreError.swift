// Offers: `SudokuCoreError`, the one error type of the SudokuCore module.
// Every case carries where the problem is (1-based line and column) and what
// was expected, so a front end can print it without knowing the format.

/// Why puzzle text could not be read as a grid.
///
/// Lines and columns are 1-based and count characters (Unicode scalars) from the
/// start of the text handed to the parser, so a front end can prefix its own
/// file name: `puzzles.txt:3:17: ...`.
public enum SudokuCoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A character that is neither a cell nor an allowed separator.
    case unexpectedCharacter(line: Int, column: Int, found: Character, expected: String)
    /// A line (or the JSON puzzle string) holds the wrong number of cells.
    case wrongCellCount(line: Int, found: Int, expected: Int)
    /// A 9-line grid or `.dat` file holds the wrong number of rows; `line` is
    /// where the problem became clear (the first extra row, or the end of the text).
    case wrongRowCount(line: Int, found: Int, expected: Int)
    /// A `.dat` file lacks its two header lines.
    case missingHeader(found: Int)
    /// JSON that does not parse; `message` says what was expected.
    case invalidJSON(line: Int, column: Int, message: String)
    /// A JSON object without the `"puzzle"` string.
    case missingPuzzleKey(line: Int)
    /// The text holds no puzzle at all (empty, or only comments).
    case noPuzzle
    /// `Grid(cells:)` got the wrong number of cells or a value outside 0...9.
    case invalidCells(String)

    /// Where the error is, as `line:column` (or `line`), or nil when nowhere in particular.
    public var location: String? {
        switch self {
        case let .unexpectedCharacter(line, column, _, _), let .invalidJSON(line, column, _):
            return "\(line):\(column)"
        case let .wrongCellCount(line, _, _), let .wrongRowCount(line, _, _), let .missingPuzzleKey(line):
            return "\(line)"
        case .missingHeader, .noPuzzle, .invalidCells:
            return nil
        }
    }

    /// What went wrong, without the location.
    public var message: String {
        switch self {
        case let .unexpectedCharacter(_, _, found, expected):
            return "unexpected \(Self.quoted(found)), expected \(expected)"
        case let .wrongCellCount(_, found, expected):
            return "expected \(expected) cells, found \(found)"
        case let .wrongRowCount(_, found, expected):
            return "expected \(expected) rows, found \(found)"
        case let .missingHeader(found):
            return "expected 2 header lines and 9 rows, found only \(found) lines"
        case let .invalidJSON(_, _, message):
            return message
        case .missingPuzzleKey:
            return "expected a \"puzzle\" key with an 81-character string"
        case .noPuzzle:
            return "no puzzle found"
        case let .invalidCells(why):
            return why
        }
    }

    /// `line:column: message`, or just the message when there is no location.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }

    /// `c` as an error message shows it: quoted when it prints as itself, else
    /// named (a control character by its code, an invisible or combining scalar by
    /// its code point and Unicode name, which a quoted mark on its own would hide).
    static func quoted(_ c: Character) -> String {
        switch c {
        case "\t": return "tab"
        case "\r": return "carriage return"
        case "'": return "\"'\""
        default:
            if let ascii = c.asciiValue, ascii < 32 || ascii == 127 { return "control character \(ascii)" }
            if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1, !scalar.isASCII,
                isUnprintable(scalar)
            {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                return scalar.properties.name.map { code + " " + $0 } ?? code
            }
            return "'\(c)'"
        }
    }

    /// Whether `scalar` shows nothing, or nothing legible, between quotes.
    static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .spaceSeparator,
            .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return true
        default:
            return false
        }
    }
}
