// Offers: `TuningFile`, the tuning file `sudokit eval --tuning FILE` reads and
// `--print-tuning` writes: a JSON object of the scan's tuning (`Tuning`) by stage
// and key, as in Tuning.swift, for example
//   {"kinds": {"tallPrint": 1.3}, "repair": {"maxEdits": 2}}
// A file may give any part: every value it leaves out keeps its default
// (Tuning+Default.swift). A key the tuning does not have is refused with its
// name, so that a misspelt value is never silently ignored. Also the tuning as a
// baseline records it (`record`), and what differs between two records.

import Basics
import Foundation
import GridScanner

public enum TuningFile {
    /// Reads the tuning file at `path`: the defaults, with the values it gives.
    /// - Throws: `EvaluationError.cannotRead` when it cannot be opened,
    ///   `.badTuning` when it is not a tuning file (as `parse`).
    public static func read(_ path: String) throws(EvaluationError) -> Tuning {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .cannotRead(path: path, reason: "cannot open the tuning file")
        }
        return try parse(Array(data), path: path)
    }

    /// The tuning in the bytes of a tuning file (the defaults, with the values
    /// it gives); `path` names it in errors.
    /// - Throws: `EvaluationError.badTuning` naming the key that is unknown, is
    ///   not an object where a stage is, or holds a value of the wrong type; or
    ///   saying where the JSON does not parse.
    public static func parse(_ bytes: [UInt8], path: String) throws(EvaluationError) -> Tuning {
        func bad(_ why: String) -> EvaluationError { .badTuning(path: path, reason: why) }
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw bad("not JSON: \(BaselineFile.jsonErrorText(error, in: bytes))")
        }
        guard let given = parsed as? [String: Any] else { throw bad("not a JSON object") }
        let merged = try overlay(given, on: defaultsObject, at: [], bad)
        // JSONDecoder names no key for a fraction given to a whole number.
        for (key, value) in flatObject(given) where wholeNumberKeys.contains(key) {
            if let n = value as? NSNumber, !(value is Bool), n.doubleValue.rounded() != n.doubleValue {
                throw bad("\"\(key)\" must be a whole number")
            }
        }
        do {
            let data = try JSONSerialization.data(withJSONObject: merged)
            return try JSONDecoder().decode(Tuning.self, from: data)
        } catch let error as DecodingError {
            throw bad(describe(error))
        } catch {
            throw bad("\(error)")
        }
    }

    /// `given`'s values put over `base` (the defaults as a JSON object); each
    /// key of `given` must be one of `base`'s, an object where `base` has one.
    static func overlay(
        _ given: [String: Any], on base: [String: Any], at path: [String],
        _ bad: (String) -> EvaluationError
    ) throws(EvaluationError) -> [String: Any] {
        var out = base
        for key in given.keys.sorted() {
            let name = (path + [key]).joined(separator: ".")
            guard let old = base[key] else {
                let known = base.keys.sorted().joined(separator: ", ")
                throw bad("unknown key \"\(name)\"" + (path.isEmpty ? " (the stages are \(known))" : ""))
            }
            if let oldObject = old as? [String: Any] {
                guard let newObject = given[key] as? [String: Any] else { throw bad("\"\(name)\" must be an object") }
                out[key] = try overlay(newObject, on: oldObject, at: path + [key], bad)
            } else if old is [Any] {
                // A range (ClosedRange encodes as [lower, upper]).
                guard given[key] is [Any] else { throw bad("\"\(name)\" must be [lower, upper]") }
                out[key] = given[key]
            } else {
                guard !(given[key] is [String: Any]), !(given[key] is [Any]), !(given[key] is NSNull) else {
                    throw bad("\"\(name)\" must be a number or true/false")
                }
                out[key] = given[key]
            }
        }
        return out
    }

    /// The leaves of a JSON object by dotted key.
    static func flatObject(_ value: Any, at path: String = "") -> [String: Any] {
        guard let object = value as? [String: Any] else { return [path: value] }
        var out: [String: Any] = [:]
        for (k, v) in object { out.merge(flatObject(v, at: path.isEmpty ? k : path + "." + k)) { a, _ in a } }
        return out
    }

    /// The dotted keys of the tuning's whole-number values (their Swift type is `Int`).
    static let wholeNumberKeys: Set<String> = {
        func walk(_ value: Any, _ path: String) -> [String] {
            let mirror = Mirror(reflecting: value)
            if mirror.children.isEmpty { return value is Int ? [path] : [] }
            return mirror.children.flatMap { c in
                walk(c.value, path.isEmpty ? c.label ?? "" : path + "." + (c.label ?? ""))
            }
        }
        return Set(walk(Tuning(), ""))
    }()

    /// A decoding error as the key it is about and what was wrong.
    static func describe(_ error: DecodingError) -> String {
        func name(_ path: [any CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .typeMismatch(let type, let c): return "\"\(name(c.codingPath))\" must be \(typeName(type))"
        case .valueNotFound(let type, let c): return "\"\(name(c.codingPath))\" must be \(typeName(type))"
        case .keyNotFound(let key, let c): return "\"\(name(c.codingPath + [key]))\" is missing"
        case .dataCorrupted(let c): return "\"\(name(c.codingPath))\": \(c.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: "a whole number"
        case is Bool.Type: "true or false"
        default: "a number"
        }
    }

    /// The default tuning as a JSON object.
    static var defaultsObject: [String: Any] { object(Tuning()) }

    /// `tuning` as a JSON object (nested by stage).
    static func object(_ tuning: Tuning) -> [String: Any] {
        // Encoding plain numbers and flags cannot fail.
        let data = try! JSONEncoder().encode(tuning)
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    /// The text of a tuning file holding every value of `tuning`, keys sorted:
    /// the file to edit (`sudokit eval --print-tuning`).
    public static func text(_ tuning: Tuning) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain numbers and flags cannot fail.
        let data = try! encoder.encode(tuning)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The tuning as a baseline records it: each stage with its values on one
    /// line, stages and keys sorted (`BaselineFile.text`).
    public static func recordLines(_ tuning: Tuning) -> [(stage: String, values: String)] {
        let root = object(tuning)
        return root.keys.sorted().map { ($0, render(root[$0]!)) }
    }

    /// A JSON value as compact text, object keys sorted.
    static func render(_ value: Any) -> String {
        if let object = value as? [String: Any] {
            return "{"
                + object.keys.sorted().map { JSONText.quoted($0) + ":" + render(object[$0]!) }
                .joined(separator: ",") + "}"
        }
        let data = (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Every value of a tuning as a JSON object (a baseline's record, or a
    /// tuning's `object`), by dotted key ("kinds.tallPrint"), as compact text.
    static func flat(_ value: Any, at path: String = "") -> [String: String] {
        guard let object = value as? [String: Any] else { return [path: render(value)] }
        var out: [String: String] = [:]
        for (k, v) in object { out.merge(flat(v, at: path.isEmpty ? k : path + "." + k)) { a, _ in a } }
        return out
    }

    /// The values of `tuning` by dotted key, for comparing with a baseline's record.
    public static func flatValues(_ tuning: Tuning) -> [String: String] { flat(object(tuning)) }

    /// The keys whose values differ between a baseline's record and a run's
    /// tuning, sorted, each with both values (nil where one side has no such key).
    public static func differences(
        recorded: [String: String], run: [String: String]
    )
        -> [(key: String, recorded: String?, run: String?)]
    {
        Set(recorded.keys).union(run.keys).sorted().compactMap { k in
            recorded[k] == run[k] ? nil : (k, recorded[k], run[k])
        }
    }
}
