// The repository stands alone: no test, script, CI step, source or README line
// reads outside the package root. Then the rules themselves, on the lines that
// once read a folder beside the package and on lines that legitimately climb.
import Foundation
import TestSupport
import Testing

@Suite struct StandaloneTests {
    @Test(.tags(.medium)) func nothingReadsOutsideThePackage() throws {
        let files = try OutsideReads.files(in: packageRoot())
        // A wrong root or a walk that finds little must not pass.
        #expect(files.count > 50, "only \(files.count) text files under \(packageRoot().path)")
        for known in [OutsideReads.packageRootHelper, "Package.swift", "README.md", ".ci/run", "scripts/test"] {
            #expect(files.contains { $0.path == known }, "\(known) was not checked")
        }
        for finding in OutsideReads.scan(files) {
            Issue.record("\(finding)")
        }
    }
}

@Suite struct OutsideReadRuleTests {
    func findings(_ files: [(String, String)]) -> [String] {
        OutsideReads.scan(files.map { CheckedFile(path: $0.0, text: $0.1) }).map { "\($0.file):\($0.line)" }
    }

    /// The shared root the SudokuCore tests had, and FormatTests reading the
    /// corpus through it.
    @Test(.tags(.small)) func theSharedRootAndItsUsersAreCaught() {
        let support = """
            /// The puzzle sets, checked out beside the package.
            let sharedRoot = packageRootPath() + "/../shared"
            """
        let format = """
            @Suite struct DatFormatTests {
                @Test func readsACorpusTruthFile() throws {
                    let text = try #require(readTextFile(sharedRoot + "/corpus/newspaper-train/image1.dat"))
                }
            }
            """
        #expect(
            findings([
                ("Tests/SudokuCoreTests/TestSupport.swift", support),
                ("Tests/SudokuCoreTests/FormatTests.swift", format),
                ("Tests/GridScannerTests/Other.swift", "let x = sharedRoot"),
            ])
                == ["Tests/SudokuCoreTests/TestSupport.swift:2", "Tests/SudokuCoreTests/FormatTests.swift:3"])
    }

    /// The GridScanner tests' loader, which found the root from its own path and
    /// climbed one further, and a test using it from another file.
    @Test(.tags(.small)) func aLoaderClimbingFromItsSourcePathAndItsUsersAreCaught() {
        let loader = """
            /// Puzzles from the benchmark files.
            func sharedPuzzles(_ name: String, limit: Int) throws -> [[UInt8]] {
                let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent()
                let url = root.deletingLastPathComponent().appendingPathComponent("shared/puzzles/\\(name)")
                return []
            }
            """
        let user = """
            @Suite(.tags(.small)) struct FramingReaderTests {
                @Test func reads() throws {
                    let puzzle = try #require(try sharedPuzzles("puzzles3_magictour_top1465", limit: 1).first)
                }
            }
            """
        #expect(
            findings([
                ("Tests/GridScannerTests/RepairSearchTests.swift", loader),
                ("Tests/GridScannerTests/FramingReaderTests.swift", user),
            ])
                == [
                    "Tests/GridScannerTests/RepairSearchTests.swift:3",
                    "Tests/GridScannerTests/RepairSearchTests.swift:5",
                    "Tests/GridScannerTests/FramingReaderTests.swift:3",
                ])
    }

    @Test(
        .tags(.small),
        arguments: [
            ("README.md", "sudokit bench solve ../shared/puzzles/puzzles3_magictour_top1465"),
            ("docs/guide.md", "[a link](../README.md) beside cd ../corpus"),
            ("Sources/sudokit/BenchSolve.swift", "      sudokit bench solve ../shared/puzzles/puzzles2_17_clue"),
            ("scripts/bench", #"corpus="$(dirname "$0")/../../corpus""#),
            ("scripts/bench", "cd .. && ls"),
            ("scripts/bench", #"data="$HOME/puzzles""#),
            ("scripts/bench", "ls ~/corpus"),
            (".ci/run", "cp -r /work/shared/corpus ."),
            (
                "Tests/GridVisionTests/GridLocatorTests.swift",
                "let p = packageRoot().appendingPathComponent(\"../corpus\")"
            ),
            ("Tests/GridVisionTests/GridLocatorTests.swift", "let up = packageRoot().deletingLastPathComponent()"),
            ("Tests/CLITests/EvalCLITests.swift", "let up = dir.appendingPathComponent(\"..\")"),
            (
                "Tests/TesseractOCRTests/FixtureImages.swift",
                "let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()"
            ),
            (
                "Tests/TestSupport/PackageFiles.swift",
                "URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()"
            ),
            ("scripts/make-pictures", #"    for base in ("/usr/share/fonts", os.path.expanduser("~/.fonts")):"#),
        ])
    func aLineLeavingThePackageIsCaught(file: String, line: String) {
        #expect(findings([(file, line)]) == ["\(file):1"])
    }

    @Test(
        .tags(.small),
        arguments: [
            ("scripts/test", #"cd "$(dirname "$0")/..""#),
            (".ci/run", #"cd "$(dirname "$0")/..""#),
            (
                "scripts/make-synthetic",
                #"REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))"#
            ),
            ("scripts/make-synthetic", "# a filled rectangle x0,y0 x1,y1 covers pixels x0..x1"),
            ("scripts/make-format-fixtures", #"    "jpeg-restart.jpg: expected RST0...RST7 markers""#),
            ("scripts/make-synthetic", #"    for base in ("/usr/share/fonts", "/usr/local/share/fonts"):"#),
            ("Tests/GridVisionTests/SyntheticGrid.swift", "for i in 0..<9 { for v in 1...9 { } }"),
            ("Tests/CLITests/EvalCLITests.swift", "let work = dir.deletingLastPathComponent()"),
            (
                "Sources/sudokit/InputWalker.swift",
                "    /// The names in `dir` (without '.' and '..'), or nil when it cannot be listed."
            ),
            ("Sources/sudokit/InputWalker.swift", #"        if name != "." && name != ".." { names.append(name) }"#),
            (
                "Tests/CLITests/ScanCLITests.swift",
                "let dir = packageRoot().appendingPathComponent(\"TestImages/newspaper\")"
            ),
            ("Sources/sudokit/BenchSupport.swift", "// Offers: timing helpers shared by the `bench` kinds."),
            ("README.md", "sudokit bench solve TestImages/puzzles/puzzles3_magictour_top1465"),
            ("README.md", "scripts/make-format-fixtures --bench-images /tmp/sudokit-bench"),
            ("docs/design/ladder.md", "![a hint](../hint-x-wing.png) and [the guide](../../README.md#exit-codes)"),
        ])
    func aLineStayingInsideIsNotCaught(file: String, line: String) {
        #expect(findings([(file, line)]).isEmpty)
    }

    /// TestSupport's helper may climb from its own path, as far as the root and no further.
    @Test(.tags(.small)) func thePackageRootHelperMayClimbToTheRoot() {
        let helper = """
            public func packageRoot() -> URL {
                URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                    .deletingLastPathComponent()
            }
            """
        #expect(findings([(OutsideReads.packageRootHelper, helper)]).isEmpty)
        #expect(
            findings([
                (
                    OutsideReads.packageRootHelper,
                    helper.replacingOccurrences(
                        of: "    .deletingLastPathComponent()",
                        with: "    .deletingLastPathComponent().deletingLastPathComponent()")
                )
            ])
                == [OutsideReads.packageRootHelper + ":2"])
    }
}
