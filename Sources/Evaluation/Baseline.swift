// Offers: the baseline, in one place: `Baseline` (each photo's outcome and the
// figures that must not get worse), `BaselineComparison` (what changed since),
// and `BaselineFile`, its file format, read and written.
//
// The file is JSON, one photo per line so that a change reads well in a diff:
//   {
//     "format": "sudokit-baseline-1",
//     "summary": {"photos":196,"exact":164,"silent_wrong":0,...},
//     "tuning": {
//       "cells": {"cellSize":48,...},
//       ...
//     },
//     "photos": {
//       "newspaper/image1.jpg": {"exact":true,"status":"solved"},
//       ...
//     }
//   }
// Keys are FOLDER/NAME, FOLDER the last component of the folder given to eval.
// "tuning" is every tuning value the run was measured with (`TuningFile`), one
// stage a line; a baseline without it (written before it was recorded) is read,
// and a comparison says it records no tuning.

import Basics
import Foundation
import GridScanner
import SudokuCore

/// One photo's outcome as a baseline keeps it.
public struct BaselineOutcome: Sendable, Equatable {
    public var exact: Bool
    public var status: ScanStatus
    public init(exact: Bool, status: ScanStatus) {
        self.exact = exact
        self.status = status
    }
}

/// A stored evaluation: each photo's outcome by key (`TruthPhoto.key`) and the
/// figures that must not get worse.
public struct Baseline: Sendable {
    public var photos: [String: BaselineOutcome]
    public var exact: Int
    public var silentWrong: Int
    /// The tuning the baseline was measured with, by dotted key
    /// (`TuningFile.flatValues`); nil when the file records none.
    public var tuning: [String: String]?

    public init(photos: [String: BaselineOutcome], exact: Int, silentWrong: Int, tuning: [String: String]? = nil) {
        self.photos = photos
        self.exact = exact
        self.silentWrong = silentWrong
        self.tuning = tuning
    }

    /// The baseline of a run measured with `tuning`.
    public init(_ scores: [PhotoScore], tuning: Tuning) {
        self.tuning = TuningFile.flatValues(tuning)
        photos = Dictionary(
            scores.map { ($0.key, BaselineOutcome(exact: $0.exact, status: $0.status)) },
            uniquingKeysWith: { a, _ in a })
        exact = scores.filter(\.exact).count
        silentWrong = scores.filter(\.silentWrong).count
    }
}

/// What changed between a baseline and a run of (some of) its photos.
public struct BaselineComparison: Sendable {
    /// Exact in the baseline, not now: these fail the comparison.
    public var regressions: [(score: PhotoScore, was: BaselineOutcome)] = []
    /// Exact now, not in the baseline (or not in it at all).
    public var newlyExact: [(score: PhotoScore, was: BaselineOutcome?)] = []
    /// Still exact, but solved then and not now (the proof was lost): reported, not a failure.
    public var noLongerSolved: [(score: PhotoScore, was: BaselineOutcome)] = []
    /// Status solved with a wrong cell, now.
    public var silentWrong: [PhotoScore] = []
    /// Photos of the run that the baseline does not know.
    public var notInBaseline: Int = 0
    /// Photos of the baseline that this run did not scan.
    public var notInRun: Int = 0
    public var silentWrongBefore: Int
    public var exactBefore: Int
    /// The tuning values of the run that differ from the baseline's (each with
    /// both values, nil where one side has no such key); empty when they are the
    /// same, nil when the baseline records no tuning. Reported, not a failure:
    /// a run with another tuning is how a tuning is tried.
    public var tuningDifferences: [(key: String, recorded: String?, run: String?)]?

    /// Whether the run is worse than the baseline: a photo exact then and not
    /// now, or more silent wrong boards than the baseline had.
    public var failed: Bool { !regressions.isEmpty || silentWrong.count > silentWrongBefore }

    /// Compares `scores` (in the order to report them), scanned with `tuning`,
    /// with `baseline`.
    public init(_ scores: [PhotoScore], against baseline: Baseline, tuning: Tuning) {
        tuningDifferences = baseline.tuning.map {
            TuningFile.differences(recorded: $0, run: TuningFile.flatValues(tuning))
        }
        silentWrongBefore = baseline.silentWrong
        exactBefore = baseline.exact
        var seen = Set<String>()
        for s in scores {
            seen.insert(s.key)
            if s.silentWrong { silentWrong.append(s) }
            guard let was = baseline.photos[s.key] else {
                notInBaseline += 1
                if s.exact { newlyExact.append((s, nil)) }
                continue
            }
            if was.exact && !s.exact { regressions.append((s, was)) }
            if !was.exact && s.exact { newlyExact.append((s, was)) }
            if was.exact && s.exact && was.status == .solved && s.status != .solved { noLongerSolved.append((s, was)) }
        }
        notInRun = baseline.photos.keys.filter { !seen.contains($0) }.count
    }
}

