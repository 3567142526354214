// Offers: `Technique`, every deduction the ladder can make, with the name a
// player knows it by, a stable kebab-case identifier for JSON and options, and
// its family; `TechniqueFamily`.

/// A kind of deduction. The cases are listed in ladder order (simplest first),
/// which is also the order summaries list them in.
public enum Technique: String, Sendable, Hashable, CaseIterable, Comparable {
    case fullHouse = "full-house"
    case hiddenSingle = "hidden-single"
    case nakedSingle = "naked-single"
    case pointing
    case claiming
    case lockedPair = "locked-pair"
    case nakedPair = "naked-pair"
    case hiddenPair = "hidden-pair"
    case lockedTriple = "locked-triple"
    case nakedTriple = "naked-triple"
    case hiddenTriple = "hidden-triple"
    case nakedQuad = "naked-quad"
    case hiddenQuad = "hidden-quad"
    case xWing = "x-wing"
    case skyscraper
    case twoStringKite = "two-string-kite"
    case dualTwoStringKite = "dual-two-string-kite"
    case turbotFish = "turbot-fish"
    case emptyRectangle = "empty-rectangle"
    case dualEmptyRectangle = "dual-empty-rectangle"
    case remotePair = "remote-pair"
    case xyWing = "xy-wing"
    case xyzWing = "xyz-wing"
    case wWing = "w-wing"
    case swordfish
    case finnedXWing = "finned-x-wing"
    case sashimiXWing = "sashimi-x-wing"
    case siameseFinnedXWing = "siamese-finned-x-wing"
    case simpleColouring = "simple-colouring"
    case multiColouring1 = "multi-colouring-1"
    case multiColouring2 = "multi-colouring-2"
    case uniqueRectangleType1 = "unique-rectangle-type-1"
    case uniqueRectangleType2 = "unique-rectangle-type-2"
    case uniqueRectangleType3 = "unique-rectangle-type-3"
    case uniqueRectangleType4 = "unique-rectangle-type-4"
    case hiddenRectangle = "hidden-rectangle"
    case bugPlusOne = "bug-plus-one"
    case uniqueRectangleType5 = "unique-rectangle-type-5"
    case uniqueRectangleType6 = "unique-rectangle-type-6"
    case avoidableRectangleType1 = "avoidable-rectangle-type-1"
    case avoidableRectangleType2 = "avoidable-rectangle-type-2"
    case jellyfish
    case finnedSwordfish = "finned-swordfish"
    case sashimiSwordfish = "sashimi-swordfish"
    case finnedJellyfish = "finned-jellyfish"
    case sashimiJellyfish = "sashimi-jellyfish"
    case siameseFinnedSwordfish = "siamese-finned-swordfish"
    case siameseFinnedJellyfish = "siamese-finned-jellyfish"
    case frankenFish = "franken-fish"
    case finnedFrankenFish = "finned-franken-fish"
    case siameseFrankenFish = "siamese-franken-fish"
    case xChain = "x-chain"
    case xyChain = "xy-chain"
    case aic
    case groupedAIC = "grouped-aic"
    case niceLoop = "nice-loop"
    case groupedNiceLoop = "grouped-nice-loop"
    case alsXZ = "als-xz"
    case alsXYWing = "als-xy-wing"
    case alsXYChain = "als-xy-chain"
    case sueDeCoq = "sue-de-coq"
    case deathBlossom = "death-blossom"
    case alsAIC = "als-aic"
    case alsNiceLoop = "als-nice-loop"
    case mutantFish = "mutant-fish"
    case finnedMutantFish = "finned-mutant-fish"
    case siameseMutantFish = "siamese-mutant-fish"
    case templateSet = "template-set"
    case templateDelete = "template-delete"
    case digitForcingChain = "digit-forcing-chain"
    case cellForcingChain = "cell-forcing-chain"
    case houseForcingChain = "house-forcing-chain"
    case digitForcingNet = "digit-forcing-net"
    case cellForcingNet = "cell-forcing-net"
    case houseForcingNet = "house-forcing-net"

