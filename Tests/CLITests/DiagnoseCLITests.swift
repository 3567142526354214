// `sudokit diagnose`, and the proof that the binary keeps Tesseract's OpenMP
// parallel regions on the reading thread, without a second process.

import Foundation
import TestSupport
import Testing

/// Runs `sudokit` with the test's environment minus `removing`, plus `adding`
/// (the test process may itself run with OMP_THREAD_LIMIT set).
private func runSudokit(
    _ arguments: [String], removing: Set<String>, adding: [String: String] = [:]
) throws -> RunResult {
    try runSudokit(arguments, input: nil, environment: adding, removing: removing)
}

/// The JSON object `diagnose --format json` printed.
private func diagnoseJSON(_ result: RunResult) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(result.stdout)")
}

@Suite(.tags(.medium)) struct DiagnoseCLITests {
    /// Without a limit from the user, the runtime is told to keep every parallel
    /// region on the thread that enters it, with no second process: an engine
    /// reading on a worker thread leaves the process with two threads (no OpenMP
    /// pool), and the environment is as it was.
    @Test func parallelRegionsStayOnTheReadersThreadWithoutASecondProcess() throws {
        let r = try runSudokit(
            ["diagnose", "--format", "json"], removing: ["OMP_THREAD_LIMIT", "SUDOKIT_NO_OMP_LIMIT"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try diagnoseJSON(r)
        #expect(json["omp_max_active_levels"] as? Int == 0)
        #expect(json["threads_after_reading"] as? Int == 2)
        #expect(json["omp_thread_limit_environment"] is NSNull, "no re-exec with OMP_THREAD_LIMIT set")
    }

    @Test func theClassifiersWeightsAreReportedWithTheChecksumOfTheirFile() throws {
        let r = try runSudokit(["diagnose", "--format", "json"], removing: [])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try diagnoseJSON(r)
        #expect(json["classifier_weights"] as? String == "digits-v1")
        #expect(json["classifier_bytes"] as? Int == 240_984)
        let readme = try String(
            contentsOf: packageRoot().appendingPathComponent("Sources/GlyphModels/Resources/README.md"),
            encoding: .utf8)
        let sha = try #require(json["classifier_sha256"] as? String)
        #expect(sha.count == 64 && readme.contains(sha), "\(sha) is not the checksum the weights' README gives")
        #expect(json["classifier_error"] is NSNull)
        #expect(json["kind_classifier_weights"] as? String == "kinds-v1")
        let kindBytes = try #require(json["kind_classifier_bytes"] as? Int)
        #expect(readme.contains("kinds-v1 size: \(kindBytes) bytes"))
        let kindSHA = try #require(json["kind_classifier_sha256"] as? String)
        #expect(
            kindSHA.count == 64 && readme.contains("kinds-v1 SHA-256: `\(kindSHA)`"),
            "\(kindSHA) is not the checksum the weights' README gives")
        #expect(json["kind_classifier_error"] is NSNull)
        #expect(json["hand_reader_weights"] as? String == "hand-v2")
        let handBytes = try #require(json["hand_reader_bytes"] as? Int)
        #expect(readme.contains("hand-v2 size: \(handBytes) bytes"))
        let handSHA = try #require(json["hand_reader_sha256"] as? String)
        #expect(
            handSHA.count == 64 && readme.contains("hand-v2 SHA-256: `\(handSHA)`"),
            "\(handSHA) is not the checksum the weights' README gives")
        #expect(json["hand_reader_error"] is NSNull)
    }

    /// The same read with the runtime left alone starts OpenMP's pool: the
    /// count above is the setting's doing.
    @Test func leftAloneTheRuntimeStartsItsThreads() throws {
        let r = try runSudokit(
            ["diagnose", "--format", "json"], removing: ["OMP_THREAD_LIMIT"],
            adding: ["SUDOKIT_NO_OMP_LIMIT": "1"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let json = try diagnoseJSON(r)
        let levels = try #require(json["omp_max_active_levels"] as? Int, "no runtime in \(r.stdout)")
        #expect(levels != 0)
        let threads = try #require(json["threads_after_reading"] as? Int)
        #expect(threads > 2, "OpenMP started no thread: \(r.stdout)")
        #expect(json["omp_thread_limit_runtime"] as? Int != 1)
        #expect(json["omp_thread_limit_environment"] is NSNull)
    }

    @Test func aLimitTheUserSetIsKept() throws {
        let r = try runSudokit(
            ["diagnose", "--format", "json"], removing: ["SUDOKIT_NO_OMP_LIMIT"],
            adding: ["OMP_THREAD_LIMIT": "3"])
        let json = try diagnoseJSON(r)
        #expect(json["omp_thread_limit_runtime"] as? Int == 3)
        #expect(json["omp_thread_limit_environment"] as? String == "3")
        #expect(json["omp_max_active_levels"] as? Int != 0, "the user's limit, not ours")
    }

    @Test func textReportNamesVersionDataAndLimit() throws {
        let r = try runSudokit(["diagnose"], removing: ["OMP_THREAD_LIMIT", "TESSDATA_PREFIX"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Tesseract:") && r.stdout.contains("5."))
        #expect(r.stdout.contains("/usr/share/tesseract-ocr/5/tessdata (from the Debian default)"))
        #expect(r.stdout.contains("eng.traineddata:            found"))
        #expect(r.stdout.contains("OpenMP max active levels:   0"))
        #expect(r.stdout.contains("threads after one reading:  2"))
        #expect(r.stderr.isEmpty)
    }

    @Test func tessdataPrefixIsHonoured() throws {
        let r = try runSudokit(
            ["diagnose", "--format", "json"], removing: [],
            adding: ["TESSDATA_PREFIX": "/nonexistent/prefix"])
        #expect(r.status == 69)
        let json = try diagnoseJSON(r)
        #expect(json["tessdata_path"] as? String == "/nonexistent/prefix")
        #expect(json["tessdata_source"] as? String == "TESSDATA_PREFIX")
        #expect(json["eng_trained_data_found"] as? Bool == false)
        #expect((json["engine_error"] as? String)?.contains("/nonexistent/prefix/eng.traineddata") == true)
    }

    @Test func missingTessdataOptionFails() throws {
        let r = try runSudokit(["diagnose", "--tessdata", "/nonexistent/dir"], removing: [])
        #expect(r.status == 69)
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
