// Every test says what it costs: each `@Test` under Tests/ carries one size tag
// (`.small`, `.medium` or `.large`), itself or through its `@Suite`, so that
// `scripts/test --quick` can run the small ones alone. Then the scan itself, on
// tests written in snippets.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.small)) struct SizeTagTests {
    @Test func everyTestHasOneSizeTag() throws {
        let files = try SizeTags.files(in: packageRoot())
        // A wrong root or a walk that finds little must not pass.
        #expect(files.count > 50, "only \(files.count) Swift files under \(packageRoot().path)/Tests")
        #expect(files.contains { $0.path == "Tests/RepositoryTests/SizeTagTests.swift" })
        var tests = 0
        for file in files {
            let scan = SizeTags.scan(file)
            tests += scan.tests
            for finding in scan.findings { Issue.record("\(finding)") }
        }
        #expect(tests > 300, "only \(tests) tests found")
    }

    func findings(_ text: String) -> [String] {
        SizeTags.scan(CheckedFile(path: "T.swift", text: text)).findings.map { "\($0.line) \($0.test) \($0.sizes)" }
    }

    @Test func aTestTaggedItselfOrThroughItsSuitePasses() {
        let text = """
            @Suite(.tags(.medium)) struct A {
                @Test func one() {}
                @Test(arguments: [1, 2]) func two(n: Int) {}
            }
            @Suite struct B {
                @Test("named", .tags(.small)) func three() {}
                @Test(.bug("x"), .tags(.large, .extra), arguments: [1]) func four(n: Int) {}
                @Suite(.tags(.small)) struct Inner {
                    @Test func five() { if true { } }
                }
            }
            @Test(.tags(.small)) func free() {}
            """
        #expect(findings(text).isEmpty)
        #expect(SizeTags.scan(CheckedFile(path: "T.swift", text: text)).tests == 6)
    }

    @Test func aTestWithoutASizeIsFoundWithItsLine() {
        let text = """
            @Suite(.tags(.small)) struct A {
                @Test func tagged() {}
            }
            @Suite struct B {
                @Test func bare() {}
                @Test(.tags(.smallish), .timeLimit(.minutes(1))) func otherTag() {}
                @Test(.tags(.extra)) func notASize() { let s = ".tags(.small)" }
            }
            @Test func free() {}
            """
        #expect(findings(text) == ["5 bare []", "6 otherTag []", "7 notASize []", "9 free []"])
    }

    @Test func twoSizesAreFound() {
        let text = """
            @Suite(.tags(.large)) struct A {
                @Test(.tags(.small)) func both() {}
            }
            """
        #expect(findings(text) == ["2 both [\"small\", \"large\"]"])
    }

    /// `@Test`, braces and tags in comments and strings are no code.
    @Test func commentsAndStringsAreNotRead() {
        let text = #"""
            // @Test func inALineComment() {}
            /* @Test func inABlock() { /* nested */ @Test func more() {} } */
            @Suite struct B {
                let plain = "@Test func inAString() { \(f("}")) }"
                let raw = #"@Test func inARawString() " { "#
                let multi = """
                    @Test func inAMultiLineString() { \("\"")
                    """
                @Test func counted() {}
            }
            let brace = "{"
            @Suite(.tags(.small)) struct C {
                @Test func tagged() {}
            }
            """#
        #expect(findings(text) == ["9 counted []"])
        #expect(SizeTags.scan(CheckedFile(path: "T.swift", text: text)).tests == 2)
    }
}
