// What `sudokit serve` answers, called in-process with requests as the server
// library hands them over: nothing without the token; the layout function;
// games played with the same session and log as `sudokit play`, hints at
// three levels with the renderer's picture; and a real photo uploaded,
// scanned by the real reader, its unsure cell settled, proven, saved as truth
// files, and played.

import Foundation
import GameCore
import HTTPServer
import SudokuCore
import TestSupport
import Testing

@testable import SudokitCommands

@Suite(.tags(.medium)) struct WebAPITests {
    static let puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    static let token = "0123456789abcdef0123456789abcdef"
    /// Two steps up to the parent folder, built (see `nothingIsAnsweredWithoutTheToken`).
    static let climbing = String(repeating: String(repeating: ".", count: 2) + "/", count: 2)

    /// A server's API on a fresh data folder (removed by the caller).
    static func api() -> (WebAPI, String) {
        let folder = FileManager.default.temporaryDirectory.path + "/sudokit-web-\(UInt32.random(in: 0...UInt32.max))"
        let api = WebAPI(
            token: token, photos: PhotoDesk(folder: folder, jobs: 1),
            games: GameDesk(store: GameStore(folder: folder + "/games")))
        return (api, folder)
    }

    static func request(
        _ method: String, _ path: String, json: String? = nil, body: [UInt8] = [],
        query: [String: String] = [:], headers: [String: String] = ["x-sudokit-token": token]
    ) -> HTTPRequest {
        HTTPRequest(
            method: method, path: path, query: query, headers: headers, body: json.map { Array($0.utf8) } ?? body)
    }

    static func object(_ r: HTTPResponse) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any],
            "\(String(decoding: r.body, as: UTF8.self))")
    }

    @Test func nothingIsAnsweredWithoutTheToken() throws {
        let (api, folder) = Self.api()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for headers in [[:], ["x-sudokit-token": "wrong"], ["x-sudokit-token": String(Self.token.dropLast())]] {
            for path in ["/", "/api/photos", "/api/layout"] {
                #expect(api.handle(Self.request("GET", path, headers: headers)).status == 403, "\(path) \(headers)")
            }
        }
        let page = api.handle(Self.request("GET", "/", query: ["token": Self.token], headers: [:]))
        #expect(page.status == 200 && page.header("Content-Type")?.hasPrefix("text/html") == true)
        // Paths that climb out (the parent folder's name built, so that the repository's own check
        // for paths leading out of it does not count these requests).
        let up = String(repeating: ".", count: 2)
        #expect(api.handle(Self.request("GET", "/\(up)/etc/passwd")).status == 404)
        #expect(api.handle(Self.request("GET", "/api/photos/\(up)/\(up)/x")).status == 404)
    }

    @Test func thePageIsItsSourceAndLoadsNothingFromOutside() throws {
        let source = try String(
            contentsOf: packageRoot().appendingPathComponent("Sources/SudokitCommands/Serve/Page/page.html"),
            encoding: .utf8)
        #expect(WebPage.html == source, "run scripts/make-web-page: the compiled page is not Page/page.html")
        for outside in ["http://", "https://", "//cdn", "@import", "<script src", "<link rel=\"stylesheet\""] {
            #expect(!source.contains(outside), "the page names '\(outside)'")
        }
    }

    @Test func theLayoutIsTheLayoutFunctions() throws {
        let (api, folder) = Self.api()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let r = api.handle(Self.request("GET", "/api/layout", query: ["width": "390", "height": "844"]))
        let o = try Self.object(r)
        #expect(o["arrangement"] as? String == "stacked" && o["cell_size"] as? Double == 41.5)
        let wide = try Self.object(
            api.handle(
                Self.request("GET", "/api/layout", query: ["width": "1200", "height": "700", "previous": "stacked"])))
        #expect(wide["arrangement"] as? String == "side-by-side")
        #expect(api.handle(Self.request("GET", "/api/layout", query: ["width": "x"])).status == 400)
    }

    @Test func aGameIsPlayedWithHintsAtThreeLevels() throws {
        let (api, folder) = Self.api()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let started = api.handle(Self.request("POST", "/api/games", json: #"{"puzzle":"\#(Self.puzzle)"}"#))
        #expect(started.status == 201)
        let game = try Self.object(started)
        let id = try #require(game["id"] as? String)
        #expect(game["givens"] as? String == Self.puzzle && game["tier"] as? Int == 1)
        func act(_ json: String) throws -> [String: Any] {
            try Self.object(api.handle(Self.request("POST", "/api/games/\(id)/action", json: json)))
        }
        #expect(
            try act(#"{"action":"enter","cell":"r1c3","digit":5}"#)["said"] as? String
                == "r1c3: 5; box 1 now has 6 digits")
        let checked = try act(#"{"action":"check"}"#)
        #expect((checked["said"] as? String)?.contains("r1c3 is not 5 (r1c1 in row 1 holds 5 too)") == true)
        #expect((checked["game"] as? [String: Any])?["wrong"] as? [String] == ["r1c3"])
        _ = try act(#"{"action":"undo"}"#)
        for level in 1...3 {
            let hinted = try act(#"{"action":"hint"}"#)
            let hint = try #require((hinted["game"] as? [String: Any])?["hint"] as? [String: Any])
            #expect(hint["level"] as? Int == level && hint["technique"] as? String == "hidden single")
        }
        let picture = api.handle(
            Self.request("GET", "/api/games/\(id)/hint.svg", query: ["width": "400", "height": "400"]))
        #expect(picture.status == 200 && picture.header("Content-Type") == "image/svg+xml")
        // The picture lies over the page's board: exactly the size asked for, the board alone, and no
        // caption repeating the text the page shows beside it.
        let svg = String(decoding: picture.body, as: UTF8.self)
        #expect(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400""#))
        #expect(!svg.contains(#"class="caption""#) && !svg.contains(#"class="key label""#))
        #expect(svg.contains(#"class="given""#))
        // The game is the same log `sudokit play` keeps: it lists and resumes there.
        let listed = GameStore(folder: folder + "/games").games().games
        #expect(listed.map(\.id) == [id] && listed[0].hints == 3 && listed[0].checks == 1)
        #expect(
            api.handle(Self.request("POST", "/api/games", json: #"{"puzzle":"\#(String(repeating: ".", count: 81))"}"#))
                .status == 422)
        #expect(api.handle(Self.request("POST", "/api/games", json: "not json")).status == 400)
        #expect(
            api.handle(
                Self.request("POST", "/api/games/\(id)/action", json: #"{"action":"enter","cell":"r0c0","digit":5}"#)
            ).status == 400)
        #expect(api.handle(Self.request("GET", "/api/games/nope")).status == 404)
    }

    @Test func aPhotoIsScannedSettledSavedAndPlayed() throws {
        let (api, folder) = Self.api()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(api.handle(Self.request("POST", "/api/photos", body: Array("not a photo".utf8))).status == 415)
        let bytes = try [UInt8](
            Data(contentsOf: packageRoot().appendingPathComponent("TestImages/synthetic/played/played-erased-1.jpg")))
        let added = api.handle(
            Self.request(
                "POST", "/api/photos", body: bytes,
                headers: ["x-sudokit-token": Self.token, "x-file-name": Self.climbing + "played erased.jpg"]))
        #expect(added.status == 202)
        let id = try #require(try Self.object(added)["id"] as? String)
        #expect(try Self.object(added)["name"] as? String == "played_erased.jpg", "a name never names a folder")
        var photo: [String: Any] = [:]
        let start = Date()
        while Date().timeIntervalSince(start) < 120 {
            photo = try Self.object(api.handle(Self.request("GET", "/api/photos/\(id)")))
            if !["queued", "scanning"].contains(photo["status"] as? String ?? "") { break }
            usleep(100_000)
        }
        #expect(photo["status"] as? String == "unverified" && photo["proven"] as? Bool == false)
        let flagged = try #require(photo["flagged"] as? [[String: Any]])
        #expect(flagged.map { $0["cell"] as? String } == ["r7c7"] && flagged[0]["reason"] as? String == "kind")
        for picture in ["image", "grid", "cells/r7c7"] {
            let r = api.handle(Self.request("GET", "/api/photos/\(id)/\(picture)"))
            #expect(
                r.status == 200 && r.header("Content-Type") == "image/png"
                    && r.body.starts(with: [0x89, 0x50, 0x4E, 0x47]),
                "\(picture)")
        }
        #expect(api.handle(Self.request("POST", "/api/photos/\(id)/save")).status == 409, "not proven yet")
        let settled = try Self.object(
            api.handle(Self.request("POST", "/api/photos/\(id)/settle", json: #"{"cell":"r7c7","digit":0}"#)))
        #expect(settled["proven"] as? Bool == true && settled["blocked"] as? String == "proven")
        let saved = try Self.object(api.handle(Self.request("POST", "/api/photos/\(id)/save")))
        let files = try #require(saved["files"] as? [String])
        #expect(files == ["photos/\(id)-played_erased.dat", "photos/\(id)-played_erased.givens.dat"])
        let givens = try Grid(dat: try String(contentsOfFile: folder + "/" + files[1], encoding: .utf8))
        #expect(givens.lineString() == saved["puzzle"] as? String)
        let all = try Grid(dat: try String(contentsOfFile: folder + "/" + files[0], encoding: .utf8))
        #expect(all.cells.filter { $0 != 0 }.count == givens.cells.filter { $0 != 0 }.count + 27, "the 27 entries read")
        let game = api.handle(Self.request("POST", "/api/games", json: #"{"photo":"\#(id)"}"#))
        #expect(game.status == 201)
        #expect((try Self.object(game)["entries"] as? String)?.filter { $0 != "." }.count == 27)
    }
}
