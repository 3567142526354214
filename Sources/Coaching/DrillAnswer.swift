// Offers: `DrillAnswer`, what a person says a drill's step concludes, read
// from a short text (`r3c5=7`, `r3c5-7`, `r1c2,r1c8-4`), and `DrillCheck`,
// the verdict on it: the conclusion of an instance of the drilled technique in
// the position (the drill's step or any other its rung finds), a part of it,
// or for each claim that is neither, why not.
//
// The answer syntax: claims separated by spaces or `;`. A claim is one or
// more cells joined by `,` (`r3c5`, `R3C5`), then `=D` (the cell holds D: a
// placement) or `-DIGITS` (the cells lose each of DIGITS: eliminations; `<>`
// is read as `-`, as `explain` writes them). `r1c2,r1c8-4 r3c5-17` claims
// four eliminations.

import SudokuCore
import SudokuLogic

/// The placements and eliminations a person claims.
public struct DrillAnswer: Sendable, Hashable {
    public var placements: [Candidate]
    public var eliminations: [Candidate]

    public init(placements: [Candidate] = [], eliminations: [Candidate] = []) {
        self.placements = placements
        self.eliminations = eliminations
    }

    /// Reads an answer.
    /// - Throws: `SudokuLogicError.answerText` naming the claim at fault.
    public init(parsing text: String) throws(SudokuLogicError) {
        var placements: [Candidate] = [], eliminations: [Candidate] = []
        let claims = text.replacingAll("<>", with: "-").split { $0 == " " || $0 == ";" || $0 == "\t" || $0 == "\n" }
        guard !claims.isEmpty else {
            throw .answerText("the answer is empty: write r3c5=7 for a placement, r3c5-7 for an elimination")
        }
        for claim in claims {
            func bad(_ why: String) -> SudokuLogicError { .answerText("'\(claim)': " + why) }
            guard let op = claim.firstIndex(where: { $0 == "=" || $0 == "-" }) else {
                throw bad("expected '=' (a placement) or '-' (eliminations) after the cells")
            }
            var cells: [Cell] = []
            for name in claim[..<op].split(separator: ",", omittingEmptySubsequences: false) {
                guard let c = Cell(name: name) else { throw bad("'\(name)' is not a cell (write r1c1 ... r9c9)") }
                cells.append(c)
            }
            let digits = claim[claim.index(after: op)...]
            guard !digits.isEmpty, digits.allSatisfy({ ("1"..."9").contains($0) }) else {
                throw bad("expected digits 1-9 after '\(claim[op])'")
            }
            let ds = digits.map { Int(String($0))! }
            if claim[op] == "=" {
                guard ds.count == 1 else { throw bad("a cell holds one digit: write r3c5=7") }
                placements += cells.map { Candidate($0, ds[0]) }
            } else {
                for c in cells { for d in ds { eliminations.append(Candidate(c, d)) } }
            }
        }
        self.placements = Array(Set(placements)).sorted()
        self.eliminations = Array(Set(eliminations)).sorted()
    }

    /// The answer in the syntax it is read in: placements, then eliminations grouped by digit.
    public var text: String {
        var parts = placements.map { "\($0.cell)=\($0.digit)" }
        var byDigit: [Int: [Cell]] = [:]
        for e in eliminations { byDigit[e.digit, default: []].append(e.cell) }
        for d in byDigit.keys.sorted() {
            parts.append(byDigit[d]!.sorted().map(\.description).joined(separator: ",") + "-\(d)")
        }
        return parts.joined(separator: " ")
    }

    /// The conclusion of `step` as an answer.
    public init(_ step: Step) { self.init(placements: step.placements, eliminations: step.eliminations) }
}

/// The verdict on an answer to a drill.
public struct DrillCheck: Sendable, Hashable {
    public enum Outcome: String, Sendable, Hashable {
        /// The answer is the step's whole conclusion.
        case right
        /// Every claim is part of the conclusion, but not all of it.
        case partial
        /// At least one claim is not part of the conclusion.
        case wrong
    }

