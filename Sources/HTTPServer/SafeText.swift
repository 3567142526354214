// Offers the checks a server makes on what a request names: `SafePath` (a relative
// path joined under a folder, never leaving it) and `QueryText` (percent-decoding,
// the query string and the request target split into a path and parameters).
import Glibc

/// A request's relative path joined under a folder that it cannot leave.
public enum SafePath {
    /// The real path of the file or folder `relative` names under `root`, or nil.
    ///
    /// Refused (nil): an empty path, an absolute one (a leading `/`), a `..`
    /// component, a NUL byte, a backslash, any other control character, a path that
    /// names nothing that exists, and one whose real path (symbolic links
    /// followed, `realpath`) is not inside the real path of `root`. Empty and `.`
    /// components are skipped. A result always starts with `root`'s real path and `/`.
    public static func resolve(_ relative: String, under root: String) -> String? {
        // Bytes, not characters: a combining mark after `/` or `.` must not hide them.
        let bytes = Array(relative.utf8)
        let slash = UInt8(ascii: "/")
        guard let first = bytes.first, first != slash else { return nil }
        for u in bytes where u < 0x20 || u == 0x7F || u == UInt8(ascii: "\\") { return nil }
        var parts: [String] = []
        for part in bytes.split(separator: slash, omittingEmptySubsequences: true) {
            if part.elementsEqual("..".utf8) { return nil }
            if !part.elementsEqual(".".utf8) { parts.append(String(decoding: part, as: UTF8.self)) }
        }
        guard !parts.isEmpty, !root.isEmpty, !root.utf8.contains(0), let realRoot = realPath(root) else { return nil }
        let prefix = realRoot == "/" ? "/" : realRoot + "/"
        let joined = prefix + parts.joined(separator: "/")
        guard let real = realPath(joined), real.utf8.starts(with: prefix.utf8), real.utf8.count > prefix.utf8.count
        else { return nil }
        return real
    }

    /// `realpath(3)` of `path`, or nil when it does not exist or cannot be read.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }
}

/// Percent-decoding of the parts of a request target.
public enum QueryText {
    /// `s` with every `%XX` (two hex digits, either case) replaced by its byte; nil
    /// when a `%` is not followed by two hex digits or the bytes are not UTF-8.
    /// A `+` stays a `+` (see `decodeFormComponent` for query strings).
    public static func decode(_ s: String) -> String? {
        decodeBytes(s, plusIsSpace: false)
    }

    /// A name or value of a query string (`application/x-www-form-urlencoded`):
    /// `+` is a space, then as `decode`.
    public static func decodeFormComponent(_ s: String) -> String? {
        decodeBytes(s, plusIsSpace: true)
    }

    /// The parameters of a query string (the text after `?`, without it): pairs
    /// separated by `&`, each `name=value` or a bare `name` (an empty value), both
    /// decoded by `decodeFormComponent`. A repeated name keeps its first value; empty
    /// pairs are skipped. Nil when a name or value does not decode.
    public static func parseQuery(_ query: String) -> [String: String]? {
        var result: [String: String] = [:]
        // Bytes, not characters: a combining mark after `&` or `=` must not hide them.
        for pair in Array(query.utf8).split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let name: ArraySlice<UInt8>
            let value: ArraySlice<UInt8>
            if let eq = pair.firstIndex(of: UInt8(ascii: "=")) {
                name = pair[..<eq]
                value = pair[(eq + 1)...]
            } else {
                name = pair
                value = []
            }
            guard let n = decodeBytes(name, plusIsSpace: true), let v = decodeBytes(value, plusIsSpace: true) else {
                return nil
            }
            if result[n] == nil { result[n] = v }
        }
        return result
    }

    /// A request target in origin form (`/path?query`) split into its decoded path
    /// (by `decode`: a `+` stays) and its parameters (by `parseQuery`). Nil when the
    /// target does not start with `/`, contains a `#`, or a part does not decode.
    public static func parseTarget(_ target: String) -> (path: String, query: [String: String])? {
        let bytes = Array(target.utf8)
        guard bytes.first == UInt8(ascii: "/"), !bytes.contains(UInt8(ascii: "#")) else { return nil }
        let rawPath: ArraySlice<UInt8>
        let rawQuery: ArraySlice<UInt8>
        if let q = bytes.firstIndex(of: UInt8(ascii: "?")) {
            rawPath = bytes[..<q]
            rawQuery = bytes[(q + 1)...]
        } else {
            rawPath = bytes[...]
            rawQuery = []
        }
        guard let path = decodeBytes(rawPath, plusIsSpace: false),
            let query = parseQuery(String(decoding: rawQuery, as: UTF8.self))
        else { return nil }
        return (path, query)
    }

    static func decodeBytes(_ s: String, plusIsSpace: Bool) -> String? {
        decodeBytes(Array(s.utf8)[...], plusIsSpace: plusIsSpace)
    }

    static func decodeBytes(_ input: ArraySlice<UInt8>, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = input.startIndex
        while i < input.endIndex {
            let b = input[i]
            if b == UInt8(ascii: "%") {
                guard i + 2 < input.endIndex, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) else {
                    return nil
                }
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusIsSpace && b == UInt8(ascii: "+") ? UInt8(ascii: " ") : b)
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
