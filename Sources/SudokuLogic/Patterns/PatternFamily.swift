// Offers: `PatternFamily`, what one technique family says about its steps
// (the summary of the step line, the facts a hint may name, the structure's
// JSON, the three hint templates and the marks of its picture), and
// `Pattern.family`, the one switch over `Pattern`: it hands each case's values
// to its family's type. Each family is one file beside this one
// (`FishPattern.swift`, `ChainPattern.swift`, ...), so a new family is a case
// of `Pattern`, its file, its line here, and its rung.
// A pattern family is one case of `Pattern`, the unit its words and JSON are
// written for; `TechniqueFamily` groups techniques for the grading and the
// positions files, and one pattern may serve several of those groups (the
// chain pattern is the skyscraper's, a single-digit technique, and the AIC's).

import Basics
import SudokuCore

/// One technique family's words, facts, JSON and marks, for the steps whose
/// pattern is its case of `Pattern`. Every requirement reads the pattern's
/// values only (and the technique, which names the member of the family):
/// text and JSON are rendered from the step's data, never the other way round.
package protocol PatternFamily: Sendable {
    /// Where the step applies, after the technique's `name`: `X-Wing on 5 in
    /// rows 1,6` (the step line's second half, `Step.summary`).
    func summary(_ technique: Technique) -> String
    /// Adds the cells, digits and houses the pattern mentions (`Step.facts`).
    func addFacts(to facts: inout StepFacts)
    /// The pattern as one JSON object, `kind` first (`Step.json`'s `structure`).
    var json: String { get }
    /// Writes `json` into `w`; by default the string itself (a family whose
    /// steps are frequent writes its members directly).
    func writeJSON(to w: inout JSONWriter)
    /// Hint level 1: the technique and the house or region to look at.
    func nudgeHint(_ technique: Technique) -> String
    /// Hint level 2: the digits and cells of the pattern.
    func patternHint(_ technique: Technique) -> String
    /// Hint level 3: the whole argument in plain words (the conclusion follows it).
    func argumentHint(_ technique: Technique) -> String
    /// Adds what a picture of the step highlights, taken on `board` (the
    /// position before the step; nil when unknown: every candidate is marked).
    func addMarks(to marks: inout PatternMarks, on board: Board?)
    /// The same, for a family whose picture depends on the member (a locked pair shades its line
    /// too); by default `addMarks(to:on:)`.
    func addMarks(to marks: inout PatternMarks, on board: Board?, technique: Technique)
    /// The facts, for a family whose facts depend on the member (a locked pair's line is one);
    /// by default `addFacts(to:)`.
    func addFacts(to facts: inout StepFacts, technique: Technique)
    /// The member of the family this pattern is, when `technique` names it
    /// loosely (a Siamese fish's parts are finned, and one may be sashimi).
    func member(_ technique: Technique) -> Technique
    /// The summary as one of the two parts of a dual step, without the
    /// technique's name: what both parts share ends at a colon (`on 1:
    /// r1c8=r1c3-r3c1=r6c1`, `on 3 in rows 1,2: columns 1,5, fin r2c6`).
    func partSummary(_ technique: Technique) -> String
}

extension PatternFamily {
    package func writeJSON(to w: inout JSONWriter) { w.raw(json) }

    func addMarks(to marks: inout PatternMarks, on board: Board?, technique: Technique) {
        addMarks(to: &marks, on: board)
    }

    func addFacts(to facts: inout StepFacts, technique: Technique) {
        addFacts(to: &facts)
    }

    package func member(_ technique: Technique) -> Technique { technique }

    package func partSummary(_ technique: Technique) -> String {
        let s = summary(technique), name = technique.name + " "
        return s.hasPrefix(name) ? String(s.dropFirst(name.count)) : s
    }
}

extension Pattern {
    /// The family that speaks for this pattern, holding the case's values.
    package var family: any PatternFamily {
        switch self {
        case let .single(digit, cell, house):
            SinglePattern(digit: digit, cell: cell, house: house)
        case let .lockedCandidates(digit, box, line, cells):
            LockedCandidatesPattern(digit: digit, box: box, line: line, cells: cells)
        case let .subset(house, cells, digits):
            SubsetPattern(house: house, cells: cells, digits: digits)
        case let .fish(digit, base, cover, fins, cells):
            FishPattern(digit: digit, base: base, cover: cover, fins: fins, cells: cells)
        case let .template(digit, templates, common, unused):
            TemplatePattern(digit: digit, templates: templates, common: common, unused: unused)
        case let .chain(links, isLoop):
            ChainPattern(links: links, isLoop: isLoop)
        case let .emptyRectangle(digit, box, row, column, cells, link):
            EmptyRectanglePattern(digit: digit, box: box, row: row, column: column, cells: cells, link: link)
        case let .wing(pivot, pincers, digits, eliminated, link):
            WingPattern(pivot: pivot, pincers: pincers, digits: digits, eliminated: eliminated, link: link)
        case let .colouring(digit, colours, rule):
            ColouringPattern(digit: digit, colours: colours, rule: rule)
        case let .multiColouring(digit, first, second):
            MultiColouringPattern(digit: digit, first: first, second: second)
        case let .rectangle(type, cells, digits, roof, extra, house, subset):
            RectanglePattern(
                type: type, cells: cells, digits: digits, roof: roof, extra: extra, house: house, subset: subset)
        case let .bug(cell, digit):
            BUGPattern(cell: cell, digit: digit)
        case let .als(sets, restricted, eliminated):
            ALSPattern(sets: sets, restricted: restricted, eliminated: eliminated)
        case let .sueDeCoq(box, line, intersection, lineCells, boxCells):
            SueDeCoqPattern(box: box, line: line, intersection: intersection, lineCells: lineCells, boxCells: boxCells)
        case let .deathBlossom(stem, petals, eliminated):
            DeathBlossomPattern(stem: stem, petals: petals, eliminated: eliminated)
        case let .alsChain(links, isLoop, sets):
            ALSChainPattern(links: links, isLoop: isLoop, sets: sets)
        case let .forcing(argument):
            ForcingPattern(argument: argument)
        case let .dual(first, second):
            DualPattern(first: first, second: second)
        }
    }
}
