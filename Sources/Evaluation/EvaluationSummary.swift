// Offers: `EvaluationSummary`, the figures over a whole truth set that
// `sudokit eval` prints.

import Basics
import GridScanner
import SudokuCore

/// The figures over a whole truth set.
public struct EvaluationSummary: Sendable {
    public var photos = 0
    public var exact = 0
    public var silentWrong = 0
    public var solved = 0
    public var unverified = 0
    public var located = 0
    public var noGrid = 0
    public var errors = 0
    public var withOutline = 0
    public var someCandidateRight = 0
    public var chosenRight = 0
    public var missed = 0
    public var missedFlagged = 0
    public var phantom = 0
    public var wrong = 0
    /// Right cells over all cells of photos where a board was read or not (a photo without a board counts 0 of 81).
    public var cellAccuracy = 0.0
    public var medianMilliseconds = 0.0
    public var p90Milliseconds = 0.0
    /// The played photos' figures summed (nil when the set has none).
    public var played: PlayedSummary?

    public init(_ scores: [PhotoScore]) {
        photos = scores.count
        var right = 0
        for s in scores {
            if s.exact { exact += 1 }
            if s.silentWrong { silentWrong += 1 }
            switch s.status {
            case .solved: solved += 1
            case .unverified: unverified += 1
            case .located: located += 1
            case .noGrid: noGrid += 1
            case .error: errors += 1
            }
            if let some = s.someCandidateRight {
                withOutline += 1
                if some { someCandidateRight += 1 }
                if s.chosenRight == true { chosenRight += 1 }
            }
            missed += s.missed
            missedFlagged += s.missedFlagged
            phantom += s.phantom
            wrong += s.wrong
            right += s.cellsRight
        }
        cellAccuracy = photos == 0 ? 0 : Double(right) / Double(photos * 81)
        let playedScores = scores.filter { $0.played != nil }
        if !playedScores.isEmpty { played = PlayedSummary(playedScores) }
        let times = scores.map(\.milliseconds).sorted()
        if !times.isEmpty {
            medianMilliseconds = times[times.count / 2]
            p90Milliseconds = times[min(times.count - 1, Int(Double(times.count) * 0.9))]
        }
    }
}

extension EvaluationSummary {
    /// The figures as (snake_case key, JSON value) pairs, in a fixed order;
    /// `timing: false` leaves out the times (which vary from run to run), as a
    /// baseline does.
    public func jsonMembers(timing: Bool = true) -> [(String, String)] {
        var pairs: [(String, String)] = [
            ("photos", String(photos)), ("exact", String(exact)), ("silent_wrong", String(silentWrong)),
            ("solved", String(solved)), ("unverified", String(unverified)), ("located", String(located)),
            ("no_grid", String(noGrid)), ("errors", String(errors)),
            ("with_outline", String(withOutline)), ("some_candidate_right", String(someCandidateRight)),
            ("chosen_right", String(chosenRight)),
            ("missed", String(missed)), ("missed_flagged", String(missedFlagged)),
            ("phantom", String(phantom)), ("wrong", String(wrong)),
            ("cell_accuracy", JSONText.number(cellAccuracy, decimals: 5)),
        ]
        if let played { pairs.append(("played", JSONText.object(played.jsonMembers))) }
        if timing {
            pairs += [("median_ms", JSONText.number(medianMilliseconds)), ("p90_ms", JSONText.number(p90Milliseconds))]
        }
        return pairs
    }
}

extension EvaluationSummary {
    /// The summaries of the groups of `scores` by `group`, sorted by the group's name.
    public static func grouped(
        _ scores: [PhotoScore], by group: PhotoGroup
    ) -> [(name: String, summary: EvaluationSummary)] {
        Dictionary(grouping: scores) { group.name(of: $0) }
            .sorted { $0.key < $1.key }
            .map { ($0.key, EvaluationSummary($0.value)) }
    }

    /// The figures of one group (see `grouped`) as (snake_case key, JSON value) pairs.
    public var groupJSONMembers: [(String, String)] {
        [
            ("photos", String(photos)), ("exact", String(exact)), ("silent_wrong", String(silentWrong)),
            ("solved", String(solved)), ("missed", String(missed)), ("missed_flagged", String(missedFlagged)),
        ]
    }
}

/// The figures over the played photos of a set.
public struct PlayedSummary: Sendable {
    public var photos = 0
    /// Every given right and no entry taken for a given (the board read is the printed puzzle).
    public var givensExact = 0
    public var kinds = [[Int]](
        repeating: [Int](repeating: 0, count: CellKind.allCases.count), count: CellKind.allCases.count)
    public var entries = 0
    public var entriesRight = 0
    public var entriesDoubtful = 0
    public var mistakes = 0
    public var mistakesFound = 0
    public var rightCalledWrong = 0
    public var doubtfulClashes = 0
    public var clashesOnMistakes = 0
    public var silentWrong = 0
    public var marksSure = 0
    public var marksSureWithSolution = 0

    public init(_ scores: [PhotoScore]) {
        for s in scores {
            guard let p = s.played else { continue }
            photos += 1
            if s.exact { givensExact += 1 }
            if s.silentWrong { silentWrong += 1 }
            for r in kinds.indices { for c in kinds.indices { kinds[r][c] += p.kinds[r][c] } }
            entries += p.entries
            entriesRight += p.entriesRight
            entriesDoubtful += p.entriesDoubtful
            mistakes += p.mistakes
            mistakesFound += p.mistakesFound
            rightCalledWrong += p.rightCalledWrong
            doubtfulClashes += p.doubtfulClashes
            clashesOnMistakes += p.clashesOnMistakes
            marksSure += p.marksSure
            marksSureWithSolution += p.marksSureWithSolution
        }
    }

    /// Cells whose kind was read right.
    public var kindsRight: Int { kinds.indices.reduce(0) { $0 + kinds[$1][$1] } }

    public var jsonMembers: [(String, String)] {
        [
            ("photos", String(photos)), ("givens_exact", String(givensExact)), ("silent_wrong", String(silentWrong)),
            ("kinds_right", String(kindsRight)),
            (
                "kinds",
                JSONText.object(
                    CellKind.allCases.enumerated().map { (r, kind) in
                        (
                            kind.rawValue,
                            JSONText.object(CellKind.allCases.enumerated().map { ($1.rawValue, String(kinds[r][$0])) })
                        )
                    })
            ),
            ("entries", String(entries)), ("entries_right", String(entriesRight)),
            ("entries_doubtful", String(entriesDoubtful)),
            ("mistakes", String(mistakes)), ("mistakes_found", String(mistakesFound)),
            ("right_called_wrong", String(rightCalledWrong)),
            ("doubtful_clashes", String(doubtfulClashes)), ("clashes_on_mistakes", String(clashesOnMistakes)),
            ("marks_sure", String(marksSure)), ("marks_sure_with_solution", String(marksSureWithSolution)),
        ]
    }
}
