// `sudokit diagnose`, and the proof that the binary's re-exec is what puts
// OMP_THREAD_LIMIT=1 into the OpenMP runtime.

import Foundation
import Testing

/// Runs `sudokit` with the test's environment minus `removing`, plus `adding`.
/// (`runSudokit` can add variables but not remove them, and the test process
/// may itself run with OMP_THREAD_LIMIT set.) Output is small, so the pipes are
/// read one after the other.
private func runSudokit(_ arguments: [String], removing: Set<String>, adding: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = sudokitBinary()
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment.filter { !removing.contains($0.key) }
    for (k, v) in adding { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return RunResult(status: process.terminationStatus,
                     stdout: String(decoding: outData, as: UTF8.self),
                     stderr: String(decoding: errData, as: UTF8.self))
}

/// The JSON object `diagnose --json` printed.
private func diagnoseJSON(_ result: RunResult) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(result.stdout)")
}

@Suite struct DiagnoseCLITests {
    @Test func reExecPutsThreadLimitOneIntoTheRuntime() throws {
        let r = try runSudokit(["diagnose", "--json"], removing: ["OMP_THREAD_LIMIT", "SUDOKIT_NO_REEXEC"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try diagnoseJSON(r)
        #expect(json["ompThreadLimitRuntime"] as? Int == 1)
        #expect(json["ompThreadLimitEnvironment"] as? String == "1")
    }

    @Test func withoutReExecTheRuntimeIsNotLimited() throws {
        let r = try runSudokit(["diagnose", "--json"], removing: ["OMP_THREAD_LIMIT"],
                               adding: ["SUDOKIT_NO_REEXEC": "1"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try diagnoseJSON(r)
        let limit = try #require(json["ompThreadLimitRuntime"] as? Int, "no runtime limit in \(r.stdout)")
        #expect(limit != 1)
        #expect(json["ompThreadLimitEnvironment"] is NSNull)
    }

    @Test func aLimitTheUserSetIsKept() throws {
        let r = try runSudokit(["diagnose", "--json"], removing: ["SUDOKIT_NO_REEXEC"],
                               adding: ["OMP_THREAD_LIMIT": "3"])
        let json = try diagnoseJSON(r)
        #expect(json["ompThreadLimitRuntime"] as? Int == 3)
        #expect(json["ompThreadLimitEnvironment"] as? String == "3")
    }

    @Test func textReportNamesVersionDataAndLimit() throws {
        let r = try runSudokit(["diagnose"], removing: ["OMP_THREAD_LIMIT", "TESSDATA_PREFIX"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Tesseract:") && r.stdout.contains("5."))
        #expect(r.stdout.contains("/usr/share/tesseract-ocr/5/tessdata (from the Debian default)"))
        #expect(r.stdout.contains("eng.traineddata:            found"))
        #expect(r.stdout.contains("(omp_get_thread_limit): 1"))
        #expect(r.stderr.isEmpty)
    }

    @Test func tessdataPrefixIsHonoured() throws {
        let r = try runSudokit(["diagnose", "--json"], removing: [],
                               adding: ["TESSDATA_PREFIX": "/nonexistent/prefix"])
        #expect(r.status == 1)
        let json = try diagnoseJSON(r)
        #expect(json["tessdataPath"] as? String == "/nonexistent/prefix")
        #expect(json["tessdataSource"] as? String == "TESSDATA_PREFIX")
        #expect(json["engTrainedDataFound"] as? Bool == false)
        #expect((json["engineError"] as? String)?.contains("/nonexistent/prefix/eng.traineddata") == true)
    }

    @Test func missingTessdataOptionFails() throws {
        let r = try runSudokit(["diagnose", "--tessdata", "/nonexistent/dir"], removing: [])
        #expect(r.status == 1)
        #expect(r.stdout.contains("missing (/nonexistent/dir/eng.traineddata)"))
    }

    @Test func strayArgumentIsAUsageError() throws {
        let r = try runSudokit(["diagnose", "extra"], removing: [])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: "))
    }

    @Test func hasHelp() throws {
        let r = try runSudokit(["help", "diagnose"], removing: [])
        #expect(r.status == 0)
        #expect(r.stdout.contains("USAGE: sudokit diagnose"))
    }
}
