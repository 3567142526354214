// Fuzz target: the files Evaluation reads. The first byte chooses the reader,
// the rest is the file: even `BaselineFile.parse` (a baseline), odd
// `TruthSet.parseOutlines` (an outlines.csv). Every input must give a value
// or an `EvaluationError` whose message is one plain line; outlines must be
// four finite corners.
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import Evaluation
import Geometry

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let rest = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    do throws(EvaluationError) {
        if data[0] % 2 == 0 {
            let baseline = try BaselineFile.parse(rest, path: "fuzz.json")
            precondition(baseline.exact >= 0 && baseline.silentWrong >= 0, "a negative count")
        } else {
            let outlines = try TruthSet.parseOutlines(rest, path: "outlines.csv")
            for quad in outlines.values {
                precondition(
                    quad.corners.count == 4 && quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite },
                    "an outline that is not four finite corners")
            }
        }
    } catch {
        precondition(isOneLine(error.description), "an error message that is not one plain line")
    }
    return 0
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