/// The baseline file: read and rendered here; the caller writes the text (the
/// front end replaces the file atomically).
public enum BaselineFile {
    public static let format = "sudokit-baseline-1"

    /// Reads the baseline at `path`.
    /// - Throws: `EvaluationError.cannotRead` when it cannot be opened,
    ///   `.badBaseline` when it is not a baseline (as `parse`).
    public static func read(_ path: String) throws(EvaluationError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotRead(path: path, reason: "cannot open the baseline")
        }
        return try parse(Array(data), path: path)
    }

    /// The baseline in the bytes of a baseline file; `path` names it in errors.
    ///
    /// Needs a JSON object with `"format": "sudokit-baseline-1"`, a `"summary"`
    /// with non-negative integers `exact` and `silent_wrong`, and `"photos"`, an
    /// object of `{"exact": true|false, "status": "<a ScanStatus>"}` by key; and
    /// optionally `"tuning"`, an object of stages' objects (`TuningFile`).
    /// Other members are ignored.
    /// - Throws: `EvaluationError.badBaseline` saying what is missing, or where
    ///   the JSON does not parse.
    public static func parse(_ bytes: [UInt8], path: String) throws(EvaluationError) -> Baseline {
        func bad(_ why: String) -> EvaluationError { .badBaseline(path: path, reason: why) }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw bad("not JSON: \(jsonErrorText(error, in: bytes))")
        }
        guard let root = parsed as? [String: Any] else { throw bad("not a JSON object") }
        guard root["format"] as? String == format else { throw bad("\"format\" is not \"\(format)\"") }
        guard let summary = root["summary"] as? [String: Any], let exact = count(summary["exact"]),
            let silentWrong = count(summary["silent_wrong"])
        else {
            throw bad("no summary with exact and silent_wrong (whole numbers, not negative)")
        }
        guard let entries = root["photos"] as? [String: Any] else { throw bad("no \"photos\" object") }
        var photos: [String: BaselineOutcome] = [:]
        for (key, value) in entries {
            guard let entry = value as? [String: Any], let isExact = entry["exact"] as? Bool,
                let status = (entry["status"] as? String).flatMap(ScanStatus.init(rawValue:))
            else {
                throw bad("photo \(JSONText.quoted(key)) needs \"exact\" (true/false) and a known \"status\"")
            }
            photos[key] = BaselineOutcome(exact: isExact, status: status)
        }
        var tuning: [String: String]?
        if let record = root["tuning"] {
            guard let object = record as? [String: Any] else { throw bad("\"tuning\" is not an object") }
            tuning = TuningFile.flat(object)
        }
        return Baseline(photos: photos, exact: exact, silentWrong: silentWrong, tuning: tuning)
    }

    /// A JSON value that is a whole number from 0 to Int.max; nil for anything else.
    static func count(_ value: Any?) -> Int? {
        guard let n = value as? Int, n >= 0 else { return nil }
        return n
    }

    /// JSONSerialization's reason, with the byte offset it names ("around
    /// character 7") given as a 1-based line and column in characters instead.
    static func jsonErrorText(_ error: any Error, in bytes: [UInt8]) -> String {
        let ns = error as NSError
        var text = oneLine((ns.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ns.localizedDescription)
        if text.hasSuffix(".") { text.removeLast() }
        guard let range = text.range(of: "character "),
            case let digits = text[range.upperBound...].prefix(while: { $0.isASCII && $0.isNumber }),
            let offset = Int(digits), offset <= bytes.count
        else { return text }
        let before = bytes[..<offset]
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let column = bytes[lineStart..<offset].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return String(text[..<range.lowerBound]) + "line \(line), column \(column)" + String(text[digits.endIndex...])
    }

    /// `text` with its control characters and line separators written as `\u` escapes:
    /// JSONSerialization quotes the bytes it stopped at, raw.
    static func oneLine(_ text: String) -> String {
        var out = ""
        for u in text.unicodeScalars {
            switch u.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default:
                out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// The text of the baseline of `scores`, scanned with `tuning`, whose
    /// figures are `summary`: the tuning one stage per line, then one photo per
    /// line, sorted by key, no times.
    public static func text(_ scores: [PhotoScore], summary: EvaluationSummary, tuning: Tuning) -> String {
        let lines = scores.sorted { $0.key < $1.key }.map { s in
            "    " + JSONText.quoted(s.key) + ": "
                + JSONText.object([
                    ("exact", s.exact ? "true" : "false"), ("status", JSONText.quoted(s.status.rawValue)),
                ])
        }
        let stages = TuningFile.recordLines(tuning).map { "    " + JSONText.quoted($0.stage) + ": " + $0.values }
        return
            "{\n  \"format\": \(JSONText.quoted(format)),\n  \"summary\": "
            + "\(JSONText.object(summary.jsonMembers(timing: false))),\n"
            + "  \"tuning\": {\n" + stages.joined(separator: ",\n") + "\n  },\n  \"photos\": {\n"
            + lines.joined(separator: ",\n") + "\n  }\n}\n"
    }
}
