// Offers: `WebAPI`, what `sudokit serve` answers: the page, the photos
// (uploaded, queued, scanned, reviewed, settled, saved as truth files), the
// games (the same sessions and logs as `sudokit play`) and the layout
// function, each request checked for the token first. Requests and answers
// are `HTTPServer`'s plain values: the server calls `handle`, and so do the
// tests and the fuzz target, without a socket.
// The API is in docs/design/web.md.

import Basics
import BoardLayout
import Foundation
import GameCore
import HTTPServer
import SudokuCore

/// The API of one server: its token, its photos and its games.
package final class WebAPI: Sendable {
    let token: String
    let photos: PhotoDesk
    let games: GameDesk

    package init(token: String, photos: PhotoDesk, games: GameDesk) {
        self.token = token
        self.photos = photos
        self.games = games
    }

    /// A random token of 32 hexadecimal digits (from the system's random source).
    static func newToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt32, radix: 16)
            return String(repeating: "0", count: 8 - hex.count) + hex
        }.joined()
    }

    /// The answer to `request`.
    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let given = request.headers["x-sudokit-token"] ?? request.query["token"]
        guard let given, Self.same(given, token) else {
            return .error(403, "this server needs the token of the address it printed")
        }
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        switch (request.method, parts.first) {
        case ("GET", nil), ("GET", "index.html"):
            return .bytes(Array(WebPage.html.utf8), contentType: "text/html; charset=utf-8")
        case (_, "api"):
            return api(request, Array(parts.dropFirst()))
        default:
            return .error(404, "no such page: \(request.path)")
        }
    }

    /// Compares in time independent of where the texts differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    private func api(_ r: HTTPRequest, _ parts: [String]) -> HTTPResponse {
        switch (r.method, parts.first, parts.count) {
        case ("GET", "layout", 1): return layout(r.query)
        case ("POST", "photos", 1):
            return photos.add(bytes: r.body, name: r.headers["x-file-name"] ?? "photo")
        case ("GET", "photos", 1): return photos.list()
        case ("POST", "scans", 1): return photos.importScan(r.body)
        case (_, "photos", 2...): return photos.handle(r.method, id: parts[1], Array(parts.dropFirst(2)), body: r.body)
        case ("POST", "games", 1): return games.start(r.body, photos: photos)
        case (_, "games", 2...): return games.handle(r.method, id: parts[1], Array(parts.dropFirst(2)), r)
        default: return .error(404, "no such request: \(r.method) \(r.path)")
        }
    }

    /// `GET /api/layout?width=W&height=H&previous=A&locale=L`: the layout function's answer.
    private func layout(_ q: [String: String]) -> HTTPResponse {
        guard let w = q["width"].flatMap(Double.init), let h = q["height"].flatMap(Double.init),
            (1...20_000).contains(w), (1...20_000).contains(h)
        else {
            return .error(400, "width and height are numbers of points, 1 to 20000")
        }
        let previous = q["previous"].flatMap(Arrangement.init(rawValue:))
        let labels = q["locale"].flatMap { KeyLabels(locale: $0) } ?? .english
        return .json(Layout(LayoutRequest(width: w, height: h, labels: labels, previous: previous)).json)
    }
}

/// A request body read as a JSON object; nil when it is not one.
func jsonObject(_ body: [UInt8]) -> [String: Any]? {
    guard !body.isEmpty, body.count <= 1 << 20 else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
}
