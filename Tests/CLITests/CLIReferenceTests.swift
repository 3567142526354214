// The command reference (docs/reference/cli.md) is the programs' own help:
// `scripts/make-cli-reference --stdout`, run on the binaries under test, prints
// the committed file exactly. When a help text changes, run the script (after a
// release build) and commit the file it writes.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct CLIReferenceTests {
    @Test func theCommittedReferenceIsTheHelp() throws {
        let root = packageRoot()
        let script = root.appendingPathComponent("scripts/make-cli-reference")
        let r = try runProcess(
            script, ["--stdout", sudokitBinary().path, sudokitLabBinary().path],
            environment: ProcessInfo.processInfo.environment, currentDirectory: root)
        #expect(r.status == 0, "make-cli-reference failed: \(r.stderr)")
        let committed = try #require(readTextFile("docs/reference/cli.md"))
        #expect(
            r.stdout.contains("### `sudokit scan`") && r.stdout.contains("#### `sudokit-lab bench scan`"),
            "the reference lost a program's commands:\n\(r.stdout.prefix(400))")
        #expect(
            r.stdout == committed,
            "docs/reference/cli.md is not the help of this build: run scripts/make-cli-reference and commit it")
    }
}
