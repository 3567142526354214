// Offers the tests of `SafePath` (hostile relative paths, symbolic links in and out
// of the root) and `QueryText` (percent-decoding, query strings, request targets).
import Foundation
import HTTPServer
import TestSupport
import Testing

/// A scratch folder: root/ with a file, a folder, links inside and out, and a
/// secret beside root that must stay out of reach.
struct Scratch {
    let base: URL
    let root: String

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("sudokit-safepath-\(UUID().uuidString)")
        let fm = FileManager.default
        let rootURL = base.appendingPathComponent("root")
        try fm.createDirectory(at: rootURL.appendingPathComponent("sub/deeper"), withIntermediateDirectories: true)
        try Data("page".utf8).write(to: rootURL.appendingPathComponent("index.html"))
        try Data("deep".utf8).write(to: rootURL.appendingPathComponent("sub/deeper/a b.txt"))
        try Data("secret".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try fm.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("out").path, withDestinationPath: base.path)
        try fm.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("secret-link").path,
            withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try fm.createSymbolicLink(atPath: rootURL.appendingPathComponent("etc").path, withDestinationPath: "/etc")
        try fm.createSymbolicLink(
            atPath: rootURL.appendingPathComponent("inside").path, withDestinationPath: "sub/deeper")
        root = rootURL.path
    }

    func remove() { try? FileManager.default.removeItem(at: base) }
}

@Suite(.tags(.small))
struct SafePathTests {
    static let dots = String(repeating: ".", count: 2)

    @Test func pathsInsideTheRootResolve() throws {
        let s = try Scratch()
        defer { s.remove() }
        let real = try #require(realRoot(s.root))
        #expect(SafePath.resolve("index.html", under: s.root) == real + "/index.html")
        #expect(SafePath.resolve("sub/deeper/a b.txt", under: s.root) == real + "/sub/deeper/a b.txt")
        #expect(SafePath.resolve("./sub//deeper/./a b.txt", under: s.root) == real + "/sub/deeper/a b.txt")
        #expect(SafePath.resolve("sub/", under: s.root) == real + "/sub")
        // A link that stays inside is followed.
        #expect(SafePath.resolve("inside/a b.txt", under: s.root) == real + "/sub/deeper/a b.txt")
        // The root given with a trailing slash, or through a link, gives the same.
        #expect(SafePath.resolve("index.html", under: s.root + "/") == real + "/index.html")
    }

    @Test func hostilePathsAreRefused() throws {
        let s = try Scratch()
        defer { s.remove() }
        let up = Self.dots
        let hostile: [String] = [
            "", "/", ".", "./", "//", up, up + "/secret.txt", "sub/" + up + "/" + up + "/secret.txt",
            "sub/" + up, "sub/" + up + "/index.html", "/etc/passwd", "//etc/passwd", "/index.html",
            "index.html\0", "index\0.html", "sub\\deeper", "\\etc\\passwd", "..\\secret.txt",
            "out/secret.txt", "out", "secret-link", "etc/passwd", "etc", "missing.html", "sub/missing",
            "index.html/", "index.html/.", "sub/deeper/a b.txt/x", "\n", "index.html\n", "a\rb", "\u{7F}",
            "%2e%2e/secret.txt", "sub/%2e%2e/%2e%2e/secret.txt", "..%2fsecret.txt", "....//secret.txt",
            String(repeating: "a/", count: 5000) + "x", String(repeating: "./", count: 1000),
            String(repeating: up + "/", count: 50) + "etc/passwd", "\u{FEFF}index.html", "index.html\u{200B}",
            "ｉｎｄｅｘ.html", "sub/\u{2215}..\u{2215}secret.txt",
            // A combining mark after `/` or `.` joins them into one character, not one byte.
            "sub/" + up + "/\u{301}index.html", up + "/\u{301}secret.txt", "/\u{301}etc/passwd",
            "sub\\\u{301}deeper",
        ]
        for path in hostile {
            let resolved = SafePath.resolve(path, under: s.root)
            if path == "index.html/" || path == "index.html/." {
                // A trailing slash on a file: realpath refuses (ENOTDIR) or names the file, inside.
                #expect(resolved == nil || resolved?.hasSuffix("/index.html") == true)
            } else {
                #expect(resolved == nil, "\(path.debugDescription) resolved to \(resolved ?? "")")
            }
        }
    }

