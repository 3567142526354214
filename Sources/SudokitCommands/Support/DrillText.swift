// Offers: `DrillText`, a drill as `sudokit drill show` shows it: its lines of text
// and its JSON object. `sudokit-lab bench drill` times the same writing.

import Basics
import Coaching
import SudokuCore
import SudokuLogic

package enum DrillText {
    /// The drill's lines: id, position, the hints up to `level` (nil: none), how to go on.
    package static func lines(_ d: Drill, _ step: Step, pool: DrillPool, level: HintLevel?) -> [String] {
        var out = [
            "drill \(d.id): \(d.technique.name), drill \(d.number) of \(pool.count(d.technique)) (from \(d.source))",
            "puzzle:     " + d.puzzle.lineString(),
            "entries:    " + d.entries.lineString(),
            "candidates: " + d.board.candidateLine(),
        ]
        out += d.board.candidateGridText().split(separator: "\n").map(String.init)
        out.append("Find the \(d.technique.name): the simplest step here. What does it place or eliminate?")
        for l in HintLevel.allCases where level.map({ l <= $0 }) == true {
            out.append("hint \(l.rawValue): " + step.hint(l))
        }
        if level == .full { out.append("answer: " + DrillAnswer(step).text) }
        out.append("check:  sudokit drill check 'ANSWER' --id \(d.id)   (r3c5=7 places, r3c5-7 eliminates)")
        if level != .full {
            out.append("hints:  sudokit drill show --id \(d.id) --level \((level?.rawValue ?? 0) + 1)")
        }
        return out
    }

    /// The drill as one JSON object: id, technique, position, all three hints, answer, step.
    package static func json(_ d: Drill, _ step: Step, pool: DrillPool) -> String {
        JSONText.object([
            ("id", JSONText.quoted(d.id)), ("technique", JSONText.quoted(d.technique.rawValue)),
            ("name", JSONText.quoted(d.technique.name)), ("number", String(d.number)),
            ("of", String(pool.count(d.technique))), ("source", JSONText.quoted(d.source)),
            ("puzzle", JSONText.quoted(d.puzzle.lineString())), ("entries", JSONText.quoted(d.entries.lineString())),
            ("candidates", JSONText.quoted(d.board.candidateLine())),
            ("hints", JSONText.array(HintLevel.allCases.map { JSONText.quoted(step.hint($0)) })),
            ("answer", JSONText.quoted(DrillAnswer(step).text)), ("step", step.json),
        ])
    }
}
