// One family, one file: every case of `Pattern` has its family's file in
// Sources/SudokuLogic/Patterns/ (named for the type `Pattern.family` hands it
// to), every family file there is reached by the rungs' positions, and no
// other source file switches over the pattern's cases, so a new family is its
// file, its line in the dispatch and its rung. Also: a family's picture marks
// only what its facts hold, so a picture never shows what a hint may not name.

import Foundation
import RungPositions
import SudokuCore
import TestSupport
import Testing

@testable import SudokuLogic

@Suite struct PatternFamilyTests {
    static let folder = "Sources/SudokuLogic/Patterns"
    static let dispatch = "Sources/SudokuLogic/Patterns/PatternFamily.swift"

    /// The steps the rungs find on their positions: every technique, so every pattern case.
    static func fixtureSteps() throws -> [Step] {
        try RungCase.all.compactMap { c in
            guard c.expect != nil else { return nil }
            return rung(for: c.technique).step(on: try c.board())
        }
    }

    /// The case names of `Pattern`, read from its declaration in Step.swift.
    static func declaredCases() throws -> [String] {
        let text = try #require(readTextFile("Sources/SudokuLogic/Step.swift"))
        let body = try #require(text.range(of: "public indirect enum Pattern").map { text[$0.upperBound...] })
        let end = try #require(body.range(of: "\n}\n"))
        return body[..<end.lowerBound].split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("case ") else { return nil }
            return String(t.dropFirst(5).prefix { $0.isLetter || $0.isNumber })
        }
    }

    static func caseName(_ p: Pattern) -> String { Mirror(reflecting: p).children.first?.label ?? "\(p)" }

    @Test(.tags(.small)) func everyPatternCaseHasOneFamilyFileOfItsOwn() throws {
        var familyOf: [String: Set<String>] = [:]
        for step in try Self.fixtureSteps() {
            familyOf[Self.caseName(step.pattern), default: []].insert(String(describing: type(of: step.pattern.family)))
        }
        let cases = try Self.declaredCases()
        #expect(cases.count >= 14, "read \(cases.count) cases of Pattern from Step.swift")
        #expect(Set(familyOf.keys) == Set(cases), "cases the positions reach differ from the declared ones")

        let files = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot().appendingPathComponent(Self.folder).path)
        let familyFiles = Set(
            files.filter { $0.hasSuffix("Pattern.swift") }.map { String($0.dropLast(".swift".count)) })
        for c in cases {
            let families = familyOf[c] ?? []
            #expect(families.count == 1, "case \(c): families \(families.sorted())")
            for name in families {
                #expect(familyFiles.contains(name), "case \(c): no \(Self.folder)/\(name).swift")
                let text = readTextFile("\(Self.folder)/\(name).swift") ?? ""
                #expect(text.contains("struct \(name): PatternFamily"), "\(name).swift does not declare \(name)")
            }
        }
        let used = Set(familyOf.values.flatMap { $0 })
        #expect(used.count == cases.count, "two cases share a family: \(familyOf)")
        #expect(familyFiles == used, "family files no case reaches: \(familyFiles.subtracting(used).sorted())")
    }

    /// Matching a pattern case (`case let .fish(`, `if case .chain(`) outside the
    /// dispatch would be a family's logic living outside its file.
    @Test(.tags(.small)) func noSourceSwitchesOverPatternCasesButTheDispatch() throws {
        let cases = try Self.declaredCases()
        let regex = try NSRegularExpression(pattern: "case\\s+(let\\s+)?\\.(" + cases.joined(separator: "|") + ")\\(")
        let root = packageRoot().appendingPathComponent("Sources")
        let paths = (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".swift") }
        #expect(paths.count > 100, "found only \(paths.count) source files")
        var matching: [String] = []
        for path in paths {
            let text = readTextFile("Sources/" + path) ?? ""
            if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                matching.append("Sources/" + path)
            }
        }
        #expect(matching == [Self.dispatch])
    }

    /// Every house, cell and link end a picture marks is among the step's facts.
    @Test(.tags(.small)) func aFamilysMarksStayWithinItsFacts() throws {
        for c in RungCase.all where c.expect != nil {
            let board = try c.board()
            let step = try #require(rung(for: c.technique).step(on: board))
            let facts = step.facts
            let marks = step.marks(on: board)
            let cells =
                marks.outlines.map(\.item) + marks.fills.map(\.item) + marks.candidates.map(\.item.cell)
                + marks.links.flatMap { $0.from.cells + $0.to.cells }
            #expect(cells.allSatisfy(facts.cells.contains), "\(step.line): marks cells outside its facts")
            #expect(
                marks.houses.allSatisfy { facts.houses.contains($0.item) },
                "\(step.line): marks houses outside its facts")
            #expect(!cells.isEmpty || !marks.houses.isEmpty, "\(step.line): marks nothing")
        }
    }
}
