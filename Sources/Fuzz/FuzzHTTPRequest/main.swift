// Fuzz target: what HTTPServer makes of a request's text. The first byte chooses
// the check, the rest is the text (decoded from UTF-8, repaired):
//   0 `SafePath.resolve` under a scratch root (a file, a folder, a link out of it),
//   1 `QueryText.decode`, 2 `QueryText.parseQuery`, 3 `QueryText.parseTarget`.
// A resolved path starts with the root's real path and `/` and came from a path with
// no `..`, NUL, backslash or leading `/`; what decodes survives a round trip through
// percent-encoding; a target's path starts with `/`.
// No top-level code: libFuzzer supplies main (see scripts/fuzz).
import Glibc
import HTTPServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    switch data[0] % 4 {
    case 0: checkResolve(text)
    case 1: checkDecode(text)
    case 2: checkQuery(text)
    default: checkTarget(text)
    }
    return 0
}

/// The scratch root, made once: root/a (a file), root/d/b (a folder and a file),
/// root/up (a link to the folder above root), and a secret beside root.
enum Fixture {
    static let root: String = {
        var template = Array("/tmp/sudokit-fuzz-http-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
        guard let top = made else { preconditionFailure("mkdtemp failed") }
        let root = top + "/root"
        precondition(mkdir(root, 0o700) == 0 && mkdir(root + "/d", 0o700) == 0)
        for file in [root + "/a", root + "/d/b", top + "/secret"] {
            let fd = open(file, O_CREAT | O_WRONLY, 0o600)
            precondition(fd >= 0)
            close(fd)
        }
        precondition(symlink(top, root + "/up") == 0)
        return root
    }()
    static let realRoot: String = {
        guard let p = realpath(root, nil) else { preconditionFailure("realpath of the root") }
        defer { free(p) }
        return String(cString: p)
    }()
}

func checkResolve(_ relative: String) {
    guard let resolved = SafePath.resolve(relative, under: Fixture.root) else { return }
    // Bytes, not characters: a combining mark after `/` or `.` must not hide them.
    let slash = UInt8(ascii: "/")
    precondition(resolved.utf8.starts(with: (Fixture.realRoot + "/").utf8), "\(resolved) is outside the root")
    precondition(!resolved.hasSuffix("/secret"), "reached the secret: \(relative.debugDescription)")
    let input = Array(relative.utf8)
    precondition(input.first != slash, "an absolute path resolved: \(relative.debugDescription)")
    precondition(
        !input.contains(0) && !input.contains(0x5C), "a NUL or backslash resolved: \(relative.debugDescription)")
    let dots = Array("..".utf8)
    precondition(
        !input.split(separator: slash).contains { $0.elementsEqual(dots) },
        "a .. component resolved: \(relative.debugDescription)")
    let components = Array(resolved.utf8).split(separator: slash, omittingEmptySubsequences: false).dropFirst()
    precondition(
        !components.contains { $0.isEmpty || $0.elementsEqual(dots) || $0.elementsEqual([UInt8(ascii: ".")]) },
        "a resolved path with an empty, . or .. component: \(resolved)")
}

/// Every byte of `s` as `%XX`.
func percentEncoded(_ s: String, spaceAsPlus: Bool = false) -> String {
    var out = ""
    for b in s.utf8 {
        if spaceAsPlus && b == UInt8(ascii: " ") {
            out += "+"
        } else {
            let hex = String(b, radix: 16, uppercase: b % 2 == 0)
            out += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return out
}

func checkDecode(_ text: String) {
    if !text.utf8.contains(UInt8(ascii: "%")) { precondition(QueryText.decode(text) == text, "text without % changed") }
    guard let decoded = QueryText.decode(text) else { return }
    precondition(QueryText.decode(percentEncoded(decoded)) == decoded, "no round trip: \(text.debugDescription)")
    guard let form = QueryText.decodeFormComponent(text) else {
        preconditionFailure("decodes but not as a form component: \(text.debugDescription)")
    }
    precondition(
        !form.utf8.contains(UInt8(ascii: "+")) || decoded.utf8.contains(UInt8(ascii: "+")),
        "a + left in a form component")
}

func checkQuery(_ text: String) {
    guard let query = QueryText.parseQuery(text) else { return }
    let again = query.map { percentEncoded($0.key, spaceAsPlus: true) + "=" + percentEncoded($0.value) }
        .joined(separator: "&")
    precondition(QueryText.parseQuery(again) == query, "no round trip: \(text.debugDescription)")
}

func checkTarget(_ text: String) {
    guard let (path, query) = QueryText.parseTarget(text) else { return }
    precondition(path.utf8.first == UInt8(ascii: "/"), "a path without a leading slash: \(path.debugDescription)")
    precondition(text.utf8.first == UInt8(ascii: "/") && !text.utf8.contains(UInt8(ascii: "#")))
    if !text.utf8.contains(UInt8(ascii: "?")) { precondition(query.isEmpty) }
}
