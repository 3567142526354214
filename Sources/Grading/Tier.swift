// Offers: `Tier`, the eleven difficulty tiers of the grading: which techniques
// each holds, its name, and its work cap; and `Technique.cost`, the work one
// step of a technique counts for in a puzzle's score.
//
// The tiers follow the ladder: every technique belongs to exactly one tier, and
// a later rung never sits in an earlier tier, so "the tier of the hardest rung"
// is the same as "the highest tier any step needed". Tier 11 holds no
// technique: it is what is left when the last rung (forcing nets) is not enough,
// and where the work of tier 10's forcing chains and nets passes its cap.

import SudokuLogic

/// One of the eleven tiers, 1 (hidden singles) to 11 (trial and error).
public struct Tier: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let number: Int

    /// The tier `number`, or nil outside 1...11.
    public init?(_ number: Int) {
        guard Self.range.contains(number) else { return nil }
        self.number = number
    }

    private init(unchecked number: Int) { self.number = number }

    public static let range = 1...11
    public static let all: [Tier] = range.map { Tier(unchecked: $0) }
    /// The last tier the ladder can reach; beyond it is trial and error.
    public static let lastLogical = Tier(unchecked: 10)
    public static let trialAndError = Tier(unchecked: 11)

    /// The tier a technique belongs to.
    public init(of technique: Technique) {
        switch technique {
        case .fullHouse, .hiddenSingle: number = 1
        case .nakedSingle: number = 2
        case .pointing, .claiming: number = 3
        case .lockedPair, .nakedPair, .hiddenPair: number = 4
        case .lockedTriple, .nakedTriple, .hiddenTriple, .nakedQuad, .hiddenQuad: number = 5
        case .xWing, .skyscraper, .twoStringKite, .dualTwoStringKite, .turbotFish, .emptyRectangle,
            .dualEmptyRectangle, .remotePair:
            number = 6
        case .xyWing, .xyzWing, .wWing, .swordfish, .finnedXWing, .sashimiXWing, .siameseFinnedXWing,
            .simpleColouring, .multiColouring1, .multiColouring2:
            number = 7
        case .uniqueRectangleType1, .uniqueRectangleType2, .uniqueRectangleType3, .uniqueRectangleType4,
            .hiddenRectangle, .bugPlusOne, .uniqueRectangleType5, .uniqueRectangleType6, .avoidableRectangleType1,
            .avoidableRectangleType2, .jellyfish, .finnedSwordfish, .sashimiSwordfish, .finnedJellyfish,
            .sashimiJellyfish, .siameseFinnedSwordfish, .siameseFinnedJellyfish, .frankenFish, .finnedFrankenFish,
            .siameseFrankenFish:
            number = 8
        case .xChain, .xyChain, .aic, .groupedAIC, .niceLoop, .groupedNiceLoop, .alsXZ, .alsXYWing, .alsXYChain,
            .sueDeCoq, .deathBlossom, .alsAIC, .alsNiceLoop, .mutantFish, .finnedMutantFish,
            .siameseMutantFish, .templateSet,
            .templateDelete:
            number = 9
        case .digitForcingChain, .cellForcingChain, .houseForcingChain, .digitForcingNet, .cellForcingNet,
            .houseForcingNet:
            number = 10
        }
    }

    /// A short name: `hidden singles`, `pairs`, `trial and error`.
    public var name: String {
        switch number {
        case 1: "hidden singles"
        case 2: "naked singles"
        case 3: "locked candidates"
        case 4: "pairs"
        case 5: "triples and quads"
        case 6: "X-Wing and single-digit patterns"
        case 7: "wings, swordfish and colouring"
        case 8: "uniqueness and large fish"
        case 9: "chains and almost locked sets"
        case 10: "forcing chains and nets"
        default: "trial and error"
        }
    }

    /// The techniques of this tier, in ladder order (none for tier 11).
    public var techniques: [Technique] { Technique.allCases.filter { Tier(of: $0) == self } }

    /// The most work a puzzle of this tier may take before its grade moves up
    /// one tier: a puzzle whose hardest step is in tier t but whose score is past
    /// `cap` of t is graded t+1 (one tier at most: the work says "harder than
    /// its hardest step alone", not how much). Nil for tiers 1 and 2, whose
    /// steps are all singles (score 0), and for tier 11. Tier 10's cap sends
    /// the puzzles that need the most forcing work to tier 11: past it, a person
    /// makes as many assumptions, each followed to its end, as trial and error.
    ///
    /// The caps come from the calibration (`sudokit calibrate --count 1200
    /// --seeds 1,2`, README "Grading"): each is the 95th percentile of the scores
    /// of the carved puzzles whose hardest step is in the tier, rounded up to the
    /// next ten and raised where needed so that no cap is below an earlier
    /// tier's (tier 6's 770 to tier 5's 870; tier 5 has few puzzles), so only the
    /// most laborious few percent of a tier move.
    public var cap: Int? { Self.caps[number] }

    static let caps: [Int: Int] = [
        3: 300, 4: 520, 5: 870, 6: 870, 7: 1_320, 8: 1_610, 9: 5_530, 10: 13_340,
    ]

    public static func < (a: Tier, b: Tier) -> Bool { a.number < b.number }

    public var description: String { "tier \(number)" }
}