    /// Why one claim is or is not part of the conclusion.
    public enum Verdict: Sendable, Hashable {
        /// Part of the conclusion of the instance judged against.
        case inConclusion
        /// True, and part of another instance of the drilled technique than the
        /// one the answer's other claims belong to.
        case otherInstance
        /// The claim cannot be made: the cell is filled, or the digit is not a candidate there.
        case notACandidate
        /// True (the solution agrees) and another ladder step on the position concludes it, not this one.
        case otherTechnique(Technique)
        /// True, and the solving path concludes it `steps` steps after this one (1: the next step), with `technique`.
        case later(Technique, steps: Int)
        /// The step concludes nothing about this cell. `isPattern`: the cell is part of the pattern itself.
        case wrongCell(isPattern: Bool)
        /// The step concludes something about this cell, but not this.
        case wrongDigit
    }

    /// One claim and its verdict.
    public struct Item: Sendable, Hashable {
        public var candidate: Candidate
        public var isPlacement: Bool
        public var verdict: Verdict
        /// Whether the claim agrees with the unique solution.
        public var holds: Bool
    }

    public var outcome: Outcome
    public var items: [Item]
    /// The instance of the drilled technique the answer was judged against: of
    /// those its rung finds in the position, the one holding the most claims,
    /// then the one with the smallest conclusion (an instance whose conclusion
    /// is part of another's is judged on its own), then the drill's step.
    public var instance: Step
    /// How many parts of the conclusion the answer leaves out.
    public var missing: Int

    /// Checks `answer` against the drill's step `step` on `board` (whose givens
    /// have the one solution `solution`), or against any other instance of its
    /// technique that the technique's rung of `ladder` finds on the board: a
    /// drill asks for one step of its technique, not for the one the rung finds
    /// first. A true claim outside that conclusion is tried against the other
    /// instances, then the other techniques' steps on the board (every step of
    /// each rung, in ladder order, so a single is named as one), then the next
    /// `lookahead` steps of the solving path after `step`, before it is called
    /// a wrong cell or digit.
    public init(
        answer: DrillAnswer, step drillStep: Step, board: Board, solution: Grid, ladder: Ladder = .standard,
        lookahead: Int = 5
    ) {
        let claims = answer.placements.map { ($0, true) } + answer.eliminations.map { ($0, false) }
        func concludes(_ s: Step, _ c: Candidate, _ isPlacement: Bool) -> Bool {
            isPlacement ? s.placements.contains(c) : s.eliminations.contains(c)
        }
        let rung = ladder.rungs.first { $0.techniques.contains(drillStep.technique) }
        let instances =
            [drillStep]
            + (rung?.steps(on: board) ?? []).filter { $0.technique == drillStep.technique && $0 != drillStep }
        var step = drillStep, most = -1, size = Int.max
        for s in instances {
            let n = claims.filter { concludes(s, $0.0, $0.1) }.count
            let m = s.placements.count + s.eliminations.count
            if n > most || (n == most && m < size) { (step, most, size) = (s, n, m) }
        }
        instance = step
        let facts = step.facts
        let placed = Set(step.placements), removed = Set(step.eliminations)
        let concluded = Set(step.placements.map(\.cell) + step.eliminations.map(\.cell))
        var others: [Step]?
        func otherSteps() -> [Step] {
            if let others { return others }
            let found = ladder.rungs.flatMap { $0.steps(on: board) }.filter { $0.technique != step.technique }
            others = found
            return found
        }
        var path: [Step]?
        func pathSteps() -> [Step] {
            if let path { return path }
            var b = board
            b.apply(step)
            var found: [Step] = []
            while found.count < lookahead, !b.isSolved, let next = ladder.nextStep(b) {
                found.append(next)
                b.apply(next)
            }
            path = found
            return found
        }
        var items: [Item] = []
        for (c, isPlacement) in claims {
            let solutionDigit = Int(solution.cells[c.cell.index])
            let holds = isPlacement ? solutionDigit == c.digit : solutionDigit != c.digit
            let verdict: Verdict
            if board.value(at: c.cell) != nil || !board.hasCandidate(c.digit, at: c.cell) {
                verdict = .notACandidate
            } else if isPlacement ? placed.contains(c) : removed.contains(c) {
                verdict = .inConclusion
            } else if instances.contains(where: { concludes($0, c, isPlacement) }) {
                verdict = .otherInstance
            } else if holds, let other = otherSteps().first(where: { concludes($0, c, isPlacement) }) {
                verdict = .otherTechnique(other.technique)
            } else if holds,
                let k = pathSteps().firstIndex(where: {
                    isPlacement ? $0.placements.contains(c) : $0.eliminations.contains(c)
                })
            {
                verdict = .later(pathSteps()[k].technique, steps: k + 1)
            } else if concluded.contains(c.cell) {
                verdict = .wrongDigit
            } else {
                verdict = .wrongCell(isPattern: facts.patternCells.contains(c.cell))
            }
            items.append(Item(candidate: c, isPlacement: isPlacement, verdict: verdict, holds: holds))
        }
        self.items = items
        let good = items.filter { $0.verdict == .inConclusion }.count
        missing = placed.count + removed.count - good
        outcome = good < items.count || items.isEmpty ? .wrong : (missing == 0 ? .right : .partial)
    }

