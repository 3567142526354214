// The chain and ALS rungs, run alone, name each step for what it is: never a
// one-link "X-chain" that is a claiming or pointing, a two-cell "XY-chain" that
// is a naked pair, an AIC that is a pointing, an X-chain or an XY-chain, nor an
// ALS-XZ or ALS-XY-Wing of bivalue cells that is a naked pair or an XY-Wing
// (ChainSearch+Naming.swift). The positions are the rungs' own (Fixtures/positions/).

import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct ChainNamingTests {
    /// The first chain the search finds on `board` without leaving any to the simpler patterns.
    static func unrestricted(_ board: Board, _ kind: ChainGraph.Kind) -> ChainSearch.Found? {
        var search = ChainSearch(ChainGraph(board, kind: kind), board)
        search.allowPlacements = kind == .aic
        search.sameDigitEnds = kind == .xyChain
        if kind == .aic { search.maxNodes = AlternatingChain.maxNodes }
        return search.shortest()
    }

    static func positions(_ t: Technique) -> [RungCase] {
        RungCase.all.filter { $0.technique == t && $0.expect != nil }
    }

    static func links(_ step: Step) -> [ChainLink] {
        if case let .chain(links, _) = step.pattern { return links }
        return []
    }

    /// On every claiming and pointing position the unrestricted X-chain and AIC
    /// searches find a one-link chain or a pointing through a group; the rungs return a real chain or nothing.
    @Test(.tags(.small)) func aClaimingOrPointingIsNeverAChain() throws {
        var oneLink = 0
        for c in Self.positions(.pointing) + Self.positions(.claiming) {
            let board = try c.board()
            if Self.unrestricted(board, .xChain(digit: nil))?.nodes.count == 2 { oneLink += 1 }
            if let s = XChain().step(on: board) {
                #expect(Self.links(s).count >= 5, "\(c.technique.rawValue): \(s.line)")
            }
            if let s = AlternatingChain().step(on: board) {
                #expect(Self.links(s).count >= 3, "\(c.technique.rawValue): \(s.line)")
                #expect(!s.line.contains("r789c2=(9)r13c2") && !s.line.contains("r456c2=(4)r23c2"), "\(s.line)")
            }
        }
        #expect(oneLink >= 6)
    }

    /// On the naked pair positions the unrestricted XY-chain search finds the two
    /// cells; the rung returns a chain of four cells or more, or nothing.
    @Test(.tags(.small)) func aNakedPairIsNeverAnXYChain() throws {
        var twoCells = 0
        for c in Self.positions(.nakedPair) {
            let board = try c.board()
            if Self.unrestricted(board, .xyChain)?.nodes.count == 4 { twoCells += 1 }
            if let s = XYChain().step(on: board) {
                #expect(Set(Self.links(s).flatMap { $0.from.cells }).count >= 4, "\(s.line)")
            }
        }
        #expect(twoCells >= 3)
    }

    /// Each chain and ALS rung alone on every position of every family: its step
    /// is no simpler pattern (see the rungs' doc comments).
    @Test(.tags(.small)) func everyChainStepIsNamedForWhatItIs() throws {
        for c in RungCase.all where c.expect != nil {
            let board = try c.board()
            if let s = XChain().step(on: board) {
                #expect(Self.links(s).count >= 5, "x-chain on \(c.testDescription): \(s.line)")
            }
            if let s = XYChain().step(on: board) {
                let links = Self.links(s)
                let cells = Set(links.flatMap { $0.from.cells })
                #expect(cells.count >= 4, "xy-chain on \(c.testDescription): \(s.line)")
                let isLoop = links.count % 2 == 0
                let masks = Set(cells.map { board.candidates(at: $0) })
                #expect(isLoop || masks.count > 1, "a remote pair named xy-chain: \(s.line)")
            }
            if let s = AlternatingChain().step(on: board) {
                let links = Self.links(s)
                let digits = Set(links.flatMap { [$0.from.digit, $0.to.digit] })
                let singleCells = links.allSatisfy { $0.from.cells.count == 1 && $0.to.cells.count == 1 }
                #expect(links.count >= 3, "aic on \(c.testDescription): \(s.line)")
                #expect(
                    !s.placements.isEmpty || !(digits.count == 1 && singleCells),
                    "an X-chain named AIC: \(s.line)")
                let xyShaped =
                    singleCells
                    && links.allSatisfy { l in
                        l.kind == .strong
                            ? (l.house == nil && board.candidates(at: l.from.cells[0]).count == 2)
                            : l.from.digit == l.to.digit
                    } && links.first?.from.digit == links.last?.to.digit
                #expect(!s.placements.isEmpty || !xyShaped, "an XY-chain named AIC: \(s.line)")
            }
            for s in [ALSXZ().step(on: board), ALSXYWing().step(on: board)].compactMap({ $0 }) {
                guard case let .als(sets, _, _) = s.pattern else { continue }
                let cells = sets.flatMap(\.cells)
                let bivalue = cells.allSatisfy { board.candidates(at: $0).count == 2 }
                #expect(!(bivalue && cells.count <= 3), "a naked pair or XY-Wing named \(s.technique.name): \(s.line)")
            }
        }
    }
}