    @Test func aRootThatIsMissingOrOddResolvesNothing() throws {
        let s = try Scratch()
        defer { s.remove() }
        #expect(SafePath.resolve("index.html", under: s.root + "/missing") == nil)
        #expect(SafePath.resolve("index.html", under: "") == nil)
        #expect(SafePath.resolve("index.html", under: s.root + "\0") == nil)
        // A root that is a file: nothing is inside it.
        #expect(SafePath.resolve("x", under: s.root + "/index.html") == nil)
        // The filesystem root works, and stays the root.
        #expect(SafePath.resolve("etc", under: "/") == "/etc")
        #expect(SafePath.resolve(Self.dots, under: "/") == nil)
    }

    func realRoot(_ path: String) -> String? {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }
}

@Suite(.tags(.small))
struct QueryTextTests {
    @Test func decodesPercentEscapes() {
        #expect(QueryText.decode("") == "")
        #expect(QueryText.decode("plain") == "plain")
        #expect(QueryText.decode("a%20b") == "a b")
        #expect(QueryText.decode("a+b") == "a+b")
        #expect(QueryText.decode("%C3%A9t%c3%a9") == "été")
        #expect(QueryText.decode("%F0%9F%98%80") == "😀")
        #expect(QueryText.decode("%25") == "%")
        #expect(QueryText.decode("%2525") == "%25")
        #expect(QueryText.decode("%00") == "\0")
        #expect(QueryText.decode("é") == "é")
        #expect(QueryText.decodeFormComponent("a+b%2Bc") == "a b+c")
    }

    @Test func refusesBadEscapesAndInvalidUTF8() {
        let bad = [
            "%", "%2", "a%", "a%g0", "%0g", "%%", "%-1", "% 1", "%+1", "%%41", "%FF", "%C3", "%C3%28", "%E2%82",
            "%ED%A0%80",  // a surrogate
            "%C0%AF",  // an overlong slash
            "%F8%88%80%80%80", "%FE", "100%", "%e9t%e9",
        ]
        for s in bad { #expect(QueryText.decode(s) == nil, "\(s)") }
    }

    @Test func parsesQueryStrings() {
        #expect(QueryText.parseQuery("") == [:])
        #expect(QueryText.parseQuery("a=1&b=2") == ["a": "1", "b": "2"])
        #expect(QueryText.parseQuery("a=1&a=2") == ["a": "1"])
        #expect(QueryText.parseQuery("&&a&b=&=c&") == ["a": "", "b": "", "": "c"])
        #expect(QueryText.parseQuery("k=a=b") == ["k": "a=b"])
        #expect(QueryText.parseQuery("q=x+y%26z%3Dw") == ["q": "x y&z=w"])
        #expect(QueryText.parseQuery("token=%41%42") == ["token": "AB"])
        #expect(QueryText.parseQuery("a=%zz") == nil)
        #expect(QueryText.parseQuery("%FF=1") == nil)
        // A combining mark after `&` or `=`: the bytes still separate.
        #expect(QueryText.parseQuery("a=1&\u{301}b=2") == ["a": "1", "\u{301}b": "2"])
        #expect(QueryText.parseQuery("a=\u{301}x") == ["a": "\u{301}x"])
    }

    @Test func splitsRequestTargets() {
        #expect(QueryText.parseTarget("/") ?? ("?", [:]) == ("/", [:]))
        let t = QueryText.parseTarget("/api/games/g%201?token=t+k&x")
        #expect(t?.path == "/api/games/g 1")
        #expect(t?.query == ["token": "t k", "x": ""])
        #expect(QueryText.parseTarget("/a?b?c")?.query == ["b?c": ""])
        #expect(QueryText.parseTarget("/a+b")?.path == "/a+b")
        #expect(QueryText.parseTarget("/\u{301}a?\u{301}=1")?.query == ["\u{301}": "1"])
        #expect(QueryText.parseTarget("/\u{301}a?\u{301}=1")?.path == "/\u{301}a")
        for bad in ["", "*", "a/b", "http://host/a", "/a#frag", "/a%", "/%FF", "/?x=%E2%82"] {
            #expect(QueryText.parseTarget(bad) == nil, "\(bad)")
        }
    }
}
