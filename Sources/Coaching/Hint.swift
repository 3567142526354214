// Offers: `HintLevel` and `Step.hint(_:)`, the three hints of a step, each a
// template filled with the step's facts (nothing else):
// 1. a nudge: the technique and the house or region to look at;
// 2. the digits and cells of the pattern;
// 3. the full argument in plain words, and the conclusion.
// The templates are the family's words, in its file in SudokuLogic's Patterns/
// with its summary, facts and JSON; here is what each level gives away.

import SudokuLogic

/// How much a hint gives away.
public enum HintLevel: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// The technique and where to look.
    case nudge = 1
    /// Plus the digits and cells of the pattern.
    case pattern = 2
    /// The whole argument and the conclusion.
    case full = 3

    public static func < (a: HintLevel, b: HintLevel) -> Bool { a.rawValue < b.rawValue }
}

extension Step {
    /// The hint at `level`, as plain sentences.
    public func hint(_ level: HintLevel) -> String {
        let family = pattern.family
        switch level {
        case .nudge: return family.nudgeHint(technique)
        case .pattern: return family.patternHint(technique)
        case .full: return family.argumentHint(technique) + " " + HintText.conclusion(self)
        }
    }
}