    /// One sentence per claim and one for the outcome, in the terms of `step`'s technique.
    public func lines(step: Step, board: Board) -> [String] {
        let name = step.technique.name, step = instance
        var out: [String] = []
        switch outcome {
        case .right: out.append("right: that is the \(name)'s whole conclusion.")
        case .partial:
            out.append(
                "right so far: every claim follows from the \(name), and it gives \(HintText.count(missing)) more.")
        case .wrong:
            out.append(
                "not quite: " + HintText.count(items.filter { $0.verdict != .inConclusion }.count)
                    + " of the claims \(items.count == 1 ? "is" : "are") not the \(name)'s conclusion.")
        }
        for item in items {
            let c = item.candidate
            let claim = item.isPlacement ? "\(c.cell)=\(c.digit)" : "\(c.cell)-\(c.digit)"
            let truth =
                item.holds
                ? ""
                : (item.isPlacement ? " (and \(c.cell) is not \(c.digit))" : " (and \(c.digit) is \(c.cell)'s digit)")
            switch item.verdict {
            case .inConclusion:
                out.append("\(claim): yes, the \(name) gives it.")
            case .otherInstance:
                out.append("\(claim): true, but from another \(name) than the other claims: one \(name) at a time.")
            case .notACandidate:
                out.append(
                    "\(claim): "
                        + (board.value(at: c.cell) != nil
                            ? "\(c.cell) is already filled."
                            : "\(c.cell) has no candidate \(c.digit) left in this position."))
            case .otherTechnique(let t):
                out.append("\(claim): true, but it follows from \(HintText.a(t)), not from the \(name).")
            case let .later(t, steps):
                out.append(
                    "\(claim): true, but not yet: it follows "
                        + (steps == 1 ? "right after the \(name)" : "\(HintText.count(steps)) steps after the \(name)")
                        + ", from \(HintText.a(t)).")
            case .wrongCell(let isPattern):
                out.append(
                    isPattern
                        ? "\(claim): \(c.cell) is part of the \(name)'s pattern; the conclusion lies outside "
                            + "it\(truth)."
                        : "\(claim): the \(name) concludes nothing about \(c.cell): the cell is not in its "
                            + "reach\(truth)."
                )
            case .wrongDigit:
                if item.isPlacement {
                    out.append(
                        step.placements.contains { $0.cell == c.cell }
                            ? "\(claim): the \(name) places another digit in \(c.cell)\(truth)."
                            : "\(claim): the \(name) removes candidates from \(c.cell); it does not place a digit "
                                + "there\(truth)."
                    )
                } else {
                    out.append(
                        "\(claim): the \(name) reaches \(c.cell), but \(c.digit) is not what it eliminates "
                            + "there\(truth)."
                    )
                }
            }
        }
        return out
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (no Foundation).
    fileprivate func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
