// The hand-written Swift is as the checked-in formatter configuration
// (.swift-format) says: `scripts/format --check` runs swift-format's linter
// over every file and finds nothing to change.
import Foundation
import TestSupport
import Testing

@Suite(.tags(.medium)) struct FormatTests {
    @Test func theSourcesAreFormatted() throws {
        let process = Process()
        process.executableURL = packageRoot().appendingPathComponent("scripts/format")
        process.arguments = ["--check"]
        process.currentDirectoryURL = packageRoot()
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.hasPrefix("format: ") && output.contains("files as .swift-format says"), "\(output)")
    }

    /// The configuration is the house's: 4 spaces, 120 columns.
    @Test func theConfigurationIsTheHouses() throws {
        let data = try Data(contentsOf: packageRoot().appendingPathComponent(".swift-format"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["lineLength"] as? Int == 120)
        #expect((object["indentation"] as? [String: Any])?["spaces"] as? Int == 4)
    }
}
