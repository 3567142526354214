// Offers: `PhotoDesk`, the photos the web page scans: each upload checked by
// content (a format `scan` reads) and kept in the data folder's `photos/`,
// queued for `--jobs` scanning workers (one reader each), and its result kept
// with what review needs (the photo, the rectified grid, the cells to settle);
// settling a cell proves the board again at once, and a proven board is saved
// as truth files in the format `eval` reads. Memory stays bounded: what is kept
// of a scanned photo is its encoded pictures, at most 1600 pixels a side.

import Basics
import Coaching
import Drawing
import Foundation
import Geometry
import GridScanner
import GridVision
import HTTPServer
import ImageCodecs
import Raster
import SudokuCore
import Synchronization

package final class PhotoDesk: Sendable {
    /// One uploaded photo.
    struct Photo: Sendable {
        var id: String
        var name: String
        var path: String
        var status = "queued"
        /// What the scan left for review; nil until it is done.
        var scanned: Scanned?
        var review: PhotoToSettle? {
            get { scanned?.review }
            set { scanned?.review = newValue }
        }
    }

    /// What review needs of a scanned photo, kept encoded.
    struct Scanned: Sendable {
        var status: String
        var message = ""
        var review: PhotoToSettle?
        /// The upright photo (PNG), at most 1600 pixels a side, and the framing's corners in its pixels.
        var image: [UInt8]?
        var imageSize = (width: 0, height: 0)
        var corners: [Point]?
        /// The rectified grid in reading orientation, and as PNG.
        var grid: GrayImage?
        var gridPNG: [UInt8]?
    }

    private struct State {
        var photos: [String: Photo] = [:]
        var order: [String] = []
        var queue: [String] = []
        var running = 0
        var next = 1
    }

    let folder: String
    let options: ScanOptions
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// The desk for the data folder `folder`, scanning on `jobs` workers.
    package init(folder: String, jobs: Int, options: ScanOptions = ScanOptions()) {
        self.folder = folder
        self.options = options
        for _ in 0..<max(1, jobs) {
            let thread = Thread { [self] in work() }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// The largest photo accepted, in bytes.
    static let maximumBytes = 64 << 20

    /// `POST /api/photos`: keeps the photo and queues it.
    func add(bytes: [UInt8], name: String) -> HTTPResponse {
        guard bytes.count <= Self.maximumBytes else { return .error(413, "a photo is at most 64 MiB") }
        guard let format = ImageFormat(sniffing: Array(bytes.prefix(64))) else {
            return .error(415, "not a photo sudokit reads (PNG, JPEG, HEIC/HEIF, AVIF, WebP), by its content")
        }
        let safe = Self.safeName(name)
        let id = state.withLock { s -> String in
            defer { s.next += 1 }
            return "p\(s.next)"
        }
        let path = folder + "/photos/" + id + "-" + safe
        do {
            try FileManager.default.createDirectory(atPath: folder + "/photos", withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            return .error(507, "cannot keep the photo in \(folder)/photos: \(error.localizedDescription)")
        }
        state.withLock { s in
            s.photos[id] = Photo(id: id, name: safe, path: path)
            s.order.append(id)
            s.queue.append(id)
        }
        wake.signal()
        return .json(
            JSONText.object([
                ("id", JSONText.quoted(id)), ("name", JSONText.quoted(safe)), ("status", JSONText.quoted("queued")),
                ("format", JSONText.quoted(format.displayName)),
            ]), status: 202)
    }

    /// A file name with only letters, digits, `.`, `-` and `_` (others become `_`), never
    /// empty or starting with a dot, at most 80 characters: it cannot name a folder.
    static func safeName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        var s = String(
            last.unicodeScalars.map { c -> Character in
                c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "._-".unicodeScalars.contains(c))
                    ? Character(c) : "_"
            }.prefix(80))
        while s.hasPrefix(".") { s.removeFirst() }
        return s.isEmpty ? "photo" : s
    }

    /// `GET /api/photos`.
    func list() -> HTTPResponse {
        state.withLock { s in
            let photos = s.order.compactMap { s.photos[$0] }
            let done = photos.filter { $0.status != "queued" && $0.status != "scanning" }.count
            return .json(
                JSONText.object([
                    ("photos", JSONText.array(photos.map(Self.json))), ("queued", String(s.queue.count)),
                    ("running", String(s.running)), ("done", String(done)),
                ]))
        }
    }

    /// `/api/photos/ID/...`.
    func handle(_ method: String, id: String, _ rest: [String], body: [UInt8]) -> HTTPResponse {
        guard let photo = state.withLock({ $0.photos[id] }) else { return .error(404, "no photo \(id)") }
        switch (method, rest.first, rest.count) {
        case ("GET", nil, 0): return .json(Self.json(photo))
        case ("GET", "image", 1):
            return photo.scanned?.image.map { .bytes($0, contentType: "image/png") }
                ?? .error(404, "no picture yet (\(photo.status))")
        case ("GET", "grid", 1):
            return photo.scanned?.gridPNG.map { .bytes($0, contentType: "image/png") }
                ?? .error(404, "no grid (\(photo.status))")
        case ("GET", "cells", 2):
            guard let cell = Cell(name: rest[1]) else { return .error(400, "a cell is written r1c1 to r9c9") }
            guard let grid = photo.scanned?.grid else { return .error(404, "no grid (\(photo.status))") }
            return Self.crop(grid, cell)
        case ("POST", "settle", 1): return settle(id, body)
        case ("POST", "save", 1): return save(photo)
        default: return .error(404, "no such request: \(method) /api/photos/\(id)/\(rest.joined(separator: "/"))")
        }
    }

    private func settle(_ id: String, _ body: [UInt8]) -> HTTPResponse {
        guard let o = jsonObject(body), let cell = (o["cell"] as? String).flatMap({ Cell(name: $0) }),
            let digit = o["digit"] as? Int, (0...9).contains(digit)
        else {
            return .error(400, "send {\"cell\":\"r7c7\",\"digit\":0-9} (0: empty)")
        }
        return state.withLock { s in
            guard var photo = s.photos[id], var review = photo.review else {
                return .error(409, "photo \(id) has no board to settle")
            }
            review.settle(cell, digit: digit)
            photo.review = review
            photo.status = review.result.status.rawValue
            s.photos[id] = photo
            return .json(Self.json(photo))
        }
    }

    /// Writes `photos/NAME.dat` (every digit written) and `photos/NAME.givens.dat` (the printed givens).
    private func save(_ photo: Photo) -> HTTPResponse {
        guard let review = photo.review, let game = review.game else {
            return .error(409, "the board is not proven yet: \(photo.review?.blocked ?? photo.status)")
        }
        var all = game.puzzle
        for s in game.start where s.digit != 0 { all[s.cell] = UInt8(s.digit) }
        let base =
            folder + "/photos/" + photo.id + "-"
            + (photo.name.split(separator: ".").dropLast().joined(separator: ".")
                .nilIfEmpty ?? photo.name)
        let header = (
            "sudokit serve", "settled in review: " + review.result.settled.map(\.description).joined(separator: " ")
        )
        do {
            try all.datText(header: header).write(toFile: base + ".dat", atomically: true, encoding: .utf8)
            try game.puzzle.datText(header: header).write(
                toFile: base + ".givens.dat", atomically: true, encoding: .utf8)
        } catch {
            return .error(507, "cannot write the truth files: \(error.localizedDescription)")
        }
        let relative = [base + ".dat", base + ".givens.dat"].map { String($0.dropFirst(folder.count + 1)) }
        return .json(
            JSONText.object([
                ("puzzle", JSONText.quoted(game.puzzle.lineString())),
                ("files", JSONText.array(relative.map(JSONText.quoted))),
            ]))
    }

    /// The game of a proven photo (nil while it is not).
    func provenGame(_ id: String) -> NewGame? { state.withLock { $0.photos[id]?.review?.game } }

    /// `POST /api/scans`: the records of a scan JSONL, listed (their photos are not read:
    /// a path in a request never reaches outside the data folder).
    func importScan(_ body: [UInt8]) -> HTTPResponse {
        let text = String(decoding: body, as: UTF8.self)
        var rows: [String] = []
        for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
                return .error(400, "line \(rows.count + 1) is not a scan record (JSON)")
            }
            let flagged = (o["flagged"] as? [[String: Any]])?.count ?? 0
            rows.append(
                JSONText.object([
                    ("name", JSONText.quoted(Self.safeName(o["file"] as? String ?? "photo"))),
                    ("status", JSONText.quoted(o["status"] as? String ?? "error")),
                    ("puzzle", JSONText.optional(o["puzzle"] as? String)), ("flagged", String(flagged)),
                ]))
        }
        return .json(JSONText.object([("photos", JSONText.array(rows))]))
    }

    // MARK: - The workers

    private func work() {
        var scanner: GridScanner?
        while true {
            wake.wait()
            guard
                let id = state.withLock({ s -> String? in
                    guard !s.queue.isEmpty else { return nil }
                    s.running += 1
                    let id = s.queue.removeFirst()
                    s.photos[id]?.status = "scanning"
                    return id
                })
            else { continue }
            if scanner == nil { scanner = try? GridScanner(options: options) }
            let path = state.withLock { $0.photos[id]?.path } ?? ""
            let scanned = scanner.map { Self.scan($0, path: path) }
            state.withLock { s in
                s.running -= 1
                guard var photo = s.photos[id] else { return }
                if var scanned {
                    scanned.gridPNG = scanned.grid.flatMap { try? PNGEncoder.encode($0) }
                    photo.status = scanned.review?.result.status.rawValue ?? scanned.status
                    photo.scanned = scanned
                } else {
                    photo.status = "error"
                    photo.scanned = Scanned(status: "error", message: "the reader (Tesseract) cannot start")
                }
                s.photos[id] = photo
            }
        }
    }

    /// Scans `path` with a trace, and keeps what review shows.
    private static func scan(_ scanner: GridScanner, path: String) -> Scanned {
        var trace = ScanTrace()
        let result = scanner.scan(path: path, trace: &trace)
        var out = Scanned(status: result.status.rawValue)
        if let error = result.error { out.message = error.description }
        if result.status == .solved || result.status == .unverified, result.puzzle != nil {
            out.review = PhotoToSettle(path: path, result: result)
        }
        guard let look = trace.keptLook ?? trace.looks.first else { return out }
        let picture = look.picture
        let shrink = min(1, 1600 / Double(max(picture.width, picture.height)))
        let size = (width: Int(Double(picture.width) * shrink), height: Int(Double(picture.height) * shrink))
        let scene = Scene(
            width: Double(size.width), height: Double(size.height), background: Colour(255, 255, 255),
            shapes: [
                Shape(
                    .image(picture, Frame(x: 0, y: 0, width: Double(size.width), height: Double(size.height))),
                    role: "photo")
            ])
        out.image = try? PNGEncoder.encode(Rasteriser.image(scene))
        out.imageSize = size
        // The result's corners are in the upright photo's pixels; the picture is `look.scale` of it.
        out.corners = result.corners.map { q in
            q.corners.map { Point(x: $0.x * look.scale * shrink, y: $0.y * look.scale * shrink) }
        }
        if let cells = look.cells {
            out.grid = cells.warped.rotatedCounterClockwise(quarterTurns: look.rotation)
        }
        return out
    }

    /// The crop of `cell` from the rectified grid, with a margin of a quarter cell.
    private static func crop(_ grid: GrayImage, _ cell: Cell) -> HTTPResponse {
        let side = Double(min(grid.width, grid.height)) / 9
        let margin = side / 4
        let x0 = max(0, Int(Double(cell.column) * side - margin)), y0 = max(0, Int(Double(cell.row) * side - margin))
        let x1 = min(grid.width, Int(Double(cell.column + 1) * side + margin))
        let y1 = min(grid.height, Int(Double(cell.row + 1) * side + margin))
        var out = GrayImage(width: x1 - x0, height: y1 - y0)
        for y in y0..<y1 { for x in x0..<x1 { out[x - x0, y - y0] = grid[x, y] } }
        guard let png = try? PNGEncoder.encode(out) else { return .error(500, "cannot encode the crop") }
        return .bytes(png, contentType: "image/png")
    }

    /// The PHOTO object of docs/design/web.md.
    static func json(_ p: Photo) -> String {
        let r = p.review?.result
        let flagged = (p.review?.toSettle ?? []).map { f in
            JSONText.object([
                ("cell", JSONText.quoted(f.cell.description)), ("reason", JSONText.quoted(f.reason.rawValue)),
                ("prompt", JSONText.quoted(p.review?.prompt(f) ?? "")),
            ])
        }
        let settled = (r?.settled ?? []).map { s in
            JSONText.object([("cell", JSONText.quoted(s.cell.description)), ("digit", String(s.digit))])
        }
        let entries =
            r.map { r in
                r.entries.count == 81 ? JSONText.quoted(r.entries.map { $0 == 0 ? "." : String($0) }.joined()) : "null"
            } ?? "null"
        let corners =
            p.scanned?.corners.map { c in
                JSONText.array(c.map { JSONText.array([JSONText.number($0.x), JSONText.number($0.y)]) })
            } ?? "null"
        return JSONText.object([
            ("id", JSONText.quoted(p.id)), ("name", JSONText.quoted(p.name)), ("status", JSONText.quoted(p.status)),
            ("message", JSONText.quoted(p.scanned?.message ?? "")),
            ("puzzle", JSONText.optional(r?.puzzle?.lineString())),
            ("entries", entries), ("flagged", JSONText.array(flagged)), ("settled", JSONText.array(settled)),
            ("blocked", JSONText.quoted(p.review?.blocked ?? p.status)),
            ("proven", p.review?.game != nil ? "true" : "false"), ("corners", corners),
            ("width", String(p.scanned?.imageSize.width ?? 0)), ("height", String(p.scanned?.imageSize.height ?? 0)),
        ])
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
