// Offers: the baseline file of `sudokit eval --baseline/--write-baseline` (read,
// written atomically) and the report of a comparison.
//
// The file is JSON, one photo per line so that a change reads well in a diff:
//   {
//     "format": "sudokit-baseline-1",
//     "summary": {"photos":196,"exact":164,"silent_wrong":0,...},
//     "photos": {
//       "newspaper/image1.jpg": {"exact":true,"status":"solved"},
//       ...
//     }
//   }
// Keys are FOLDER/NAME, FOLDER the last component of the folder given to eval.

#if canImport(Glibc)
import Glibc
#endif
import Foundation
import GridScanner

enum BaselineFile {
    static let format = "sudokit-baseline-1"

    /// Reads the baseline at `path`.
    /// - Throws: `CLIError.noInput` when it cannot be opened, `.data` when it is not a baseline.
    static func read(_ path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError.noInput("cannot open baseline '\(path)'")
        }
        func bad(_ why: String) -> CLIError { CLIError.data("\(path): not a sudokit baseline: \(why)") }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw bad("not a JSON object") }
        guard root["format"] as? String == format else { throw bad("\"format\" is not \"\(format)\"") }
        guard let summary = root["summary"] as? [String: Any], let exact = summary["exact"] as? Int,
              let silentWrong = summary["silent_wrong"] as? Int else { throw bad("no summary with exact and silent_wrong") }
        guard let entries = root["photos"] as? [String: Any] else { throw bad("no \"photos\" object") }
        var photos: [String: BaselineOutcome] = [:]
        for (key, value) in entries {
            guard let entry = value as? [String: Any], let isExact = entry["exact"] as? Bool,
                  let status = (entry["status"] as? String).flatMap(ScanStatus.init(rawValue:)) else {
                throw bad("photo \"\(key)\" needs \"exact\" (true/false) and a known \"status\"")
            }
            photos[key] = BaselineOutcome(exact: isExact, status: status)
        }
        return Baseline(photos: photos, exact: exact, silentWrong: silentWrong)
    }

    /// The text of the baseline of `scores`, whose figures are `summary`.
    static func text(_ scores: [PhotoScore], summary: EvaluationSummary) -> String {
        let lines = scores.sorted { $0.key < $1.key }.map { s in
            "    " + jsonString(s.key) + ": "
                + jsonObject([("exact", s.exact ? "true" : "false"), ("status", jsonString(s.status.rawValue))])
        }
        return "{\n  \"format\": \(jsonString(format)),\n  \"summary\": \(summary.json(timing: false)),\n  \"photos\": {\n"
            + lines.joined(separator: ",\n") + "\n  }\n}\n"
    }

    /// Writes `text` to `path` atomically: a temporary file beside it, fsynced,
    /// renamed over `path`; on failure `path` is left as it was.
    /// - Throws: `CLIError.noInput` when it cannot be written.
    static func writeAtomically(_ text: String, to path: String) throws {
        let temp = OutputFiles.temporaryPath(for: path)
        try OutputFiles.replace(path, through: temp) { fd in try OutputFiles.write(fd, Array(text.utf8), path: temp) }
    }
}

extension BaselineComparison {
    /// The report: a header with the figures then and now, then one line per
    /// photo that changed; `path` names the baseline.
    func report(path: String, exactNow: Int) -> String {
        func differences(_ s: PhotoScore) -> String {
            s.differences.isEmpty ? "" : ": " + s.differences.map { "r\($0.row)c\($0.col) \($0.truth)->\($0.read)" }.joined(separator: " ")
        }
        var lines = ["baseline \(path): exact \(exactBefore) -> \(exactNow), silent wrong \(silentWrongBefore) -> \(silentWrong.count)"
            + (notInBaseline > 0 ? ", \(notInBaseline) photos not in the baseline" : "")
            + (notInRun > 0 ? ", \(notInRun) baseline photos not in this run" : "")]
        for (s, was) in regressions {
            lines.append("regression: \(s.key): was exact (\(was.status.rawValue)), now \(s.status.rawValue)" + differences(s))
        }
        for s in silentWrong {
            lines.append("silent wrong: \(s.key): solved with a wrong board" + differences(s))
        }
        for (s, was) in newlyExact {
            lines.append("newly exact: \(s.key) (\(s.status.rawValue); was \(was.map { $0.status.rawValue } ?? "not in the baseline"))")
        }
        for (s, _) in noLongerSolved {
            lines.append("no longer solved: \(s.key): still exact, now \(s.status.rawValue)")
        }
        return lines.joined(separator: "\n")
    }

    /// The comparison as JSON members for `eval --json`.
    var json: String {
        jsonObject([
            ("exact_before", String(exactBefore)),
            ("silent_wrong_before", String(silentWrongBefore)),
            ("regressions", jsonArray(regressions.map { jsonString($0.score.key) })),
            ("silent_wrong", jsonArray(silentWrong.map { jsonString($0.key) })),
            ("newly_exact", jsonArray(newlyExact.map { jsonString($0.score.key) })),
            ("no_longer_solved", jsonArray(noLongerSolved.map { jsonString($0.score.key) })),
            ("not_in_baseline", String(notInBaseline)),
            ("not_in_run", String(notInRun)),
            ("failed", failed ? "true" : "false"),
        ])
    }
}