extension Technique {
    /// The work one step of this technique counts for in a grade's score. On the
    /// scale of HoDoKu's step scores: locked candidates 50, a pair 60-70, an
    /// X-Wing 140, a chain 260-300, a forcing net 700. Singles count 0: they are
    /// the bulk of every solving path whatever its difficulty, and their number
    /// follows the number of empty cells (64 in a 17-clue puzzle, about 57 in a
    /// carved minimal one), so counting them moved 17-clue puzzles that need
    /// nothing but singles a tier up for being large, not hard.
    public var cost: Int {
        switch self {
        case .fullHouse, .hiddenSingle, .nakedSingle: 0
        case .pointing, .claiming: 50
        case .lockedPair, .nakedPair: 60
        case .hiddenPair: 70
        case .lockedTriple, .nakedTriple: 80
        case .hiddenTriple: 100
        case .nakedQuad: 120
        case .hiddenQuad: 150
        case .xWing: 140
        case .skyscraper: 130
        case .twoStringKite, .dualTwoStringKite: 150
        case .turbotFish: 120
        case .emptyRectangle, .dualEmptyRectangle: 120
        case .remotePair: 110
        case .xyWing: 160
        case .xyzWing: 180
        case .wWing: 150
        case .swordfish: 150
        case .finnedXWing: 130
        case .sashimiXWing, .siameseFinnedXWing: 150
        case .simpleColouring: 150
        case .multiColouring1, .multiColouring2: 200
        case .uniqueRectangleType1, .uniqueRectangleType2, .uniqueRectangleType3, .uniqueRectangleType4: 100
        case .hiddenRectangle: 100
        case .bugPlusOne: 100
        case .uniqueRectangleType5, .uniqueRectangleType6: 100
        case .avoidableRectangleType1, .avoidableRectangleType2: 100
        case .jellyfish: 160
        case .finnedSwordfish: 200
        case .sashimiSwordfish, .siameseFinnedSwordfish: 240
        case .finnedJellyfish: 250
        case .sashimiJellyfish, .siameseFinnedJellyfish: 260
        case .frankenFish: 330
        case .finnedFrankenFish: 410
        case .siameseFrankenFish: 430
        case .xChain: 260
        case .xyChain: 260
        case .aic, .niceLoop: 280
        case .groupedAIC, .groupedNiceLoop: 300
        case .alsXZ: 300
        case .alsXYWing: 320
        case .alsXYChain: 340
        case .sueDeCoq: 250
        case .deathBlossom: 360
        case .alsAIC, .alsNiceLoop: 370
        case .mutantFish: 450
        case .finnedMutantFish: 490
        case .siameseMutantFish: 510
        case .templateSet, .templateDelete: 480
        case .digitForcingChain, .cellForcingChain, .houseForcingChain: 500
        case .digitForcingNet, .cellForcingNet, .houseForcingNet: 700
        }
    }
}
