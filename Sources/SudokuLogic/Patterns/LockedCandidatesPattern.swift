// Offers: `LockedCandidatesPattern`, the locked candidates' family (pointing,
// claiming): its summary, facts, JSON, hint templates and marks.

import Basics
import SudokuCore

/// Pointing: `digit`'s candidates in `box` all lie in `line`, so it goes in
/// `line` there. Claiming: its candidates in `line` all lie in `box`.
/// `cells`: those candidates, all in the intersection.
struct LockedCandidatesPattern: PatternFamily {
    var digit: Int
    var box: House
    var line: House
    var cells: [Cell]

    func summary(_ technique: Technique) -> String {
        technique == .pointing
            ? "\(technique.name): \(digit) in \(box) lies in \(line)"
            : "\(technique.name): \(digit) in \(line) lies in \(box)"
    }

    func addFacts(to f: inout StepFacts) {
        f.digits.insert(digit)
        f.houses.formUnion([box, line])
        f.add(cells)
    }

    var json: String { JSONWriter.text { writeJSON(to: &$0) } }

    func writeJSON(to w: inout JSONWriter) {
        JSONValue.write(kind: "locked-candidates", to: &w) { w in
            w.key("digit")
            w.int(digit)
            w.key("box")
            JSONValue.write(box, to: &w)
            w.key("line")
            JSONValue.write(line, to: &w)
            w.key("cells")
            JSONValue.write(cells, to: &w)
        }
    }

    func nudgeHint(_ t: Technique) -> String {
        t == .pointing
            ? "Look at \(box): one digit's candidates there lie in a single line (pointing)."
            : "Look at \(line): one digit's candidates there lie in a single box (claiming)."
    }

    func patternHint(_ t: Technique) -> String {
        t == .pointing
            ? "In \(box), the candidates for \(digit) (\(HintText.cells(cells))) all lie in \(line)."
            : "In \(line), the candidates for \(digit) (\(HintText.cells(cells))) all lie in \(box)."
    }

    func argumentHint(_ t: Technique) -> String {
        t == .pointing
            ? "Digit \(digit) must go somewhere in \(box), and every place for it there is in \(line). So the "
                + "\(digit) of \(line) is inside \(box), and the rest of \(line) cannot hold \(digit)."
            : "Digit \(digit) must go somewhere in \(line), and every place for it there is in \(box). So the "
                + "\(digit) of \(box) is on \(line), and the rest of \(box) cannot hold \(digit)."
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        m.house(box)
        m.house(line, .cover)
        m.mark([digit], in: cells, on: board)
    }
}
