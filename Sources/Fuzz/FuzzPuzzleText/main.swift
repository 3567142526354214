// Fuzz target: every puzzle text format of SudokuCore. The first byte chooses
// the reader, the rest is the text (decoded from UTF-8 as the front end does):
//   0 `Grid(line:)`, 1 `Grid.parseList`, 2 `Grid(gridText:)`, 3 `Grid(dat:)`,
//   4 `Grid.parseJSONList`, 5 `Grid(json:)`.
// A puzzle read must survive a round trip through every writer; an error must
// have a location from 1 and a one-line message (no control character).
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import SudokuCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    do throws(SudokuCoreError) {
        let grids: [Grid]
        switch data[0] % 6 {
        case 0: grids = [try Grid(line: text)]
        case 1: grids = try Grid.parseList(text).map(\.grid)
        case 2: grids = [try Grid(gridText: text)]
        case 3: grids = [try Grid(dat: text)]
        case 4: grids = try Grid.parseJSONList(text).map(\.grid)
        default: grids = [try Grid(json: text)]
        }
        for g in grids { roundTrip(g) }
    } catch {
        switch error {
        case let .unexpectedCharacter(line, column, _, _), let .invalidJSON(line, column, _):
            precondition(line >= 1 && column >= 1, "location \(line):\(column)")
        case let .wrongCellCount(line, _, _), let .wrongRowCount(line, _, _), let .missingPuzzleKey(line):
            precondition(line >= 1, "line \(line)")
        case .missingHeader, .noPuzzle, .invalidCells:
            break
        }
        precondition(!error.description.isEmpty && isOneLine(error.description), "a message that is not one plain line")
    }
    return 0
}

/// Traps unless every writer's text reads back as `g`.
func roundTrip(_ g: Grid) {
    do throws(SudokuCoreError) {
        let back = [
            try Grid(line: g.lineString()), try Grid(gridText: g.gridText()), try Grid(dat: g.datText()),
            try Grid(json: g.jsonText()),
        ]
        precondition(back.allSatisfy { $0 == g }, "a round trip changed the puzzle \(g.lineString())")
    } catch {
        preconditionFailure("a written puzzle does not read back: \(error)")
    }
}

/// Whether `message` is one line that a terminal shows as it is: no control
/// character (C0, DEL, C1: a line end, an escape sequence) and no line separator.
func isOneLine(_ message: String) -> Bool {
    message.unicodeScalars.allSatisfy { s in
        switch s.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }
}
