// Offers: `ForcingPattern`, the forcing chains' and nets' family (digit, cell
// and house forcing): its summary, facts, JSON (the source, every branch with
// its inferences, their reasons and premises, and the contradiction it ends
// in), hint templates and marks.

import Basics
import SudokuCore

/// A forcing chain or net.
struct ForcingPattern: PatternFamily {
    var argument: ForcingArgument

    func summary(_ technique: Technique) -> String {
        let name = technique.name
        switch argument.source {
        case let .candidate(c): return "\(name) from \(c.cell)=\(c.digit)"
        case let .cell(cell): return "\(name) from the candidates of \(cell)"
        case let .house(house, digit): return "\(name) from the places of \(digit) in \(house)"
        }
    }

    func addFacts(to f: inout StepFacts) {
        switch argument.source {
        case let .candidate(c):
            f.add(c.cell)
            f.digits.insert(c.digit)
        case let .cell(c):
            f.add(c)
        case let .house(h, d):
            f.houses.insert(h)
            f.digits.insert(d)
        }
        for b in argument.branches {
            for i in b.inferences {
                f.add(i.candidate.cell)
                f.digits.insert(i.candidate.digit)
                switch i.reason {
                case let .sameHouse(h), let .onlyPlace(h): f.houses.insert(h)
                case .assumption, .sameCell, .onlyCandidate: break
                }
            }
            switch b.contradiction {
            case let .emptyCell(c, _): f.add(c)
            case let .noPlace(h, d, _):
                f.houses.insert(h)
                f.digits.insert(d)
            case .both, nil: break
            }
        }
    }

    var json: String {
        JSONValue.object(
            "forcing",
            [
                ("source", Self.source(argument.source)),
                ("branches", JSONText.array(argument.branches.map(Self.branch))),
            ])
    }

    static func source(_ s: ForcingSource) -> String {
        switch s {
        case let .candidate(c):
            return JSONText.object([
                ("type", "\"candidate\""), ("cell", JSONValue.cell(c.cell)), ("digit", String(c.digit)),
            ])
        case let .cell(c):
            return JSONText.object([("type", "\"cell\""), ("cell", JSONValue.cell(c))])
        case let .house(h, digit):
            return JSONText.object([("type", "\"house\""), ("house", JSONValue.house(h)), ("digit", String(digit))])
        }
    }

    static func branch(_ b: ForcingBranch) -> String {
        let inferences = b.inferences.map { i in
            JSONText.object([
                ("cell", JSONValue.cell(i.candidate.cell)), ("digit", String(i.candidate.digit)),
                ("value", i.isTrue ? "true" : "false"), ("reason", reason(i.reason)),
                ("premises", JSONText.array(i.premises.map(String.init))),
            ])
        }
        return JSONText.object([
            ("inferences", JSONText.array(inferences)),
            ("contradiction", b.contradiction.map(contradiction) ?? "null"),
        ])
    }

    static func reason(_ r: InferenceReason) -> String {
        switch r {
        case .assumption: return "{\"type\":\"assumption\"}"
        case .sameCell: return "{\"type\":\"same-cell\"}"
        case .onlyCandidate: return "{\"type\":\"only-candidate\"}"
        case let .sameHouse(h): return JSONText.object([("type", "\"same-house\""), ("house", JSONValue.house(h))])
        case let .onlyPlace(h): return JSONText.object([("type", "\"only-place\""), ("house", JSONValue.house(h))])
        }
    }

    static func contradiction(_ c: Contradiction) -> String {
        switch c {
        case let .both(cand, on, off):
            return JSONText.object([
                ("type", "\"both\""), ("cell", JSONValue.cell(cand.cell)), ("digit", String(cand.digit)),
                ("true_at", String(on)), ("false_at", String(off)),
            ])
        case let .emptyCell(c, premises):
            return JSONText.object([
                ("type", "\"empty-cell\""), ("cell", JSONValue.cell(c)),
                ("premises", JSONText.array(premises.map(String.init))),
            ])
        case let .noPlace(h, digit, premises):
            return JSONText.object([
                ("type", "\"no-place\""), ("house", JSONValue.house(h)), ("digit", String(digit)),
                ("premises", JSONText.array(premises.map(String.init))),
            ])
        }
    }