    /// The name players use, as text shows it: `hidden single`, `X-Wing`.
    public var name: String {
        switch self {
        case .fullHouse: "full house"
        case .hiddenSingle: "hidden single"
        case .nakedSingle: "naked single"
        case .pointing: "pointing"
        case .claiming: "claiming"
        case .lockedPair: "locked pair"
        case .lockedTriple: "locked triple"
        case .nakedPair: "naked pair"
        case .hiddenPair: "hidden pair"
        case .nakedTriple: "naked triple"
        case .hiddenTriple: "hidden triple"
        case .nakedQuad: "naked quad"
        case .hiddenQuad: "hidden quad"
        case .xWing: "X-Wing"
        case .skyscraper: "skyscraper"
        case .twoStringKite: "two-string kite"
        case .dualTwoStringKite: "dual two-string kite"
        case .turbotFish: "turbot fish"
        case .emptyRectangle: "empty rectangle"
        case .dualEmptyRectangle: "dual empty rectangle"
        case .xyWing: "XY-Wing"
        case .xyzWing: "XYZ-Wing"
        case .wWing: "W-Wing"
        case .swordfish: "swordfish"
        case .finnedXWing: "finned X-Wing"
        case .sashimiXWing: "sashimi X-Wing"
        case .siameseFinnedXWing: "Siamese finned X-Wing"
        case .simpleColouring: "simple colouring"
        case .multiColouring1: "multi-colouring 1"
        case .multiColouring2: "multi-colouring 2"
        case .uniqueRectangleType1: "unique rectangle type 1"
        case .uniqueRectangleType2: "unique rectangle type 2"
        case .uniqueRectangleType3: "unique rectangle type 3"
        case .uniqueRectangleType4: "unique rectangle type 4"
        case .hiddenRectangle: "hidden rectangle"
        case .bugPlusOne: "BUG+1"
        case .uniqueRectangleType5: "unique rectangle type 5"
        case .uniqueRectangleType6: "unique rectangle type 6"
        case .avoidableRectangleType1: "avoidable rectangle type 1"
        case .avoidableRectangleType2: "avoidable rectangle type 2"
        case .jellyfish: "jellyfish"
        case .finnedSwordfish: "finned swordfish"
        case .sashimiSwordfish: "sashimi swordfish"
        case .finnedJellyfish: "finned jellyfish"
        case .sashimiJellyfish: "sashimi jellyfish"
        case .siameseFinnedSwordfish: "Siamese finned swordfish"
        case .siameseFinnedJellyfish: "Siamese finned jellyfish"
        case .frankenFish: "Franken fish"
        case .finnedFrankenFish: "finned Franken fish"
        case .siameseFrankenFish: "Siamese Franken fish"
        case .mutantFish: "Mutant fish"
        case .finnedMutantFish: "finned Mutant fish"
        case .siameseMutantFish: "Siamese Mutant fish"
        case .templateSet: "template set"
        case .templateDelete: "template delete"
        case .remotePair: "remote pair"
        case .xChain: "X-chain"
        case .xyChain: "XY-chain"
        case .aic: "AIC"
        case .groupedAIC: "grouped AIC"
        case .niceLoop: "nice loop"
        case .groupedNiceLoop: "grouped nice loop"
        case .alsXZ: "ALS-XZ"
        case .alsXYWing: "ALS-XY-Wing"
        case .alsXYChain: "ALS-XY-chain"
        case .sueDeCoq: "Sue de Coq"
        case .deathBlossom: "death blossom"
        case .alsAIC: "AIC with ALS nodes"
        case .alsNiceLoop: "nice loop with ALS nodes"
        case .digitForcingChain: "digit forcing chain"
        case .cellForcingChain: "cell forcing chain"
        case .houseForcingChain: "house forcing chain"
        case .digitForcingNet: "digit forcing net"
        case .cellForcingNet: "cell forcing net"
        case .houseForcingNet: "house forcing net"
        }
    }

