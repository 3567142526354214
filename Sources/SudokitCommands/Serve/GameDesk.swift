// Offers: `GameDesk`, the games the web page plays: `GameCore` sessions kept
// in the same games folder as `sudokit play`'s, so that a game started in one
// continues in the other; each request carried out under one lock (a session
// is one player's, used by one request at a time), answered as the GAME
// object of docs/design/web.md, and the current hint drawn by the renderer.

import Basics
import BoardLayout
import BoardRendering
import Coaching
import Drawing
import GameCore
import Grading
import HTTPServer
import SudokuCore
import SudokuLogic
import Synchronization

package final class GameDesk: Sendable {
    let store: GameStore
    private let sessions = Mutex<[String: GameSession]>([:])

    package init(store: GameStore) { self.store = store }

    /// `POST /api/games`: a new game (or the last unsolved one, resumed).
    func start(_ body: [UInt8], photos: PhotoDesk) -> HTTPResponse {
        guard let o = jsonObject(body) else {
            return .error(400, "send a JSON object: {\"puzzle\":...}, {\"photo\":ID}, {\"daily\":true}, {\"tier\":N}")
        }
        if o["resume"] as? Bool == true { return resume() }
        let game: NewGame
        do throws(CLIError) {
            if let puzzle = o["puzzle"] as? String {
                game = try PlaySource.puzzle(puzzle)
            } else if let id = o["photo"] as? String {
                guard let proven = photos.provenGame(id) else {
                    return .error(422, "photo \(id) is not a proven board yet")
                }
                game = proven
            } else if let tier = o["tier"] as? Int {
                guard Tier.range.contains(tier) else { return .error(400, "a tier is 1 to 11") }
                let seed = (o["seed"] as? Int) ?? Int(Clocks.realtimeSeconds() * 1000) % 1_000_000
                game = try PlaySource.generated(tier: tier, seed: max(0, seed))
            } else {
                var date: CivilDate?
                if let text = o["date"] as? String {
                    guard let d = CivilDate(text) else { return .error(400, "a date is YYYY-MM-DD") }
                    date = d
                }
                game = try PlaySource.daily(date: date)
            }
        } catch {
            return .error(422, error.message)
        }
        // The session is made under the lock: it belongs to the desk from its first moment.
        return sessions.withLock { all -> HTTPResponse in
            do throws(GameSession.Refusal) {
                let session = try GameSession(
                    puzzle: game.puzzle, source: game.source, tier: game.tier, start: game.start, store: store)
                all[session.id] = session
                return .json(Self.json(session), status: 201)
            } catch {
                if case .log = error { return .error(500, error.description) }
                return .error(422, error.description)
            }
        }
    }

    private func resume() -> HTTPResponse {
        guard let last = store.lastUnfinished() else { return .error(404, "no unsolved game to resume") }
        if let open = sessions.withLock({ all in all[last.id].map { Self.json($0) } }) { return .json(open) }
        let log: GameLog
        do throws(GameLogError) { log = try GameLog(path: last.path) } catch {
            return .error(500, error.description)
        }
        return sessions.withLock { all -> HTTPResponse in
            do throws(GameSession.Refusal) {
                let session = try GameSession(resuming: log, path: last.path)
                all[session.id] = session
                return .json(Self.json(session))
            } catch {
                return .error(422, error.description)
            }
        }
    }

    /// `GET /api/games/ID`, `POST /api/games/ID/action`, `GET /api/games/ID/hint.svg`.
    func handle(_ method: String, id: String, _ rest: [String], _ r: HTTPRequest) -> HTTPResponse {
        sessions.withLock { all in
            guard let session = all[id] else { return .error(404, "no game \(id) on this server") }
            switch (method, rest.first) {
            case ("GET", nil): return .json(Self.json(session))
            case ("POST", "action"): return Self.act(session, r.body)
            case ("GET", "hint.svg"): return Self.hintPicture(session, r.query)
            default: return .error(404, "no such request: \(method) \(r.path)")
            }
        }
    }

    private static func act(_ s: GameSession, _ body: [UInt8]) -> HTTPResponse {
        guard let o = jsonObject(body), let action = o["action"] as? String else {
            return .error(400, "send {\"action\":..., \"cell\":\"r4c5\", \"digit\":7}")
        }
        let cell = (o["cell"] as? String).flatMap { Cell(name: $0) }
        let digit = o["digit"] as? Int
        let said: String
        switch action {
        case "enter", "mark", "erase":
            guard let cell else { return .error(400, "\(action) needs a cell such as \"r4c5\"") }
            if action == "erase" {
                said = s.erase(cell).text
            } else {
                guard let digit, (1...9).contains(digit) else { return .error(400, "\(action) needs a digit 1-9") }
                said = action == "enter" ? s.enter(digit, at: cell).text : s.toggleMark(digit, at: cell).text
            }
        case "undo": said = s.undo().text
        case "redo": said = s.redo().text
        case "fill": said = s.fillCandidates().text
        case "check": said = PlayText.check(s.check(), session: s).joined(separator: "\n")
        case "hint": said = PlayText.hint(s.askHint()).joined(separator: "\n")
        case "claim":
            guard let text = o["claim"] as? String, let claim = Claim(text: text) else {
                return .error(400, "claim needs a claim such as \"r4c5<>7\" or \"r4c5=7\"")
            }
            said = PlayText.deduction(claim, s.checkDeduction(claim)).joined(separator: "\n")
        default: return .error(400, "unknown action '\(action)'")
        }
        return .json(JSONText.object([("game", json(s)), ("said", JSONText.quoted(said))]))
    }

    /// The current hint drawn on the position, to lie over the page's board: the board alone filling
    /// a square of the smaller of `width` and `height` points, without a key or a caption (the page
    /// shows the hint's text beside the board).
    private static func hintPicture(_ s: GameSession, _ q: [String: String]) -> HTTPResponse {
        guard let h = s.hint else { return .error(404, "no hint is being given") }
        let w = q["width"].flatMap(Double.init) ?? 450, ht = q["height"].flatMap(Double.init) ?? w
        guard (100...4000).contains(w), (100...4000).contains(ht) else {
            return .error(400, "width and height are 100 to 4000 points")
        }
        let picture = BoardPicture.hint(
            h.step, board: h.board, puzzle: s.puzzle, level: h.level, layout: .boardAlone(side: min(w, ht)),
            caption: false, key: false, margin: 0)
        return .bytes(Array(SVGWriter.svg(picture.scene).utf8), contentType: "image/svg+xml")
    }

    /// The GAME object of docs/design/web.md.
    static func json(_ s: GameSession) -> String {
        let p = s.position
        let entries = Cell.all.map { p.entries[$0] == 0 || p.isGiven($0) ? "." : String(p.entries[$0]) }.joined()
        let marks = p.marks.map { JSONText.quoted($0.map(String.init).joined()) }
        var hint = "null"
        if let h = s.hint {
            let cells = Set(h.step.placements.map(\.cell) + h.step.eliminations.map(\.cell)).sorted()
            hint = JSONText.object([
                ("level", String(h.level.rawValue)), ("technique", JSONText.quoted(h.step.technique.name)),
                ("text", JSONText.quoted(h.text)),
                ("cells", JSONText.array(h.level == .full ? cells.map { JSONText.quoted($0.description) } : [])),
            ])
        }
        return JSONText.object([
            ("id", JSONText.quoted(s.id)), ("source", JSONText.quoted(s.source)),
            ("tier", s.tier.map { String($0.number) } ?? "null"),
            ("tier_name", JSONText.optional(s.tier?.name)),
            ("givens", JSONText.quoted(s.puzzle.lineString())), ("entries", JSONText.quoted(entries)),
            ("marks", JSONText.array(marks)),
            ("wrong", JSONText.array(s.wrong.sorted().map { JSONText.quoted($0.description) })),
            ("elapsed", JSONText.number(s.elapsed, decimals: 1)), ("hints", String(s.hintsUsed)),
            ("checks", String(s.checksUsed)), ("solved", s.isSolved ? "true" : "false"),
            ("summary", s.isSolved ? JSONText.quoted(s.summary) : "null"), ("hint", hint),
        ])
    }
}