    func nudgeHint(_ t: Technique) -> String {
        switch argument.source {
        case let .candidate(c):
            return "Try \(HintText.a(t)): assume one candidate in box \(c.cell.box + 1) true, then false."
        case let .cell(c): return "Try \(HintText.a(t)): follow each candidate of one cell in box \(c.box + 1)."
        case let .house(h, _): return "Try \(HintText.a(t)): follow each place of one digit in \(h)."
        }
    }

    func patternHint(_ t: Technique) -> String {
        switch argument.source {
        case let .candidate(c):
            return "Assume \(c.cell) is \(c.digit), then that it is not, and follow what each gives."
        case let .cell(c):
            return
                "Assume each candidate of \(c) in turn "
                + "(\(HintText.digits(argument.branches.map { $0.assumption.candidate.digit })))."
        case let .house(h, d):
            return
                "Put \(d) in each of its places in \(h) in turn "
                + "(\(HintText.cells(argument.branches.map { $0.assumption.candidate.cell })))."
        }
    }

    /// The argument in words: each branch's inferences, then what they agree on.
    func argumentHint(_ t: Technique) -> String {
        let a = self.argument
        var out: [String] = []
        for b in a.branches {
            let i0 = b.assumption
            var s = "If \(i0.candidate.cell) \(i0.isTrue ? "is" : "is not") \(i0.candidate.digit): "
            let steps = b.inferences.dropFirst().map { i -> String in
                let what = "\(i.candidate.cell) \(i.isTrue ? "is" : "is not") \(i.candidate.digit)"
                switch i.reason {
                case .assumption: return what
                case .sameCell: return what + " (same cell)"
                case let .sameHouse(h): return what + " (\(h))"
                case let .onlyPlace(h): return what + " (only place in \(h))"
                case .onlyCandidate: return what + " (only candidate)"
                }
            }
            s += steps.isEmpty ? "that is the conclusion" : steps.joined(separator: ", ")
            if let c = b.contradiction {
                switch c {
                case let .both(cand, _, _):
                    s += "; then \(cand.cell) would be \(cand.digit) and not \(cand.digit), which is impossible"
                case let .emptyCell(cell, _): s += "; then \(cell) would have no candidate left, which is impossible"
                case let .noPlace(h, d, _): s += "; then \(h) would have no place for \(d), which is impossible"
                }
            }
            out.append(s + ".")
        }
        switch a.source {
        case .candidate:
            if a.branches.count == 1 {
                out.append("That assumption fails.")
            } else {
                out.append("Both ways lead to the same result.")
            }
        case let .cell(c): out.append("\(c) must hold one of them, and each leads to the same result.")
        case let .house(h, d):
            out.append("\(d) must go in one of those places in \(h), and each leads to the same result.")
        }
        return out.joined(separator: " ")
    }

    func addMarks(to m: inout PatternMarks, on board: Board?) {
        switch argument.source {
        case let .candidate(c): m.outline([c.cell], .pivot)
        case let .cell(c): m.outline([c], .pivot)
        case let .house(h, _): m.house(h)
        }
        for (k, branch) in argument.branches.enumerated() {
            for inference in branch.inferences {
                // Every inference is shown, whatever the board: the branch's own position is not the board's.
                m.mark(
                    [inference.candidate.digit], in: [inference.candidate.cell],
                    inference.isTrue ? .inferenceTrue : .inferenceFalse, on: nil)
                for premise in inference.premises where branch.inferences.indices.contains(premise) {
                    let from = branch.inferences[premise].candidate
                    let strong: Bool
                    switch inference.reason {
                    case .onlyPlace, .onlyCandidate: strong = true
                    case .sameHouse, .sameCell, .assumption: strong = false
                    }
                    m.links.append(
                        PatternMarks.Link(
                            from: ChainNode(digit: from.digit, cells: [from.cell]),
                            to: ChainNode(digit: inference.candidate.digit, cells: [inference.candidate.cell]),
                            kind: strong ? .strong : .weak, branch: k))
                }
            }
            switch branch.contradiction {
            case let .both(candidate, _, _): m.contradictionCandidates.append(candidate)
            case let .emptyCell(c, _): m.contradictionCells.append(c)
            case let .noPlace(h, d, _):
                // The places the digit had in the house, each of which the branch makes false.
                m.contradictionCells += h.cells.filter { board?.hasCandidate(d, at: $0) ?? true }
            case nil: break
            }
        }
    }
}