    /// The family the technique belongs to.
    public var family: TechniqueFamily {
        switch self {
        case .fullHouse, .hiddenSingle, .nakedSingle: .singles
        case .pointing, .claiming: .intersections
        case .lockedPair, .lockedTriple, .nakedPair, .hiddenPair, .nakedTriple, .hiddenTriple, .nakedQuad, .hiddenQuad:
            .subsets
        case .xWing, .swordfish, .jellyfish, .finnedXWing, .sashimiXWing, .finnedSwordfish, .sashimiSwordfish,
            .finnedJellyfish, .sashimiJellyfish, .frankenFish, .finnedFrankenFish, .mutantFish, .finnedMutantFish,
            .siameseFinnedXWing, .siameseFinnedSwordfish, .siameseFinnedJellyfish, .siameseFrankenFish,
            .siameseMutantFish:
            .fish
        case .skyscraper, .twoStringKite, .dualTwoStringKite, .turbotFish, .emptyRectangle, .dualEmptyRectangle,
            .simpleColouring, .multiColouring1, .multiColouring2, .templateSet, .templateDelete:
            .singleDigit
        case .xyWing, .xyzWing, .wWing: .wings
        case .uniqueRectangleType1, .uniqueRectangleType2, .uniqueRectangleType3, .uniqueRectangleType4,
            .hiddenRectangle, .bugPlusOne, .uniqueRectangleType5, .uniqueRectangleType6, .avoidableRectangleType1,
            .avoidableRectangleType2:
            .uniqueness
        case .remotePair, .xChain, .xyChain, .aic, .groupedAIC, .niceLoop, .groupedNiceLoop, .alsAIC, .alsNiceLoop:
            .chains
        case .alsXZ, .alsXYWing, .alsXYChain, .sueDeCoq, .deathBlossom: .almostLockedSets
        case .digitForcingChain, .cellForcingChain, .houseForcingChain, .digitForcingNet, .cellForcingNet,
            .houseForcingNet:
            .forcing
        }
    }

    /// For a dual technique, the technique of each of its two patterns (a
    /// Siamese fish's: finned, which its pattern may refine to sashimi);
    /// otherwise the technique itself.
    public var single: Technique {
        switch self {
        case .dualTwoStringKite: .twoStringKite
        case .dualEmptyRectangle: .emptyRectangle
        case .siameseFinnedXWing: .finnedXWing
        case .siameseFinnedSwordfish: .finnedSwordfish
        case .siameseFinnedJellyfish: .finnedJellyfish
        case .siameseFrankenFish: .finnedFrankenFish
        case .siameseMutantFish: .finnedMutantFish
        default: self
        }
    }

    /// True for the techniques whose argument needs the puzzle to have one solution.
    public var reliesOnUniqueness: Bool { family == .uniqueness }

    /// The technique whose identifier (`x-wing`) or name (`X-Wing`, any case) is `text`.
    public init?(named text: String) {
        let t = text.lowercased()
        guard let found = Technique.allCases.first(where: { $0.rawValue == t || $0.name.lowercased() == t }) else {
            return nil
        }
        self = found
    }

    /// The position in ladder order (0 for full house): the case's index in
    /// `allCases`. Swift stores a case of an enum without payloads as its
    /// number in declaration order, one byte for up to 256 cases, so the
    /// order is read from that byte instead of looked up (the grader compares
    /// and counts techniques at every step); a test checks it
    /// against `allCases` for every case (`TechniqueOrderTests`).
    @inlinable public var order: Int { Int(withUnsafeBytes(of: self) { $0[0] }) }

    public static func < (a: Technique, b: Technique) -> Bool { a.order < b.order }

    /// How many of `steps` each technique took, in ladder order, techniques
    /// without a step left out.
    public static func counts(of steps: [Step]) -> [(technique: Technique, count: Int)] {
        var counts = [Int](repeating: 0, count: allCases.count)
        for s in steps { counts[s.technique.order] += 1 }
        return allCases.filter { counts[$0.order] > 0 }.map { ($0, counts[$0.order]) }
    }
}

/// A group of related techniques.
public enum TechniqueFamily: String, Sendable, Hashable, CaseIterable {
    case singles, intersections, subsets, fish
    case singleDigit = "single-digit"
    case wings, uniqueness, chains
    case almostLockedSets = "almost-locked-sets"
    case forcing
}
